import Foundation
import XCTest

/// What Apple's error types (`EKError`, `CLError`) promise for each code, checked one way for both:
/// the code's raw value is Apple's, `catch TheError.code` catches an error of that code, and the
/// error bridges to an `NSError` in the type's domain with that raw value and the description
/// `described` gives for the code and the message.
func assertEveryCodeIsCaughtAndBridged<Code: RawRepresentable>(
    _ everyCode: [(Code, Int)], domain: String, make: (Code, String) -> Error, caughtBy: (Code, Error) -> Bool,
    described: (Code, String) -> String = { $1 }, file: StaticString = #filePath, line: UInt = #line
) where Code.RawValue == Int {
    for (code, raw) in everyCode {
        XCTAssertEqual(code.rawValue, raw, "\(code)", file: file, line: line)
        let error = make(code, "refused: \(raw)")
        XCTAssertTrue(caughtBy(code, error), "\(code) was not caught by its own member", file: file, line: line)
        let bridged = error as NSError
        XCTAssertEqual(bridged.domain, domain, file: file, line: line)
        XCTAssertEqual(bridged.code, raw, "\(code)", file: file, line: line)
        XCTAssertEqual(bridged.localizedDescription, described(code, "refused: \(raw)"), file: file, line: line)
    }
}
