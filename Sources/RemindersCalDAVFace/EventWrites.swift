import RemindersHTTPServer
import RemindersICalendar
import RemindersICalendarFormat
import RemindersModel
import RemindersStore

/// PUT of an event: the whole series an app writes — its VEVENT and its overrides, one calendar
/// object — read with the sync's codec and written over the series of that name (or as a new
/// one) through the store's saving path, within the app's grant.
extension AppView {
    func putEvent(_ wrapper: Component, text: String, named name: String, in calendar: ItemCalendar, headers: HTTPHeaders) throws(FaceError)
        -> (created: Bool, etag: String?)
    {
        let reading: EventReader.Reading
        do throws(ICalendarError) { reading = try EventReader.read(wrapper, now: now, zone: eventStore.timeZone) } catch {
            throw Self.invalidData(error.description)
        }
        let outcome = try write { store throws(StoreError) -> Result<(created: Bool, etag: String?), FaceError> in
            let existing = try FaceItems.item(named: name, in: calendar, store: store)
            if let refusal = Self.check(headers, against: existing) { return .failure(refusal) }
            let sameUID = try store.events(externalIdentifier: reading.uid).first {
                !$0.isDetached && $0.calendarIdentifier == calendar.calendarIdentifier && $0.eventIdentifier != existing?.identifier
            }
            if let sameUID { return .failure(try uidConflict(reading.uid, with: sameUID.eventIdentifier, in: calendar, store: store)) }
            let written = try eventStore.writeClientEvent(
                reading.series, detached: reading.detached, into: calendar.calendarIdentifier,
                over: existing.map { ItemVersion(identifier: $0.identifier, lastChange: $0.version) })
            return .success(try kept(text, as: written.eventIdentifier, named: name, in: calendar, created: existing == nil, store: store))
        }
        return try outcome.get()
    }
}
