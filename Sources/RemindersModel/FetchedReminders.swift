/// Reminders as read, seen in fetch order through a list of indexes. Reading an element yields it
/// in place: encoding 100,000 reminders neither copies them nor moves them around memory.
public struct FetchedReminders: RandomAccessCollection, Sendable {
    let matches: [Reminder]
    let order: [Int]

    public init(matches: [Reminder], order: [Int]) {
        self.matches = matches
        self.order = order
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }

    public subscript(position: Int) -> Reminder {
        _read { yield matches[order[position]] }
    }
}
