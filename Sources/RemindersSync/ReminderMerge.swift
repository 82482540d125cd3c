import RemindersICalendar
import RemindersModel

/// A three-way merge of a reminder, property by property, against the version both sides last
/// agreed on (the base): a property changed on one side takes that side's value; changed on both
/// to different values, the side with the later LAST-MODIFIED wins, and the loser is reported.
/// Without a base, every property that differs is such a conflict.
enum ReminderMerge {
    struct Outcome {
        var reminder: Reminder
        var parentUID: String?
        var conflicts: [Conflict]
        /// Whether the result holds anything the server's version lacks (so it must be uploaded).
        var differsFromRemote: Bool
    }

    static func merge(base: TodoReading?, local: Reminder, localParentUID: String?, remote: TodoReading) -> Outcome {
        var merged = local
        var conflicts: [Conflict] = []
        var differs = false
        let remoteWins = remote.reminder.lastModifiedDate > local.lastModifiedDate

        func field<Value: Equatable>(_ name: String, _ path: WritableKeyPath<Reminder, Value>, describe: (Value) -> String) {
            let mine = local[keyPath: path], theirs = remote.reminder[keyPath: path]
            guard mine != theirs else { return }
            let original = base?.reminder[keyPath: path]
            if original == mine {
                merged[keyPath: path] = theirs
            } else if original == theirs {
                differs = true  // changed here only: ours stands, and the server must hear of it
            } else {
                conflicts.append(
                    Conflict(
                        uid: local.calendarItemExternalIdentifier, title: local.title, property: name,
                        kept: remoteWins ? "server" : "here", lostValue: describe(remoteWins ? mine : theirs)))
                if remoteWins { merged[keyPath: path] = theirs } else { differs = true }
            }
        }
        field("title", \.title) { "\"\($0)\"" }
        field("notes", \.notes) { $0.map { "\"\($0)\"" } ?? "null" }
        field("url", \.url) { $0 ?? "null" }
        field("location", \.location) { $0.map { "\"\($0)\"" } ?? "null" }
        field("priority", \.priority) { String($0) }
        field("startDateComponents", \.startDateComponents) { $0.map(describe) ?? "null" }
        field("dueDateComponents", \.dueDateComponents) { $0.map(describe) ?? "null" }
        field("isCompleted", \.isCompleted) { String($0) }
        field("completionDate", \.completionDate) { $0?.rfc3339 ?? "null" }
        field("alarms", \.alarms) { "\($0.count) alarms" }
        field("recurrenceRules", \.recurrenceRules) { $0.map(\.rrule).joined(separator: "; ") }
        field("tags", \.tags) { $0.joined(separator: ",") }
        field("isFlagged", \.isFlagged) { String($0) }
        field("sortOrder", \.sortOrder) { $0.map(String.init) ?? "null" }
        merged.series = mergedSeries(base: base?.reminder.series, local: local, remote: remote.reminder, merged: merged)
        // Completion is one thing: never a completion date from one side and the state from the other.
        if merged.isCompleted != (merged.completionDate != nil) {
            let side = remoteWins ? remote.reminder : local
            merged.isCompleted = side.isCompleted
            merged.completionDate = side.completionDate
        }

        var parentUID = localParentUID
        if localParentUID != remote.parentUID {
            if base?.parentUID == localParentUID {
                parentUID = remote.parentUID
            } else if base?.parentUID != remote.parentUID {
                conflicts.append(
                    Conflict(
                        uid: local.calendarItemExternalIdentifier, title: local.title, property: "parentIdentifier",
                        kept: remoteWins ? "server" : "here",
                        lostValue: (remoteWins ? localParentUID : remote.parentUID) ?? "null"))
                if remoteWins { parentUID = remote.parentUID } else { differs = true }
            } else {
                differs = true
            }
        }
        return Outcome(reminder: merged, parentUID: parentUID, conflicts: conflicts, differsFromRemote: differs)
    }

    /// A series' state goes with the dates it explains: the side whose dates were kept gives it;
    /// what the other side did or removed of its occurrences is added (both sides' completions
    /// stand: an occurrence done anywhere is done).
    static func mergedSeries(base: ReminderSeries?, local: Reminder, remote: Reminder, merged: Reminder) -> ReminderSeries {
        if local.series == remote.series { return local.series }
        if base == local.series { return remote.series }
        if base == remote.series { return local.series }
        let datesFromRemote = merged.startDateComponents == remote.startDateComponents && merged.dueDateComponents == remote.dueDateComponents
        var series = datesFromRemote ? remote.series : local.series
        let other = datesFromRemote ? local.series : remote.series
        series.completed.merge(other.completed) { max($0, $1) }
        series.exceptionDates.formUnion(other.exceptionDates)
        return series
    }

    static func describe(_ date: ItemDateComponents) -> String {
        var text = "\(date.year)-\(date.month)-\(date.day)"
        if let hour = date.hour { text += " \(hour):\(date.minute ?? 0)" }
        if let zone = date.timeZone { text += " \(zone)" }
        return text
    }
}
