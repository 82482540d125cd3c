/// A table's columns declared as an enum, one case a column in the table's order (`ReminderColumn`,
/// `EventColumn`): the statements a save needs are made from the declaration, once.
protocol TableColumns: CaseIterable where AllCases == [Self] {
    static var table: String { get }
    var name: String { get }
}

extension TableColumns {
    static func names(_ columns: [Self]) -> String { columns.map(\.name).joined(separator: ", ") }

    static func makeInsert(_ columns: [Self]) -> String {
        "INSERT INTO \(table) (\(names(columns))) VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// Every column given, set by row id (the last value bound).
    static func makeUpdate(_ columns: [Self]) -> String {
        "UPDATE \(table) SET " + columns.map { "\($0.name) = ?" }.joined(separator: ", ") + " WHERE id = ?"
    }
}
