import Foundation
import RemindersJSON
import RemindersJSONRPC

/// Params a caller writes as well as a server reads: the declaration both ways, sourcekit-lsp's
/// shape. What one process sends is read on the other side by the very `init(_:)` the server reads
/// with, after the same schema check, so the two sides cannot spell a member differently.
public protocol WritableMethodParams: MethodParams {
    func write(to writer: inout JSONWriter)
}

/// A result its caller reads back as the value the handler answered. `zone` is the session's (what
/// `initialize` answered): the zone the server read floating and all-day dates in as it wrote them.
public protocol ReadableMethodResult: MethodResult {
    init(reading value: JSONValue, zone: TimeZone) throws(ResponseError)
}

extension ReadableMethodResult {
    /// The result's members, for a reader: an answer that is not an object is no result of this kind.
    static func fields(_ value: JSONValue) throws(ResponseError) -> Fields {
        guard case .object(let object) = value else { throw .internalError("the result must be an object, got \(value.typeName)") }
        return Fields(object, path: "result")
    }
}

extension RemindersMethod {
    /// The request as one JSON-RPC message: `{"jsonrpc":"2.0","id":ID,"method":NAME,"params":{…}}`.
    public static func request(id: Int, _ params: Params, commit: Bool? = nil) -> [UInt8] {
        Envelope.request(id: .number(Int64(id)), method: name, params: written(params, commit: commit))
    }

    /// The params as a caller sends them; with `commit` for a method that stages (the dispatcher's
    /// member, declared once in `CommitParam`, not the method's).
    public static func written(_ params: Params, commit: Bool? = nil) -> [UInt8] {
        var writer = JSONWriter()
        params.write(to: &writer)
        guard let commit else { return writer.bytes }
        var bytes = writer.bytes
        guard bytes.last == UInt8(ascii: "}") else { return bytes }
        bytes.removeLast()
        var member = JSONWriter()
        member.beginObject()
        member.key(CommitParam.name)
        member.bool(commit)
        // `{"commit":…}` joined into the params' object: after a comma when it has members.
        let joined = member.bytes.dropFirst()
        if bytes.last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
        bytes += joined
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The result of `message`, the peer's answer, read as this method's: in `zone`, the session's.
    public static func result(of message: [UInt8], zone: TimeZone) throws(ResponseError) -> Result {
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(message, maxDepth: 512) } catch {
            throw .internalError("the answer to \(name) is not JSON: \(error)")
        }
        guard let result = parsed["result"] else { throw .internalError("the answer to \(name) has no result") }
        do { return try Result(reading: result, zone: zone) } catch {
            throw .internalError("the answer to \(name) is not its result: \(error.message)")
        }
    }
}

extension Connection {
    /// `method` asked of the peer, typed both ways: its params written by the declaration (with
    /// `commit` for a method that stages), its answer read back as its `Result` in `zone`.
    public func call<M: RemindersMethod>(
        _ method: M.Type, _ params: M.Params, commit: Bool? = nil, zone: TimeZone, timeout: TimeInterval = 300
    ) throws(ResponseError) -> M.Result {
        try M.result(of: try call(M.name, params: M.written(params, commit: commit), timeout: timeout).message, zone: zone)
    }
}

extension RemindersMethod {
    /// A request's params as the receiving side reads them: checked against the declaration
    /// (absent means `{}`), then read.
    public static func params(of value: JSONValue?) throws(ResponseError) -> Params {
        let object: JSONObject
        switch value {
        case nil: object = JSONObject()
        case .object(let given)?: object = given
        case let other?: throw .invalidParams("params must be an object, got \(other.typeName)", field: "params")
        }
        try ObjectRule(Params.properties, allowsOtherMembers: acceptsOtherParams).check(object, at: "")
        return try Params(Fields(object, path: ""))
    }
}

/// `$/progress`'s params (LSP's work-done progress), as the server writes them to its client and
/// `remindersd-sync` writes them to the server that started it.
public struct WorkDoneProgress: Equatable, Sendable {
    public enum Kind: String, Sendable { case begin, report, end }
    public var token: JSONValue
    public var kind: Kind
    public var title: String?
    public var message: String?
    public var percentage: Int?

    public init(token: JSONValue, kind: Kind, title: String? = nil, message: String? = nil, percentage: Int? = nil) {
        self.token = token
        self.kind = kind
        self.title = title
        self.message = message
        self.percentage = percentage.map { min(max($0, 0), 100) }
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "token")
        writer.value(token)
        writer.key(static: "value")
        writer.beginObject()
        writer.field("kind", kind.rawValue)
        if let title { writer.field("title", title) }
        if let message { writer.field("message", message) }
        if let percentage { writer.field("percentage", percentage) }
        writer.endObject()
        writer.endObject()
    }

    /// Read back from the params `write` wrote (checked against the notification's declaration).
    public init(reading params: JSONValue?) throws(ResponseError) {
        try NotificationRegistry.progress.params.check(params ?? .null, at: "params")
        let value = params?["value"]
        self.init(
            token: params?["token"] ?? .null, kind: Kind(rawValue: value?["kind"]?.stringValue ?? "") ?? .report,
            title: value?["title"]?.stringValue, message: value?["message"]?.stringValue,
            percentage: value?["percentage"]?.integerValue.map { Int($0) })
    }

    public var notification: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return Envelope.notification(method: NotificationRegistry.progress.name, params: writer.bytes)
    }
}
