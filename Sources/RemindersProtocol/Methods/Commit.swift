import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `commit {}` → `{}`: everything staged, in one transaction, or nothing.
public enum Commit: RemindersMethod {
    public static let name = "commit"
    public static let summary = "Writes every change staged with commit:false, in one transaction (EKEventStore.commit())."
    public static let errors: [MethodError] = [.invalidParams(.noCalendar, .calendarReadOnly), .notFound, .conflict]

    public typealias Params = NoParams
    public typealias Result = EmptyResult
}
