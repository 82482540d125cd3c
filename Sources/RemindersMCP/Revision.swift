import RemindersJSONRPC
import RemindersProtocol

/// The MCP revisions this server speaks: the stateless one, where every request says its version
/// in `_meta`, and the three before it, which open with an `initialize` handshake.
enum Revision: String, CaseIterable, Sendable {
    case stateless = "2026-07-28"
    case november2025 = "2025-11-25"
    case june2025 = "2025-06-18"
    case march2025 = "2025-03-26"

    /// The handshake revisions, newest first: `initialize` gets the client's if it is one of them,
    /// else the newest (what the specification asks).
    static let handshake: [Revision] = [.november2025, .june2025, .march2025]

    static func negotiated(_ requested: String?) -> Revision {
        requested.flatMap(Revision.init(rawValue:)).flatMap { handshake.contains($0) ? $0 : nil } ?? .november2025
    }

    /// Only 2025-03-26 had JSON-RPC batches; 2025-06-18 took them out again.
    var allowsBatches: Bool { self == .march2025 }

    /// Results carry `resultType` (and the server's identity in `_meta`) from the stateless revision on.
    var marksResults: Bool { self == .stateless }
}

/// The `_meta` keys of the stateless revision.
enum Meta {
    static let protocolVersion = "io.modelcontextprotocol/protocolVersion"
    static let clientInfo = "io.modelcontextprotocol/clientInfo"
    static let clientCapabilities = "io.modelcontextprotocol/clientCapabilities"
    static let serverInfo = "io.modelcontextprotocol/serverInfo"
    static let subscriptionId = "io.modelcontextprotocol/subscriptionId"
}

/// The error codes MCP adds to JSON-RPC's, and remindersd's own it answers with.
enum MCPErrorCode {
    static let unsupportedProtocolVersion = -32022
    static let resourceNotFound = -32002
    static let notAuthorized = ResponseError.notAuthorizedCode
}
