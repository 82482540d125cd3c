import Foundation
import RemindersJSONRPC

/// `--on-alarm PROGRAM`: run with the alarm's JSON on stdin (argv, no shell), given 30 s; its exit
/// status is logged, never retried (a program that fails would fail again).
///
/// The payload is handed over at once when the pipe can hold it (the pipe is grown to fit, up to
/// the system's limit): the program then has all of it even if the agent dies next. Only a larger
/// one is written on a thread. The program is waited for on a thread of its own; one that exits
/// without reading its input (EPIPE) is logged like any other failure.
struct ProgramChannel: AlarmChannel {
    let argv: [String]
    var timeout: TimeInterval = 30

    func deliver(_ fired: FiredAlarm, log: @escaping @Sendable (String) -> Void, shown: @escaping @Sendable (UInt32) -> Void) -> Handover {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--"] + argv
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        do { try process.run() } catch {
            log("cannot run \(argv[0]): \(error.localizedDescription)")
            return .done
        }
        // Warnings are seen at the default level, where nothing a person wrote (a title) is logged.
        let (name, title, timeout) = (argv[0], "alarm \(fired.alarm.alarmIdentifier)", timeout)
        let writing = input.fileHandleForWriting
        let payload = fired.json
        let descriptor = writing.fileDescriptor
        if payload.count > 65_536 { _ = fcntl(descriptor, Pipes.setSize, Int32(min(payload.count, 1 << 20))) }
        let wait = Thread {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning {
                process.terminate()
                log("\(name) took longer than \(Int(timeout)) s for \(title); stopped")
                return
            }
            if process.terminationStatus != 0 { log("\(name) exited with status \(process.terminationStatus) for \(title)") }
        }
        wait.name = "remindersd.on-alarm"
        wait.start()
        let writer = DescriptorWriter(descriptor: descriptor)
        @Sendable func handOver() {
            if writer.write(payload) == .peerClosed { log("\(name) closed its input before reading \(title)") }
            try? writing.close()
        }
        guard payload.count > Int(fcntl(descriptor, Pipes.getSize)) else {
            handOver()  // it fits: the write cannot wait for the program
            return .done
        }
        let completion = Handover.Completion()
        let thread = Thread {
            handOver()
            completion.finish()
        }
        thread.name = "remindersd.on-alarm-input"
        thread.start()
        return .pending(completion)
    }
}

/// fcntl's pipe-size commands (Linux, <fcntl.h> with _GNU_SOURCE, which Glibc's module leaves out).
private enum Pipes {
    static let setSize: Int32 = 1024 + 7
    static let getSize: Int32 = 1024 + 8
}
