import RemindersCalDAV
import RemindersModel

extension CalendarComponent {
    /// The component a calendar of this kind syncs: VTODOs for a list, VEVENTs for events.
    init(_ entityType: EntityType) {
        switch entityType {
        case .reminder: self = .todo
        case .event: self = .event
        }
    }
}
