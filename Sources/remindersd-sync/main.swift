import Foundation
import RemindersSyncCLI

signal(SIGPIPE, SIG_IGN)
exit(SyncCommand.main(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
