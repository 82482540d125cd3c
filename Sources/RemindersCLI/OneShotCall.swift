import RemindersCommandArguments
import RemindersCommandLine
import Foundation
import RemindersJSONRPC
import RemindersProtocol
import RemindersServer

/// `remindersd call METHOD [JSON-PARAMS]` and `remindersd call --batch JSON`: requests in a fresh
/// session, for scripts that want no session handling. The session runs in this process (a
/// `LocalSession`: the same lifecycle, checks and dispatcher as a served client, without pipes or
/// threads), so a one-shot call costs little more than starting the process.
enum OneShotCall {
    static func run(_ arguments: [String], output outputFD: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.call.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.call.help, to: .protocolOutput(outputFD))
            return 0
        }
        let calls = try requests(parsed)
        var options = try RemindersCommand.serverOptions(parsed, environment: environment)
        if parsed.value(.logLevel) == nil { options.log.level = .warning }  // a script wants its answer, not session chatter
        options.sendsChangeNotifications = false
        if parsed.value(.timeZone) == nil, let warning = options.timeZone.warning { options.log.warning(warning) }
        var output = try outputSettings(parsed, zone: options.timeZone.zone)
        let session = LocalSession(options: options)
        var initialize: JSONObject = ["clientInfo": ["name": .string(parsed.value(.client) ?? "remindersd-cli")]]
        if let zone = parsed.value(.timeZone) {
            initialize["timeZone"] = .string(zone)
            if let found = TimeZone(identifier: zone) { output.fields = ComputedFields(zone: found, now: output.fields.now) }
        }
        if case .failure(let error) = session.call(Initialize.name, .object(initialize)) {
            DescriptorWriter.standardError.write(text: (JSONValue(error).serialized + "\n"))
            return 1
        }
        let answers = calls.map { session.call($0.method, $0.params) }
        if output.format != .json { output.fields = lookups(for: output, in: session) }
        _ = session.call(Shutdown.name, nil)

        let isBatch = parsed.value(.batch) != nil
        if !isBatch || output.format != .json {
            if let failure = answers.lazy.compactMap({ if case .failure(let error) = $0 { return error } else { return nil } }).first {
                DescriptorWriter.standardError.write(text: (JSONValue(failure).serialized + "\n"))
                if failure.code == ResponseError.notAuthorizedCode {
                    // The JSON is for the script; this line is for the person reading its error.
                    let hint = AccessHint.text(
                        client: parsed.value(.client) ?? "remindersd-cli", identity: options.clientIdentity,
                        status: failure.data?["status"]?.stringValue ?? "notDetermined",
                        entityType: failure.data?["entityType"]?.stringValue ?? "reminder", store: parsed.value(.store))
                    DescriptorWriter.standardError.write(text: hint + "\n")
                }
                return 1
            }
            let texts = answers.map { answer -> String in
                guard case .success(let bytes) = answer, let value = try? JSONParser.parse(bytes, maxDepth: 512) else { return "" }
                return output.format == .json ? String(decoding: bytes, as: UTF8.self) : output.render(value)
            }
            // Rows of several requests, each ended by a line holding only U+001E.
            let text = isBatch ? texts.map { $0.isEmpty ? "\u{1E}" : $0 + "\n\u{1E}" }.joined(separator: "\n") : texts[0]
            if !text.isEmpty || output.format == .json { print(text, to: .protocolOutput(outputFD)) }
            return 0
        }
        var writer = JSONWriter()
        writer.beginArray()
        for answer in answers {
            writer.beginObject()
            switch answer {
            case .success(let result): writer.key(static: "result"); writer.raw(result)
            case .failure(let error): writer.key(static: "error"); writer.value(JSONValue(error))
            }
            writer.endObject()
        }
        writer.endArray()
        print(String(decoding: writer.bytes, as: UTF8.self), to: .protocolOutput(outputFD))
        return answers.allSatisfy { if case .success = $0 { return true } else { return false } } ? 0 : 1
    }

    private static func outputSettings(_ parsed: Arguments, zone: TimeZone) throws -> CallOutput {
        var output = CallOutput(fields: ComputedFields(zone: zone, now: .now()))
        if let format = try parsed.choice(.outputFormat, as: CallOutput.Format.self) { output.format = format }
        if let spec = parsed.value(.columns) { output.columns = try OutputColumn.parse(spec) }
        if (output.format == .tsv || output.format == .table) && output.columns.isEmpty {
            throw Arguments.UsageError(message: "--output \(output.format.rawValue) needs --columns")
        }
        output.tree = parsed.has(.tree)
        output.color = parsed.has(.color)
        output.hideEmpty = parsed.has(.hideEmpty)
        return output
    }

    /// What the computed columns look up in the same session: list titles, open reminders per list.
    private static func lookups(for output: CallOutput, in session: LocalSession) -> ComputedFields {
        var fields = output.fields
        if output.needsListTitles, case .success(let bytes) = session.call(Calendars.name, nil),
            let lists = try? JSONParser.parse(bytes)["calendars"]?.arrayValue
        {
            for list in lists {
                if let identifier = list["calendarIdentifier"]?.stringValue { fields.listTitles[identifier] = list["title"]?.stringValue }
            }
        }
        if output.columns.contains(where: { $0.field == .computed(.open) }),
            case .success(let bytes) = session.call(FetchReminders.name, ["predicate": ["kind": "incomplete"]]),
            let reminders = try? JSONParser.parse(bytes)["reminders"]?.arrayValue
        {
            var counts: [String: Int] = [:]
            for reminder in reminders { counts[reminder["calendarIdentifier"]?.stringValue ?? "", default: 0] += 1 }
            fields.openCounts = counts
        }
        return fields
    }

    /// The requests asked for: METHOD [JSON-PARAMS], or the --batch array.
    private static func requests(_ parsed: Arguments) throws -> [(method: String, params: JSONValue?)] {
        if let batch = parsed.value(.batch) {
            guard parsed.positionals.isEmpty else { throw Arguments.UsageError(message: "--batch takes its requests as one JSON array, not METHOD") }
            guard let value = try? JSONParser.parse(batch), case .array(let elements) = value, !elements.isEmpty else {
                throw Arguments.UsageError(message: #"--batch needs a non-empty JSON array of requests: '[["METHOD"], ["METHOD", {PARAMS}], …]'"#)
            }
            return try elements.map { element in
                guard case .array(let pair) = element, (1...2).contains(pair.count), case .string(let method) = pair[0],
                    pair.count == 1 || pair[1].objectValue != nil
                else {
                    throw Arguments.UsageError(
                        message: "each --batch element is [METHOD] or [METHOD, {PARAMS}], got \(element.serialized.prefix(60))")
                }
                return (method, pair.count == 2 ? pair[1] : nil)
            }
        }
        guard let method = parsed.positionals.first, parsed.positionals.count <= 2 else {
            throw CommandDeclaration.call.usageError("METHOD")
        }
        var params: JSONValue = .object(JSONObject())
        if parsed.positionals.count == 2 {
            guard let value = try? JSONParser.parse(parsed.positionals[1]), case .object = value else {
                throw Arguments.UsageError(message: "JSON-PARAMS must be a JSON object such as {\"identifier\": \"…\"}")
            }
            params = value
        }
        return [(method, params)]
    }
}

extension JSONValue {
    /// An error object as a client receives it.
    init(_ error: ResponseError) {
        var object: JSONObject = ["code": .integer(Int64(error.code)), "message": .string(error.message)]
        if let data = error.data { object["data"] = data }
        self = .object(object)
    }
}
