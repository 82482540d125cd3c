import RemindersJSONRPC

/// What a consent agent is asked: who asks (the client's name — its own claim — and the program
/// remindersd found running it, with what vouches for that), for what, and why in its own words.
/// A client's words are untrusted: they are made one line, bounded and cut visibly before anyone
/// reads them, and come before the program line, which is remindersd's own.
public struct ConsentQuestion: Equatable, Sendable {
    public var client: String
    public var program: String
    /// `executable`, `openScript`, `claimedScript`, `interpreter` (protocol.md, Authorization).
    public var evidence: String
    /// `reminder` or `event`.
    public var entityType: String
    /// `full` or `writeOnly`.
    public var level: String
    public var usage: String
    /// The lists asked for; empty: all.
    public var lists: [String]

    /// At most this many characters of a client's text are shown.
    public static let shownCharacters = 200

    public init(
        client: String, program: String, evidence: String, entityType: String, level: String, usage: String, lists: [String] = []
    ) {
        (self.client, self.program, self.evidence, self.entityType, self.level, self.usage, self.lists) =
            (client, program, evidence, entityType, level, usage, lists)
    }

    /// As a consent agent is run: `PROGRAM CLIENT ENTITY LEVEL USAGE`, with the program and what
    /// vouches for it, and the lists, in the environment.
    public init?(arguments: [String], environment: [String: String]) {
        guard arguments.count == 4 else { return nil }
        self.init(
            client: arguments[0], program: environment["REMINDERSD_CLIENT_PROGRAM"] ?? "(unknown)",
            evidence: environment["REMINDERSD_CLIENT_PROGRAM_EVIDENCE"] ?? "executable", entityType: arguments[1], level: arguments[2],
            usage: arguments[3],
            lists: (environment["REMINDERSD_REQUESTED_LISTS"] ?? "").split(separator: "\n").map(String.init))
    }

    /// A client's text as it may be shown: control characters as `?`, one line, cut at
    /// `shownCharacters` with `…` when longer.
    public static func shown(_ text: String) -> String {
        let clean = String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
        return clean.count > shownCharacters ? String(clean.prefix(shownCharacters)) + "…" : clean
    }

    private var items: String { entityType == "event" ? "calendar events" : "reminders" }

    /// What is asked for: "full access to your reminders", "write-only access to your reminders in "Work" only".
    public var access: String {
        let which = lists.isEmpty ? "your \(items)" : "your \(items) in " + lists.map { "\"\(Self.shown($0))\"" }.joined(separator: ", ") + " only"
        return (level == "writeOnly" ? "write-only access to " : "full access to ") + which
    }

    /// The program, and what it means when its identity is only claimed.
    public var programLine: String {
        let program = Self.shown(self.program)
        switch evidence {
        case "claimedScript": return "Program: \(program) (a script its interpreter names: a claim any program of yours could make)"
        case "interpreter": return "Program: \(program) (an interpreter: the grant holds for everything it runs)"
        default: return "Program: \(program)"
        }
    }

    /// The question's lines, in order: the client's claims first, remindersd's program line last.
    public var lines: [String] {
        ["\"\(Self.shown(client))\" asks for \(access):", "  \(Self.shown(usage))", programLine]
    }

    /// Short words a person types to allow, one chosen afresh for each question and shown in it:
    /// what a program types into the terminal blind (a "y", an "allow" pushed in at the right
    /// moment) is not the word asked for.
    static let answerWords = [
        "apple", "birch", "cedar", "daisy", "ember", "fjord", "grape", "hazel", "iris", "juniper", "kiwi", "lemon", "maple", "nutmeg",
        "olive", "pepper", "quince", "rose", "sage", "thyme", "tulip", "violet", "walnut", "yarrow", "zinnia", "amber", "basil", "clover",
    ]

    public static func answerWord() -> String { answerWords.randomElement() ?? "allow" }

    /// The last line, what to type: "Type maple to allow it (anything else denies): ".
    public static func askingFor(_ word: String) -> String { "Type \(word) to allow it (anything else denies): " }

    // MARK: On the terminal agent's socket

    /// One line of JSON.
    public var line: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("client", client)
        writer.field("program", program)
        writer.field("evidence", evidence)
        writer.field("entityType", entityType)
        writer.field("level", level)
        writer.field("usage", usage)
        writer.field("lists", lists)
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    public init?(line: String) {
        guard let value = try? JSONParser.parse(line), let client = value["client"]?.stringValue, let program = value["program"]?.stringValue,
            let evidence = value["evidence"]?.stringValue, let entityType = value["entityType"]?.stringValue,
            let level = value["level"]?.stringValue, let usage = value["usage"]?.stringValue
        else { return nil }
        self.init(
            client: client, program: program, evidence: evidence, entityType: entityType, level: level, usage: usage,
            lists: (value["lists"]?.arrayValue ?? []).compactMap(\.stringValue))
    }
}
