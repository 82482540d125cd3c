import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `updateLocation {latitude, longitude, horizontalAccuracy, timestamp?}` → `{transitions:[…]}`:
/// a position from a GeoClue script or a phone bridge; the location alarms whose place it enters
/// or leaves fire (the agent delivers them). Full access only: a person's location is private.
public enum UpdateLocation: RemindersMethod {
    public static let name = "updateLocation"
    public static let summary = "Reports where the person is; returns the location alarms that fire because of it (a fence entered or left)."
    public struct Params: WritableMethodParams {
        public static let properties: [ObjectRule.Property] = [
            .init("latitude", AlarmSchemas.latitude, required: true),
            .init("longitude", AlarmSchemas.longitude, required: true),
            .init(
                "horizontalAccuracy",
                .number(
                    NumberRule(
                        minimum: 0, maximum: 1_000_000, description: "Metres; a fix less accurate than a fence's radius is ignored by it.",
                        rangeMessage: { "horizontalAccuracy must be 0…1000000 metres, got \($0)" })), required: true),
            .init(
                "timestamp", CommonSchemas.instant,
                description: "When the fix was taken; default now. A fix older than one a fence already used is ignored by it."),
        ]
        public var location: GeoLocation
        public var horizontalAccuracy: Double
        /// Absent: the fix is as of the server's now (its clock, read by the handler).
        public var timestamp: Timestamp?

        public init(location: GeoLocation, horizontalAccuracy: Double, timestamp: Timestamp? = nil) {
            (self.location, self.horizontalAccuracy, self.timestamp) = (location, horizontalAccuracy, timestamp)
        }

        public init(_ params: Fields) throws(ResponseError) {
            location = try GeoLocation(members: params)
            horizontalAccuracy = try params.double("horizontalAccuracy")
            timestamp = try params.optionalTimestamp("timestamp")
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            location.writeMembers(to: &writer)
            writer.key(static: "horizontalAccuracy")
            writer.double(horizontalAccuracy)
            if let timestamp { writer.field("timestamp", timestamp) }
            writer.endObject()
        }

        /// The fix, taken at `now` when the params did not say when.
        public func fix(now: Timestamp) -> LocationFix {
            LocationFix(location: location, horizontalAccuracy: horizontalAccuracy, timestamp: timestamp ?? now)
        }
    }

    public struct Result: ReadableMethodResult {
        public static let schema = CommonSchemas.result([("transitions", .array(of: AlarmSchedulingSchemas.transition))])
        public var transitions: [GeofenceTransition]

        public init(transitions: [GeofenceTransition]) {
            self.transitions = transitions
        }

        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key(static: "transitions")
            writer.beginArray()
            for transition in transitions {
                writer.beginObject()
                writer.field("identifier", transition.reminderIdentifier)
                writer.field("alarmIdentifier", transition.alarmIdentifier)
                writer.field("proximity", transition.proximity.rawValue)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            transitions = try fields.list("transitions") { (value, path) throws(ResponseError) in
                let entry = try Fields.object(value, path: path)
                return GeofenceTransition(
                    reminderIdentifier: try entry.string("identifier"), alarmIdentifier: try entry.string("alarmIdentifier"),
                    proximity: try entry.enumValue("proximity", AlarmProximity.self))
            }
        }
    }
}
