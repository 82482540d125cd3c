import Foundation
import JSONRPC
import RemindersJSON
import RemindersModel

/// `initialize {clientInfo:{name, version?}, timeZone?}`. Other members (an editor's LSP
/// capabilities, rootUri, …) are accepted and ignored, so stock LSP clients can connect.
enum Initialize: MethodDeclaration {
    static let name = "initialize"
    static let summary = "Starts the session: who the client is and the time zone its floating dates are read in."
    static let access = Access.lifecycle
    static let effect = Effect.lifecycle
    static let acceptsOtherParams = true
    static let params: [ObjectRule.Property] = [
        .init("clientInfo", .object([
            .init("name", .string("The client's identity for authorization: 1…256 bytes, no control characters, not starting with \"-\"."),
                  required: true),
            .init("version", .string()),
        ], allowsOtherMembers: true), required: true),
        .init("timeZone", .string("An IANA time zone; default: the server's own."), description: nil),
    ]
    static let result = JSONSchema.object([
        .init("serverInfo", .object([.init("name", .string(), required: true), .init("version", .string(), required: true)]), required: true),
        .init("protocolVersion", .string(), required: true),
        .init("capabilities", .object([
            .init("entityTypes", .array(of: CommonSchemas.entityType), required: true),
            .init("methods", .array(of: .string()), required: true),
            .init("notifications", .array(of: .string()), required: true),
            .init("framings", .array(of: .oneOf(["lsp", "ndjson"])), required: true),
            .init("batches", .boolean(), required: true),
            .init("cancelRequest", .boolean(), required: true),
        ]), required: true),
        .init("timeZone", .string("The zone the session reads floating and all-day dates in."), required: true),
    ])

    static func handle(_ context: MethodContext) throws -> [[UInt8]] {
        let session = context.session
        let clientInfo = try context.params.object("clientInfo")
        let name = try clientInfo.string("name")
        if let problem = ClientName.problem(with: name) {
            throw ResponseError.invalidParams("\(clientInfo.pathOf("name")): \(problem)", field: clientInfo.pathOf("name"))
        }
        let version = try clientInfo.optionalString("version")
        var zone = session.options.timeZone.zone
        let requestedZone = try context.params.optionalString("timeZone")
        if let identifier = requestedZone {
            guard let found = TimeZoneCache.zone(identifier) else {
                throw context.params.invalid("timeZone", "unknown time zone \"\(identifier.prefix(64))\"; use an IANA name such as Europe/Berlin")
            }
            zone = found
        }
        _ = try session.eventStore()
        session.clientName = name
        session.clientVersion = version
        session.timeZone = zone
        session.timeZoneName = requestedZone ?? session.options.timeZone.name
        session.wantsAlarms = context.params.object["capabilities"]?["alarms"] == .bool(true)
        session.lifecycle = .running
        session.startWatching()
        session.log.info("client \(name)\(version.map { " " + $0 } ?? "") initialized (time zone \(session.timeZoneName))")
        return resultObject { writer in
            writer.key(static: "serverInfo")
            writer.beginObject()
            writer.field("name", ServerInfo.name)
            writer.field("version", ServerInfo.version)
            writer.endObject()
            writer.field("protocolVersion", ServerInfo.protocolVersion)
            writer.key(static: "capabilities")
            writer.beginObject()
            writer.field("entityTypes", EntityType.allCases.map(\.rawValue))
            writer.field("methods", .array(MethodRegistry.all.map { .string($0.name) }))
            writer.field("notifications", .array(NotificationRegistry.fromServer.map { .string($0.name) }))
            writer.field("framings", .array([Framing.lsp, .ndjson].map { .string($0.rawValue) }))
            writer.field("batches", true)
            writer.field("cancelRequest", true)
            writer.endObject()
            writer.field("timeZone", session.timeZoneName)
        }
    }
}

public enum ServerInfo {
    public static let name = "remindersd"
    public static let version = "0.2.0"
    /// Bumped when a change would break an existing client.
    public static let protocolVersion = "1.0"
}
