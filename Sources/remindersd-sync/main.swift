import Foundation
import RemindersJSONRPC
import RemindersSyncCLI

StandardDescriptors.openClosedOnNull()
signal(SIGPIPE, SIG_IGN)
exit(SyncCommand.main(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
