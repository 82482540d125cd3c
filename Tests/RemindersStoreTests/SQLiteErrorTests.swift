import RemindersCSQLite
import Foundation
import XCTest
@testable import RemindersStore

/// SQLite's failures as SQLite reported them: a bug shows as that bug (its extended code, its
/// message, its statement), not as "the store is unavailable".
final class SQLiteErrorTests: XCTestCase {
    var path: String!

    override func setUp() { path = NSTemporaryDirectory() + "sqlite-error-" + UUID().uuidString + "/s.sqlite" }
    override func tearDown() { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }

    func testAConstraintViolationKeepsItsExtendedCodeMessageAndStatement() throws {
        let store = try CalendarStore(path: path)
        let existing = try XCTUnwrap(try store.database.scalar("SELECT identifier FROM sources")?.text)
        let outcome = Result { () throws(StoreError) in
            try store.write { () throws(StoreError) in
                try store.sqlite { () throws(SQLiteError) in
                    try store.database.run("INSERT INTO sources (identifier, title, type) VALUES (?, 'again', 'local')", .text(existing))
                }
            }
        }
        guard case .failure(.database(let error)) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(error.primaryCode, SQLITE_CONSTRAINT)
        XCTAssertEqual(error.codeName, "SQLITE_CONSTRAINT_PRIMARYKEY")
        XCTAssertTrue(error.message.contains("UNIQUE constraint failed: sources.identifier"), error.message)
        XCTAssertEqual(error.statement, "INSERT INTO sources (identifier, title, type) VALUES (?, 'again', 'local')")
        XCTAssertTrue(StoreError.database(error).description.contains("in: INSERT INTO sources"), StoreError.database(error).description)
    }

    func testAStatementThatCannotBePreparedNamesItself() throws {
        let store = try CalendarStore(path: path)
        let outcome = Result { () throws(StoreError) in
            try store.read { () throws(StoreError) in
                try store.sqlite { () throws(SQLiteError) in _ = try store.database.scalar("SELECT missing FROM nowhere") }
            }
        }
        guard case .failure(.database(let error)) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(error.codeName, "SQLITE_ERROR")
        XCTAssertEqual(error.statement, "SELECT missing FROM nowhere")
        XCTAssertTrue(error.message.contains("no such table: nowhere"), error.message)
    }

    /// What the client can act on stays "unavailable"; the rest is the store's bug.
    func testOnlyStatesOfTheStoreAreUnavailable() {
        for code in [SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_FULL, SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_IOERR, SQLITE_CANTOPEN] {
            guard case .unavailable = StoreError.from(SQLiteError(code: code, message: "m"), path: "p") else { return XCTFail("\(code)") }
        }
        for code in [SQLITE_CONSTRAINT, SQLITE_MISUSE, SQLITE_ERROR, SQLITE_RANGE, SQLITE_MISMATCH] {
            guard case .database = StoreError.from(SQLiteError(code: code, message: "m"), path: "p") else { return XCTFail("\(code)") }
        }
    }
}
