import XCTest

final class RemindersServerTestsPlaceholder: XCTestCase {
    func testNothingYet() {}
}
