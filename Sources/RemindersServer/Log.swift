import Foundation
import JSONRPC

/// Log lines on stderr, never stdout (which carries protocol frames only).
/// At the default level nothing a client wrote (titles, notes) is logged.
public struct Log: Sendable {
    public enum Level: Int, Comparable, Sendable, CaseIterable {
        case error, warning, info, debug
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        public init?(name: String) {
            guard let level = Level.allCases.first(where: { "\($0)" == name }) else { return nil }
            self = level
        }
    }

    public var level: Level

    public init(level: Level = .info) { self.level = level }

    public func error(_ message: @autoclosure () -> String) { write(.error, message) }
    public func warning(_ message: @autoclosure () -> String) { write(.warning, message) }
    public func info(_ message: @autoclosure () -> String) { write(.info, message) }
    public func debug(_ message: @autoclosure () -> String) { write(.debug, message) }

    private func write(_ messageLevel: Level, _ message: () -> String) {
        guard messageLevel <= level else { return }
        let line = "remindersd[\(getpid())] \(messageLevel): \(message())\n"
        DescriptorWriter.standardError.write(text: line)
    }
}
