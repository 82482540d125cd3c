import Foundation
import Synchronization
import RemindersJSON
import RemindersModel

/// org.freedesktop.Notifications.Notify on the session bus, through gdbus (argv, no shell), so any
/// server that follows the specification shows it. Without a session bus: one log line, then quiet.
/// gdbus is waited for on a thread of its own, so a server slow to answer delays no other alarm;
/// the alarm is handed over once the server answered (or gdbus failed).
final class DesktopChannel: AlarmChannel, Sendable {
    private let warned = Atomic<Bool>(false)

    func deliver(_ fired: FiredAlarm, log: @escaping @Sendable (String) -> Void, shown: @escaping @Sendable (UInt32) -> Void) -> Handover {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "--", "gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
            "--object-path", "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify",
            "--",  // the expire timeout, -1, is not an option
            Self.literal("remindersd"), "0", Self.literal(""), Self.literal(fired.title), Self.literal(body(fired)),
            fired.canComplete ? "['complete', 'Complete', 'snooze', 'Snooze']" : "['snooze', 'Snooze']",
            "{'urgency': <byte 2>}", "-1",
        ]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            warnOnce("cannot run gdbus (Debian: libglib2.0-bin): desktop notifications are off", log)
            return .done
        }
        let completion = Handover.Completion()
        let thread = Thread { [self] in
            defer { completion.finish() }
            // gdbus writes a line to one of them: neither can fill while the other is read.
            let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                self.warnOnce("no desktop notification (\(message.split(separator: "\n").first ?? "gdbus failed")); the other channels go on", log)
                return
            }
            // "(uint32 7,)": the id its ActionInvoked and NotificationClosed signals will carry.
            if let id = answer.split(whereSeparator: { " (),".contains($0) }).dropFirst().first.flatMap({ UInt32($0) }) { shown(id) }
        }
        thread.name = "remindersd.notify"
        thread.start()
        return .pending(completion)
    }

    /// The due time (a reminder's) or start (an event's), the list or calendar and the first line of the notes.
    func body(_ fired: FiredAlarm) -> String {
        var parts: [String] = []
        let late = fired.late ? " (late)" : ""
        switch fired.item {
        case .reminder(let reminder):
            if let due = reminder.dueDateComponents { parts.append("Due " + Self.text(due) + late) }
        case .event(let occurrence):
            let start =
                occurrence.event.isAllDay
                ? occurrence.start
                : ItemDateComponents.wallClock(of: occurrence.startDate(in: fired.zone), in: fired.zone)
            parts.append((occurrence.event.isAllDay ? "All day " : "Starts ") + Self.text(start) + late)
            if let place = occurrence.event.location { parts.append(place) }
        }
        if let list = fired.listTitle { parts.append(list) }
        if let first = fired.notes?.split(separator: "\n").first { parts.append(String(first)) }
        return parts.joined(separator: "\n")
    }

    static func text(_ date: ItemDateComponents) -> String {
        var text = String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
        if let hour = date.hour { text += String(format: " %02d:%02d", hour, date.minute ?? 0) }
        return text
    }

    private func warnOnce(_ text: String, _ log: (String) -> Void) {
        if !warned.exchange(true, ordering: .acquiringAndReleasing) { log(text) }
    }

    /// A GVariant string literal: gdbus reads each argument in that text format.
    static func literal(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }
}
