import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// The event and the occurrences a tool acts on. A repeating event needs a `span`: deleting or
/// changing a whole series when one occurrence was meant is the mistake people report of other
/// calendar servers, so remindersd never picks one for the model. On an event that does not
/// repeat, span and occurrence are accepted and ignored, as EventKit ignores the span.
struct EventTarget {
    /// The occurrence named (the first one when none is).
    let occurrence: EventOccurrence
    /// What the method is given: the occurrence's place in its series, and the span; both nil for
    /// an event that does not repeat.
    let occurrenceDate: Timestamp?
    let span: EventSpan?

    static let properties: [ObjectRule.Property] = [
        .init("id", EventMethod.param("identifier"), required: true),
        .init(
            "occurrence",
            .string("Which occurrence of a repeating event: its day, or its start (\(ReminderFields.dateForms)); absent: the first.")),
        .init(
            "span", .oneOf(EventSpan.allCases.map(\.rawValue)),
            description: "Required when the event repeats: thisEvent (only that occurrence) or futureEvents (it and every later one)."),
    ]

    static func read(_ fields: Fields) throws(ResponseError) -> (id: String, occurrence: String?, span: EventSpan?) {
        (try fields.string("id"), try fields.optionalString("occurrence"), try fields.optionalEnum("span", EventSpan.self))
    }

    static func resolve(id: String, occurrence said: String?, span: EventSpan?, _ call: ToolCall) throws(ToolFailure) -> EventTarget {
        guard let first = try call.call(EventMethod.self, EventMethod.Params(identifier: id)).event else {
            throw ToolFailure(field: "id", "no event has the identifier \(id.prefix(80))")
        }
        guard !first.event.recurrenceRules.isEmpty else { return EventTarget(occurrence: first, occurrenceDate: nil, span: nil) }
        guard let span else {
            throw ToolFailure(
                field: "span",
                "\"\(first.event.title)\" repeats: give span thisEvent (only the occurrence) or futureEvents (it and every later one)")
        }
        guard let said else { return EventTarget(occurrence: first, occurrenceDate: first.occurrenceStart.instant(in: call.zone), span: span) }
        let named = try ModelDates.components(said, field: "occurrence", zone: call.zone, now: call.now)
        let found = named.isAllDay && !first.event.isAllDay ? try onDay(named, of: id, call) : try at(named.instant(in: call.zone), of: id, call)
        guard let found else { throw ToolFailure(field: "occurrence", "\(said) is not an occurrence of \"\(first.event.title)\"") }
        return EventTarget(occurrence: found, occurrenceDate: found.occurrenceStart.instant(in: call.zone), span: span)
    }

    private static func at(_ instant: Timestamp, of id: String, _ call: ToolCall) throws(ToolFailure) -> EventOccurrence? {
        try call.call(EventMethod.self, EventMethod.Params(identifier: id, occurrenceDate: instant)).event
    }

    /// The series' occurrence that starts on `day` in the person's zone, as they name it by its day.
    private static func onDay(_ day: ItemDateComponents, of id: String, _ call: ToolCall) throws(ToolFailure) -> EventOccurrence? {
        let start = day.instant(in: call.zone)
        let params: FetchEvents.Params
        do throws(ResponseError) { params = try FetchEvents.Params(start: start, end: start.advanced(by: 86_400_000)) } catch {
            throw ToolFailure(error)
        }
        return try call.call(FetchEvents.self, params).events.first { $0.event.eventIdentifier == id || $0.event.seriesIdentifier == id }
    }
}
