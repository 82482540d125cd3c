import Foundation
import RemindersAppPasswords
import RemindersHTTPServer
import RemindersModel
import RemindersStore
import RemindersWebDAV
import Synchronization

/// The store as a CalDAV server (issue 51), the responder the HTTP server hands each request to.
/// Every request but OPTIONS and the way in (`/`, `/.well-known/caldav`) logs in as an app, whose
/// grant — read at that request — decides what it sees: its collections are the lists and event
/// calendars of the kinds it was granted, within the lists it was granted, read-only where the
/// grant or the calendar says so, through the store's one view of a client (`EventStore` with the
/// grant's scopes): PROPFIND, GET, the reports (calendar-multiget, calendar-query,
/// sync-collection), PUT and DELETE of items, and MKCALENDAR, PROPPATCH and DELETE of calendars.
public final class CalDAVFace: Sendable {
    private let eventStore: Mutex<EventStore>
    private let logins = LoginCache()
    private let clock: @Sendable () -> Timestamp

    public init(storePath: String, clock: @escaping @Sendable () -> Timestamp = Timestamp.now) throws(StoreError) {
        eventStore = Mutex(try EventStore(path: storePath))
        self.clock = clock
    }

    public func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard let path = FacePath(request.path) else { return .text(404, "nothing is at \(request.path.prefix(200))") }
        if request.method == "OPTIONS" { return Self.options() }
        switch path {
        case .root, .wellKnown:
            // RFC 6764: the service is found from the server's address.
            var headers = HTTPHeaders()
            headers.add("Location", FacePath.service.href)
            return .text(301, "CalDAV is at \(FacePath.service.href)", headers: headers)
        default: break
        }
        return eventStore.withLock { eventStore in
            do throws(FaceError) {
                let login = try AppLogin.check(request.credentials, in: eventStore, cache: logins)
                if let app = path.app, app != login.app.name { throw .notFound("nothing is at \(request.path.prefix(200))") }
                eventStore.author = ChangeAuthor(client: login.app.name, program: DAVApp.program)
                eventStore.scopes = login.grants.compactMapValues(\.scope)
                let view = AppView(login: login, eventStore: eventStore, now: clock())
                switch request.method {
                case "PROPFIND": return try view.propfind(path, depth: request.headers["Depth"], body: request.body)
                case "GET", "HEAD":
                    var answer = try view.get(path)
                    if request.method == "HEAD" { answer.body = [] }
                    return answer
                case "REPORT": return try view.report(path, body: request.body)
                case "PUT": return try view.put(path, body: request.body, headers: request.headers)
                case "DELETE": return try view.delete(path, headers: request.headers)
                case "MKCALENDAR", "MKCOL": return try view.mkcalendar(path, body: request.body)
                case "PROPPATCH": return try view.proppatch(path, body: request.body)
                default: throw FaceError(status: 405, message: "\(request.method.prefix(40)) is not a method of this server")
                }
            } catch {
                return Self.refusal(error)
            }
        }
    }

    static let allowed = "OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, REPORT, PUT, DELETE, MKCALENDAR, MKCOL"

    private static func options() -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("DAV", "1, 3, calendar-access")
        headers.add("Allow", allowed)
        return HTTPResponse(status: 200, headers: headers)
    }

    /// The error as an answer: a 401 with the challenge that makes a client ask for the password,
    /// a precondition as RFC 4918's `DAV:error` body, anything else in words.
    static func refusal(_ error: FaceError) -> HTTPResponse {
        var headers = HTTPHeaders()
        if error.status == 401 { headers.add("WWW-Authenticate", "Basic realm=\"\(AppLogin.realm)\", charset=\"UTF-8\"") }
        if error.status == 405 { headers.add("Allow", allowed) }
        guard let precondition = error.precondition else { return .text(error.status, error.message, headers: headers) }
        var writer = XMLWriter()
        writer.open(DAVNamespace.dav, "error")
        writer.element(precondition.namespace, precondition.name)
        writer.close()
        headers.add("Content-Type", "application/xml; charset=utf-8")
        return HTTPResponse(status: error.status, headers: headers, body: writer.bytes)
    }
}
