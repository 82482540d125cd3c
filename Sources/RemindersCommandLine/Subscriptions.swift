import RemindersCommandArguments

extension CommandDeclaration {
    /// Run as `remindersd-sync subscriptions` (`remindersd subscriptions` replaces itself with it).
    public static let subscriptions = CommandDeclaration(
        name: "subscriptions", summary: "subscribed calendars: .ics feeds (webcal) shown read-only, kept fresh",
        usage: [
            "add URL [--title T] [--every 1h] [--alarms keep|drop] [--username USER] [--password-command CMD | --password-file FILE] [--store PATH]",
            "list [--json] [--store PATH]",
            "refresh [NAME] [--json] [--store PATH]",
            "remove NAME [--store PATH]",
        ],
        about: """
            Subscribed calendars, as EventKit's EKSourceTypeSubscribed: an .ics address (a holiday calendar,
            a school's terms, a club's fixtures) fills a read-only calendar of its own.
              add      subscribes and fetches it once. webcal:// and webcals:// are read as http:// and https://.
                       Its title is --title, else the feed's own name, else its host. The publisher's alarms
                       are left out unless --alarms keep. A password is read as for accounts, never stored.
              list     each subscription: when it was last refreshed, how that ended, when the next is due
              refresh  fetches every feed (or NAME, a title or calendar identifier) now; an unchanged feed
                       costs one request and changes nothing
              remove   unsubscribes: the calendar goes with its events
            The agent refreshes each on its interval (--every, default 1d; never more often than every 15m,
            nor than the feed asks); a failure is tried again after 5 minutes, doubling, and shown in list;
            a feed the server says is gone (410) stops and says so. Exit status 1 when a refresh failed.
            """,
        options: [.subscriptionTitle, .every, .alarms, .username, .passwordCommand, .passwordFile, .subscriptionsJSON, .store],
        arguments: .words(["add", "list", "refresh", "remove"]))
}

extension Option {
    public static let subscriptionsJSON = Option.flag(
        "--json", "print what the methods answer, one JSON object (subscriptions, refreshSubscriptions, addSubscription)")
    public static let subscriptionTitle = Option.value("--title", "T", "add: the calendar's title (default: the feed's name, else its host)")
    public static let every = Option.duration("--every", "DURATION", "add: how often to refresh: 15m, 6h, 1d, 7d (default 1d; at least 15m)")
    public static let alarms = Option.value(
        "--alarms", "keep|drop", "add: keep the publisher's alarms, or drop them (default)",
        completion: .words(["keep", "drop"]))
}
