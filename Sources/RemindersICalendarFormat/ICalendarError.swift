/// What is wrong with an iCalendar text, and where: the line (1-based, of the text as given,
/// before unfolding) when the fault belongs to one.
public struct ICalendarError: Error, Equatable, CustomStringConvertible, Sendable {
    public var line: Int?
    public var message: String

    public init(line: Int? = nil, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}
