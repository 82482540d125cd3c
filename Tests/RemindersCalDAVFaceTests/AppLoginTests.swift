import Foundation
import RemindersAppPasswords
import RemindersHTTPServer
import RemindersModel
import RemindersStore
import XCTest
@testable import RemindersCalDAVFace

/// A request's credentials against the store: the app's own password opens its grant as the
/// store has it now; another app's password, a wrong one, none, an app whose grant was revoked —
/// each 401, alike for a name that does not exist.
final class AppLoginTests: XCTestCase {
    private var folder: String!
    private var eventStore: EventStore!
    private let cache = LoginCache()

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "AppLoginTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        eventStore = try EventStore(path: folder + "/s.sqlite")
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func add(_ name: String, _ password: String, _ kinds: [EntityType]) throws {
        let hash = try PasswordHash.make(password)
        try eventStore.write { store throws(StoreError) in
            try store.addDAVApp(DAVApp(name: name, passwordHash: hash, creationDate: Timestamp(milliseconds: 0)))
            for kind in kinds { try store.setAuthorizationStatus(.fullAccess, client: name, program: DAVApp.program, entityType: kind) }
        }
    }

    private func login(_ user: String?, _ password: String = "") -> Result<AppLogin, FaceError> {
        let credentials = user.map { BasicCredentials(user: $0, password: password) }
        do throws(FaceError) { return .success(try AppLogin.check(credentials, in: eventStore, cache: cache)) } catch { return .failure(error) }
    }

    func testAnAppsOwnPasswordOpensItsGrantAndNothingElseDoes() throws {
        try add("evolution", "pw-evolution", [.event])
        try add("todoman", "pw-todoman", [.reminder])
        guard case .success(let evolution) = login("evolution", "pw-evolution") else { return XCTFail("evolution could not log in") }
        XCTAssertEqual(evolution.app.name, "evolution")
        XCTAssertEqual(Set(evolution.grants.keys), [.event])
        for (user, password, words) in [
            ("evolution", "pw-todoman", "wrong app name or password"), ("evolution", "", "wrong app name or password"),
            ("nobody", "pw-evolution", "wrong app name or password"), (nil, "", "log in with the app's name"),
        ] as [(String?, String, String)] {
            guard case .failure(let error) = login(user, password) else { return XCTFail("\(user ?? "-") logged in with \(password)") }
            XCTAssertTrue(error.message.contains(words), "\(user ?? "-"): \(error.message)")
        }
    }

    func testARevokedGrantIsRefusedAtTheNextRequestEvenWithTheLoginRemembered() throws {
        try add("thunderbird", "pw", [.reminder, .event])
        guard case .success = login("thunderbird", "pw") else { return XCTFail("thunderbird could not log in") }
        try eventStore.write { store throws(StoreError) in
            for kind in EntityType.allCases {
                try store.setAuthorizationStatus(.denied, client: "thunderbird", program: DAVApp.program, entityType: kind)
            }
        }
        guard case .failure(let error) = login("thunderbird", "pw") else { return XCTFail("a revoked app logged in") }
        XCTAssertTrue(error.message.contains("may not use the store now"), error.message)
    }
}
