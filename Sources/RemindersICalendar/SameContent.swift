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
        copy.alarms = alarms.map { alarm in
            var alarm = alarm
            switch alarm.trigger {
            case .relative(let offset): alarm.trigger = .relative(offset: offset.rounded())
            case .absolute(let date): alarm.trigger = .absolute(date.wholeSeconds)
            case .location: break
            }
            return alarm
        }
        return copy
    }
}

extension Timestamp {
    var wholeSeconds: Timestamp { Timestamp(milliseconds: milliseconds.floorDivided(by: 1000) * 1000) }
}

extension ReminderDateComponents {
    var comparable: ReminderDateComponents {
        var copy = normalized
        if copy.hour != nil {
            copy.minute = copy.minute ?? 0
            copy.second = copy.second ?? 0
        }
        return copy
    }
}
