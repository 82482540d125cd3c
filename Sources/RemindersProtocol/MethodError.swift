import RemindersJSONRPC
import RemindersModel

/// An error a method may answer with, for its OpenRPC entry.
public struct MethodError: Sendable {
    public let code: Int
    public let message: String
    /// EventKit reasons (`data.reason`) this code may carry for the method.
    public var reasons: [EventKitErrorCode] = []

    public init(code: Int, message: String, reasons: [EventKitErrorCode] = []) {
        (self.code, self.message, self.reasons) = (code, message, reasons)
    }

    public static func invalidParams(_ reasons: EventKitErrorCode...) -> MethodError {
        MethodError(code: ResponseError.invalidParamsCode, message: "Invalid params", reasons: reasons)
    }
    public static let notFound = MethodError(code: ResponseError.notFoundCode, message: "Not found")
    public static let conflict = MethodError(code: ResponseError.conflictCode, message: "Conflict")
    public static let cancelled = MethodError(code: ResponseError.requestCancelledCode, message: "Request cancelled")
    public static let geocodeFailed = MethodError(code: ResponseError.geocodeFailedCode, message: "Geocoding failed")
}
