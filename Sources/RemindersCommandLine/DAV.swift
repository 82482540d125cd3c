import RemindersCommandArguments

extension CommandDeclaration {
    public static let dav = CommandDeclaration(
        name: "dav", summary: "the desktop's calendar apps, each with its own password and grant (CalDAV)",
        usage: [
            "[--listen ADDRESS] [--store PATH]",
            "add-app NAME [--lists \"A,B\"] [--read-only-lists \"C\"] [--entity reminder|event] [--store PATH]",
            "apps [--store PATH]",
            "remove-app NAME [--store PATH]",
        ],
        about: """
            The store served over CalDAV to the apps of your desktop (GNOME Calendar, Evolution,
            Thunderbird, KOrganizer, vdirsyncer for khal and todoman), each a client of its own.
              (none)      serves http://127.0.0.1:5233/dav/ (--listen for another loopback address or
                          port) until SIGTERM or SIGINT; `agent --dav` serves it from login. Each
                          app logs in with the name and password add-app gave it
              add-app     makes NAME a password and prints it once (the store keeps only its yescrypt
                          hash), and grants NAME full access — to reminders and events, or to one
                          kind with --entity, in every list or in the --lists named only (with
                          --read-only-lists it may read but not change). The grant is one like any
                          client's: `permissions list` shows it (program "caldav"), `permissions set
                          NAME denied --program caldav` revokes it, the history names NAME
              apps        one JSON object per line: {"name", "created", "grants"}, without secrets
              remove-app  forgets NAME, its password and its grants
            """,
        options: [.listen, .appLists, .appReadOnlyLists, .appEntity, .store],
        arguments: .words(["add-app", "apps", "remove-app"]))
}

extension Option {
    public static let listen = Option.value(
        "--listen", "ADDRESS", "serve at this loopback address and port (default 127.0.0.1:5233; 127.x.y.z only)")
    public static let appLists = Option.value(
        "--lists", "\"A,B\"", "add-app: for those lists only (titles or identifiers, comma-separated)")
    public static let appReadOnlyLists = Option.value(
        "--read-only-lists", "\"C\"", "add-app: and these, which it may read but not change")
    public static let appEntity = Option.value(
        "--entity", "TYPE", "add-app: reminder or event only (default: both)", completion: .words(["reminder", "event"]))
}
