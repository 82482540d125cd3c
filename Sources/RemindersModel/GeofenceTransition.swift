/// A location alarm's crossing that fires: the person entered (or left) its place.
public struct GeofenceTransition: Equatable, Sendable {
    public var reminderIdentifier: String
    public var alarmIdentifier: String
    public var proximity: AlarmProximity

    public init(reminderIdentifier: String, alarmIdentifier: String, proximity: AlarmProximity) {
        (self.reminderIdentifier, self.alarmIdentifier, self.proximity) = (reminderIdentifier, alarmIdentifier, proximity)
    }
}
