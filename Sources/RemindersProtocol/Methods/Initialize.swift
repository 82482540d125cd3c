import RemindersCivilTime
import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `initialize {clientInfo:{name, version?}, timeZone?}`. Other members (an editor's LSP
/// capabilities, rootUri, …) are accepted and ignored, so stock LSP clients can connect.
public enum Initialize: RemindersMethod {
    public static let name = "initialize"
    public static let summary = "Starts the session: who the client is and the time zone its floating dates are read in."
    public static let acceptsOtherParams = true

    public struct Params: WritableMethodParams, Sendable {
        public static let properties: [ObjectRule.Property] = [
            .init(
                "clientInfo",
                .object(
                    [
                        .init(
                            "name", .string("The client's identity for authorization: 1…256 bytes, no control characters, not starting with \"-\"."),
                            required: true),
                        .init("version", .string()),
                    ], allowsOtherMembers: true), required: true),
            .init("timeZone", .string("An IANA time zone; default: the server's own."), description: nil),
        ]
        public var clientName: String
        public var clientVersion: String?
        public var timeZone: String?
        /// `capabilities.alarms`: the client hears `alarmFired`.
        public var wantsAlarms = false

        public init(clientName: String, clientVersion: String? = nil, timeZone: String? = nil) {
            (self.clientName, self.clientVersion, self.timeZone) = (clientName, clientVersion, timeZone)
        }

        public init(_ params: Fields) throws(ResponseError) {
            let clientInfo = try params.object("clientInfo")
            clientName = try clientInfo.string("name")
            if let problem = ClientName.problem(with: clientName) {
                throw ResponseError.invalidParams("\(clientInfo.pathOf("name")): \(problem)", field: clientInfo.pathOf("name"))
            }
            clientVersion = try clientInfo.optionalString("version")
            timeZone = try params.optionalString("timeZone")
            if let identifier = timeZone, TimeZoneCache.zone(identifier) == nil {
                throw params.invalid("timeZone", "unknown time zone \"\(identifier.prefix(64))\"; use an IANA name such as Europe/Berlin")
            }
            wantsAlarms = params.object["capabilities"]?["alarms"] == .bool(true)
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "clientInfo")
            writer.beginObject()
            writer.field("name", clientName)
            if let clientVersion { writer.field("version", clientVersion) }
            writer.endObject()
            if let timeZone { writer.field("timeZone", timeZone) }
            if wantsAlarms {
                writer.key(static: "capabilities")
                writer.beginObject()
                writer.field("alarms", true)
                writer.endObject()
            }
            writer.endObject()
        }
    }

    public struct Result: ReadableMethodResult, Sendable {
        public static let schema = JSONSchema.object([
            .init("serverInfo", .object([.init("name", .string(), required: true), .init("version", .string(), required: true)]), required: true),
            .init("protocolVersion", .string(), required: true),
            .init(
                "capabilities",
                .object([
                    .init("entityTypes", .array(of: CommonSchemas.entityType), required: true),
                    .init("methods", .array(of: .string()), required: true),
                    .init("notifications", .array(of: .string()), required: true),
                    .init("framings", .array(of: .oneOf(["lsp", "ndjson"])), required: true),
                    .init("batches", .boolean(), required: true),
                    .init("cancelRequest", .boolean(), required: true),
                ]), required: true),
            .init("timeZone", .string("The zone the session reads floating and all-day dates in."), required: true),
        ])
        /// The zone the session reads floating and all-day dates in.
        public var timeZone: String
        /// The names of the methods the server has.
        public var methods: [String]
        /// The notifications it sends, and who it is: this server's own, another's when read from it.
        public var notifications = NotificationRegistry.fromServer.map(\.name)
        public var serverName = ServerInfo.name
        public var serverVersion = ServerInfo.version
        public var protocolVersion = ServerInfo.protocolVersion

        public init(timeZone: String, methods: [String]) { (self.timeZone, self.methods) = (timeZone, methods) }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            let server = try fields.object("serverInfo"), capabilities = try fields.object("capabilities")
            self.init(timeZone: try fields.string("timeZone"), methods: try capabilities.list("methods", Fields.string))
            notifications = try capabilities.list("notifications", Fields.string)
            (serverName, serverVersion) = (try server.string("name"), try server.string("version"))
            protocolVersion = try fields.string("protocolVersion")
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "serverInfo")
            writer.beginObject()
            writer.field("name", serverName)
            writer.field("version", serverVersion)
            writer.endObject()
            writer.field("protocolVersion", protocolVersion)
            writer.key(static: "capabilities")
            writer.beginObject()
            writer.field("entityTypes", EntityType.allCases.map(\.rawValue))
            writer.field("methods", .array(methods.map(JSONValue.string)))
            writer.field("notifications", notifications)
            writer.field("framings", .array([Framing.lsp, .ndjson].map { .string($0.rawValue) }))
            writer.field("batches", true)
            writer.field("cancelRequest", true)
            writer.endObject()
            writer.field("timeZone", timeZone)
            writer.endObject()
        }
    }
}
