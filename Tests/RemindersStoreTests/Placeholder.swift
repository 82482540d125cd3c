import XCTest

final class RemindersStoreTestsPlaceholder: XCTestCase {
    func testNothingYet() {}
}
