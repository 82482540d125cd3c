/// Who this server is, for `initialize`'s answer and the OpenRPC document.
public enum ServerInfo {
    public static let name = "remindersd"
    public static let version = "0.2.0"
    /// Bumped when a change would break an existing client.
    public static let protocolVersion = "1.0"
}
