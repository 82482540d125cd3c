import RemindersCommandArguments

extension CommandDeclaration {
    public static let location = CommandDeclaration(
        name: "location", summary: "reports where you are; location alarms crossed fire", usage: ["LAT LON [--accuracy M] [--store PATH]"],
        about: """
            Reports that you are at LAT LON (degrees). Each location alarm learns which side of its
            place that is; those whose place you just entered or left fire (the running agent
            delivers them), a line each: "enter  Listen to KLOVE (88.5)".
            """,
        options: [.accuracy, .store])
}

extension Option {
    public static let accuracy = Option.number("--accuracy", "M", "the fix is good to M metres (default 10)", in: 0...1_000_000, unit: "metres")
}
