import Foundation
import RemindersModel

/// When a reminder or an event reminds: at a date, at an offset from its due date (a reminder's)
/// or start (an event's), or on arriving at or leaving a place (`structuredLocation` and `proximity`).
open class EKAlarm: EKObject {  // not Sendable, as Apple's is not
    /// The store's identifier for it, once saved.
    var alarmIdentifier: String?
    private var offset: TimeInterval = 0
    private var date: Date?
    /// What the alarm was read as counting from (remindersd's `relativeTo`: a reminder's start, or
    /// an event's end it moves with), sent back so.
    private var countsFrom: Anchor?
    private enum Anchor { case start, end }

    public override init() { super.init() }

    public convenience init(relativeOffset offset: TimeInterval) {
        self.init()
        relativeOffset = offset
    }

    public convenience init(absoluteDate date: Date) {
        self.init()
        absoluteDate = date
    }

    /// Seconds from the due date or start (negative: before). Setting it clears `absoluteDate`.
    open var relativeOffset: TimeInterval {
        get { offset }
        set { offset = newValue; date = nil }
    }

    /// Setting it clears `relativeOffset`.
    open var absoluteDate: Date? {
        get { date }
        set { date = newValue; if newValue != nil { offset = 0 } }
    }

    open var structuredLocation: EKStructuredLocation?
    open var proximity: EKAlarmProximity = .none

    /// A Mac's email alarm: sent with the save, which remindersd refuses as iOS does
    /// (`EKError.reminderAlarmContainsEmailOrUrl`): its alarms are shown, not mailed.
    open var emailAddress: String?
    /// A Mac's procedure alarm, refused the same way.
    @available(macOS, deprecated: 10.9)
    open var url: URL? {
        get { procedure }
        set { procedure = newValue }
    }
    private var procedure: URL?
    /// The sound a Mac plays: kept by this object only, never saved — remindersd's alarms are the
    /// desktop's notifications, with the desktop's sound (clients/swift/README.md, "Left out").
    open var soundName: String?

    /// What the alarm does, from what is set: an email, a procedure, a sound, or a notice.
    open var type: EKAlarmType {
        if emailAddress != nil { return .email }
        if procedure != nil { return .procedure }
        return soundName != nil ? .audio : .display
    }

    /// The alarm as a save sends it. An email or a procedure is refused, as iOS refuses them for
    /// reminders: remindersd's alarms are shown, never mailed or run.
    func draft() throws(EKError) -> AlarmDraft {
        if emailAddress != nil || procedure != nil {
            throw EKError(.reminderAlarmContainsEmailOrUrl, message: "reminder alarms cannot send email or open a URL")
        }
        let trigger: Alarm.Trigger
        if let structuredLocation, proximity != .none {
            trigger = .location(structuredLocation.model, proximity.model)
        } else if let date {
            trigger = .absolute(FoundationValues.timestamp(date))
        } else {
            trigger = countsFrom == .start ? .relativeToStart(offset: offset) : .relative(offset: offset)
        }
        return AlarmDraft(alarmIdentifier: alarmIdentifier, trigger: trigger, followsEnd: countsFrom == .end)
    }

    convenience init(_ alarm: Alarm) {
        self.init()
        alarmIdentifier = alarm.alarmIdentifier
        switch alarm.trigger {
        case .relative(let offset):
            relativeOffset = offset
            if alarm.followsEnd { countsFrom = .end }
        case .relativeToStart(let offset):
            relativeOffset = offset
            countsFrom = .start
        case .absolute(let date): absoluteDate = FoundationValues.date(date)
        case .location(let place, let proximity):
            structuredLocation = EKStructuredLocation(place)
            self.proximity = EKAlarmProximity(proximity)
        }
    }
}
