import JSONRPC

/// The `commit` member of every `.stages` method, declared here once.
public enum CommitParam {
    public static let name = "commit"
    /// What a request's params say: true unless `commit: false`.
    public static func value(in params: JSONValue?) -> Bool { params?[name] != .bool(false) }
    public static let property = ObjectRule.Property(
        name, .boolean(description: "Whether to commit everything staged, this change included (EventKit's save(_:commit:))."),
        default: true)
}
