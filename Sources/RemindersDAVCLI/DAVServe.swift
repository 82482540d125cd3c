import Foundation
import RemindersCalDAVFace
import RemindersCommandArguments
import RemindersCommandLine
import RemindersHTTPServer
import RemindersJSONRPC

/// `remindersd dav [--listen ADDRESS]`: the CalDAV face served until SIGTERM or SIGINT (exit 0).
/// The signals are waited for on this thread (blocked for every thread first, so none kills the
/// process mid-answer); the server's own threads answer meanwhile.
enum DAVServe {
    /// Where the face listens unless told: a fixed port, so an app set up once finds it again
    /// after every login.
    static let defaultAddress = "127.0.0.1:5233"

    static func run(_ parsed: Arguments, storePath: String) throws -> Int32 {
        let address: LoopbackAddress
        do { address = try LoopbackAddress(parsing: parsed.value(.listen) ?? defaultAddress) } catch {
            throw Arguments.UsageError(message: "--listen: \(error)")
        }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let face = try CalDAVFace(storePath: storePath)
        let server = try HTTPServer(address: address) { face.respond($0) }
        DescriptorWriter.standardError.write(
            text: "remindersd: serving CalDAV at http://\(server.address)/dav/ for the apps of `remindersd dav apps`\n")
        var received: Int32 = 0
        sigwait(&signals, &received)
        server.stop()
        return 0
    }
}
