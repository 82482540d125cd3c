import Foundation
import RemindersJSONRPC
import RemindersCLI

// Descriptors 0–2 closed at start are opened on /dev/null first, so that the duplicate of stdout
// below can never take fd 2's number.
StandardDescriptors.openClosedOnNull()
// Keep the real stdout for protocol frames and point fd 1 at stderr, so a stray print or a
// child process's output can never corrupt the protocol stream.
let protocolOutput = dup(STDOUT_FILENO)
dup2(STDERR_FILENO, STDOUT_FILENO)
signal(SIGPIPE, SIG_IGN)
// Past a file-size limit (ulimit -f) a write must fail with EFBIG, which the store reports as -32013,
// instead of the process being killed in the middle of a transaction.
signal(SIGXFSZ, SIG_IGN)

exit(
    RemindersCommand.main(
        Array(CommandLine.arguments.dropFirst()), protocolOutput: protocolOutput,
        environment: ProcessEnvironment.current()))
