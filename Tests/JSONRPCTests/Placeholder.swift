import XCTest
@testable import JSONRPC

final class SmokeTests: XCTestCase {
    func testRoundTrip() throws {
        let value = try JSONParser.parse(#"{"a":[1,2.5,"x",null,true]}"#)
        XCTAssertEqual(value.serialized, #"{"a":[1,2.5,"x",null,true]}"#)
    }
}
