import Foundation
import RemindersModel

/// Where a fired alarm goes: an `--on-alarm` program, and the desktop's notification server.
protocol AlarmChannel {
    /// Returns the desktop notification's id, when this channel shows one.
    func deliver(_ fired: FiredAlarm, log: (String) -> Void) -> UInt32?
}

/// `--on-alarm PROGRAM`: run with the alarm's JSON on stdin (argv, no shell), given 30 s; its exit
/// status is logged, never retried (a program that fails would fail again).
struct ProgramChannel: AlarmChannel {
    let argv: [String]
    var timeout: TimeInterval = 30

    func deliver(_ fired: FiredAlarm, log: (String) -> Void) -> UInt32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--"] + argv
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        do { try process.run() } catch {
            log("cannot run \(argv[0]): \(error.localizedDescription)")
            return nil
        }
        input.fileHandleForWriting.write(Data(fired.json))
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            log("\(argv[0]) took longer than \(Int(timeout)) s for \"\(fired.title)\"; stopped")
            return nil
        }
        if process.terminationStatus != 0 { log("\(argv[0]) exited with status \(process.terminationStatus) for \"\(fired.title)\"") }
        return nil
    }
}

/// org.freedesktop.Notifications.Notify on the session bus, through gdbus (argv, no shell), so any
/// server that follows the specification shows it. Without a session bus: one log line, then quiet.
final class DesktopChannel: AlarmChannel {
    private var warned = false

    func deliver(_ fired: FiredAlarm, log: (String) -> Void) -> UInt32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--", "gdbus", "call", "--session", "--dest", "org.freedesktop.Notifications",
                             "--object-path", "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify",
                             "--",  // the expire timeout, -1, is not an option
                             Self.literal("remindersd"), "0", Self.literal(""), Self.literal(fired.title), Self.literal(body(fired)),
                             fired.canComplete ? "['complete', 'Complete', 'snooze', 'Snooze']" : "['snooze', 'Snooze']",
                             "{'urgency': <byte 2>}", "-1"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            warnOnce("cannot run gdbus (Debian: libglib2.0-bin): desktop notifications are off", log)
            return nil
        }
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            warnOnce("no desktop notification (\(message.split(separator: "\n").first ?? "gdbus failed")); the other channels go on", log)
            return nil
        }
        // "(uint32 7,)": the id its ActionInvoked and NotificationClosed signals will carry.
        return answer.split(whereSeparator: { " (),".contains($0) }).dropFirst().first.flatMap { UInt32($0) }
    }

    /// The due time (a reminder's) or start (an event's), the list or calendar and the first line of the notes.
    func body(_ fired: FiredAlarm) -> String {
        var parts: [String] = []
        let late = fired.late ? " (missed while off)" : ""
        switch fired.item {
        case .reminder(let reminder):
            if let due = reminder.dueDateComponents { parts.append("Due " + Self.text(due) + late) }
        case .event(let occurrence):
            let start = occurrence.event.isAllDay ? occurrence.start
                : ReminderDateComponents.wallClock(of: occurrence.startDate(in: fired.zone), in: fired.zone)
            parts.append((occurrence.event.isAllDay ? "All day " : "Starts ") + Self.text(start) + late)
            if let place = occurrence.event.location { parts.append(place) }
        }
        if let list = fired.listTitle { parts.append(list) }
        if let first = fired.notes?.split(separator: "\n").first { parts.append(String(first)) }
        return parts.joined(separator: "\n")
    }

    static func text(_ date: ReminderDateComponents) -> String {
        var text = String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
        if let hour = date.hour { text += String(format: " %02d:%02d", hour, date.minute ?? 0) }
        return text
    }

    private func warnOnce(_ text: String, _ log: (String) -> Void) {
        guard !warned else { return }
        warned = true
        log(text)
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
                if scalar.value < 0x20 || scalar.value == 0x7F { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "'"
    }
}
