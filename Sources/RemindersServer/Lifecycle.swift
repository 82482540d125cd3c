import JSONRPC

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

    /// What to do with a request for `method` in this state.
    func admitRequest(_ method: String) -> Decision {
        switch (self, method) {
        case (_, "exit"), (_, "initialized"):
            return .reject(.invalidRequest("\(method) is a notification: send it without an id"))
        case (.awaitingInitialize, "initialize"):
            return .handle
        case (.awaitingInitialize, _):
            return .reject(.serverNotInitialized)
        case (.running, "initialize"):
            return .reject(.invalidRequest("initialize was already received"))
        case (.running, _):
            return .handle
        case (.shutDown, _):
            return .reject(.invalidRequest("the server is shutting down; only exit is accepted"))
        }
    }

    /// What to do with a notification for `method` in this state.
    func admitNotification(_ method: String) -> Decision {
        switch (self, method) {
        case (.shutDown, "exit"): return .exit(code: 0)
        case (_, "exit"): return .exit(code: 1)
        case (.awaitingInitialize, _), (.shutDown, _): return .drop
        case (.running, _): return .handle
        }
    }
}
