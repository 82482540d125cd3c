import Foundation
import RemindersJSONRPC
import RemindersLogging
import RemindersSyncHelper
import Synchronization

/// `agent --dav`: the CalDAV face (`remindersd-dav`, which alone links the HTTP server and the
/// password hash) run beside the alarms for as long as the agent runs. Its log is the agent's
/// stderr. Should it end, it is started again after a pause that doubles from 1 s to a minute —
/// a port another program holds for a while must not make the agent spin — and it is stopped
/// (SIGTERM, answering what it has in hand) when the agent stops.
final class DAVCompanion: Sendable {
    private let arguments: [String]
    private let log: Log
    private let state = Mutex(State())

    private struct State {
        var running: Process?
        var stopped = false
        var pause: TimeInterval = 1
    }

    init(storePath: String, listen: String?, log: Log) {
        arguments = ["--store", storePath] + (listen.map { ["--listen", $0] } ?? [])
        self.log = log
    }

    /// Fails only when remindersd-dav is not installed beside remindersd.
    func start() throws(ResponseError) {
        let path = try SyncHelper.companion("remindersd-dav")
        launch(path)
    }

    func stop() {
        let running = state.withLock { state -> Process? in
            state.stopped = true
            return state.running
        }
        guard let running else { return }
        running.terminate()
        running.waitUntilExit()
    }

    private func launch(_ path: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.terminationHandler = { [weak self] ended in self?.ended(ended, path: path) }
        let started = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.running = process
            return true
        }
        guard started else { return }
        do { try process.run() } catch { ended(process, path: path) }
    }

    private func ended(_ process: Process, path: String) {
        let pause = state.withLock { state -> TimeInterval? in
            guard !state.stopped else { return nil }
            state.running = nil
            defer { state.pause = min(state.pause * 2, 60) }
            return state.pause
        }
        guard let pause else { return }
        log.warning("the CalDAV face (remindersd-dav) ended with status \(process.terminationStatus); starting it again in \(Int(pause))s")
        DispatchQueue.global().asyncAfter(deadline: .now() + pause) { [weak self] in self?.launch(path) }
    }
}
