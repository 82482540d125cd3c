import RemindersJSONRPC
import RemindersSync

extension SyncReport {
    /// The report as `sync` answers it (and `remindersd sync --json` prints it).
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("dryRun", dryRun)
        writer.key(static: "accounts")
        writer.beginArray()
        for account in accounts {
            writer.beginObject()
            writer.field("name", account.name)
            writer.field("error", account.error)
            writer.field("requests", account.requests)
            writer.field("notes", account.notes)
            writer.key(static: "lists")
            writer.beginArray()
            for list in account.lists { list.write(to: &writer) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}

extension ListReport {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("calendarIdentifier", calendarIdentifier)
        writer.field("title", title)
        writer.field("downloaded", downloaded)
        writer.field("uploaded", uploaded)
        writer.field("deleted", deleted)
        writer.field("created", created)
        writer.key(static: "conflicts")
        writer.beginArray()
        for conflict in conflicts {
            writer.beginObject()
            writer.field("uid", conflict.uid)
            writer.field("title", conflict.title)
            writer.field("property", conflict.property)
            writer.field("kept", conflict.kept)
            writer.field("lostValue", conflict.lostValue)
            writer.field("change", conflict.change)
            writer.endObject()
        }
        writer.endArray()
        writer.key(static: "skipped")
        writer.beginArray()
        for item in skipped {
            writer.beginObject()
            writer.field("href", item.href)
            writer.field("message", item.message)
            writer.endObject()
        }
        writer.endArray()
        writer.field("notes", notes)
        writer.key(static: "withheld")
        if let withheld {
            writer.beginObject()
            writer.field("emptied", withheld.emptied.rawValue)
            writer.field("items", withheld.items)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.field("error", error)
        writer.field("plan", plan)
        writer.endObject()
    }
}
