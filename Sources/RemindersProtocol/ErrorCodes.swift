import RemindersJSONRPC

/// remindersd's own error codes, in the JSON-RPC server-error range (protocol.md, "Errors"): every
/// side names them from here, never as a number.
extension ResponseError {
    /// The client's authorization status does not allow the call (EKErrorEventStoreNotAuthorized).
    public static let notAuthorizedCode = -32010
    /// No item, list or alarm with the identifier given.
    public static let notFoundCode = -32011
    /// The item changed since the `lastModifiedDate` the call was made against.
    public static let conflictCode = -32012
    /// The store cannot be used: damaged, moved, full, or another program's.
    public static let storeUnavailableCode = -32013
    /// No place was found for an address or a coordinate; `data.reason` is Core Location's
    /// `CLError.Code` name: `network` (no geocoder could be asked), `geocodeFoundNoResult`.
    public static let geocodeFailedCode = -32014
}

/// Core Location's `CLError.Code` names a -32014 answer carries in `data.reason`.
public enum GeocodeFailureReason: String, Sendable, CaseIterable {
    /// No geocoder could be asked (none set, or it did not answer), as a Mac offline says.
    case network
    /// A geocoder answered and found nothing.
    case geocodeFoundNoResult

    public func error(_ message: String) -> ResponseError {
        ResponseError(code: ResponseError.geocodeFailedCode, message: message, data: ResponseError.details(reason: rawValue))
    }
}
