import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// File modes of the store, the consent agent's arguments, client-name validation, stdout that
/// carries nothing but frames, and logs that never carry what the user wrote.
final class SecrecyAndModesTests: XCTestCase {
    let folder = TemporaryFolder()

    override func setUp() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// `remindersd ARGUMENTS` run with umask 000, so nothing but the server's own modes protect the files.
    private func withOpenUmask(_ arguments: [String], input: String = "", environment: [String: String] = [:]) -> Programs.Output {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "REMINDERSD_STORE")
        for (key, value) in environment { env[key] = value }
        return Programs.run(
            "/bin/sh", ["-c", "umask 000; exec \"$0\" \"$@\"", RemindersdProcess.binaryPath] + arguments,
            input: Data(input.utf8), environment: env)
    }

    private func assertPrivate(_ store: String, createdFolders: [String], _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Programs.mode(store).map { String($0, radix: 8) }, "600", "\(context): \(store)", file: file, line: line)
        for companion in [store + "-wal", store + "-shm", store + "-journal"] where FileManager.default.fileExists(atPath: companion) {
            XCTAssertEqual(Programs.mode(companion).map { String($0, radix: 8) }, "600", "\(context): \(companion)", file: file, line: line)
        }
        for created in createdFolders {
            XCTAssertEqual(Programs.mode(created).map { String($0, radix: 8) }, "700", "\(context): \(created)", file: file, line: line)
        }
    }

    // MARK: File modes

    func testStoreFileAndFoldersArePrivateHoweverTheyAreCreated() throws {
        // permissions set, into folders that do not exist yet.
        let viaPermissions = folder.path + "/p1/p2/p3/reminders.sqlite"
        let set = withOpenUmask(["permissions", "set", "--any-program", "client", "fullAccess", "--store", viaPermissions])
        XCTAssertEqual(set.status, 0, set.stderr)
        assertPrivate(viaPermissions, createdFolders: [folder.path + "/p1", folder.path + "/p1/p2", folder.path + "/p1/p2/p3"], "permissions set")
        // serve, with the session still running (WAL and shared-memory files present).
        let viaServe = folder.path + "/s1/reminders.sqlite"
        let serve = try RemindersdProcess(store: viaServe, shellPrefix: "umask 000")
        XCTAssertNotNil(serve.channel.request("initialize", ["clientInfo": ["name": "modes"]]).result)
        assertPrivate(viaServe, createdFolders: [folder.path + "/s1"], "serve")
        serve.channel.request("shutdown")
        serve.channel.notify("exit")
        XCTAssertEqual(serve.waitForExit(), 0)
        // call, and the default location under XDG_DATA_HOME.
        let xdg = folder.path + "/xdg"
        let call = withOpenUmask(["call", "authorizationStatus"], environment: ["XDG_DATA_HOME": xdg, "HOME": folder.path + "/home"])
        XCTAssertEqual(call.status, 0, call.stderr)
        assertPrivate(xdg + "/remindersd/reminders.sqlite", createdFolders: [xdg, xdg + "/remindersd"], "call with XDG_DATA_HOME")
        // HOME without XDG_DATA_HOME.
        let home = folder.path + "/home2"
        var env = ["HOME": home]
        env["XDG_DATA_HOME"] = ""
        let list = withOpenUmask(["permissions", "set", "--any-program", "c", "denied"], environment: env)
        XCTAssertEqual(list.status, 0, list.stderr)
        assertPrivate(
            home + "/.local/share/remindersd/reminders.sqlite",
            createdFolders: [home, home + "/.local", home + "/.local/share", home + "/.local/share/remindersd"], "HOME")
    }

    /// A store its group may read is refused, by every command, with the path and the fix; it is
    /// left as it was (mode and content) and works once the owner makes it private.
    func testAStoreOthersMayReadIsRefusedWithThePathAndTheFix() throws {
        let store = folder.store
        XCTAssertEqual(withOpenUmask(["permissions", "set", "--any-program", "c", "denied", "--store", store]).status, 0)
        XCTAssertEqual(chmod(store, 0o640), 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let fix = "run `chmod 600 \(store)`"
        let set = withOpenUmask(["permissions", "set", "--any-program", "c", "fullAccess", "--store", store])
        XCTAssertNotEqual(set.status, 0)
        XCTAssertTrue(
            set.stderr.contains("the store \(store) can be read or changed by its group (mode 640)") && set.stderr.contains(fix), set.stderr)
        let call = withOpenUmask(["call", "authorizationStatus", "--store", store])
        XCTAssertNotEqual(call.status, 0)
        XCTAssertTrue(call.stderr.contains(fix), call.stderr)
        let serve = try RemindersdProcess(store: store)
        let refused = serve.channel.request("initialize", ["clientInfo": ["name": "modes"]])
        XCTAssertEqual(refused.errorCode, -32013)
        XCTAssertTrue(refused["error"]?["message"]?.stringValue?.contains(fix) ?? false, "\(refused)")
        serve.channel.notify("exit")
        _ = serve.waitForExit()
        XCTAssertEqual(Programs.mode(store).map { String($0, radix: 8) }, "640", "the mode is the owner's to change")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store)), before)
        XCTAssertEqual(chmod(store, 0o600), 0)
        let list = withOpenUmask(["permissions", "list", "--store", store])
        XCTAssertEqual(list.stdout, #"{"client":"c","entityType":"reminder","program":null,"status":"denied"}"# + "\n", list.stderr)
        // A folder others may change is refused too: they could swap the store, or plant the -wal and -shm files beside it.
        XCTAssertEqual(chmod(folder.path, 0o775), 0)
        let shared = withOpenUmask(["permissions", "list", "--store", store])
        XCTAssertNotEqual(shared.status, 0)
        XCTAssertTrue(
            shared.stderr.contains("the store's folder \(folder.path) can be changed by its group (mode 775)")
                && shared.stderr.contains("run `chmod go-w \(folder.path)`"), shared.stderr)
        // One they may only list (a home of mode 755, as on Debian before 12) is used, with one warning line.
        XCTAssertEqual(chmod(folder.path, 0o755), 0)
        let listable = withOpenUmask(["permissions", "list", "--store", store])
        XCTAssertEqual(listable.status, 0, listable.stderr)
        XCTAssertEqual(listable.stderr.components(separatedBy: "\n").filter { $0.contains("warning") }.count, 1, listable.stderr)
        XCTAssertTrue(listable.stderr.contains("can be listed by other users (mode 755)"), listable.stderr)
    }

    /// Issue 35, 14: the README's first command on a home of mode 755 makes a store there and uses
    /// it; in a folder others may write, nothing is left behind.
    func testAStoreInAHomeOthersMayListWorksAndARefusedOneLeavesNothing() throws {
        let home = folder.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        let made = withOpenUmask(["permissions", "set", "--any-program", "c", "fullAccess", "--store", home + "/reminders.sqlite"])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(Programs.mode(home + "/reminders.sqlite").map { String($0, radix: 8) }, "600")
        let open = folder.path + "/open"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(open, 0o777), 0)
        let refused = withOpenUmask(["permissions", "list", "--store", open + "/reminders.sqlite"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: open), [], "nothing left behind")
    }

    // MARK: The consent agent

    private func agentArguments(_ file: String) -> [String] {
        guard let data = Programs.bytes(file) else { return [] }
        var parts = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    func testConsentAgentGetsHostileNamesAndUsageUnchangedAndNothingRuns() throws {
        // The agent lives in a folder whose name is itself hostile, and records its arguments NUL-separated.
        let agentFolder = folder.path + "/agent dir; $(touch PWNED) `touch PWNED` 'q' \"dq\""
        try FileManager.default.createDirectory(atPath: agentFolder, withIntermediateDirectories: true)
        let record = folder.path + "/arguments"
        let agent = agentFolder + "/agent"
        _ = FileManager.default.createFile(
            atPath: agent, contents: Data("#!/bin/sh\nprintf '%s\\0' \"$@\" > '\(record)'\nexit 0\n".utf8),
            attributes: [.posixPermissions: 0o755])
        let marker = folder.path + "/PWNED"
        let names = [
            "a; touch \(marker)", "$(touch \(marker))", "`touch \(marker)`", "it's \"quoted\"", "| touch \(marker) &", "> \(marker)",
            "*", "${HOME} $PATH", "名前 🎉 ñ", String(repeating: "é", count: 128), "a-b --c",
        ]
        let usages = [
            "Reads reminders; touch \(marker)", "$(touch \(marker)) and `touch \(marker)`", "line one\nline two\r\nline three",
            "tab\there \u{1B}[31mred\u{1B}[0m bell\u{7} del\u{7F} c1\u{9B}31m next\u{85}line", "'single' \"double\" \\backslash",
            "--level=full", String(repeating: "u", count: 10_000),
        ]
        var asked = 0
        for (index, name) in names.enumerated() {
            let usage = usages[index % usages.count]
            let store = folder.path + "/agent-\(index).sqlite"
            let server = try RemindersdProcess(store: store, arguments: ["--consent-agent", agent])
            XCTAssertNotNil(server.initialize(client: name).result, "client name \(name)")
            try? FileManager.default.removeItem(atPath: record)
            let level = index % 2 == 0 ? "full" : "writeOnly"
            let reply = server.channel.request("requestAccess", ["usageDescription": .string(usage), "level": .string(level)])
            XCTAssertEqual(reply.at("result", "granted"), true, "\(name): \(reply.serialized.prefix(300))")
            XCTAssertEqual(agentArguments(record), [name, "reminder", level, usage], "the agent's arguments for client \(name)")
            XCTAssertEqual(server.shutDown(), 0)
            asked += 1
        }
        // Names an agent could read as options never reach it.
        for optionLike in ["--help", "-rf", "-"] {
            let server = try RemindersdProcess(store: folder.path + "/option.sqlite", arguments: ["--consent-agent", agent])
            XCTAssertEqual(server.initialize(client: optionLike).errorField, "clientInfo.name", optionLike)
            server.channel.notify("exit")
            _ = server.waitForExit()
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "a shell ran something from a client name or usage string")
        XCTAssertFalse(FileManager.default.fileExists(atPath: agentFolder + "/PWNED"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/PWNED"))
        print("consent agent: \(asked) hostile client names and usage strings passed unchanged, nothing ran")
    }

    /// A usage string cannot reach the agent unchanged when it holds a NUL (arguments are C strings):
    /// the owner would be asked about a truncated text. It must be refused, and nobody asked.
    func testUsageWithANulIsRefusedAndTheAgentIsNotRun() throws {
        let record = folder.path + "/ran"
        let agent = folder.script("agent", "touch '\(record)'; exit 0")
        let server = try RemindersdProcess(store: folder.store, arguments: ["--consent-agent", agent])
        server.initialize(client: "nul")
        let reply = server.channel.request("requestAccess", ["usageDescription": "Shows reminders\u{0}; and deletes them all"])
        XCTAssertEqual(reply.errorCode, -32602, reply.serialized)
        XCTAssertEqual(reply.errorField, "usageDescription")
        XCTAssertFalse(FileManager.default.fileExists(atPath: record), "the agent was asked with a truncated usage string")
        XCTAssertEqual(server.channel.request("authorizationStatus").at("result", "status"), "notDetermined")
        XCTAssertEqual(server.shutDown(), 0)
    }

    func testClientNamesAreValidatedEverywhere() throws {
        let bad = ["", String(repeating: "x", count: 257), "a\nb", "a\rb", "a\u{0}b", "a\u{1B}[2J", "a\u{7F}", "a\u{85}b", "a\u{9B}31m", "a\tb"]
        for framing in [Framing.ndjson, .lsp] {
            let server = try RemindersdProcess(store: folder.store, framing: framing)
            for name in bad {
                let reply = server.channel.request("initialize", ["clientInfo": ["name": .string(name)]])
                XCTAssertEqual(reply.errorCode, -32602, "[\(framing)] \(name.debugDescription): \(reply.serialized.prefix(200))")
                XCTAssertEqual(reply.errorField, "clientInfo.name", "[\(framing)] \(name.debugDescription)")
                XCTAssertFalse(reply.at("error", "message")?.stringValue?.isEmpty ?? true)
            }
            XCTAssertNotNil(server.initialize(client: String(repeating: "x", count: 256)).result)
            XCTAssertEqual(server.shutDown(), 0)
        }
        for name in bad where !name.contains("\u{0}") {  // a NUL cannot be passed in an argument at all
            let result = Programs.remindersd(["permissions", "set", "--any-program", name, "fullAccess", "--store", folder.store])
            XCTAssertEqual(result.status, 2, "permissions set \(name.debugDescription): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
            let call = Programs.remindersd(["call", "authorizationStatus", "--client", name, "--store", folder.store])
            XCTAssertNotEqual(call.status, 0, "call --client \(name.debugDescription)")
            XCTAssertEqual(call.stdout, "")
        }
        XCTAssertEqual(Programs.remindersd(["permissions", "list", "--store", folder.store]).stdout, "", "no bad name was stored")
    }

    // MARK: stdout carries frames only

    func testStdoutCarriesOnlyFramesOnEveryErrorPath() throws {
        // An agent that writes to stdout, stderr and every other descriptor it might have inherited.
        let agent = folder.script(
            "noisy",
            """
            echo 'agent stdout'; echo 'agent stderr' >&2
            for fd in 3 4 5 6 7 8 9; do eval "echo agent-fd-$fd >&$fd" 2>/dev/null; done
            exit 0
            """)
        let slowAgent = folder.script("slow", "echo 'slow agent'; sleep 5; exit 0")
        let notSQLite = folder.path + "/not-sqlite"
        _ = FileManager.default.createFile(atPath: notSQLite, contents: Data("not a database".utf8))
        var total = 0
        for framing in [Framing.ndjson, .lsp] {
            for (store, arguments) in [
                (folder.path + "/ok-\(framing).sqlite", ["--consent-agent", agent, "--log-level", "debug"]),
                (folder.path + "/slow-\(framing).sqlite", ["--consent-agent", slowAgent, "--consent-timeout", "1"]),
                (folder.path + "/missing-\(framing).sqlite", ["--consent-agent", folder.path + "/gone-agent"]),
                (notSQLite, ["--log-level", "debug"]),
            ] {
                // The owner's agent, recorded and then removed: asking it fails, and is said on stderr only.
                let gone = folder.script("gone-agent", "exit 0")
                let server = try RemindersdProcess(store: store, framing: framing, arguments: arguments + ["--max-message-size", "2048"])
                try? FileManager.default.removeItem(atPath: gone)
                server.channel.request("fetchReminders")  // before initialize
                server.initialize(client: "frames")
                server.channel.request("requestAccess", ["usageDescription": "frames"], timeout: 30)
                for bad in [
                    "nonsense", "{", "[]", "[1,2]", #"{"jsonrpc":"2.0","id":1,"method":"nope"}"#, #"{"a":1,"a":2}"#,
                    String(repeating: "[", count: 100), #"{"jsonrpc":"2.0","id":{},"method":"x"}"#,
                ] {
                    server.channel.send(json: bad)
                }
                server.channel.send(
                    payload: Array(#"{"jsonrpc":"2.0","id":2,"method":"calendars","params":{"x":"\#u{FFFF}"#.utf8) + [0xFF, 0x22, 0x7D, 0x7D])
                server.channel.send(
                    json: #"{"jsonrpc":"2.0","id":3,"method":"calendars","params":{"pad":""# + String(repeating: "p", count: 5000) + #""}}"#)
                server.channel.request("saveReminder", ["reminder": ["title": "x", "priority": 99]])
                server.channel.request("saveReminder", ["reminder": ["title": "ok", "notes": "n"]])
                server.channel.request("removeReminder", ["identifier": "missing"])
                server.channel.request("saveReminder", ["reminder": ["title": "staged"], "commit": false])
                server.channel.request("initialize", ["clientInfo": ["name": "again"]])
                server.channel.request("shutdown")
                server.channel.request("fetchReminders")  // after shutdown
                server.channel.notify("exit")
                _ = server.waitForExit(timeout: 30)
                XCTAssertTrue(server.channel.waitForEndOfOutput())
                let (frames, clean) = Programs.onlyFrames(server.channel.outputBytes, framing: framing)
                XCTAssertTrue(
                    clean,
                    "[\(framing) \(arguments)] stdout held something other than frames: \(String(decoding: server.channel.outputBytes.suffix(400), as: UTF8.self))"
                )
                XCTAssertGreaterThan(frames.count, 15, "[\(framing)]")
                XCTAssertFalse(String(decoding: server.channel.outputBytes, as: UTF8.self).contains("agent"), "agent output on stdout")
                total += frames.count
            }
        }
        // The subcommands' failures print nothing on stdout either.
        for arguments in [
            ["--bogus"], ["permissions", "set"], ["permissions", "set", "--any-program", "c", "nope"], ["call"], ["call", "nope"],
            ["call", "fetchReminders", "{not json"], ["call", "saveReminder", #"{"reminder":{}}"#],
            ["permissions", "list", "--store", notSQLite], ["call", "fetchReminders", "--store", notSQLite],
        ] {
            let result = Programs.remindersd(arguments + (arguments.contains("--store") ? [] : ["--store", folder.path + "/cli.sqlite"]))
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments) wrote to stdout")
        }
        print("stdout: \(total) frames over 8 sessions with store, agent, framing and protocol errors; nothing else on stdout")
    }

    // MARK: Logs

    func testDefaultLogsNeverContainTitlesOrNotes() throws {
        let title = "TITLE-MARKER-8c1f"
        let notes = "NOTES-MARKER-2b9e"
        let agent = folder.script("agent", "exit 1")
        for arguments in [[], ["--log-level", "info"], ["--log-level", "warning"]] {
            let store = folder.path + "/logs-\(arguments.count).sqlite"
            Programs.grant("logs", store: store)
            let server = try RemindersdProcess(store: store, arguments: arguments + ["--consent-agent", agent])
            server.initialize(client: "logs")
            let saved = server.channel.request(
                "saveReminder",
                [
                    "reminder": [
                        "title": .string(title), "notes": .string(notes), "location": .string(title),
                        "dueDateComponents": ["year": 2027, "month": 1, "day": 1],
                    ]
                ])
            let id = saved.at("result", "reminder", "calendarItemIdentifier") ?? "?"
            let stamp = saved.at("result", "reminder", "lastModifiedDate") ?? "?"
            server.channel.request("saveReminder", ["reminder": ["calendarItemIdentifier": id, "notes": .string(notes + " 2")]])
            server.channel.request(
                "saveReminder", ["reminder": ["calendarItemIdentifier": id, "title": .string(title + " 3"), "lastModifiedDate": stamp]])
            server.channel.request("removeReminder", ["identifier": id, "lastModifiedDate": stamp])
            server.channel.request("saveReminder", ["reminder": ["title": .string(title + String(repeating: "x", count: 70_000))]])
            server.channel.request("saveReminder", ["reminder": ["title": .string(title), "url": .string("not a url " + title)]])
            server.channel.request("saveReminder", ["reminder": ["title": .string(title), "notes": .string(notes), "priority": 42]])
            server.channel.request("saveReminder", ["reminder": ["title": .string(title), "timeZone": .string(title)]])
            server.channel.request("saveReminder", ["reminder": ["title": .string(title), "alarms": [["relativeOffset": -60]]]])
            server.channel.request("addAlarm", ["identifier": id, "alarm": ["structuredLocation": ["title": .string(title)], "proximity": "enter"]])
            server.channel.request("fetchReminders")
            server.channel.request("calendarItem", ["identifier": id])
            server.channel.request("requestAccess", ["usageDescription": "logs"])
            server.channel.send(json: #"{"jsonrpc":"2.0","id":"p","method":"saveReminder","params":{"reminder":{"title":"\#(title)""#)  // cut short
            _ = server.channel.nextReply()
            server.channel.send(json: #"{"jsonrpc":"2.0","method":"saveReminder","params":{"reminder":{"title":"\#(title)"}}}"#)  // a notification
            server.channel.request("saveReminder", ["reminder": ["title": .string(title), "notes": .string(notes)], "commit": false])
            server.channel.closeInput()  // exit with uncommitted changes
            XCTAssertEqual(server.waitForExit(), 0)
            Thread.sleep(forTimeInterval: 0.2)
            let log = server.stderr
            XCTAssertFalse(log.contains(title), "\(arguments): a title reached the log:\n\(log)")
            XCTAssertFalse(log.contains(notes), "\(arguments): notes reached the log:\n\(log)")
            if !arguments.contains("warning") { XCTAssertTrue(log.contains("initialized"), "\(arguments): expected the usual log lines:\n\(log)") }
        }
    }
}
