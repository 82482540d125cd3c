// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "remindersd",
    products: [
        .executable(name: "remindersd", targets: ["remindersd"]),
        .executable(name: "remindersd-sync", targets: ["remindersd-sync"]),
        .executable(name: "remindersd-dav", targets: ["remindersd-dav"]),
        // For other people's Swift programs: Apple's EventKit API, served by remindersd.
        .library(name: "EventKit", targets: ["EventKit"]),
        .library(name: "CoreLocation", targets: ["CoreLocation"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
    ],
    targets: [
        // SQLite from the system (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "RemindersCSQLite",
            path: "Sources/RemindersCSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // JSON-RPC 2.0 over stdio: JSON values, framing, messages, connection. Knows nothing about reminders.
        .target(name: "RemindersJSONRPC", dependencies: ["RemindersConcurrency"]),
        // Civil dates (proleptic Gregorian day arithmetic) and the zones and calendars made once per
        // zone: the leaf the model, the iCalendar codec and the EventKit library share. Foundation only.
        .target(name: "RemindersCivilTime"),
        // Log lines on stderr, one form and one level vocabulary for the server, the agent and the sync. No dependencies.
        .target(name: "RemindersLogging"),
        // State shared between threads beyond what `Mutex` does: state one of them waits on (`ConditionLock`), and a
        // value made on one thread for another to own (`HandOff`). Foundation and Synchronization only.
        .target(name: "RemindersConcurrency"),
        // Where remindersd is, who is asking, and one request in a session of its own (typed both ways): for the
        // libraries linked into other people's programs (EventKit, Core Location).
        .target(name: "RemindersLauncher", dependencies: ["RemindersConcurrency", "RemindersJSONRPC", "RemindersProtocol"]),
        // What EventKit's API and EventKit programs need of Core Location: CLLocation and its coordinate, distances,
        // regions, and CLGeocoder (asking the server's geocode, which asks the owner's geocoder).
        .target(name: "CoreLocation", dependencies: ["RemindersJSONRPC", "RemindersJSON", "RemindersLauncher", "RemindersModel", "RemindersProtocol"]),
        // What EventKit's API needs of Core Graphics (the `CoreGraphics` product): `CGColor`. No dependencies.
        .target(name: "CoreGraphics"),
        // Apple's EventKit API (EKEventStore, EKReminder, EKEvent, …) for Swift programs on Linux: a client of
        // `remindersd serve` over a pipe. Links the transport's JSON and framing and the protocol's declarations
        // (with the model and its JSON), nothing of the store or the server.
        .target(
            name: "EventKit", dependencies: ["RemindersCivilTime", "RemindersConcurrency", "CoreGraphics", "CoreLocation", "RemindersJSON", "RemindersJSONRPC", "RemindersLauncher", "RemindersModel", "RemindersProtocol"]),
        // iCalendar (RFC 5545): content lines, components, values, time zones. Knows nothing of reminders.
        .target(name: "RemindersICalendarFormat", dependencies: ["RemindersCivilTime"]),
        // EventKit's model (calendars, reminders, events, alarms, recurrence) as plain values with its rules. No SQL, no JSON.
        .target(name: "RemindersModel", dependencies: ["RemindersCivilTime"]),
        .target(name: "RemindersDatePhrases", dependencies: ["RemindersCivilTime", "RemindersModel"]),
        // CalDAV (RFC 4791, 6578, 6764) over libcurl and the toolchain's XMLParser: discovery,
        // listing, sync-collection, multiget, PUT/DELETE with ETags, MKCALENDAR. Knows nothing of reminders.
        .systemLibrary(
            name: "RemindersCCurl",
            path: "Sources/RemindersCCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // WebDAV's XML both ways (FoundationXML): a document read into a tree with namespaces resolved, and written.
        // Shared by the CalDAV client and the CalDAV face; knows no HTTP.
        .target(name: "RemindersWebDAV"),
        .target(name: "RemindersCalDAV", dependencies: ["RemindersCCurl", "RemindersWebDAV"]),
        // Reminders as VTODOs and events as VEVENTs, and back (keeping what it does not map). Knows no SQL or JSON-RPC.
        .target(name: "RemindersICalendar", dependencies: ["RemindersCivilTime", "RemindersICalendarFormat", "RemindersModel"]),
        // The SQLite event store. Knows nothing about JSON-RPC.
        .target(name: "RemindersStore", dependencies: ["RemindersConcurrency", "RemindersCSQLite", "RemindersModel"]),
        // Where an account's password comes from (a file only its owner reads, or a command), read
        // when a sync needs it and never kept. No networking: `remindersd accounts` checks with it.
        .target(name: "RemindersAccountSecrets", dependencies: ["RemindersStore"]),
        // Two-way sync of the store's lists and event calendars with CalDAV collections: accounts, calendars, items, merge.
        .target(name: "RemindersSync", dependencies: ["RemindersAccountSecrets", "RemindersCalDAV", "RemindersICalendarFormat", "RemindersICalendar", "RemindersModel",
                                                      "RemindersStore"]),
        // GNU libmicrohttpd (Debian: libmicrohttpd-dev), the HTTP server under the CalDAV face.
        .systemLibrary(name: "RemindersCMicroHTTPD", path: "Sources/RemindersCMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        // An HTTP/1.1 server on a loopback address over libmicrohttpd: requests read whole within limits, a Host that
        // must name it (no DNS rebinding), Basic credentials read. Knows nothing of WebDAV.
        .target(name: "RemindersHTTPServer", dependencies: ["RemindersCMicroHTTPD"]),
        // libcrypt (Debian: libcrypt-dev): yescrypt, the hash the CalDAV apps' passwords are kept as.
        .systemLibrary(name: "RemindersCCrypt", path: "Sources/RemindersCCrypt", providers: [.apt(["libcrypt-dev"])]),
        // Passwords made for an app, kept as libcrypt's yescrypt hash, and the short-lived memory of a verified login.
        .target(name: "RemindersAppPasswords", dependencies: ["RemindersCCrypt"]),
        // The CalDAV face: the store served to the desktop's calendar apps, each logged in with its own password and
        // grant. WebDAV's resources and properties over the HTTP server; the items through the store's own doors.
        .target(
            name: "RemindersCalDAVFace",
            dependencies: ["RemindersAppPasswords", "RemindersHTTPServer", "RemindersICalendar", "RemindersICalendarFormat", "RemindersModel", "RemindersStore",
                           "RemindersWebDAV"]),
        // .ics import and export of reminders and events over the store.
        .target(name: "RemindersInterchange", dependencies: ["RemindersICalendarFormat", "RemindersICalendar", "RemindersModel", "RemindersStore"]),
        // The model as JSON: calendar items, alarms, rules and dates written with the transport's
        // writer, and read from checked params. Knows no methods and no server.
        .target(name: "RemindersJSON", dependencies: ["RemindersJSONRPC", "RemindersModel"]),
        // The protocol, as every side spells it: each method's name, params, result and schema, the
        // notifications and the error codes. Linked by the server, the EventKit library, MCP and the
        // command line; knows no SQL, no server and no transport beyond the JSON values.
        .target(name: "RemindersProtocol", dependencies: ["RemindersCivilTime", "RemindersJSONRPC", "RemindersJSON", "RemindersModel"]),
        // remindersd-sync, the program every sync runs in, found beside remindersd and run to its end.
        .target(name: "RemindersSyncHelper", dependencies: ["RemindersConcurrency", "RemindersJSONRPC", "RemindersModel", "RemindersProtocol"]),
        // A strict command-line reader, for remindersd and remindersd-sync alike.
        .target(name: "RemindersCommandArguments"),
        // The command lines of remindersd and remindersd-sync, declared once: every command, its usage and its options
        // (with their help and completion). What the readers, --help, the completions and the man pages are made from.
        .target(name: "RemindersCommandLine", dependencies: ["RemindersCommandArguments"]),
        // The JSON-RPC server: lifecycle, dispatch, authorization, the methods' handlers.
        // Sync runs in remindersd-sync, a process of its own: linking the network stack (libcurl,
        // libxml2 and their forty libraries) into remindersd doubled the start of every one-shot call.
        .target(name: "RemindersServer", dependencies: ["RemindersCivilTime", "RemindersConsent", "RemindersDatePhrases", "RemindersJSONRPC", "RemindersLogging", "RemindersJSON", "RemindersModel", "RemindersProtocol", "RemindersStore", "RemindersInterchange",
                                                     "RemindersSyncHelper"]),
        // libdbus-1's declarations, the library loaded with dlopen by whoever first needs the session bus (Debian:
        // libdbus-1-3): linking it would load libsystemd and five more libraries into every one-shot call.
        .systemLibrary(name: "RemindersCLibdbus", path: "Sources/RemindersCLibdbus"),
        // The desktop's notification server (freedesktop Desktop Notifications) over one session-bus connection kept
        // open: Notify sent, and ActionInvoked/NotificationClosed heard on the same name. Knows no reminders.
        .target(name: "RemindersDesktopNotifications", dependencies: ["RemindersCLibdbus"]),
        // The consent agents remindersd ships: a desktop notification with Allow and Deny, and a terminal where the owner runs
        // `remindersd permissions listen` (pkttyagent's way). Knows no store.
        .target(name: "RemindersConsent", dependencies: ["RemindersDesktopNotifications", "RemindersJSONRPC"]),
        // The alarm agent: fires time and location alarms exactly once (a deliveries ledger in the store)
        // through the desktop's notification server and an --on-alarm program, and keeps accounts in step
        // (--sync). Links the model's JSON and the sync helper, not the server.
        .target(name: "RemindersAlarms", dependencies: ["RemindersCivilTime", "RemindersConcurrency", "RemindersDatePhrases", "RemindersDesktopNotifications", "RemindersJSONRPC", "RemindersLogging", "RemindersJSON", "RemindersModel", "RemindersProtocol", "RemindersStore", "RemindersSyncHelper"]),
        // `remindersd mcp`: the store for AI assistants over the Model Context Protocol (stdio), its
        // tools built on the JSON-RPC methods' declarations and run through the same dispatcher.
        .target(name: "RemindersMCP", dependencies: ["RemindersConcurrency", "RemindersDatePhrases", "RemindersJSONRPC", "RemindersJSON", "RemindersModel", "RemindersProtocol", "RemindersServer", "RemindersStore"]),
        // The subcommands: serve, permissions, call, accounts, import, export, agent, alarms, location, mcp,
        // schema, and sync (handed to remindersd-sync).
        .target(name: "RemindersCLI", dependencies: ["RemindersAccountSecrets", "RemindersCivilTime", "RemindersCommandArguments", "RemindersDatePhrases", "RemindersConsent", "RemindersCommandLine", "RemindersJSONRPC", "RemindersLogging", "RemindersAlarms", "RemindersJSON", "RemindersMCP", "RemindersProtocol",
                                                     "RemindersModel", "RemindersStore", "RemindersServer", "RemindersInterchange", "RemindersSyncHelper"]),
        // `remindersd sync` itself: the report as text lines, JSON or progress lines for the server. Links the
        // sync, the store and the command-line reader: nothing of the server, the agent or the MCP front end.
        // Asking a Nominatim-compatible geocoder, for CLGeocoder through remindersd-sync (the program with the network stack).
        .target(name: "RemindersGeocoding", dependencies: ["RemindersCalDAV", "RemindersJSONRPC", "RemindersModel"]),
        // Subscribed calendars: .ics feeds fetched over the CalDAV module's HTTP client, put into read-only calendars.
        .target(name: "RemindersSubscriptions", dependencies: ["RemindersAccountSecrets", "RemindersCalDAV", "RemindersICalendarFormat", "RemindersInterchange", "RemindersModel", "RemindersStore"]),
        .target(name: "RemindersSyncCLI", dependencies: ["RemindersAccountSecrets", "RemindersCommandArguments", "RemindersCommandLine", "RemindersGeocoding", "RemindersJSONRPC", "RemindersJSON", "RemindersModel", "RemindersProtocol", "RemindersStore", "RemindersSubscriptions", "RemindersSync"]),
        // Linked as a position-dependent executable in release builds: a PIE of this size carries some
        // 75,000 relocations that every start applies, dirtying pages as it goes, which was a third of
        // the time of a one-shot `remindersd call` (bench/README.md). Swift code is memory-safe, so
        // the fixed address of the program's own code costs little of what ASLR protects.
        .executableTarget(name: "remindersd", dependencies: ["RemindersJSONRPC", "RemindersCLI"],
                          linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))]),
        // `remindersd dav`, run as remindersd-dav: the desktop's calendar apps and their passwords and grants.
        .target(
            name: "RemindersDAVCLI",
            dependencies: ["RemindersAppPasswords", "RemindersCalDAVFace", "RemindersCommandArguments", "RemindersCommandLine", "RemindersHTTPServer",
                           "RemindersJSON", "RemindersJSONRPC", "RemindersModel", "RemindersStore"]),
        // The CalDAV face's program, installed beside remindersd: only it links libmicrohttpd and libcrypt.
        .executableTarget(name: "remindersd-dav", dependencies: ["RemindersJSONRPC", "RemindersDAVCLI"]),
        // The sync helper `remindersd sync` and the `sync` method run; installed beside remindersd.
        .executableTarget(name: "remindersd-sync", dependencies: ["RemindersJSONRPC", "RemindersSyncCLI"]),

        .target(name: "RemindersTestSupport", dependencies: ["RemindersConcurrency", "RemindersJSONRPC"], path: "Tests/RemindersTestSupport"),
        // A served session in the test's own process (the real Server on pipes), for behaviour the binary need not be spawned for.
        .target(
            name: "RemindersServerHarness", dependencies: ["RemindersConcurrency", "RemindersJSONRPC", "RemindersModel", "RemindersServer", "RemindersStore", "RemindersTestSupport"],
            path: "Tests/RemindersServerHarness"),
        .testTarget(name: "RemindersJSONRPCTests", dependencies: ["RemindersJSONRPC"]),
        .testTarget(name: "RemindersConcurrencyTests", dependencies: ["RemindersConcurrency"]),
        .testTarget(name: "RemindersCommandLineTests", dependencies: ["RemindersCommandArguments", "RemindersCommandLine"]),
        .testTarget(name: "RemindersICalendarFormatTests", dependencies: ["RemindersICalendarFormat"]),
        .testTarget(name: "RemindersICalendarTests", dependencies: ["RemindersICalendar", "RemindersICalendarFormat", "RemindersModel"]),
        .testTarget(name: "RemindersCalDAVTests", dependencies: ["RemindersCalDAV", "RemindersWebDAV"]),
        .testTarget(name: "RemindersHTTPServerTests", dependencies: ["RemindersHTTPServer", "RemindersTestSupport"]),
        .testTarget(name: "RemindersWebDAVTests", dependencies: ["RemindersWebDAV"]),
        .testTarget(
            name: "RemindersCalDAVFaceTests",
            dependencies: [
                "RemindersAppPasswords", "RemindersCalDAVFace", "RemindersHTTPServer", "RemindersModel", "RemindersStore", "RemindersTestSupport",
                "RemindersWebDAV",
            ]),
        .testTarget(name: "RemindersAppPasswordsTests", dependencies: ["RemindersAppPasswords"]),
        .testTarget(name: "RemindersGeocodingTests", dependencies: ["RemindersGeocoding", "RemindersModel"]),
        // Compile-only: Apple's EventKit and Core Location API spelled once each (nothing runs).
        .testTarget(name: "RemindersEventKitSurface", dependencies: ["CoreGraphics", "CoreLocation", "EventKit"]),
        .testTarget(name: "RemindersSyncTests", dependencies: ["RemindersSync", "RemindersICalendar", "RemindersModel", "RemindersStore", "RemindersCalDAV", "RemindersICalendarFormat"]),
        .testTarget(name: "RemindersAccountSecretsTests", dependencies: ["RemindersAccountSecrets"]),
        .testTarget(name: "RemindersSubscriptionsTests", dependencies: ["RemindersSubscriptions", "RemindersInterchange", "RemindersModel", "RemindersStore"]),
        .testTarget(name: "RemindersDesktopNotificationsTests", dependencies: ["RemindersDesktopNotifications"], exclude: ["unicast_notification_server.py"]),
        .testTarget(name: "RemindersConsentTests", dependencies: ["RemindersConsent"]),
        .testTarget(name: "RemindersAlarmsTests", dependencies: ["RemindersDesktopNotifications", "RemindersAlarms", "RemindersModel", "RemindersStore"]),
        .testTarget(name: "RemindersMCPTests", dependencies: ["RemindersMCP", "RemindersJSONRPC"]),
        .testTarget(name: "RemindersModelTests", dependencies: ["RemindersCivilTime", "RemindersModel"]),
        .testTarget(name: "RemindersDatePhrasesTests", dependencies: ["RemindersDatePhrases", "RemindersModel"]),
        .testTarget(name: "RemindersCivilTimeTests", dependencies: ["RemindersCivilTime"]),
        .testTarget(name: "RemindersStoreTests", dependencies: ["RemindersStore", "RemindersModel", "RemindersCSQLite"]),
        .testTarget(
            name: "RemindersServerTests",
            dependencies: ["RemindersJSON", "RemindersProtocol", "RemindersServer", "RemindersStore", "RemindersJSONRPC", "RemindersServerHarness", "RemindersTestSupport", "RemindersCommandLine", "RemindersCommandArguments", "RemindersModel"]),
        .testTarget(name: "RemindersEndToEndTests", dependencies: ["RemindersJSONRPC", "RemindersTestSupport"], exclude: ["Corpus"]),
        .testTarget(
            name: "RemindersEventKitTests",
            dependencies: ["EventKit", "CoreLocation", "RemindersJSONRPC", "RemindersLauncher", "RemindersModel", "RemindersProtocol", "RemindersTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
