import Dispatch
import Foundation

/// SIGTERM and SIGINT, delivered as a call on a queue instead of killing the process mid-write,
/// so the server can answer the request in hand and exit cleanly.
final class TerminationSignals {
    private let sources: [DispatchSourceSignal]

    init(_ handler: @escaping @Sendable () -> Void) {
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    func cancel() { sources.forEach { $0.cancel() } }
}
