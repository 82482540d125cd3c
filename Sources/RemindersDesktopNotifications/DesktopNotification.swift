/// One notification as the Desktop Notifications Specification's `Notify` takes it.
public struct DesktopNotification: Sendable, Equatable {
    /// How urgent (the `urgency` hint): a critical one stays until the person acts on it.
    public enum Urgency: UInt8, Sendable {
        case low = 0
        case normal = 1
        case critical = 2
    }

    public var appName: String
    public var summary: String
    public var body: String
    /// The buttons, as (key, label): the key comes back in `ActionInvoked`.
    public var actions: [(key: String, label: String)]
    public var urgency: Urgency
    /// Milliseconds until the server closes it; -1 leaves that to the server, 0 never.
    public var expireTimeout: Int32
    /// The notification it replaces (0: a new one).
    public var replacesID: UInt32

    public init(
        appName: String, summary: String, body: String, actions: [(key: String, label: String)] = [], urgency: Urgency = .normal,
        expireTimeout: Int32 = -1, replacesID: UInt32 = 0
    ) {
        self.appName = appName
        self.summary = summary
        self.body = body
        self.actions = actions
        self.urgency = urgency
        self.expireTimeout = expireTimeout
        self.replacesID = replacesID
    }

    public static func == (a: DesktopNotification, b: DesktopNotification) -> Bool {
        a.appName == b.appName && a.summary == b.summary && a.body == b.body && a.actions.map(\.key) == b.actions.map(\.key)
            && a.actions.map(\.label) == b.actions.map(\.label) && a.urgency == b.urgency && a.expireTimeout == b.expireTimeout
            && a.replacesID == b.replacesID
    }
}

/// What the notification server said about a notification of this connection's, or of itself.
public enum NotificationEvent: Equatable, Sendable {
    /// A button was chosen (`ActionInvoked`).
    case action(id: UInt32, key: String)
    /// It went away (`NotificationClosed`): reason 1 expired, 2 dismissed by the person, 3 closed
    /// by a `CloseNotification` call, 4 undefined.
    case closed(id: UInt32, reason: UInt32)
    /// The token to activate a window with, sent before the action it comes with (`ActivationToken`).
    case activationToken(id: UInt32, token: String)
    /// Another server owns the name now, or the bus went away and came back: the ids of earlier
    /// notifications mean nothing any more (a new server counts from 1 again).
    case serverChanged

    /// The notification it is about, as the server numbered it (none for `serverChanged`).
    public var id: UInt32? {
        switch self {
        case .action(let id, _), .closed(let id, _), .activationToken(let id, _): id
        case .serverChanged: nil
        }
    }
}
