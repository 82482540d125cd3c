import RemindersSyncHelper
import Foundation
import RemindersServer

/// `remindersd sync …` becomes `remindersd-sync …` (the same arguments, stdout the real one), so
/// the network stack is loaded by a sync alone.
enum SyncExec {
    static func run(_ arguments: [String], output: Int32) throws -> Int32 {
        let path: String
        do { path = try SyncHelper.path() } catch { throw CommandFailure(error.message) }
        dup2(output, STDOUT_FILENO)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw CommandFailure("cannot run \(path): \(String(cString: strerror(errno)))")
    }
}
