import RemindersModel

extension Reminder {
    /// The same reminder as far as iCalendar can say: every mapped field, compared as iCalendar
    /// holds them — instants to the second, `9:00` the same as `9` — but not the store's
    /// identifiers, the list, the modification stamp or the item time zone. What tells a server
    /// that rewrote an item from one that changed it.
    public func sameContent(as other: Reminder) -> Bool {
        comparable == other.comparable
    }

    private var comparable: Reminder {
        var copy = self
        copy.calendarItemIdentifier = ""
        copy.calendarIdentifier = ""
        copy.lastModifiedDate = Timestamp(milliseconds: 0)
        copy.timeZone = nil
        copy.creationDate = creationDate.wholeSeconds
        copy.completionDate = completionDate?.wholeSeconds
        copy.startDateComponents = startDateComponents?.comparable
        copy.dueDateComponents = dueDateComponents?.comparable
        copy.alarms = alarms.map(\.comparable)
        // What the series did before the occurrence shown is no difference (a reading leaves it out).
        if let key = currentOccurrenceKey { copy.series = series.pruned(before: key) }
        return copy
    }
}

extension Event {
    /// The same event as far as iCalendar can say, as `Reminder.sameContent(as:)` has it: not the
    /// store's identifiers (nor the series a detached occurrence names), the calendar or the
    /// modification stamp.
    public func sameContent(as other: Event) -> Bool {
        comparable == other.comparable
    }

    private var comparable: Event {
        var copy = self
        copy.eventIdentifier = ""
        copy.calendarIdentifier = ""
        copy.seriesIdentifier = seriesIdentifier == nil ? nil : ""
        copy.lastModifiedDate = Timestamp(milliseconds: 0)
        copy.creationDate = creationDate.wholeSeconds
        copy.start = start.comparable
        copy.duration = duration.floorDivided(by: 1000) * 1000
        copy.exceptionDates = Array(Set(exceptionDates)).sorted()  // a set, however it was written
        copy.alarms = alarms.map(\.comparable)
        return copy
    }
}

extension Alarm {
    /// To the second, as iCalendar holds triggers.
    var comparable: Alarm {
        var alarm = self
        switch alarm.trigger {
        case .relative(let offset): alarm.trigger = .relative(offset: offset.rounded())
        case .relativeToStart(let offset): alarm.trigger = .relativeToStart(offset: offset.rounded())
        case .absolute(let date): alarm.trigger = .absolute(date.wholeSeconds)
        case .location: break
        }
        return alarm
    }
}

extension Timestamp {
    var wholeSeconds: Timestamp { Timestamp(milliseconds: milliseconds.floorDivided(by: 1000) * 1000) }
}

extension ItemDateComponents {
    var comparable: ItemDateComponents {
        var copy = normalized
        if copy.hour != nil {
            copy.minute = copy.minute ?? 0
            copy.second = copy.second ?? 0
        }
        return copy
    }
}
