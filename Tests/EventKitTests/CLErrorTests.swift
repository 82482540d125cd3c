import CoreLocation
import Foundation
import XCTest

/// Core Location's errors as Apple's are: a `CustomNSError` in `kCLErrorDomain` whose code is the
/// code's raw value, with a static member per code that a `catch` matches.
final class CLErrorTests: XCTestCase {
    private let everyCode: [(CLError.Code, Int)] = [
        (CLError.locationUnknown, 0), (CLError.denied, 1), (CLError.network, 2), (CLError.headingFailure, 3),
        (CLError.regionMonitoringDenied, 4), (CLError.regionMonitoringFailure, 5), (CLError.regionMonitoringSetupDelayed, 6),
        (CLError.regionMonitoringResponseDelayed, 7), (CLError.geocodeFoundNoResult, 8), (CLError.geocodeFoundPartialResult, 9),
        (CLError.geocodeCanceled, 10), (CLError.deferredFailed, 11), (CLError.deferredNotUpdatingLocation, 12),
        (CLError.deferredAccuracyTooLow, 13), (CLError.deferredDistanceFiltered, 14), (CLError.deferredCanceled, 15),
        (CLError.rangingUnavailable, 16), (CLError.rangingFailure, 17), (CLError.promptDeclined, 18), (CLError.historicalLocationError, 19),
    ]

    func testEveryCodeIsCaughtByItsStaticMemberAndBridgesToNSErrorInCLErrorDomain() {
        XCTAssertEqual(everyCode.count, 20)
        for (code, raw) in everyCode {
            XCTAssertEqual(code.rawValue, raw)
            let error: Error = CLError(code, message: "because \(raw)")
            do {
                throw error
            } catch code {
                // matched, as `catch CLError.network` matches with Apple's
            } catch {
                XCTFail("\(code) was not caught by its own member")
            }
            let bridged = error as NSError
            XCTAssertEqual(bridged.domain, kCLErrorDomain)
            XCTAssertEqual(bridged.code, raw)
            XCTAssertEqual(error.localizedDescription, "because \(raw)")
        }
        XCTAssertEqual((CLError(.network) as NSError).localizedDescription, "The operation couldn’t be completed. (kCLErrorDomain error 2.)")
    }
}
