import RemindersCommandArguments

extension CommandDeclaration {
    public static let permissions = CommandDeclaration(
        name: "permissions", summary: "which client, run by which program, may do what (list, set, consent-agent, listen)",
        usage: [
            "list [--store PATH]",
            "set CLIENT STATUS [--program PATH | --any-program] [--entity reminder|event] [--lists \"A,B\" [--manage-lists]] [--read-only-lists \"C\"] [--store PATH]",
            "consent-agent [PROGRAM | --desktop | --terminal | --none] [--store PATH]",
            "listen",
        ],
        about: """
            The owner's Settings screen: which client, run by which program, may do what.
              list    one JSON object per line: {"client", "entityType", "program", "status", "scope"?};
                      "program" is null for a decision that holds for any program, and a program
                      that asked while nobody could answer shows as notDetermined; "scope", only for
                      a grant of chosen lists: {"lists": [{"calendarIdentifier", "title", "readOnly"}],
                      "manageLists"}
              set     records CLIENT's STATUS: notDetermined (forget the decision, so the client is
                      asked again), restricted, denied, fullAccess or writeOnly; it applies to running
                      sessions from their next call. With neither --program nor --any-program, for
                      every program `list` shows for CLIENT (refused when none). A script or an
                      interpreter is named with a caution: what vouches for it is its interpreter's
                      command line (protocol.md, "Threat model")
              consent-agent  records PROGRAM (run as PROGRAM CLIENT ENTITY LEVEL USAGE; exit 0 allows,
                      75 says nobody could be asked) as the one a server asks when a client requests
                      access; alone, prints it. A client cannot name another: --consent-agent is
                      heeded only when it is this one. remindersd ships two: --desktop asks you with
                      a notification (Allow, Deny), --terminal in the terminal where `permissions
                      listen` runs
              listen  asks you, in this terminal, each time a client requests access, until
                      interrupted: for editors, assistants and services, which have no terminal of
                      yours to ask on (with consent-agent --terminal, or --desktop away from a desktop)
            """,
        options: [
            .program,
            .anyProgram,
            .entity,
            .lists,
            .readOnlyLists,
            .manageLists,
            .desktopConsentAgent,
            .terminalConsentAgent,
            .noConsentAgent,
            .store,
        ],
        arguments: .words(["list", "set", "consent-agent", "listen", "notDetermined", "restricted", "denied", "fullAccess", "writeOnly"]))
}

extension Option {
    public static let program = Option.value("--program", "PATH", "set: for CLIENT run by that program only", completion: .file)
    public static let anyProgram = Option.flag("--any-program", "set: for CLIENT from any program (what every grant was before grants had programs)")
    public static let entity = Option.value("--entity", "TYPE", "set: reminder (default) or event", completion: .words(["reminder", "event"]))
    public static let lists = Option.value(
        "--lists", "\"A,B\"",
        "set: for those lists only (titles or identifiers, comma-separated): the client\nsees nothing else, in any method, tool or notification"
    )
    public static let readOnlyLists = Option.value(
        "--read-only-lists", "\"C\"",
        "set: and these, which it may read but not change (a list removed later drops\nout; without either: every list)")
    public static let manageLists = Option.flag(
        "--manage-lists",
        "set: with --lists, the client may also rename and remove those lists (without it,\nit changes what is in them only)")
    public static let desktopConsentAgent = Option.flag("--desktop", "consent-agent: the one remindersd ships that asks with a notification")
    public static let terminalConsentAgent = Option.flag(
        "--terminal", "consent-agent: the one remindersd ships that asks where `permissions listen` runs")
    public static let noConsentAgent = Option.flag("--none", "consent-agent: forgets it")
}
