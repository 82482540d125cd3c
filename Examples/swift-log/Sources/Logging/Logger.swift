import Foundation

/// swift-log's `Logger`, as far as the example reaches: a label, a level, and lines on stderr.
public struct Logger: Sendable {
    public enum Level: String, Comparable, Sendable, CaseIterable {
        case trace, debug, info, notice, warning, error, critical

        public static func < (lhs: Level, rhs: Level) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public let label: String
    public var logLevel: Level = .info

    public init(label: String) { self.label = label }

    public func log(level: Level, _ message: @autoclosure () -> String) {
        guard level >= logLevel else { return }
        try? FileHandle.standardError.write(contentsOf: Data("\(label) \(level.rawValue): \(message())\n".utf8))
    }

    public func info(_ message: @autoclosure () -> String) { log(level: .info, message()) }
    public func error(_ message: @autoclosure () -> String) { log(level: .error, message()) }
}
