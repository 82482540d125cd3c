import Foundation
import XCTest
@testable import RemindersStore

/// A test with a store of its own, in a folder of its own that goes with the test (the store's
/// `-wal` and `-shm` files beside it).
class StoreTestCase: XCTestCase {
    var path: String!
    var eventStore: EventStore!
    let utc = TimeZone(identifier: "UTC")!

    /// The zone floating dates are read in; the machine's unless a test needs one fixed.
    var storeTimeZone: TimeZone { .current }

    override func setUpWithError() throws {
        try super.setUpWithError()
        path = NSTemporaryDirectory() + "\(type(of: self))-" + UUID().uuidString + "/s.sqlite"
        eventStore = try reopened()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
        super.tearDown()
    }

    /// Another connection to the same file, as a second process would have.
    func reopened(busyTimeoutMilliseconds: Int = CalendarStore.defaultBusyTimeout) throws -> EventStore {
        EventStore(store: try CalendarStore(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds), timeZone: storeTimeZone)
    }
}
