import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `removeSubscription {calendarIdentifier}` → `{}`: unsubscribes; the calendar goes with what it held.
public enum RemoveSubscription: RemindersMethod {
    public static let name = "removeSubscription"
    public static let summary = "Unsubscribes from a feed: its calendar and everything in it go."
    public static let errors: [MethodError] = [.notFound]
    public typealias Params = RemoveCalendar.Params
    public typealias Result = EmptyResult
}
