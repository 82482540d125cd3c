import Foundation
import RemindersHTTPServer
import RemindersICalendar
import RemindersICalendarFormat
import RemindersModel
import RemindersStore
import RemindersWebDAV

/// PUT and DELETE of an item: what an app writes goes through the store's own saving path
/// (EventKit's rules, the grant's lists, the history naming the app, `storeChanged` to every
/// client, the agent's alarms, the next sync to the phone's server), with the preconditions a
/// CalDAV client sends (`If-Match`, `If-None-Match: *`), and what it wrote is kept beside the
/// item, so a GET gives it back with what others changed since written over it.
extension AppView {
    func put(_ path: FacePath, body: [UInt8], headers: HTTPHeaders) throws(FaceError) -> HTTPResponse {
        guard case .item(_, let identifier, let name) = path else {
            throw FaceError(status: 405, message: "PUT writes an item (\(FacePath.prefix)APP/CALENDAR/NAME.ics)")
        }
        let calendar = try calendar(identifier)
        guard !isReadOnly(calendar) else { throw Self.readOnly(calendar) }
        guard let text = String(validating: body, as: UTF8.self) else { throw Self.invalidData("the body is not UTF-8") }
        // What kind of object it is, before it is read as one: an event sent to a list is the
        // wrong kind (RFC 4791's supported-calendar-component), not bad data.
        let parsed: [Component]
        do throws(ICalendarError) { parsed = try Component.parse(text) } catch { throw Self.invalidData(error.description) }
        guard let wrapper = parsed.first(where: { $0.name == "VCALENDAR" }) else { throw Self.invalidData("no VCALENDAR") }
        let kind = calendar.entityType == .reminder ? "VTODO" : "VEVENT"
        guard wrapper.components.contains(where: { $0.name == kind }) else {
            throw .forbidden(
                "\(calendar.title) holds \(calendar.entityType == .reminder ? "to-dos" : "events") (\(kind)); this object has none",
                PropertyName(DAVNamespace.calDAV, "supported-calendar-component"))
        }
        let written: (created: Bool, etag: String?)
        switch calendar.entityType {
        case .reminder: written = try putReminder(text, named: name, in: calendar, headers: headers)
        case .event: written = try putEvent(wrapper, text: text, named: name, in: calendar, headers: headers)
        }
        var answerHeaders = HTTPHeaders()
        if let etag = written.etag { answerHeaders.add("ETag", etag) }
        return HTTPResponse(status: written.created ? 201 : 204, headers: answerHeaders)
    }

    private func putReminder(_ text: String, named name: String, in calendar: ItemCalendar, headers: HTTPHeaders) throws(FaceError) -> (
        created: Bool, etag: String?
    ) {
        let object: CalendarObject
        do throws(ICalendarError) { object = try CalendarObject(parsing: text) } catch { throw Self.invalidData(error.description) }
        let reading: TodoReading
        do throws(ICalendarError) { reading = try TodoReader.read(object, now: now) } catch { throw Self.invalidData(error.description) }
        // Checked and written in one transaction; a refusal writes nothing.
        let outcome = try write { store throws(StoreError) -> Result<(created: Bool, etag: String?), FaceError> in
            let existing = try FaceItems.item(named: name, in: calendar, store: store)
            if let refusal = Self.check(headers, against: existing) { return .failure(refusal) }
            let sameUID = try store.reminders(externalIdentifier: reading.uid).first {
                $0.calendarIdentifier == calendar.calendarIdentifier && $0.calendarItemIdentifier != existing?.identifier
            }
            if let sameUID { return .failure(try uidConflict(reading.uid, with: sameUID.calendarItemIdentifier, in: calendar, store: store)) }
            var reminder = reading.reminder
            reminder.calendarIdentifier = calendar.calendarIdentifier
            reminder.parentIdentifier = try reading.parentUID.flatMap { uid throws(StoreError) in
                try store.reminders(externalIdentifier: uid).first { $0.calendarIdentifier == calendar.calendarIdentifier }?.calendarItemIdentifier
            }
            let written = try eventStore.writeInterchanged(
                reminder, calendarObject: nil, over: existing.map { ItemVersion(identifier: $0.identifier, lastChange: $0.version) },
                requireWritable: true, keepingCalendarObject: true)
            return .success(try kept(text, as: written.calendarItemIdentifier, named: name, in: calendar, created: existing == nil, store: store))
        }
        return try outcome.get()
    }

    /// What the app wrote, kept beside the item under the name it chose, and the answer's
    /// ETag: a strong one only when a GET gives back these very bytes (RFC 4791 §5.3.4).
    func kept(_ text: String, as identifier: String, named name: String, in calendar: ItemCalendar, created: Bool, store: CalendarStore)
        throws(StoreError) -> (created: Bool, etag: String?)
    {
        try store.setDAVObject(DAVObject(item: identifier, calendar: calendar.calendarIdentifier, name: name, text: text))
        guard let item = try FaceItems.item(identifier, in: calendar, store: store) else { return (created, nil) }
        let stored = try FaceItems.text(of: item, in: calendar, store: store, now: now)
        return (created, stored == text ? item.etag : nil)
    }

    /// RFC 4791's no-uid-conflict: another member of the calendar has this UID.
    func uidConflict(_ uid: String, with identifier: String, in calendar: ItemCalendar, store: CalendarStore) throws(StoreError) -> FaceError {
        let href = FacePath.item(
            app: login.app.name, calendar: try Self.segment(of: calendar, in: store),
            name: try FaceItems.item(identifier, in: calendar, store: store)?.name ?? ""
        ).href
        return .forbidden("\(href) has the UID \(uid.prefix(80)) already", PropertyName(DAVNamespace.calDAV, "no-uid-conflict"))
    }

    func delete(_ path: FacePath, headers: HTTPHeaders) throws(FaceError) -> HTTPResponse {
        if case .collection(_, let segment) = path { return try deleteCalendar(segment) }
        guard case .item(_, let identifier, let name) = path else {
            throw FaceError(status: 405, message: "DELETE removes an item or a calendar")
        }
        let calendar = try calendar(identifier)
        guard !isReadOnly(calendar) else { throw Self.readOnly(calendar) }
        let outcome = try write { store throws(StoreError) -> Result<Void, FaceError> in
            guard let existing = try FaceItems.item(named: name, in: calendar, store: store) else {
                return .failure(.notFound("there is no \(name.prefix(80)) in \(calendar.title)"))
            }
            if let refusal = Self.check(headers, against: existing) { return .failure(refusal) }
            let version = headers["If-Match"] == nil ? nil : existing.version
            switch calendar.entityType {
            case .reminder: try eventStore.removeReminder(identifier: existing.identifier, lastModifiedDate: version, commit: true)
            case .event: try eventStore.removeEvent(identifier: existing.identifier, occurrenceDate: nil, span: nil, commit: true)
            }
            return .success(())
        }
        try outcome.get()
        return HTTPResponse(status: 204)
    }

    /// `If-Match` (the ETag the client last saw, or `*` for any) and `If-None-Match: *` (only when
    /// there is none yet), as RFC 9110 says: 412 when they do not hold.
    static func check(_ headers: HTTPHeaders, against existing: FaceItem?) -> FaceError? {
        if let match = headers["If-Match"]?.trimmingCharacters(in: .whitespaces) {
            let tags = match.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let existing, tags.contains("*") || tags.contains(existing.etag) else {
                return .preconditionFailed("the item changed since \(match.prefix(60)) (it is \(existing?.etag ?? "gone") now)")
            }
        }
        if headers["If-None-Match"]?.trimmingCharacters(in: .whitespaces) == "*", let existing {
            return .preconditionFailed("\(existing.name) exists already (\(existing.etag))")
        }
        return nil
    }

    /// `body` in one write transaction; the store's refusals as the statuses a CalDAV client knows.
    func write<T>(_ body: (CalendarStore) throws(StoreError) -> T) throws(FaceError) -> T {
        do {
            return try eventStore.write(body)
        } catch {
            throw Self.status(of: error)
        }
    }

    static func readOnly(_ calendar: ItemCalendar) -> FaceError {
        .forbidden("\(calendar.title) is read-only for this app", PropertyName(DAVNamespace.dav, "need-privileges"))
    }

    /// The store's refusals as the statuses a CalDAV client knows: EventKit's rules broken 403
    /// (with the field and the rule), a change meanwhile 412.
    static func status(of error: StoreError) -> FaceError {
        switch error {
        case .invalid(let validation): return .forbidden(validation.description)
        case .conflict: return .preconditionFailed("the item changed while it was written: read it again")
        case .notFound(let kind, let identifier): return .notFound("there is no \(kind) \(identifier)")
        default: return FaceError(status: 503, message: "the store could not write: \(error)")
        }
    }

    static func invalidData(_ reason: String) -> FaceError {
        FaceError(
            status: 400, message: "not a calendar object this server can keep: \(reason)",
            precondition: PropertyName(DAVNamespace.calDAV, "valid-calendar-data"))
    }
}
