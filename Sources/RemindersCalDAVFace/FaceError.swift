/// Why the face refuses a request, as the HTTP status and the words a person reading a client's
/// log needs; WebDAV preconditions carry the element RFC 4918/4791/6578 names for them.
struct FaceError: Error, Equatable {
    var status: Int
    var message: String
    /// A precondition element (`DAV:valid-sync-token`, `CALDAV:supported-calendar-component`, …),
    /// written in a `DAV:error` body.
    var precondition: PropertyName?

    static func badRequest(_ message: String) -> FaceError { FaceError(status: 400, message: message) }
    static func notFound(_ message: String) -> FaceError { FaceError(status: 404, message: message) }
    static func forbidden(_ message: String, _ precondition: PropertyName? = nil) -> FaceError {
        FaceError(status: 403, message: message, precondition: precondition)
    }
    static func preconditionFailed(_ message: String) -> FaceError { FaceError(status: 412, message: message) }
}
