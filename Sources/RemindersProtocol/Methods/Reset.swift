import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `reset {}` → `{}`: forgets every staged change.
public enum Reset: RemindersMethod {
    public static let name = "reset"
    public static let summary = "Forgets every staged change (EKEventStore.reset())."
    public typealias Params = NoParams
    public typealias Result = EmptyResult
}
