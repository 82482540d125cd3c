import RemindersDatePhrases
import Foundation
import RemindersModel

/// Dates as a model writes them, read the way a person means them, through the people's grammar
/// every front end shares (`DatePhrase`, protocol.md's `interpretDate`): `"2026-12-24"` is that day
/// (all day), `"2026-12-24T09:00"` nine o'clock on the person's wall clock wherever they are
/// (floating), `"2026-12-24T09:00:00+01:00"` (or `Z`) one instant — kept as the person's wall
/// clock in their zone — and "tomorrow 9am", "in 3 days", "next monday" what the person said.
/// Never shifted to midnight or by the server's zone, the date bugs people report of other
/// reminder servers.
enum ModelDates {
    /// A due or start date's components: a day, a floating wall-clock time, or an instant kept as
    /// the person's wall clock in their zone.
    static func components(_ text: String, field: String, zone: TimeZone, now: Timestamp) throws(ToolFailure) -> ItemDateComponents {
        do throws(PhraseError) {
            return try DatePhrase(now: now, zone: zone).read(text).components
        } catch {
            throw ToolFailure(field: field, error.message)
        }
    }

    /// An instant for an alarm's `at`: a wall-clock time is read in the person's zone.
    static func instant(_ text: String, field: String, zone: TimeZone, now: Timestamp) throws(ToolFailure) -> Timestamp {
        let date = try components(text, field: field, zone: zone, now: now)
        guard !date.isAllDay else {
            throw ToolFailure(field: field, "an alarm needs a time as well as a day, e.g. \"\(text) 9am\"")
        }
        return date.instant(in: zone)
    }

    /// A search range's bound as an instant: a bare day is its 00:00 in the person's zone.
    static func boundary(_ text: String, field: String, zone: TimeZone, now: Timestamp) throws(ToolFailure) -> Timestamp {
        var date = try components(text, field: field, zone: zone, now: now)
        if date.isAllDay { (date.hour, date.minute) = (0, 0) }
        return date.instant(in: zone)
    }

    /// A repetition as a person says it ("every monday", "every month on the 1st") or an RRULE.
    static func rule(_ text: String, field: String) throws(ToolFailure) -> RecurrenceRule {
        do throws(PhraseError) {
            return try RepeatPhrase.read(text)
        } catch {
            throw ToolFailure(field: field, error.message)
        }
    }
}
