/// What an import did: `imported N, updated N, unchanged N, skipped N`, and why each skipped item was.
public struct ImportReport: Equatable, Sendable {
    public struct Skipped: Equatable, Sendable {
        public var uid: String?
        public var line: Int?
        public var message: String

        public init(uid: String?, line: Int?, message: String) {
            self.uid = uid
            self.line = line
            self.message = message
        }

        /// "UID: message", "line 12: message".
        public var description: String {
            if let uid { return "\(uid): \(message)" }
            if let line { return "line \(line): \(message)" }
            return message
        }
    }

    public var imported = 0
    public var updated = 0
    public var unchanged = 0
    public var skipped: [Skipped] = []
    /// What was imported but not quite as the file has it (a zone neither known nor defined, a
    /// second RRULE kept but not shown), item by item.
    public var notes: [Skipped] = []

    public init() {}

    public var summary: String { "imported \(imported), updated \(updated), unchanged \(unchanged), skipped \(skipped.count)" }
}
