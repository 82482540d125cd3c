import Foundation
import RemindersServer
import RemindersSyncHelper

/// `remindersd sync …` becomes `remindersd-sync …`, `remindersd dav …` `remindersd-dav …` (the
/// same arguments, stdout the real one), so the network stack and the HTTP server are loaded by
/// the commands that use them alone, not by every one-shot call.
enum CompanionExec {
    static func run(_ name: String, _ arguments: [String], output: Int32) throws -> Int32 {
        let path: String
        do { path = try SyncHelper.companion(name) } catch { throw CommandFailure(error.message) }
        dup2(output, STDOUT_FILENO)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw CommandFailure("cannot run \(path): \(String(cString: strerror(errno)))")
    }
}
