import RemindersJSONRPC

/// What `sync` answers.
public enum SyncSchemas: Sendable {
    public static let count = JSONSchema.integer(IntegerRule(minimum: 0))

    public static let list = JSONSchema.named("SyncListReport") {
        CommonSchemas.result(
            [
                ("calendarIdentifier", CommonSchemas.identifier),
                ("title", .string()),
                ("downloaded", count), ("uploaded", count), ("deleted", count),
                ("created", .boolean(description: "The list is new here (found on the server) or there (made with MKCALENDAR).")),
                (
                    "conflicts",
                    .array(
                        of: CommonSchemas.result([
                            ("uid", .string()), ("title", .string()), ("property", .string()),
                            ("kept", .oneOf(["here", "server"])), ("lostValue", .string()),
                            (
                                "change",
                                .nullable(.string("The change of the history whose undo brings back what lost (undo {changeIdentifier})."))
                            ),
                        ]))
                ),
                ("skipped", .array(of: CommonSchemas.result([("href", .string()), ("message", .string())]))),
                ("notes", .array(of: .string())),
                (
                    "withheld",
                    .nullable(
                        CommonSchemas.result(
                            [
                                ("emptied", .oneOf(["server", "here"])),
                                ("items", count),
                            ],
                            description:
                                "One side lists none of the items synced before: its deletions were not made on the other (forceDelete makes them)."))
                ),
                ("error", .nullable(.string())),
                (
                    "plan",
                    .array(
                        of: .string(
                            "In a dry run, what the sync would do, an action a line (↓ href, ↑ \"title\" to href, ✕ here/there href, withheld: …); empty otherwise."
                        ))
                ),
            ], description: "One list: ↓ downloaded, ↑ uploaded, ✕ deleted (here or there).")
    }

    public static let report = JSONSchema.named("SyncReport") {
        CommonSchemas.result([
            ("dryRun", .boolean()),
            (
                "accounts",
                .array(
                    of: CommonSchemas.result([
                        ("name", .string()), ("error", .nullable(.string())), ("requests", count),
                        ("notes", .array(of: .string("Lists removed here: removed on the server too, or back because they changed there."))),
                        ("lists", .array(of: list)),
                    ]))
            ),
        ])
    }
}
