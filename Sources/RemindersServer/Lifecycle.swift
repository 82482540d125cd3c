import RemindersJSONRPC
import RemindersProtocol

/// The LSP lifecycle, as explicit states: nothing but `initialize` before it, nothing but `exit` after `shutdown`.
enum Lifecycle: Equatable {
    case awaitingInitialize
    case running
    case shutDown

    enum Decision: Equatable {
        case handle
        case reject(ResponseError)
        case drop
        case exit(code: Int32)
    }

    /// What to do with a request for `name`, which is `method` when one is declared by that name.
    func admitRequest(_ method: RegisteredMethod?, named name: String) -> Decision {
        if method == nil, NotificationRegistry.fromClient.contains(where: { $0.name == name }) {
            return .reject(.invalidRequest("\(name) is a notification: send it without an id"))
        }
        let isInitialize = method?.isInitialize == true
        switch self {
        case .awaitingInitialize:
            return isInitialize ? .handle : .reject(.serverNotInitialized)
        case .running:
            return isInitialize ? .reject(.invalidRequest("initialize was already received")) : .handle
        case .shutDown:
            return .reject(.invalidRequest("the server is shutting down; only exit is accepted"))
        }
    }

    /// What to do with a notification for `method` in this state.
    func admitNotification(_ method: String) -> Decision {
        if method == NotificationRegistry.exit.name { return .exit(code: self == .shutDown ? 0 : 1) }
        return self == .running ? .handle : .drop
    }
}
