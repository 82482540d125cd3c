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
            log("\(argv[0]) took longer than \(Int(timeout)) s for \"\(fired.reminder.title)\"; stopped")
            return nil
        }
        if process.terminationStatus != 0 { log("\(argv[0]) exited with status \(process.terminationStatus) for \"\(fired.reminder.title)\"") }
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
                             Self.literal("remindersd"), "0", Self.literal(""), Self.literal(fired.reminder.title), Self.literal(body(fired)),
                             "['complete', 'Complete', 'snooze', 'Snooze']", "{'urgency': <byte 2>}", "-1"]
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

    /// The due time, the list and the first line of the notes.
    func body(_ fired: FiredAlarm) -> String {
        var parts: [String] = []
        if let due = fired.reminder.dueDateComponents {
            var text = String(format: "%04d-%02d-%02d", due.year, due.month, due.day)
            if let hour = due.hour { text += String(format: " %02d:%02d", hour, due.minute ?? 0) }
            parts.append("Due " + text + (fired.late ? " (missed while off)" : ""))
        }
        if let list = fired.listTitle { parts.append(list) }
        if let first = fired.reminder.notes?.split(separator: "\n").first { parts.append(String(first)) }
        return parts.joined(separator: "\n")
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
