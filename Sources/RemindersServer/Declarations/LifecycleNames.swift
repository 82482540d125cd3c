/// The lifecycle's method and notification names, for clients in this process (`remindersd call`
/// runs a session over a pipe pair and speaks the protocol like any client).
public enum LifecycleNames {
    public static let initialize = Initialize.name
    public static let shutdown = Shutdown.name
    public static let exit = NotificationRegistry.exit.name
}
