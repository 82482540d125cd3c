import RemindersCLibdbus

/// libdbus-1, loaded the first time the session bus is wanted (see CLibdbus/shim.h for why it
/// is not linked): its functions, or why they could not be had.
enum LibDBus {
    static let loaded: Result<CDBusAPI, BusFailure> = {
        var api = CDBusAPI()
        if let failure = cdbus_load(&api) {
            return .failure(.unavailable("cannot load libdbus-1.so.3 (Debian: libdbus-1-3): \(String(cString: failure))"))
        }
        return .success(api)
    }()
}

/// Why a call to the notification server got no answer.
public enum BusFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No library, no session bus, or the bus went away.
    case unavailable(String)
    /// The server answered with an error (its D-Bus error name and text).
    case refused(String)
    /// No answer within the call's time.
    case noAnswer
    /// The connection was stopped first.
    case stopped

    public var description: String {
        switch self {
        case .unavailable(let why): why
        case .refused(let why): "the notification server refused: \(why)"
        case .noAnswer: "the notification server did not answer"
        case .stopped: "stopped"
        }
    }
}
