import Foundation
import JSONRPC
import RemindersServer

/// `remindersd call METHOD [JSON-PARAMS]` and `remindersd call --batch JSON`: requests in a fresh
/// session, for scripts that want no session handling. The session runs in this process (a
/// `LocalSession`: the same lifecycle, checks and dispatcher as a served client, without pipes or
/// threads), so a one-shot call costs little more than starting the process.
enum OneShotCall {
    static let usage = """
        Usage: remindersd call METHOD [JSON-PARAMS] [options]
               remindersd call --batch '[["METHOD", {PARAMS}], …]' [options]

        Runs requests in a fresh session (initialize, the requests, shutdown) as client NAME.
        One request: its result as one line of JSON on stdout, exit 0; a JSON-RPC error: the error
        object on stderr, exit 1. --batch: every request in order, whatever the others did, and one
        line of JSON on stdout, an array with {"result": …} or {"error": …} for each; exit 0 when
        all succeeded, 1 otherwise.

        Options:
          --client NAME        the client identity (default remindersd-cli)
          --time-zone ZONE     the session's zone for floating and all-day dates (default: TZ's)
          --store PATH, --consent-agent PROGRAM, --no-consent-prompt, --log-level LEVEL, …
                               as for remindersd serve (see remindersd --help)
          -h, --help           this text
        """

    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let flags = RemindersCommand.serveFlags.union(["--client", "--time-zone", "--batch"])
        let parsed = try Arguments(arguments, valueFlags: flags, switchFlags: ["--no-consent-prompt", "--help", "-h"])
        if parsed.has("--help") || parsed.has("-h") {
            print(usage, to: .protocolOutput(output))
            return 0
        }
        let calls = try requests(parsed)
        var options = try RemindersCommand.serverOptions(parsed, environment: environment)
        if parsed.value("--log-level") == nil { options.log.level = .warning }  // a script wants its answer, not session chatter
        options.sendsChangeNotifications = false
        if parsed.value("--time-zone") == nil, let warning = options.timeZone.warning { options.log.warning(warning) }
        var initialize: JSONObject = ["clientInfo": ["name": .string(parsed.value("--client") ?? "remindersd-cli")]]
        if let zone = parsed.value("--time-zone") { initialize["timeZone"] = .string(zone) }

        let session = LocalSession(options: options)
        if case .failure(let error) = session.call(LifecycleNames.initialize, .object(initialize)) {
            FileHandle.standardError.write(Data((JSONValue(error).serialized + "\n").utf8))
            return 1
        }
        let answers = calls.map { session.call($0.method, $0.params) }
        _ = session.call(LifecycleNames.shutdown, nil)

        guard parsed.value("--batch") != nil else {
            switch answers[0] {
            case .success(let result):
                print(String(decoding: result, as: UTF8.self), to: .protocolOutput(output))
                return 0
            case .failure(let error):
                FileHandle.standardError.write(Data((JSONValue(error).serialized + "\n").utf8))
                return 1
            }
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
        print(String(decoding: writer.bytes, as: UTF8.self), to: .protocolOutput(output))
        return answers.allSatisfy { if case .success = $0 { return true } else { return false } } ? 0 : 1
    }

    /// The requests asked for: METHOD [JSON-PARAMS], or the --batch array.
    private static func requests(_ parsed: Arguments) throws -> [(method: String, params: JSONValue?)] {
        if let batch = parsed.value("--batch") {
            guard parsed.positionals.isEmpty else { throw Arguments.UsageError(message: "--batch takes its requests as one JSON array, not METHOD") }
            guard let value = try? JSONParser.parse(batch), case .array(let elements) = value, !elements.isEmpty else {
                throw Arguments.UsageError(message: #"--batch needs a non-empty JSON array of requests: '[["METHOD"], ["METHOD", {PARAMS}], …]'"#)
            }
            return try elements.map { element in
                guard case .array(let pair) = element, (1...2).contains(pair.count), case .string(let method) = pair[0],
                      pair.count == 1 || pair[1].objectValue != nil else {
                    throw Arguments.UsageError(message: "each --batch element is [METHOD] or [METHOD, {PARAMS}], got \(element.serialized.prefix(60))")
                }
                return (method, pair.count == 2 ? pair[1] : nil)
            }
        }
        guard let method = parsed.positionals.first, parsed.positionals.count <= 2 else {
            throw Arguments.UsageError(message: "usage: remindersd call METHOD [JSON-PARAMS] [--store PATH] [--client NAME] [--time-zone ZONE] (see remindersd call --help)")
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
