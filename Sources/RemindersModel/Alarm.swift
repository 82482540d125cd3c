/// When an alarm fires relative to a place (EKAlarmProximity).
public enum AlarmProximity: String, Sendable, CaseIterable {
    case none, enter, leave
}

public struct GeoLocation: Equatable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) { self.latitude = latitude; self.longitude = longitude }
}

/// A place an alarm watches (EKStructuredLocation). A radius of 0 or none means the system default.
public struct StructuredLocation: Equatable, Hashable, Sendable {
    public var title: String
    public var geoLocation: GeoLocation?
    /// Metres.
    public var radius: Double?

    public init(title: String, geoLocation: GeoLocation? = nil, radius: Double? = nil) {
        self.title = title; self.geoLocation = geoLocation; self.radius = radius
    }

    public static let maximumRadius = 1_000_000.0

    public func validate() throws(ValidationError) {
        if let geoLocation {
            guard geoLocation.latitude.isFinite, (-90...90).contains(geoLocation.latitude) else {
                throw ValidationError(field: "geoLocation.latitude", "latitude must be -90…90, got \(geoLocation.latitude)")
            }
            guard geoLocation.longitude.isFinite, (-180...180).contains(geoLocation.longitude) else {
                throw ValidationError(field: "geoLocation.longitude", "longitude must be -180…180, got \(geoLocation.longitude)")
            }
        }
        if let radius, !(radius.isFinite && (0...Self.maximumRadius).contains(radius)) {
            throw ValidationError(field: "radius", "radius must be 0…\(Int(Self.maximumRadius)) metres, got \(radius)")
        }
    }
}

/// A reminder's alarm (EKAlarm) with exactly one trigger.
public struct Alarm: Equatable, Hashable, Sendable {
    public enum Trigger: Equatable, Hashable, Sendable {
        /// Seconds from the reminder's due date (an event's start); negative = before.
        case relative(offset: Double)
        /// Seconds from the reminder's start date (RFC 5545's `TRIGGER;RELATED=START`, which
        /// Evolution and jtx Board write): a reminder's only, and it needs a start.
        case relativeToStart(offset: Double)
        case absolute(Timestamp)
        /// Fires on entering or leaving a place.
        case location(StructuredLocation, AlarmProximity)
    }

    public var alarmIdentifier: String
    public var trigger: Trigger
    /// An event's alarm its calendar counts from the end (`TRIGGER;RELATED=END`: Evolution's
    /// "10 minutes before the end"). Its `relative` offset is from the start, as EventKit's are;
    /// when the event's length changes here it moves with the end, and it is written back counting
    /// from the end, as it came.
    public var followsEnd: Bool

    public init(alarmIdentifier: String, trigger: Trigger, followsEnd: Bool = false) {
        self.alarmIdentifier = alarmIdentifier
        self.trigger = trigger
        self.followsEnd = followsEnd
    }

    /// Seconds from whichever date the alarm counts from (`isRelativeToStart` says which).
    public var relativeOffset: Double? {
        switch trigger {
        case .relative(let offset), .relativeToStart(let offset): return offset
        case .absolute, .location: return nil
        }
    }
    public var isRelativeToStart: Bool { if case .relativeToStart = trigger { return true } else { return false } }
    public var absoluteDate: Timestamp? { if case .absolute(let date) = trigger { return date } else { return nil } }
    public var structuredLocation: StructuredLocation? {
        if case .location(let location, _) = trigger { return location } else { return nil }
    }
    public var proximity: AlarmProximity { if case .location(_, let proximity) = trigger { return proximity } else { return .none } }

    /// Relative offsets are measured from the due date, so they need one (what Reminders does);
    /// those relative to the start need a start.
    public func validate(hasDueDate: Bool, hasStartDate: Bool = false) throws(ValidationError) {
        switch trigger {
        case .relative(let offset), .relativeToStart(let offset):
            guard offset.isFinite, abs(offset) <= 10 * 366 * 86_400 else {
                throw ValidationError(field: "relativeOffset", "relativeOffset must be a number of seconds within ten years")
            }
            if isRelativeToStart {
                guard hasStartDate else {
                    throw ValidationError(
                        field: "relativeTo", "an alarm relative to the start is measured from the start date, and this reminder has none")
                }
            } else {
                guard hasDueDate else {
                    throw ValidationError(field: "relativeOffset", "a relative alarm is measured from the due date, and this reminder has none")
                }
            }
        case .absolute:
            break
        case .location(let location, let proximity):
            try within("structuredLocation") { () throws(ValidationError) in try location.validate() }
            guard proximity != .none else {
                throw ValidationError(field: "proximity", "a location alarm needs proximity \"enter\" or \"leave\"")
            }
            guard location.geoLocation != nil else {
                throw ValidationError(
                    field: "structuredLocation.geoLocation", reason: .alarmProximityNotSupported,
                    "proximity \(proximity.rawValue) needs a structured location with a geoLocation")
            }
        }
    }
}
