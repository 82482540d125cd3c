/// The names of the methods the command line calls itself (`remindersd call` runs a session in
/// this process and speaks the protocol like any client), taken from their declarations.
public enum MethodNames {
    public static let initialize = Initialize.name
    public static let shutdown = Shutdown.name
    public static let exit = NotificationRegistry.exit.name
    public static let calendars = Calendars.name
    public static let fetchReminders = FetchReminders.name
}
