import Foundation
import RemindersJSONRPC
import RemindersProtocol
import RemindersServer
import Synchronization

/// `remindersd mcp`: the store for AI assistants over the Model Context Protocol, newline-delimited
/// JSON on stdin and stdout. Dual-era, as the 2026-07-28 revision describes it: a request whose
/// `_meta` names that revision is answered on its own (the identity is its `clientInfo.name`);
/// otherwise the `initialize` handshake of 2025-11-25, 2025-06-18 or 2025-03-26 sets the revision
/// and the identity for the connection.
///
/// The serving thread answers what needs no store at once (`ping`, `initialize`, `tools/list`, …)
/// and hands the rest to one worker, in order, so that a call waiting for the owner's consent
/// never holds up a `ping` or a cancellation. The worker takes what arrived meanwhile together: a
/// run of one client's writing tool calls is committed as one group (see `answer(_:)`).
public final class MCPServer: Sendable {
    private let options: ServerOptions
    private let connection: Connection
    private let output: OutputChannel
    private let access: AccessText
    /// Owns the clients' sessions: what reads or writes the store runs there.
    private let worker: MCPWorker
    private let watcher: SubscriptionWatcher
    /// What the serving thread and the worker share.
    private let state = Mutex(State())

    private struct State {
        /// The handshake's outcome, for requests without `_meta`; nil until `initialize`.
        var handshake: (revision: Revision, client: String?)?
        var cancelled = Set<String>()
        /// Requests for the worker, in the order received, and whether it is taking them.
        var pending: [(request: MCPRequest, context: RequestContext)] = []
        var draining = false
    }

    public init(options: ServerOptions, storeArgument: String?, input: Int32 = 0, output: Int32 = 1) {
        self.options = options
        // The JSON-RPC transport, NDJSON only (MCP's stdio framing): its bounds, its single-pass
        // line scanning and its writer; cancellations come through as notifications, for the
        // streams they also end.
        connection = Connection(input: input, output: output, limits: options.limits, framing: .ndjson, cancelMethod: nil)
        self.output = OutputChannel(connection: connection)
        access = AccessText(storeArgument: storeArgument, program: options.clientProgram, evidence: options.clientIdentity.evidence)
        worker = MCPWorker(sessions: ClientSessions(options: options))
        watcher = SubscriptionWatcher(storePath: options.storePath, program: options.clientProgram, output: self.output, log: options.log)
    }

    /// Serves until the input ends; the exit status.
    public func run() -> Int32 {
        watcher.start()
        connection.start()
        reading: while true {
            for item in connection.receive() {
                switch item {
                case .single(let message):
                    if let reply = handle(message, inBatch: false) { output.send(encoded: reply) }
                case .batch(let messages):
                    receiveBatch(messages)
                case .unreadable(let error):
                    output.send(encoded: OutputChannel.errorReply(id: nil, error))
                case .endOfInput:
                    break reading
                }
            }
        }
        worker.sync { _ in }
        watcher.stop()
        worker.sync { sessions in sessions.shutDown() }
        worker.stop()
        return 0
    }

    /// A batch is answered as one array where the negotiated revision has batches (2025-03-26),
    /// and refused where it does not.
    private func receiveBatch(_ batch: [Message]) {
        let revision = state.withLock { $0.handshake?.revision }
        guard let revision, revision.allowsBatches else {
            output.send(
                encoded: OutputChannel.errorReply(
                    id: nil,
                    ResponseError(
                        code: ResponseError.invalidRequestCode,
                        message:
                            "JSON-RPC batches are not part of MCP \(revision?.rawValue ?? Revision.stateless.rawValue); send one message per line")))
            return
        }
        let replies = batch.compactMap { handle($0, inBatch: true) }
        if !replies.isEmpty { output.send(encoded: Envelope.batch(replies)) }
    }

    /// Handles one message. A reply to send now, or nil (a notification, or a request answered
    /// later by the worker — in a batch, the worker is waited for so the array holds every reply).
    private func handle(_ message: Message, inBatch: Bool) -> [UInt8]? {
        let request: MCPRequest
        switch message {
        case .invalid(let id, let error):
            return OutputChannel.errorReply(id: id, error)
        case .response:
            return nil  // this server asks nothing
        case .notification(let notification):
            self.notification(notification.method, notification.params?.objectValue ?? JSONObject())
            return nil
        case .request(let found):
            request = MCPRequest(requestID: found.id, method: found.method, params: found.params?.objectValue ?? JSONObject())
        }
        let context: RequestContext
        switch admission(of: request) {
        case .reply(let reply): return reply
        case .proceed(let found): context = found
        }
        if let reply = answerAtOnce(request, context) { return reply }
        if inBatch { return worker.sync { sessions in self.answerInOrder(request, context, sessions) } }
        let start = state.withLock { state in
            state.pending.append((request, context))
            defer { state.draining = true }
            return !state.draining
        }
        if start { worker.async { sessions in self.drain(sessions) } }
        return nil
    }

    /// The worker's loop: everything pending, in order, until nothing is.
    private func drain(_ sessions: ClientSessions) {
        while true {
            let taken = state.withLock { state in
                let taken = state.pending
                state.pending.removeAll()
                if taken.isEmpty { state.draining = false }
                return taken
            }
            guard !taken.isEmpty else { return }
            var start = 0
            while start < taken.count {
                var end = start + 1
                if let client = Self.groupClient(taken[start]) {
                    while end < taken.count, Self.groupClient(taken[end]) == client { end += 1 }
                }
                answer(taken[start..<end], sessions)
                start = end
            }
        }
    }

    /// The client of a tool call that joins a group commit (one whose method writes or stages,
    /// never one that may wait for the owner or a server); nil for a request that runs alone.
    private static func groupClient(_ item: (request: MCPRequest, context: RequestContext)) -> String? {
        guard item.request.method == "tools/call", let name = item.request.params["name"]?.stringValue,
            let tool = ToolCatalog.named(name), tool.joinsGroupCommit, let client = item.context.client, !client.isEmpty
        else { return nil }
        return client
    }

    /// Answers requests in order. A run of one client's writing tool calls that arrived together
    /// (a host pipelining them) is one durable group, as the JSON-RPC server commits a pipelining
    /// client's writes: each call's commit joins the group's transaction, made durable once for
    /// them all, and their answers go out after it — or, when the group's transaction fails, each
    /// call is answered with that failure and none of them wrote anything.
    private func answer(_ run: ArraySlice<(request: MCPRequest, context: RequestContext)>, _ sessions: ClientSessions) {
        guard run.count > 1, let client = run.first?.context.client else {
            for (request, context) in run { if let reply = answerInOrder(request, context, sessions) { output.send(encoded: reply) } }
            return
        }
        switch sessions.durably(as: client, { run.map { answerInOrder($0.request, $0.context, sessions) } }) {
        case .success(let replies):
            for reply in replies.compactMap({ $0 }) { output.send(encoded: reply) }
        case .failure(let error):
            for (request, context) in run where !isCancelled(request.id) {
                output.send(encoded: reply(request, context, ToolResults.failure("nothing was saved: \(error.message)").members))
            }
        }
    }

    /// The revision and identity a request is made under: its own `_meta` (stateless), else the handshake's.
    private func admission(of request: MCPRequest) -> Admission {
        let meta = request.params["_meta"]?.objectValue ?? JSONObject()
        if let version = meta[Meta.protocolVersion] {
            guard version.stringValue == Revision.stateless.rawValue else {
                return .reply(
                    OutputChannel.errorReply(
                        id: request.id, code: MCPErrorCode.unsupportedProtocolVersion, "Unsupported protocol version",
                        data: ["supported": .array(Self.supportedVersions), "requested": version]))
            }
            guard meta[Meta.clientCapabilities]?.objectValue != nil else {
                return .reply(
                    OutputChannel.errorReply(
                        id: request.id, code: ResponseError.invalidParamsCode,
                        "_meta.\(Meta.clientCapabilities) is required (an object)"))
            }
            return .proceed(RequestContext(revision: .stateless, client: meta[Meta.clientInfo]?["name"]?.stringValue))
        }
        if request.method == "initialize" || request.method == "ping" || request.method == "server/discover" {
            return .proceed(RequestContext(revision: state.withLock { $0.handshake?.revision } ?? .november2025, client: nil))
        }
        guard let handshake = state.withLock({ $0.handshake }) else {
            return .reply(
                OutputChannel.errorReply(
                    id: request.id, code: ResponseError.invalidRequestCode,
                    "send initialize first, or give _meta.\(Meta.protocolVersion) \(Revision.stateless.rawValue) with each request"))
        }
        return .proceed(RequestContext(revision: handshake.revision, client: handshake.client))
    }

    static let supportedVersions: [JSONValue] = Revision.allCases.map { .string($0.rawValue) }

    static let capabilities: JSONValue = ["tools": ["listChanged": false], "resources": ["subscribe": true, "listChanged": false]]

    /// What needs no store: answered on the reader thread, in order with what came before.
    private func answerAtOnce(_ request: MCPRequest, _ context: RequestContext) -> [UInt8]? {
        switch request.method {
        case "initialize":
            let revision = Revision.negotiated(request.params["protocolVersion"]?.stringValue)
            let client = request.params["clientInfo"]?["name"]?.stringValue
            state.withLock { $0.handshake = (revision, client) }
            return reply(
                request, context,
                [
                    "protocolVersion": .string(revision.rawValue), "capabilities": Self.capabilities,
                    "serverInfo": Self.serverInfo, "instructions": .string(Instructions.text(now: options.clock(), zone: options.timeZone.zone)),
                ])
        case "server/discover":
            return reply(
                request, context,
                [
                    "supportedVersions": .array(Self.supportedVersions), "capabilities": Self.capabilities,
                    "instructions": .string(Instructions.text(now: options.clock(), zone: options.timeZone.zone)),
                ])
        case "ping":
            return reply(request, context, [:])
        case "tools/list":
            if let cursor = request.params["cursor"], !cursor.isNull {
                return OutputChannel.errorReply(
                    id: request.id, code: ResponseError.invalidParamsCode,
                    "unknown cursor \(cursor.serialized.prefix(40)): every tool is on the first page")
            }
            return reply(request, context, ["tools": .array(ToolCatalog.listing)])
        case "resources/templates/list":
            return reply(request, context, ["resourceTemplates": [Resources.template]])
        case "tools/call":
            guard let name = request.params["name"]?.stringValue, ToolCatalog.named(name) != nil else {
                return OutputChannel.errorReply(
                    id: request.id, code: ResponseError.invalidParamsCode,
                    "unknown tool \(request.params["name"]?.serialized.prefix(60) ?? "(none)")",
                    data: ["tools": .array(ToolCatalog.all.map { .string($0.name) })])
            }
            return nil
        case "resources/list", "resources/read", "resources/subscribe", "resources/unsubscribe", "subscriptions/listen":
            return nil
        default:
            return OutputChannel.errorReply(id: request.id, code: ResponseError.methodNotFoundCode, "no method \(request.method.prefix(80))")
        }
    }

    /// What reads or writes the store: run by the worker, one at a time, in the order received.
    private func answerInOrder(_ request: MCPRequest, _ context: RequestContext, _ sessions: ClientSessions) -> [UInt8]? {
        guard !isCancelled(request.id) else { return nil }
        let progress = request.params["_meta"]?["progressToken"]
        if let progress { output.notify("notifications/progress", ["progressToken": progress, "progress": 0, "total": 1]) }
        let reply = answer(request, context, sessions)
        if let progress, !isCancelled(request.id) { output.notify("notifications/progress", ["progressToken": progress, "progress": 1, "total": 1]) }
        return isCancelled(request.id) ? nil : reply
    }

    private func answer(_ request: MCPRequest, _ context: RequestContext, _ sessions: ClientSessions) -> [UInt8]? {
        guard let client = context.client, !client.isEmpty else {
            let where_ = context.revision == .stateless ? "_meta.\(Meta.clientInfo).name" : "initialize's clientInfo.name"
            let text = "remindersd keeps the owner's permissions per client name, and this request has none: the MCP host must send \(where_)."
            if request.method == "tools/call" { return reply(request, context, ToolResults.failure(text).members) }
            return OutputChannel.errorReply(id: request.id, code: ResponseError.invalidParamsCode, text)
        }
        let call = ToolCall(
            arguments: request.params["arguments"]?.objectValue ?? JSONObject(), client: client,
            zone: options.timeZone.zone, now: options.clock(), sessions: sessions, access: access)
        switch request.method {
        case "tools/call":
            let outcome = ToolResults.run(request.params["name"]?.stringValue ?? "", call, arguments: request.params["arguments"])
            return reply(request, context, outcome.members, structuredContent: outcome.structured)
        case "resources/list":
            if let cursor = request.params["cursor"], !cursor.isNull {
                return OutputChannel.errorReply(
                    id: request.id, code: ResponseError.invalidParamsCode, "unknown cursor: every resource is on the first page")
            }
            do { return reply(request, context, ["resources": .array(try Resources.listing(call))]) } catch { return refusal(request, error) }
        case "resources/read", "resources/subscribe":
            guard let uri = request.params["uri"]?.stringValue else {
                return OutputChannel.errorReply(id: request.id, code: ResponseError.invalidParamsCode, "uri is required (a string)")
            }
            do {
                guard let text = try Resources.read(uri, call) else {
                    return OutputChannel.errorReply(
                        id: request.id, code: MCPErrorCode.resourceNotFound, "Resource not found", data: ["uri": .string(uri)])
                }
                if request.method == "resources/subscribe" {
                    watcher.subscribe(uri, client: client)
                    return reply(request, context, [:])
                }
                return reply(request, context, ["contents": [["uri": .string(uri), "mimeType": .string(Resources.mimeType), "text": .string(text)]]])
            } catch {
                return refusal(request, error)
            }
        case "resources/unsubscribe":
            watcher.unsubscribe(request.params["uri"]?.stringValue ?? "")
            return reply(request, context, [:])
        case "subscriptions/listen":
            let uris = request.params["notifications"]?["resourceSubscriptions"]?.arrayValue?.compactMap(\.stringValue) ?? []
            // Each must be one this client may read now, as resources/subscribe's: a list outside
            // its grant is not found, as one that does not exist.
            for uri in uris {
                do {
                    guard try Resources.read(uri, call) != nil else {
                        return OutputChannel.errorReply(
                            id: request.id, code: MCPErrorCode.resourceNotFound, "Resource not found", data: ["uri": .string(uri)])
                    }
                } catch {
                    return refusal(request, error)
                }
            }
            watcher.listen(id: request.id, uris: uris, client: client)
            return nil  // open until cancelled: no response
        default:
            return OutputChannel.errorReply(id: request.id, code: ResponseError.methodNotFoundCode, "no method \(request.method.prefix(80))")
        }
    }

    private func refusal(_ request: MCPRequest, _ failure: ToolFailure) -> [UInt8] {
        OutputChannel.errorReply(
            id: request.id, code: failure.field == nil ? MCPErrorCode.notAuthorized : ResponseError.invalidParamsCode, failure.text)
    }

    /// The result; in the stateless revision with `resultType`, the server's identity and, for the
    /// results it says clients may cache, how long and for whom: the tools and templates are fixed
    /// for the life of the process; the store's contents are never fresh for long, and each
    /// client sees them through its own permissions.
    private func reply(_ request: MCPRequest, _ context: RequestContext, _ result: JSONObject, structuredContent: [UInt8]? = nil) -> [UInt8] {
        var result = result
        if context.revision.marksResults {
            switch request.method {
            case "server/discover", "tools/list", "resources/templates/list": result["ttlMs"] = 3_600_000; result["cacheScope"] = "public"
            case "resources/list", "resources/read": result["ttlMs"] = 0; result["cacheScope"] = "private"
            default: break
            }
            result["resultType"] = "complete"
            var meta = result["_meta"]?.objectValue ?? JSONObject()
            meta[Meta.serverInfo] = Self.serverInfo
            result["_meta"] = .object(meta)
        }
        var writer = JSONWriter()
        writer.beginObject()
        for member in result.members {
            writer.key(member.key)
            writer.value(member.value)
        }
        // A method's result, as the method wrote it: never read back to be written again.
        if let structuredContent {
            writer.key(static: "structuredContent")
            writer.raw(structuredContent)
        }
        writer.endObject()
        return Envelope.result(id: request.requestID, writer.bytes)
    }

    static let serverInfo: JSONValue = ["name": .string(ServerInfo.name), "version": .string(ServerInfo.version)]

    private func notification(_ method: String, _ params: JSONObject) {
        switch method {
        case "notifications/cancelled":
            guard let id = params["requestId"] else { return }
            state.withLock { _ = $0.cancelled.insert(id.serialized) }
            watcher.endListening(id: id)
        default:
            break  // notifications/initialized, roots/list_changed, progress: nothing to do
        }
    }

    private func isCancelled(_ id: JSONValue) -> Bool { state.withLock { $0.cancelled.contains(id.serialized) } }
}

struct MCPRequest {
    let requestID: RequestID
    var id: JSONValue { requestID.json }
    let method: String
    let params: JSONObject
}

enum Admission {
    case proceed(RequestContext)
    /// Refused before it got anywhere: this error.
    case reply([UInt8])
}

struct RequestContext {
    let revision: Revision
    let client: String?
}
