import Foundation
import RemindersLogging

/// How `remindersd agent` delivers and what it catches up on.
public struct AgentOptions: Sendable {
    public enum Notify: String, Sendable { case desktop, none }

    public var storePath: String
    public var notify = Notify.desktop
    /// A program run with each fired alarm's JSON on stdin (argv, no shell).
    public var onAlarm: [String]?
    /// Alarms that came due while no agent ran are delivered, late, when at most this old.
    public var catchUp: TimeInterval = 24 * 3600
    public var snooze: TimeInterval = 600
    /// The zone floating and all-day due dates are read in (the agent's, as TZ says).
    public var timeZone = TimeZone.current
    /// Warnings by default; info adds a line per alarm fired, debug one per pass over the schedule
    /// with what it cost.
    public var log = Log(level: .warning, component: "remindersd agent")
    /// `--sync [INTERVAL]`: also sync every account, this often and soon after each change here.
    public var syncInterval: TimeInterval?

    public init(storePath: String) { self.storePath = storePath }
}
