import Glibc

/// Log lines on stderr, never stdout (which carries protocol frames only), in one form and one
/// level vocabulary for every component — the server, the alarm agent, the sync: `remindersd[pid]
/// level: message`, or with the component named, `remindersd agent[pid] level: message`.
/// At the default levels nothing a person wrote (titles, notes) is logged.
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
    /// What the lines name before the process id: `remindersd`, `remindersd agent`.
    public var component: String

    public init(level: Level = .info, component: String = "remindersd") {
        self.level = level
        self.component = component
    }

    /// Whether a line at `level` is written (for lines costly to make).
    public func logs(_ messageLevel: Level) -> Bool { messageLevel <= level }

    public func error(_ message: @autoclosure () -> String) { write(.error, message) }
    public func warning(_ message: @autoclosure () -> String) { write(.warning, message) }
    public func info(_ message: @autoclosure () -> String) { write(.info, message) }
    public func debug(_ message: @autoclosure () -> String) { write(.debug, message) }

    private func write(_ messageLevel: Level, _ message: () -> String) {
        guard logs(messageLevel) else { return }
        let line = "\(component)[\(getpid())] \(messageLevel): \(message())\n"
        // dprintf writes the whole line to fd 2 (stdio retries a short write); a closed stderr
        // (EPIPE, SIGPIPE ignored) is an error return, never a trap as FileHandle's would be.
        _ = line.withCString { text in withVaList([text]) { vdprintf(2, "%s", $0) } }
    }
}
