import RemindersCommandArguments

extension CommandDeclaration {
    public static let accounts = CommandDeclaration(
        name: "accounts", summary: "the CalDAV accounts to sync with (no secrets stored)",
        usage: [
            "add NAME --url URL [--username USER] [--password-command CMD | --password-file FILE] [--timeout S] [--address EMAIL] [--default-list TITLE | --keep-default-list] [--allow-insecure-http] [--store PATH]",
            "list [--store PATH]",
            "remove NAME [--keep-lists] [--store PATH]",
        ],
        about: """
            The CalDAV accounts whose reminder lists and event calendars `remindersd sync` keeps in step with the server.
              add     records an account. The password is never stored: it is read from FILE or taken
                      from the first line CMD prints each time a sync needs it. An http:// URL to
                      another machine is refused (the password would go in clear text) unless
                      --allow-insecure-http says you accept that; loopback (127.0.0.1, localhost) is fine.
                      From its first sync new reminders go to the account's reminders list "Reminders"
                      or "Tasks" (else its first by title; made there when it has none), so what
                      you add reaches your phone: --default-list TITLE names another (made there
                      if missing), --keep-default-list leaves the default list as it is.
              list    one JSON object per line, without secrets
              remove  forgets the account; its lists and calendars go with it, or with --keep-lists stay local
            """,
        options: [
            .url,
            .username,
            .passwordCommand,
            .passwordFile,
            .accountTimeout,
            .address,
            .defaultList,
            .keepDefaultList,
            .allowInsecureHTTP,
            .keepLists,
            .store,
        ],
        arguments: .words(["add", "list", "remove"]))
}

extension Option {
    public static let accountTimeout = Option.integer("--timeout", "S", "add: seconds to wait for each answer (default 30)", in: 1...600)
}

extension Option {
    public static let url = Option.value("--url", "URL", "add: the server's URL (the account's home, or any page of it)")
    public static let username = Option.value("--username", "USER", "add: the name to sign in with")
    public static let passwordCommand = Option.value(
        "--password-command", "CMD",
        "add: the password is the first line CMD prints (split into words and run\nwithout a shell, e.g. \"pass show caldav/home\")")
    public static let passwordFile = Option.value(
        "--password-file", "FILE", "add: the password is in FILE, which only you may read", completion: .file)
    public static let address = Option.value(
        "--address", "EMAIL",
        "add: where invitations reach you, so that an event's attendee with it is\nisCurrentUser (default: the username, when it is an email address)"
    )
    public static let defaultList = Option.value("--default-list", "TITLE", "add: the account's list new reminders go to (made there if missing)")
    public static let keepDefaultList = Option.flag("--keep-default-list", "add: new reminders keep going to the default list as it is")
    public static let allowInsecureHTTP = Option.flag("--allow-insecure-http", "add: accept an http:// URL to another machine")
    public static let keepLists = Option.flag("--keep-lists", "remove: keep the account's lists and calendars, as local ones")
}
