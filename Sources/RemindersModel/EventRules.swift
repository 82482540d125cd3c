/// EventKit's rules for saving an event, with EKError's names as reasons.
extension Event {
    public static let maximumTitleLength = 1024

    public func validate() throws(ValidationError) {
        guard duration >= 0 else { throw ValidationError(field: "endDate", reason: .datesInverted, "endDate is before startDate") }
        guard title.utf8.count <= Self.maximumTitleLength else {
            throw ValidationError(field: "title", "title is longer than \(Self.maximumTitleLength) bytes")
        }
        guard recurrenceRules.count <= 1 else {
            throw ValidationError(field: "recurrenceRules", "an event has at most one recurrence rule, as EventKit allows")
        }
        if let rule = recurrenceRules.first {
            do throws(ValidationError) { try rule.validate() } catch { throw error.prefixed("recurrenceRules[0]") }
            // The next occurrence must not start before this one ends (EKErrorDurationGreaterThanRecurrence).
            if let next = rule.occurrence(after: start, in: .utc) {
                let gap = next.instant(in: .utc).milliseconds - start.instant(in: .utc).milliseconds
                guard duration <= gap else {
                    throw ValidationError(field: "endDate", reason: .durationGreaterThanRecurrence, "the event lasts longer than its recurrence interval")
                }
            }
        }
        if let structuredLocation {
            do throws(ValidationError) { try structuredLocation.validate() } catch { throw error.prefixed("structuredLocation") }
        }
        for (index, alarm) in alarms.enumerated() {
            do throws(ValidationError) { try alarm.validate(hasDueDate: true) } catch { throw error.prefixed("alarms[\(index)]") }
        }
    }
}
