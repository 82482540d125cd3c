import Foundation
import RemindersModel

/// Lists named as the owner or a client names them — a title (ignoring case) or an identifier —
/// made into a scope (issue 39): each must name exactly one calendar of the kind, or it is refused.
public enum ListNames {
    /// `names` as a scope; `readOnly` ones may only be read.
    public static func scope(
        _ names: [String], readOnly: [String] = [], entityType: EntityType, in store: CalendarStore
    ) throws(StoreError) -> CalendarScope {
        try scope(names, readOnly: readOnly, entityType: entityType, among: try store.calendars(for: entityType))
    }

    /// `names` as a scope of `calendars` (a client's: those it sees, so a list outside its grant is
    /// as unknown to it as one that does not exist).
    public static func scope(
        _ names: [String], readOnly: [String] = [], entityType: EntityType, among calendars: [ItemCalendar]
    ) throws(StoreError) -> CalendarScope {
        var scope = CalendarScope()
        for (name, isReadOnly) in names.map({ ($0, false) }) + readOnly.map({ ($0, true) }) {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            let found =
                calendars.filter { $0.calendarIdentifier == trimmed }.first.map { [$0] }
                ?? calendars.filter { $0.title.caseInsensitiveCompare(trimmed) == .orderedSame }
            let noun = entityType == .reminder ? "list" : "event calendar"
            guard let calendar = found.first else { throw .invalid(ValidationError(field: "lists", "there is no \(noun) \"\(trimmed)\"")) }
            guard found.count == 1 else {
                throw .invalid(ValidationError(field: "lists", "\(found.count) \(noun)s are titled \"\(trimmed)\": name one by its identifier"))
            }
            // Named both ways, it is read-only: the narrower grant wins.
            scope.calendars[calendar.calendarIdentifier] = isReadOnly || scope.calendars[calendar.calendarIdentifier] == true
        }
        return scope
    }
}
