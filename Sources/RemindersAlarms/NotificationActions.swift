import Foundation

/// What the person did with a notification, as the desktop's notification server signals it
/// (`ActionInvoked`, `NotificationClosed`), heard through `gdbus monitor`.
enum NotificationEvent: Equatable {
    case action(id: UInt32, key: String)
    /// Reason 2 of the specification: dismissed by the user (1 expired, 3 closed by a call).
    case closed(id: UInt32, reason: UInt32)

    /// The notification it is about, as the server numbered it.
    var id: UInt32 {
        switch self {
        case .action(let id, _), .closed(let id, _): id
        }
    }

    /// One line of `gdbus monitor`, e.g.
    /// `/org/freedesktop/Notifications: org.freedesktop.Notifications.ActionInvoked (uint32 7, 'complete')`.
    init?(monitorLine line: String) {
        let words = line.split(whereSeparator: { " (),'\"".contains($0) })
        if line.contains("org.freedesktop.Notifications.ActionInvoked"), let index = words.firstIndex(of: "uint32"),
            index + 2 < words.count, let id = UInt32(words[index + 1])
        {
            self = .action(id: id, key: String(words[index + 2]))
        } else if line.contains("org.freedesktop.Notifications.NotificationClosed"), let first = words.firstIndex(of: "uint32"),
            first + 3 < words.count, let id = UInt32(words[first + 1]), let reason = UInt32(words[first + 3])
        {
            self = .closed(id: id, reason: reason)
        } else {
            return nil
        }
    }
}

/// Runs `gdbus monitor` on the notification server's name for the agent's lifetime and hands each
/// event over; without a session bus it ends at once (the desktop channel has said so already).
final class NotificationMonitor: Sendable {
    private let process = Process()

    init(_ handler: @escaping @Sendable (NotificationEvent) -> Void) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--", "gdbus", "monitor", "--session", "--dest", "org.freedesktop.Notifications"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        let handle = output.fileHandleForReading
        Thread.detachNewThread {
            var buffer: [UInt8] = []
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                buffer += chunk
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    if let event = NotificationEvent(monitorLine: line) { handler(event) }
                }
            }
        }
    }

    func stop() { if process.isRunning { process.terminate() } }
}
