import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// `remindersd call` for shells: --batch, --output lines/tsv/table with computed columns, and
/// --help on every subcommand.
final class CallOutputTests: XCTestCase {
    let folder = TemporaryFolder()

    private func call(_ arguments: [String], zone: String = "Europe/Berlin") throws -> (status: Int32, stdout: String, stderr: String) {
        try RemindersdProcess.run(["call"] + arguments + ["--store", folder.store, "--client", "shell", "--time-zone", zone])
    }

    override func setUpWithError() throws {
        _ = try RemindersdProcess.run(["permissions", "set", "--any-program", "shell", "fullAccess", "--store", folder.store])
    }

    func testEverySubcommandHasHelp() throws {
        for command in [["serve"], ["permissions"], ["call"], ["schema"]] {
            let help = try RemindersdProcess.run(command + ["--help"])
            XCTAssertEqual(help.status, 0, "\(command)")
            XCTAssertTrue(help.stdout.contains("Usage") || help.stdout.contains("remindersd"), "\(command): \(help.stdout)")
            XCTAssertEqual(help.stderr, "", "\(command)")
        }
        XCTAssertTrue(try RemindersdProcess.run(["call", "--help"]).stdout.contains("--columns"))
    }

    func testBatchRunsEveryRequestAndSaysWhichFailed() throws {
        let batch = try call(["--batch", #"[["calendars"], ["nope"], ["saveReminder", {"reminder": {"title": "batched"}}]]"#])
        XCTAssertEqual(batch.status, 1, "one failed")
        let answers = try JSONParser.parse(batch.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).arrayValue ?? []
        XCTAssertEqual(answers.count, 3)
        XCTAssertNotNil(answers[0]["result"])
        XCTAssertEqual(answers[1].at("error", "code"), -32601)
        XCTAssertEqual(answers[2].at("result", "reminder", "title"), "batched", "the others still ran")
        for bad in ["[]", "{}", #"[["calendars", 5]]"#, #"[[1]]"#] {
            XCTAssertEqual(try call(["--batch", bad]).status, 2, bad)
        }
        XCTAssertEqual(try call(["calendars", "--batch", "[]"]).status, 2)
    }

    func testRowsForShells() throws {
        let list = try JSONParser.parse(try call(["saveCalendar", #"{"calendar":{"title":"Groceries"}}"#]).stdout)
        let listID = list.at("calendar", "calendarIdentifier")!.stringValue!
        let parent = try JSONParser.parse(
            try call([
                "saveReminder",
                #"{"reminder":{"title":"Shop\tfor\nthe party","priority":1,"tags":["home"],"isFlagged":true,"calendarIdentifier":"\#(listID)","dueDateComponents":{"year":2020,"month":1,"day":2}}}"#,
            ]).stdout)
        let parentID = parent.at("reminder", "calendarItemIdentifier")!.stringValue!
        _ = try call([
            "saveReminder",
            #"{"reminder":{"title":"Buy balloons","parentIdentifier":"\#(parentID)","dueDateComponents":{"year":2030,"month":6,"day":1,"hour":8,"minute":0,"timeZone":"UTC"}}}"#,
        ])
        // lines: one JSON object per row.
        let lines = try call(["fetchReminders", "--output", "lines"])
        XCTAssertEqual(lines.stdout.split(separator: "\n").count, 2)
        XCTAssertEqual(try JSONParser.parse(String(lines.stdout.split(separator: "\n")[0]))["title"], "Shop\tfor\nthe party")
        // tsv: computed in the session's zone; controls in text become spaces, one row a line.
        let tsv = try call(["fetchReminders", "--output", "tsv", "--columns", "@id,@due,@overdue,@priority,@list,@tags,@flag,title"])
        let rows = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(rows.count, 2, tsv.stdout)
        XCTAssertEqual(rows[0].count, 8)
        XCTAssertEqual(Array(rows[0].dropFirst()), ["Thu 2020-01-02 overdue", "overdue", "high", "Groceries", "#home", "⚑", "Shop for the party"])
        XCTAssertEqual(rows[0][0].count, 8, "an 8-character prefix")
        XCTAssertTrue(parentID.hasPrefix(rows[0][0]))
        XCTAssertEqual(rows[1][1], "Sat 2030-06-01 10:00", "with its weekday: a zoned time in the session's zone (Berlin: UTC+2 in June)")
        XCTAssertEqual(rows[1][4], "Groceries", "a subtask is in its parent's list")
        let tokyo = try call(["fetchReminders", "--output", "tsv", "--columns", "@due"], zone: "Asia/Tokyo")
        XCTAssertEqual(tokyo.stdout.split(separator: "\n").last, "Sat 2030-06-01 17:00")
        // table: aligned under a header, subtasks under their parent with --tree, empty columns hidden.
        let table = try call(["fetchReminders", "--output", "table", "--columns", "ID=@id,DONE=@done,TITLE=@title", "--tree", "--hide-empty"])
        let tableLines = table.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(tableLines.count, 3)
        XCTAssertTrue(tableLines[0].hasPrefix("ID        TITLE"), tableLines[0])
        XCTAssertTrue(tableLines[2].hasSuffix("  ↳ Buy balloons"), tableLines[2])
        XCTAssertFalse(table.stdout.contains("\u{1B}["), "no colours unless asked")
        let colored = try call(["fetchReminders", "--output", "table", "--columns", "TITLE=title", "--color"])
        XCTAssertTrue(colored.stdout.contains("\u{1B}[31m"), "overdue rows red")
        // The batch form: each request's rows, then a line holding U+001E.
        let sections = try call([
            "--batch",
            #"[["fetchReminders", {"predicate": {"identifierPrefix": "\#(parentID.prefix(6))"}}], ["fetchReminders", {"predicate": {"identifierPrefix": "ZZZZ"}}]]"#,
            "--output", "tsv", "--columns", "calendarItemIdentifier",
        ])
        XCTAssertEqual(sections.stdout, "\(parentID)\n\u{1E}\n\u{1E}\n")
        // Lists with their open reminders.
        let lists = try call(["calendars", "--output", "tsv", "--columns", "title,@open"])
        XCTAssertTrue(lists.stdout.contains("Groceries\t2"), lists.stdout)
        // Mistakes are usage errors.
        XCTAssertEqual(try call(["fetchReminders", "--output", "tsv"]).status, 2, "tsv needs --columns")
        XCTAssertEqual(try call(["fetchReminders", "--output", "xml"]).status, 2)
        XCTAssertEqual(try call(["fetchReminders", "--output", "tsv", "--columns", "@nope"]).status, 2)
        let failed = try call(["calendarItem", "{}", "--output", "tsv", "--columns", "title"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stdout, "")
        XCTAssertEqual(try JSONParser.parse(failed.stderr.split(separator: "\n").last.map(String.init) ?? "")["code"], -32602)
    }
}
