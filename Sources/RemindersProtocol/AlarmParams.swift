import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// The params that name an alarm — a reminder's or an event's — for `snoozeAlarm` and
/// `dismissAlarm`: `identifier`, `alarmIdentifier` and, for an event's, `occurrenceDate`.
public struct AlarmParams: Sendable {
    public static let occurrenceDateParam = ObjectRule.Property(
        "occurrenceDate", CommonSchemas.instant,
        description: "An event's occurrence (its start); absent: the one whose alarm fired in the past day, else the next.")
    public static let properties = AlarmSchedulingSchemas.reminderAndAlarm + [occurrenceDateParam]
    public var identifier: String
    public var alarmIdentifier: String
    public var occurrenceDate: Timestamp?

    public init(identifier: String, alarmIdentifier: String, occurrenceDate: Timestamp? = nil) {
        (self.identifier, self.alarmIdentifier, self.occurrenceDate) = (identifier, alarmIdentifier, occurrenceDate)
    }

    public init(_ params: Fields) throws(ResponseError) {
        identifier = try params.string("identifier")
        alarmIdentifier = try params.string("alarmIdentifier")
        occurrenceDate = try params.optionalTimestamp("occurrenceDate")
    }

    /// Its members, inside the object of the params that hold it.
    public func writeMembers(to writer: inout JSONWriter) {
        writer.field("identifier", identifier)
        writer.field("alarmIdentifier", alarmIdentifier)
        if let occurrenceDate { writer.field("occurrenceDate", occurrenceDate) }
    }
}
