/// EventKit's rules for saving an event, beyond those of every calendar item, with EKError's
/// names as reasons.
extension CalendarItemRules {
    public func validate(_ event: Event) throws(ValidationError) {
        guard event.duration >= 0 else { throw ValidationError(field: "endDate", reason: .datesInverted, "endDate is before startDate") }
        try validateCommon(event)
        try within("startDate") { () throws(ValidationError) in try event.start.validate() }
        // What iCalendar (and the store) can write is a four-digit year.
        guard event.start.shifted(byWallClockSeconds: event.duration / 1000 + 86_400).year <= 9999 else {
            throw ValidationError(field: "endDate", "the event would end after the year 9999")
        }
        guard event.recurrenceRules.count <= 1 else {
            throw ValidationError(field: "recurrenceRules", "an event has at most one recurrence rule, as EventKit allows")
        }
        if let rule = event.recurrenceRules.first {
            // The next occurrence must not start before this one ends (EKErrorDurationGreaterThanRecurrence).
            if let next = rule.occurrence(after: event.start, in: .utc) {
                let gap = next.instant(in: .utc).milliseconds - event.start.instant(in: .utc).milliseconds
                guard event.duration <= gap else {
                    throw ValidationError(
                        field: "endDate", reason: .durationGreaterThanRecurrence, "the event lasts longer than its recurrence interval")
                }
            }
        }
        if let structuredLocation = event.structuredLocation {
            do throws(ValidationError) { try structuredLocation.validate() } catch { throw error.prefixed("structuredLocation") }
        }
        for (index, alarm) in event.alarms.enumerated() {
            do throws(ValidationError) { try alarm.validate(hasDueDate: true, hasStartDate: true) } catch { throw error.prefixed("alarms[\(index)]") }
        }
    }
}
