import RemindersModel

/// A reminder's series beyond its rules, as the `series` column keeps it: NULL for a plain one
/// (every reminder made here), else one line per fact, its fields separated by tabs — `form`,
/// `start`, `due`, `occurrence`, `title`, `exdate`, `rdate`, `done` (key and when), `change` (key,
/// start, due, from-here-on, title) and `donefrom`. Dates are `ItemDateComponents.storageText`,
/// keys integers; texts have `\`, tab and line breaks escaped.
extension ReminderSeries {
    var storageText: String? {
        guard !isPlain else { return nil }
        var lines = ["form\t" + form.rawValue]
        if let start { lines.append("start\t" + start.storageText) }
        if let due { lines.append("due\t" + due.storageText) }
        if let occurrence { lines.append("occurrence\t\(occurrence)") }
        if let title { lines.append("title\t" + TabSeparatedText.escaped(title)) }
        lines += exceptionDates.sorted().map { "exdate\t\($0)" }
        lines += additionalDates.map { "rdate\t" + $0.storageText }
        lines += completed.keys.sorted().map { "done\t\($0)\t\(completed[$0]!.milliseconds)" }
        for key in changes.keys.sorted() {
            let change = changes[key]!
            lines.append(
                [
                    "change", String(key), change.start?.storageText ?? "", change.due?.storageText ?? "",
                    change.thisAndFuture ? "1" : "0", change.title.map(TabSeparatedText.escaped) ?? "",
                ].joined(separator: "\t"))
        }
        if let doneFrom { lines.append("donefrom\t\(doneFrom)") }
        return lines.joined(separator: "\n")
    }

    /// Nil when a line is not one of these. Read from the bytes, field by field: every fetch of a
    /// list decodes the series of its recurring reminders.
    init?(storageText text: String) {
        self.init()
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            func key(_ index: Int) -> Int64? { fields.indices.contains(index) ? Self.integer(fields[index]) : nil }
            func date(_ index: Int) -> ItemDateComponents?? {
                guard fields.indices.contains(index) else { return nil }
                if fields[index].isEmpty { return .some(nil) }
                return ItemDateComponents(storageText: String(Substring(fields[index]))).map { .some($0) }
            }
            func text(_ index: Int) -> String? { fields.indices.contains(index) ? TabSeparatedText.unescaped(String(Substring(fields[index]))) : nil }
            switch String(Substring(fields[0])) {
            case "form":
                guard fields.count == 2, let form = text(1).flatMap(CompletionForm.init(rawValue:)) else { return nil }
                self.form = form
            case "start": guard let start = date(1), start != nil else { return nil }; self.start = start
            case "due": guard let due = date(1), due != nil else { return nil }; self.due = due
            case "occurrence": guard let key = key(1) else { return nil }; occurrence = key
            case "title": guard fields.count == 2 else { return nil }; title = text(1)
            case "exdate": guard let key = key(1) else { return nil }; exceptionDates.insert(key)
            case "rdate": guard let date = date(1), let added = date else { return nil }; additionalDates.append(added)
            case "done":
                guard let done = key(1), let at = key(2) else { return nil }
                completed[done] = Timestamp(milliseconds: at)
            case "change":
                guard fields.count == 6, let key = key(1), let start = date(2), let due = date(3) else { return nil }
                let title = fields[5].isEmpty ? nil : text(5)
                changes[key] = Change(start: start, due: due, title: title, thisAndFuture: fields[4].elementsEqual("1".utf8))
            case "donefrom": guard let key = key(1) else { return nil }; doneFrom = key
            default: return nil
            }
        }
    }

    /// A decimal integer (an optional minus sign, then digits), or nil.
    private static func integer(_ bytes: Substring.UTF8View) -> Int64? {
        var value: Int64 = 0
        var negative = false
        for (offset, byte) in bytes.enumerated() {
            if offset == 0, byte == UInt8(ascii: "-"), bytes.count > 1 { negative = true; continue }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return bytes.isEmpty ? nil : (negative ? -value : value)
    }
}
