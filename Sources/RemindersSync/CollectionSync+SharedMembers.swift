import RemindersCalDAV
import Foundation
import RemindersICalendarFormat
import RemindersStore

/// A member holding a VEVENT and a VTODO of one UID (as some clients keep a task with its event)
/// belongs to both calendars a mixed collection is here: each writes only its part, and a removal
/// here takes out only its part, never the other's.
extension CollectionSync {
    /// The member's text without this calendar's part, when the server's version of it also holds
    /// another kind's; nil when the part is all there is (a plain removal).
    func remainder(of item: SyncedItem) throws -> String? {
        guard try eventStore.read({ store throws(StoreError) in try store.collectionIsShared(collection) }) else { return nil }
        guard case .success(let fetched) = attempt({ () throws(DAVError) in try there.items([item.href]) }),
            let member = fetched.first, let text = member.text,
            var calendar = try? Component.parse(text).first(where: { $0.name == "VCALENDAR" })
        else { return nil }
        let mine = there.component.rawValue
        let parts = ["VEVENT", "VTODO", "VJOURNAL"]
        guard calendar.components.contains(where: { parts.contains($0.name) && $0.name != mine }) else { return nil }
        calendar.components.removeAll { $0.name == mine }
        return calendar.text
    }
}
