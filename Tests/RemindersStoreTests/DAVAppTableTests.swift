import Foundation
import RemindersModel
import XCTest
@testable import RemindersStore

/// The CalDAV face's apps (issue 51): a name with a password hash, one per name, whose grants are
/// ordinary grants for the program `caldav` and go with it.
final class DAVAppTableTests: StoreTestCase {
    func testAnAppIsKeptByNameAndItsGrantsGoWithIt() throws {
        let app = DAVApp(name: "thunderbird", passwordHash: "$y$j9T$salt$hash", creationDate: Timestamp(milliseconds: 1_800_000_000_000))
        try eventStore.write { store throws(StoreError) in
            try store.addDAVApp(app)
            try store.setAuthorizationStatus(.fullAccess, client: "thunderbird", program: DAVApp.program, entityType: .event)
            // The same name as a JSON-RPC client, run by a program: not the app's, and not removed with it.
            try store.setAuthorizationStatus(.denied, client: "thunderbird", program: "/usr/bin/thunderbird", entityType: .event)
        }
        XCTAssertEqual(try eventStore.read { store throws(StoreError) in try store.davApp(named: "thunderbird") }, app)
        XCTAssertEqual(try eventStore.read { store throws(StoreError) in try store.davApps() }.map(\.name), ["thunderbird"])
        XCTAssertEqual(
            try eventStore.read { store throws(StoreError) in
                try store.authorizationStatus(client: "thunderbird", program: DAVApp.program, entityType: .event)
            }, .fullAccess)

        XCTAssertThrowsError(try eventStore.write { store throws(StoreError) in try store.addDAVApp(app) }) { error in
            XCTAssertTrue("\(error)".contains("an app named \"thunderbird\" exists"), "\(error)")
        }

        XCTAssertTrue(try eventStore.write { store throws(StoreError) in try store.removeDAVApp(named: "thunderbird") })
        XCTAssertFalse(try eventStore.write { store throws(StoreError) in try store.removeDAVApp(named: "thunderbird") })
        try eventStore.read { store throws(StoreError) in
            XCTAssertNil(try store.davApp(named: "thunderbird"))
            XCTAssertEqual(try store.authorizationStatus(client: "thunderbird", program: DAVApp.program, entityType: .event), .notDetermined)
            XCTAssertEqual(try store.authorizationStatus(client: "thunderbird", program: "/usr/bin/thunderbird", entityType: .event), .denied)
        }
    }
}
