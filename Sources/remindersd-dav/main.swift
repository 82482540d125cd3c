import Foundation
import RemindersDAVCLI
import RemindersJSONRPC

StandardDescriptors.openClosedOnNull()
signal(SIGPIPE, SIG_IGN)
exit(DAVCommand.main(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
