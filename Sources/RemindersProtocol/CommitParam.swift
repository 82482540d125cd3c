import RemindersJSONRPC

/// The `commit` member of every `.stages` method, declared here once.
public enum CommitParam {
    public static let name = "commit"
    public static let property = ObjectRule.Property(
        name, .boolean(description: "Whether to commit everything staged, this change included (EventKit's save(_:commit:))."),
        default: true)
}
