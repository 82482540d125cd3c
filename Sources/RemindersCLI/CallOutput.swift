import RemindersCommandArguments
import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// How `remindersd call` prints a result: as the server answered (`json`), or for shells that
/// should not have to start jq for every command: one JSON object per line (`lines`), or chosen
/// columns as tab-separated values (`tsv`) or an aligned table (`table`).
///
/// The rows are the elements of the result's first array member (`reminders`, `calendars`,
/// `tags`), or its first object member when it has no array (`reminder`, `calendar`).
struct CallOutput {
    enum Format: String, CaseIterable { case json, lines, tsv, table }

    var format: Format = .json
    var columns: [OutputColumn] = []
    /// Subtasks under their parents, with indented `@title`s.
    var tree = false
    /// ANSI colours in tables: overdue rows red, completed ones dim, the header bold, flags yellow.
    var color = false
    /// Tables leave out columns that are empty in every row.
    var hideEmpty = false
    var fields: ComputedFields

    var needsListTitles: Bool { columns.contains { $0.field == .computed(.list) } }

    /// The text to print for one result (no trailing newline).
    func render(_ result: JSONValue) -> String {
        switch format {
        case .json:
            return result.serialized
        case .lines:
            return Self.rows(of: result).map(\.serialized).joined(separator: "\n")
        case .tsv, .table:
            var items = Self.rows(of: result)
            if tree { items = ComputedFields.inTreeOrder(items) }
            let shortIDs = ComputedFields.uniquePrefixes(
                items.compactMap { $0["calendarItemIdentifier"]?.stringValue ?? $0["calendarIdentifier"]?.stringValue })
            var shown = self
            var cells = items.map { item in columns.map { Self.clean(fields.value(of: $0.field, in: item, shortIDs: shortIDs, tree: tree)) } }
            if format == .table, hideEmpty, !cells.isEmpty {
                let kept = columns.indices.filter { index in cells.contains { !$0[index].isEmpty } }
                shown.columns = kept.map { columns[$0] }
                cells = cells.map { row in kept.map { row[$0] } }
            }
            return format == .tsv ? cells.map { $0.joined(separator: "\t") }.joined(separator: "\n") : shown.table(items, cells)
        }
    }

    private func table(_ items: [JSONValue], _ cells: [[String]]) -> String {
        var widths = columns.map(\.header.count)
        for row in cells { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        let flagColumn = columns.firstIndex { $0.field == .computed(.flag) }
        func line(_ row: [String], flagColor: Bool = false) -> String {
            var text = ""
            for (index, cell) in row.enumerated() {
                text += flagColor && index == flagColumn && !cell.isEmpty ? "\u{1B}[33m\(cell)\u{1B}[39m" : cell
                if index < row.count - 1 { text += String(repeating: " ", count: widths[index] - cell.count + 2) }
            }
            return text
        }
        var lines = [color ? "\u{1B}[1m" + line(columns.map(\.header)) + "\u{1B}[0m" : line(columns.map(\.header))]
        for (item, row) in zip(items, cells) {
            guard color else { lines.append(line(row)); continue }
            if fields.isOverdue(item) {
                lines.append("\u{1B}[31m" + line(row) + "\u{1B}[0m")
            } else if item["isCompleted"] == true {
                lines.append("\u{1B}[2m" + line(row) + "\u{1B}[0m")
            } else {
                lines.append(line(row, flagColor: true))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func rows(of result: JSONValue) -> [JSONValue] {
        guard case .object(let object) = result else { return [result] }
        if let array = object.members.first(where: { $0.value.arrayValue != nil })?.value.arrayValue { return array }
        if let single = object.members.first(where: { $0.value.objectValue != nil })?.value { return [single] }
        return []
    }

    /// One line per row, whatever the text: controls (tabs and newlines included) become spaces.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}

/// One column: its header and what it shows.
struct OutputColumn: Equatable {
    enum Field: Equatable {
        /// A member, by its path: `title`, `dueDateComponents.year`.
        case member([String])
        case computed(ComputedFields.Name)
    }

    let header: String
    let field: Field

    /// `--columns 'ID=@id,DUE=@due,TITLE=title'`: HEADER=FIELD, or FIELD alone (its own header).
    static func parse(_ spec: String) throws -> [OutputColumn] {
        try spec.split(separator: ",").map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = pieces.count == 2 ? pieces[1] : pieces[0]
            let header = pieces.count == 2 ? pieces[0] : name.trimmingCharacters(in: CharacterSet(charactersIn: "@")).uppercased()
            if name.hasPrefix("@") {
                guard let computed = ComputedFields.Name(rawValue: String(name.dropFirst())) else {
                    let known = ComputedFields.Name.allCases.map { "@\($0.rawValue)" }.joined(separator: ", ")
                    throw Arguments.UsageError(message: "--columns: unknown field \(name) (computed fields: \(known))")
                }
                return OutputColumn(header: header, field: .computed(computed))
            }
            guard !name.isEmpty else { throw Arguments.UsageError(message: "--columns: an empty field in \(spec.prefix(60))") }
            return OutputColumn(header: header, field: .member(name.split(separator: ".").map(String.init)))
        }
    }
}
