/// The names of the methods the command line and the MCP server call themselves (each runs a
/// session in this process and speaks the protocol like any client), taken from their declarations.
public enum MethodNames {
    public static let initialize = Initialize.name
    public static let shutdown = Shutdown.name
    public static let exit = NotificationRegistry.exit.name
    public static let calendars = Calendars.name
    public static let fetchReminders = FetchReminders.name
    public static let calendarItem = CalendarItem.name
    public static let saveReminder = SaveReminder.name
    public static let removeReminder = RemoveReminder.name
    public static let addAlarm = AddAlarm.name
    public static let saveCalendar = SaveCalendar.name
    public static let requestAccess = RequestAccess.name
    public static let authorizationStatus = AuthorizationStatusMethod.name
    public static let fetchEvents = FetchEvents.name
    public static let saveEvent = SaveEvent.name
}
