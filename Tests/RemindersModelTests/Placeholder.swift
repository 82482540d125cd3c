import XCTest

final class RemindersModelTestsPlaceholder: XCTestCase {
    func testNothingYet() {}
}
