import Foundation
import JSONRPC
import RemindersModel

public enum ServerInfo {
    public static let name = "remindersd"
    public static let version = "0.1.0"
    /// Bumped when a change would break an existing client.
    public static let protocolVersion = "1.0"
}

enum LifecycleMethods {
    /// `initialize {clientInfo:{name, version?}, timeZone?}`. Other members (an editor's LSP
    /// capabilities, rootUri, …) are accepted and ignored, so stock LSP clients can connect.
    static func initialize(_ context: MethodContext) throws -> [UInt8] {
        let session = context.session
        let clientInfo = try context.params.object("clientInfo")
        let name = try clientInfo.string("name")
        try validateClientName(name, field: clientInfo.pathOf("name"))
        let version = try clientInfo.optionalString("version")
        var zone = session.options.timeZone.zone
        let requestedZone = try context.params.optionalString("timeZone")
        if let identifier = requestedZone {
            guard let found = TimeZoneCache.zone(identifier) else {
                throw context.params.invalid("timeZone", "unknown time zone \"\(identifier.prefix(64))\"; use an IANA name such as Europe/Berlin")
            }
            zone = found
        }
        _ = try session.events()
        session.clientName = name
        session.clientVersion = version
        session.timeZone = zone
        session.timeZoneName = requestedZone ?? session.options.timeZone.name
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
            writer.field("entityTypes", ["reminder"])
            writer.field("methods", .array(MethodRegistry.all.map { .string($0.name) }))
            writer.field("notifications", ["storeChanged", "authorizationChanged"])
            writer.field("framings", ["lsp", "ndjson"])
            writer.field("batches", true)
            writer.field("cancelRequest", true)
            writer.endObject()
            writer.field("timeZone", session.timeZoneName)
        }
    }

    /// Client names are identities in the permissions table and arguments to the consent agent.
    static func validateClientName(_ name: String, field: String) throws(ResponseError) {
        if let problem = ClientName.problem(with: name) { throw .invalidParams("\(field): \(problem)", field: field) }
    }

    static func shutdown(_ context: MethodContext) throws -> [UInt8] {
        context.session.lifecycle = .shutDown
        context.session.stopWatching()
        return Array("null".utf8)
    }
}
