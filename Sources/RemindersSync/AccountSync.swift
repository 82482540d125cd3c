import RemindersAccountSecrets
import RemindersCalDAV
import Foundation
import RemindersModel
import RemindersStore

/// One account: the server found (once; the home is kept), its collections matched to calendars —
/// a collection of VTODOs is a reminder list, one of VEVENTs an event calendar, one of both is
/// both; new ones become calendars here, calendars made here are made there (MKCALENDAR),
/// calendars whose collection went are removed here — and each calendar synced.
struct AccountSync {
    let account: SyncAccount
    let eventStore: EventStore
    let options: SyncOptions
    let progress: (String, Double) -> Void

    func run() -> AccountReport {
        var report = AccountReport(name: account.name)
        // What the sync writes is in the history as the account's doing.
        eventStore.author = ChangeAuthor(client: "remindersd-sync", program: CommandLine.arguments.first ?? "remindersd-sync", account: account.name)
        guard let base = URL(string: account.url) else {
            report.error = "account \(account.name): \(account.url) is not a URL"
            return report
        }
        let http: HTTPClient
        do {
            let password = try PasswordSource.password(for: account)
            http = HTTPClient(
                credentials: account.username.map { Credentials(username: $0, password: password ?? "") },
                timeout: account.timeout)
        } catch {
            report.error = "account \(account.name): \(error)"
            return report
        }
        let client = CalDAVClient(base: base, http: http)
        // Allowed by the owner (`--allow-insecure-http`), said once per run all the same.
        if ClearText.exposesPassword(account.url) { report.notes.append(ClearText.warning(account.url)) }
        sync(client, into: &report)
        report.requests = http.requestCount
        return report
    }

    private func sync(_ client: CalDAVClient, into report: inout AccountReport) {
        do {
            var home = account.home ?? ""
            var remotes: [RemoteCollection] = []
            var found = false
            if !home.isEmpty {
                switch attempt({ () throws(DAVError) in try client.collections(home: home) }) {
                case .success(let collections): remotes = collections; found = true
                case .failure(.notFound): break  // moved: discover it again
                case .failure(let error): throw error
                }
            }
            if !found {
                home = try client.findHome()
                if !options.dryRun { try eventStore.write { store throws(StoreError) in try store.setHome(home, ofAccount: account.name) } }
                remotes = try client.collections(home: home)
            }
            var locals = try eventStore.read { store throws(StoreError) in try store.syncedCollections(account: account.name) }
            try removeRemoved(&remotes, locals: locals, client: client, report: &report)
            try adopt(remotes, into: &locals, report: &report)
            try chooseDefaultList(&locals, report: &report)
            try makeNew(&locals, home: home, client: client, remotes: &remotes, report: &report)
            try dropGone(locals, remotes: remotes, report: &report)
            let byHref = Dictionary(remotes.map { ($0.href, $0) }, uniquingKeysWith: { first, _ in first })
            let synced = locals.filter { local in local.href.flatMap { byHref[$0] }.map { Self.holds($0, local.entityType) } ?? false }
            for (index, collection) in synced.enumerated() {
                if options.isCancelled() { throw SyncError("cancelled") }
                let title =
                    (try? eventStore.read { store throws(StoreError) in try store.calendar(identifier: collection.calendarIdentifier) })??.title
                    ?? collection.title ?? ""
                progress("\(account.name): \(title)", Double(index) / Double(max(synced.count, 1)))
                var list =
                    report.lists.first { $0.calendarIdentifier == collection.calendarIdentifier }
                    ?? ListReport(calendarIdentifier: collection.calendarIdentifier, title: title)
                let kind: any SyncKind.Type = collection.entityType == .event ? EventSyncKind.self : ReminderSyncKind.self
                try sync(kind, collection, client: client, remote: byHref[collection.href ?? ""], into: &list, report: &report)
                report.lists.upsert(list)
            }
        } catch let error as DAVError {
            report.error = "account \(account.name): \(describe(error))"
        } catch {
            report.error = "account \(account.name): \(error)"
        }
    }

    /// One calendar's sync, its outcome in its line of the report: a failure ends the calendar's
    /// sync, and the account's too when the server is out of reach or refuses the credentials.
    private func sync<Kind: SyncKind>(
        _ kind: Kind.Type, _ collection: SyncedCollection, client: CalDAVClient, remote: RemoteCollection?, into list: inout ListReport,
        report: inout AccountReport
    ) throws {
        let sync = CollectionSync<Kind>(
            client: client, eventStore: eventStore, collection: collection, remote: remote, options: options, report: list)
        do {
            try sync.run()
            list = sync.report
        } catch let error as DAVError {
            list = sync.report
            list.error = describe(error)
            if error == .unauthorized || error.isTransient { report.lists.upsert(list); throw error }
        } catch {
            list = sync.report
            list.error = "\(error)"
        }
    }

    private func describe(_ error: DAVError) -> String {
        error == .unauthorized ? "\(error) (account \(account.name), user \(account.username ?? "none"))" : error.description
    }

    /// Whether a collection holds what a calendar of this kind syncs.
    static func holds(_ remote: RemoteCollection, _ entityType: EntityType) -> Bool {
        remote.components.contains(CalendarComponent(entityType))
    }

    /// Calendars removed here take their collection with them — unless it changed there since the
    /// last sync (its token or ctag moved: another client added to it), when it comes back; or its
    /// other kind is still synced here (a collection of to-dos and events), when it stays there
    /// and this calendar comes back.
    private func removeRemoved(
        _ remotes: inout [RemoteCollection], locals: [SyncedCollection], client: CalDAVClient,
        report: inout AccountReport
    ) throws {
        for removed in try eventStore.read({ store throws(StoreError) in try store.removedCollections(account: account.name) }) {
            guard let index = remotes.firstIndex(where: { $0.href == removed.href }) else {
                if !options.dryRun {
                    try eventStore.write { store throws(StoreError) in try store.forgetRemovedCollection(href: removed.href, account: account.name) }
                }
                continue
            }
            let remote = remotes[index]
            let title = remote.displayName ?? removed.href
            if let other = locals.first(where: { $0.href == removed.href }) {
                let kind = other.entityType == .event ? "events" : "reminders"
                report.notes.append(
                    "\(title) was removed here, but its \(kind) are still synced here, so it stays on the server and comes back; "
                        + "remove both to remove it there")
                if !options.dryRun {
                    try eventStore.write { store throws(StoreError) in try store.forgetRemovedCollection(href: removed.href, account: account.name) }
                }
                continue
            }
            let unchanged = remote.ctag != nil && remote.ctag == removed.ctag
            guard unchanged, remote.isWritable else {
                report.notes.append("\(title) was removed here but changed on the server (or may not be removed there): it comes back")
                if !options.dryRun {
                    try eventStore.write { store throws(StoreError) in try store.forgetRemovedCollection(href: removed.href, account: account.name) }
                }
                continue
            }
            report.notes.append("\(title) was removed here: removed on the server too")
            remotes.remove(at: index)
            if options.dryRun { continue }
            switch attempt({ () throws(DAVError) in try client.delete(removed.href, .none) }) {
            case .success, .failure(.notFound): break
            case .failure(let error): throw error
            }
            try eventStore.write { store throws(StoreError) in try store.forgetRemovedCollection(href: removed.href, account: account.name) }
        }
    }

    /// Collections found on the server with no calendar of their kind here become calendars.
    private func adopt(_ remotes: [RemoteCollection], into locals: inout [SyncedCollection], report: inout AccountReport) throws {
        let known = Set(locals.compactMap { local in local.href.map { "\(local.entityType.rawValue) \($0)" } })
        for remote in remotes {
            for entityType in EntityType.allCases where Self.holds(remote, entityType) && !known.contains("\(entityType.rawValue) \(remote.href)") {
                try adopt(remote, as: entityType, into: &locals, report: &report)
            }
        }
    }

    private func adopt(
        _ remote: RemoteCollection, as entityType: EntityType, into locals: inout [SyncedCollection],
        report: inout AccountReport
    ) throws {
        let title = remote.displayName ?? remote.href.split(separator: "/").last.map { String($0).removingPercentEncoding ?? String($0) } ?? "CalDAV"
        let color = remote.color ?? (entityType == .event ? ItemCalendar.defaultEventColor : ItemCalendar.defaultColor)
        let list = ItemCalendar(
            calendarIdentifier: Identifiers.make(), title: title, color: color,
            allowsContentModifications: remote.isWritable, entityType: entityType)
        var lineReport = ListReport(calendarIdentifier: list.calendarIdentifier, title: title)
        lineReport.created = true
        report.lists.append(lineReport)
        if options.dryRun { return }
        let collection = SyncedCollection(
            calendarIdentifier: list.calendarIdentifier, account: account.name, entityType: entityType,
            href: remote.href, title: title, color: list.color)
        try eventStore.write { store throws(StoreError) in try store.addSyncedCollection(collection, list: list, now: options.now()) }
        locals.append(collection)
    }

    /// What `accounts add` asked: one of the account's lists takes new reminders from now on, so
    /// what is added here reaches the phone — the one named, else "Reminders" or "Tasks", else the
    /// first by title; made here (and by `makeNew` there) when the account has none.
    private func chooseDefaultList(_ locals: inout [SyncedCollection], report: inout AccountReport) throws {
        guard let wanted = account.defaultList, !options.dryRun else { return }
        let identifiers = locals.filter { $0.entityType == .reminder }.map(\.calendarIdentifier)
        let lists = try eventStore.read { store throws(StoreError) -> [ItemCalendar] in
            var lists: [ItemCalendar] = []
            for identifier in identifiers {
                if let list = try store.calendar(identifier: identifier), list.allowsContentModifications { lists.append(list) }
            }
            return lists.sorted { $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending }
        }
        let titles = wanted.isEmpty ? SyncAccount.preferredDefaultTitles : [wanted]
        var chosen =
            titles.lazy.compactMap { title in lists.first { $0.title.caseInsensitiveCompare(title) == .orderedSame } }.first
            ?? (wanted.isEmpty ? lists.first : nil)
        if chosen == nil {
            let list = ItemCalendar(calendarIdentifier: Identifiers.make(), title: titles[0], color: ItemCalendar.defaultColor)
            let collection = SyncedCollection(
                calendarIdentifier: list.calendarIdentifier, account: account.name, entityType: .reminder, href: nil, title: list.title,
                color: list.color)
            try eventStore.write { store throws(StoreError) in try store.addSyncedCollection(collection, list: list, now: options.now()) }
            locals.append(collection)
            chosen = list
        }
        guard let chosen else { return }
        try eventStore.write { store throws(StoreError) in try store.makeDefaultList(chosen.calendarIdentifier, asAccountAsked: account.name) }
        report.notes.append("new reminders go to \"\(chosen.title)\", which syncs with this account")
    }

    /// Lists made here in the account, not yet on the server: MKCALENDAR in the home.
    private func makeNew(
        _ locals: inout [SyncedCollection], home: String, client: CalDAVClient, remotes: inout [RemoteCollection],
        report: inout AccountReport
    ) throws {
        for index in locals.indices where locals[index].href == nil {
            guard let list = try eventStore.read({ store throws(StoreError) in try store.calendar(identifier: locals[index].calendarIdentifier) })
            else { continue }
            var lineReport = ListReport(calendarIdentifier: list.calendarIdentifier, title: list.title)
            lineReport.created = true
            report.lists.append(lineReport)
            if options.dryRun { continue }
            let href = Href.canonical(home + "/") + Href.segment(list.calendarIdentifier) + "/"
            let component = CalendarComponent(list.entityType)
            try client.makeCalendar(at: href, displayName: list.title, color: list.color, component: component)
            locals[index].href = href
            locals[index].title = list.title
            locals[index].color = list.color
            try eventStore.write { store throws(StoreError) in try store.saveSyncedCollection(locals[index]) }
            remotes.append(RemoteCollection(href: href, displayName: list.title, color: list.color, components: [component]))
        }
    }

    /// Calendars whose collection is no longer on the server (or no longer holds their kind) go
    /// too — or stay as local calendars when they hold changes not yet synced.
    private func dropGone(_ locals: [SyncedCollection], remotes: [RemoteCollection], report: inout AccountReport) throws {
        let byHref = Dictionary(remotes.map { ($0.href, $0) }, uniquingKeysWith: { first, _ in first })
        for collection in locals {
            guard let href = collection.href, !(byHref[href].map { Self.holds($0, collection.entityType) } ?? false),
                let list = try eventStore.read({ store throws(StoreError) in try store.calendar(identifier: collection.calendarIdentifier) })
            else {
                continue
            }
            let unsynced = try holdsUnsyncedChanges(collection)
            var lineReport = ListReport(calendarIdentifier: list.calendarIdentifier, title: list.title)
            lineReport.notes.append(
                unsynced
                    ? "the collection went from the server; the calendar holds changes not synced, so it stays, as a local one"
                    : "the collection went from the server; the calendar went too")
            report.lists.append(lineReport)
            if !options.dryRun {
                try eventStore.write { store throws(StoreError) in
                    try store.dropSyncedCollection(calendar: list.calendarIdentifier, keepingAsLocal: unsynced)
                }
            }
        }
    }

    /// Whether a calendar holds a reminder or an event new or changed since the last sync.
    private func holdsUnsyncedChanges(_ collection: SyncedCollection) throws -> Bool {
        let calendar = collection.calendarIdentifier
        // One snapshot: an item saved between reading the sync records and reading the items
        // would be judged against records older than it.
        let (items, versions) = try eventStore.read { store throws(StoreError) in
            var versions: [(identifier: String, lastChange: Timestamp)] = []
            if collection.entityType == .event {
                for event in try store.series(inCalendars: [calendar]) {
                    versions.append((event.eventIdentifier, try store.lastChange(ofSeries: event.eventIdentifier) ?? event.lastModifiedDate))
                }
            } else {
                let predicate = ReminderPredicate(kind: .all, calendarIdentifiers: [calendar])
                for reminder in try store.reminders(matching: predicate, in: TimeZone(identifier: "UTC")!) {
                    versions.append((reminder.calendarItemIdentifier, reminder.lastModifiedDate))
                }
            }
            return (try store.syncedItems(calendar: calendar), versions)
        }
        let synced = Dictionary(items.compactMap { item in item.itemIdentifier.map { ($0, item) } }, uniquingKeysWith: { first, _ in first })
        return versions.contains { version in
            guard let item = synced[version.identifier] else { return true }
            return version.lastChange > (item.syncedModified ?? Timestamp(milliseconds: Int64.min))
        }
    }
}

extension Array where Element == ListReport {
    mutating func upsert(_ report: ListReport) {
        if let index = firstIndex(where: { $0.calendarIdentifier == report.calendarIdentifier }) {
            let created = self[index].created
            self[index] = report
            self[index].created = self[index].created || created
        } else {
            append(report)
        }
    }
}
