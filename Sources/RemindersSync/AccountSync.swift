import AccountSecrets
import CalDAV
import Foundation
import RemindersModel
import RemindersStore

/// One account: the server found (once; the home is kept), its VTODO collections matched to
/// lists — new ones become lists here, lists made here are made there (MKCALENDAR), lists whose
/// collection went are removed here — and each list synced.
struct AccountSync {
    let account: SyncAccount
    let events: EventStore
    let options: SyncOptions
    let progress: (String, Double) -> Void

    var store: ReminderStore { events.store }

    func run() -> AccountReport {
        var report = AccountReport(name: account.name)
        guard let base = URL(string: account.url) else {
            report.error = "account \(account.name): \(account.url) is not a URL"
            return report
        }
        let http: HTTPClient
        do {
            let password = try PasswordSource.password(for: account)
            http = HTTPClient(credentials: account.username.map { Credentials(username: $0, password: password ?? "") },
                              timeout: account.timeout)
        } catch {
            report.error = "account \(account.name): \(error)"
            return report
        }
        let client = CalDAVClient(base: base, http: http)
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
                if !options.dryRun { try store.setHome(home, ofAccount: account.name) }
                remotes = try client.collections(home: home)
            }
            try removeRemoved(&remotes, client: client, report: &report)
            var locals = try store.syncedCollections(account: account.name)
            try adopt(remotes, into: &locals, report: &report)
            try makeNew(&locals, home: home, client: client, remotes: &remotes, report: &report)
            try dropGone(locals, remotes: remotes, report: &report)
            let byHref = Dictionary(remotes.map { ($0.href, $0) }, uniquingKeysWith: { first, _ in first })
            let synced = locals.filter { $0.href.map { byHref[$0] != nil } ?? false }
            for (index, collection) in synced.enumerated() {
                if options.isCancelled() { throw SyncError("cancelled") }
                let title = (try? store.calendar(identifier: collection.calendarIdentifier))??.title ?? collection.title ?? ""
                progress("\(account.name): \(title)", Double(index) / Double(max(synced.count, 1)))
                var list = report.lists.first { $0.calendarIdentifier == collection.calendarIdentifier }
                    ?? ListReport(calendarIdentifier: collection.calendarIdentifier, title: title)
                let sync = CollectionSync(client: client, events: events, collection: collection, remote: byHref[collection.href ?? ""],
                                          options: options, report: list)
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
                report.lists.upsert(list)
            }
        } catch let error as DAVError {
            report.error = "account \(account.name): \(describe(error))"
        } catch {
            report.error = "account \(account.name): \(error)"
        }
    }

    private func describe(_ error: DAVError) -> String {
        error == .unauthorized ? "\(error) (account \(account.name), user \(account.username ?? "none"))" : error.description
    }

    /// Lists removed here take their collection with them — unless it changed there since the last
    /// sync (its token or ctag moved: another client added to it), when it comes back as a list.
    private func removeRemoved(_ remotes: inout [RemoteCollection], client: CalDAVClient, report: inout AccountReport) throws {
        for removed in try store.removedCollections(account: account.name) {
            guard let index = remotes.firstIndex(where: { $0.href == removed.href }) else {
                if !options.dryRun { try store.forgetRemovedCollection(href: removed.href, account: account.name) }
                continue
            }
            let remote = remotes[index]
            let title = remote.displayName ?? removed.href
            let unchanged = remote.ctag != nil && remote.ctag == removed.ctag
            guard unchanged, remote.isWritable else {
                report.notes.append("\(title) was removed here but changed on the server (or may not be removed there): it comes back")
                if !options.dryRun { try store.forgetRemovedCollection(href: removed.href, account: account.name) }
                continue
            }
            report.notes.append("\(title) was removed here: removed on the server too")
            remotes.remove(at: index)
            if options.dryRun { continue }
            switch attempt({ () throws(DAVError) in try client.delete(removed.href, .none) }) {
            case .success, .failure(.notFound): break
            case .failure(let error): throw error
            }
            try store.forgetRemovedCollection(href: removed.href, account: account.name)
        }
    }

    /// Collections found on the server with no list here become lists.
    private func adopt(_ remotes: [RemoteCollection], into locals: inout [SyncedCollection], report: inout AccountReport) throws {
        let known = Set(locals.compactMap(\.href))
        for remote in remotes where !known.contains(remote.href) {
            let title = remote.displayName ?? remote.href.split(separator: "/").last.map { String($0).removingPercentEncoding ?? String($0) } ?? "CalDAV"
            let list = ReminderCalendar(calendarIdentifier: Identifiers.make(), title: title,
                                        color: remote.color ?? ReminderCalendar.defaultColor, allowsContentModifications: remote.isWritable)
            var lineReport = ListReport(calendarIdentifier: list.calendarIdentifier, title: title)
            lineReport.created = true
            report.lists.append(lineReport)
            if options.dryRun { continue }
            let collection = SyncedCollection(calendarIdentifier: list.calendarIdentifier, account: account.name, href: remote.href,
                                              title: title, color: list.color)
            try store.addSyncedCollection(collection, list: list, now: options.now())
            locals.append(collection)
        }
    }

    /// Lists made here in the account, not yet on the server: MKCALENDAR in the home.
    private func makeNew(_ locals: inout [SyncedCollection], home: String, client: CalDAVClient, remotes: inout [RemoteCollection],
                         report: inout AccountReport) throws {
        for index in locals.indices where locals[index].href == nil {
            guard let list = try store.calendar(identifier: locals[index].calendarIdentifier) else { continue }
            var lineReport = ListReport(calendarIdentifier: list.calendarIdentifier, title: list.title)
            lineReport.created = true
            report.lists.append(lineReport)
            if options.dryRun { continue }
            let href = Href.canonical(home + "/") + Href.segment(list.calendarIdentifier) + "/"
            try client.makeCalendar(at: href, displayName: list.title, color: list.color)
            locals[index].href = href
            locals[index].title = list.title
            locals[index].color = list.color
            try store.saveSyncedCollection(locals[index])
            remotes.append(RemoteCollection(href: href, displayName: list.title, color: list.color))
        }
    }

    /// Lists whose collection is no longer on the server go too — or stay as local lists when
    /// they hold changes not yet synced.
    private func dropGone(_ locals: [SyncedCollection], remotes: [RemoteCollection], report: inout AccountReport) throws {
        let present = Set(remotes.map(\.href))
        for collection in locals {
            guard let href = collection.href, !present.contains(href), let list = try store.calendar(identifier: collection.calendarIdentifier) else {
                continue
            }
            let items = try store.syncedItems(calendar: collection.calendarIdentifier)
            let reminders = try store.reminders(matching: ReminderPredicate(kind: .all, calendarIdentifiers: [list.calendarIdentifier]),
                                                in: TimeZone(identifier: "UTC")!)
            let synced = Dictionary(items.compactMap { item in item.reminderIdentifier.map { ($0, item) } }, uniquingKeysWith: { first, _ in first })
            let unsynced = reminders.contains { reminder in
                guard let item = synced[reminder.calendarItemIdentifier] else { return true }
                return reminder.lastModifiedDate > (item.syncedModified ?? Timestamp(milliseconds: Int64.min))
            }
            var lineReport = ListReport(calendarIdentifier: list.calendarIdentifier, title: list.title)
            lineReport.notes.append(unsynced ? "the collection went from the server; the list holds changes not synced, so it stays, as a local list"
                                             : "the collection went from the server; the list went too")
            report.lists.append(lineReport)
            if !options.dryRun { try store.dropSyncedCollection(calendar: list.calendarIdentifier, keepingAsLocal: unsynced) }
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
