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
        assertEveryCodeIsCaughtAndBridged(
            everyCode, domain: kCLErrorDomain, make: { CLError($0, message: $1) }, caughtBy: { $0 ~= $1 })
        XCTAssertEqual(kCLErrorDomain, "kCLErrorDomain")
        XCTAssertEqual((CLError(.network) as NSError).localizedDescription, "The operation couldn’t be completed. (kCLErrorDomain error 2.)")
    }
}
