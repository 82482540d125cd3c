import Foundation
import JSONRPC
import RemindersServer

/// `remindersd call METHOD [JSON-PARAMS]`: one request in a fresh session, for scripts that
/// want no session handling. The session is a real server on an in-process pipe pair, so it
/// behaves exactly as a spawned `remindersd` would.
enum OneShotCall {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let flags = RemindersCommand.serveFlags.union(["--client", "--time-zone"])
        let parsed = try Arguments(arguments, valueFlags: flags, switchFlags: ["--no-consent-prompt"])
        guard let method = parsed.positionals.first, parsed.positionals.count <= 2 else {
            throw Arguments.UsageError(message: "usage: remindersd call METHOD [JSON-PARAMS] [--store PATH] [--client NAME] [--time-zone ZONE]")
        }
        var params: JSONValue = .object(JSONObject())
        if parsed.positionals.count == 2 {
            guard let value = try? JSONParser.parse(parsed.positionals[1]), case .object = value else {
                throw Arguments.UsageError(message: "JSON-PARAMS must be a JSON object, e.g. '{\"predicate\":{\"kind\":\"incomplete\"}}'")
            }
            params = value
        }
        var options = try RemindersCommand.serverOptions(parsed, environment: environment)
        if parsed.value("--log-level") == nil { options.log.level = .warning }  // a script wants its answer, not session chatter
        options.sendsChangeNotifications = false
        if parsed.value("--time-zone") == nil, let warning = options.timeZone.warning { options.log.warning(warning) }
        var initialize: JSONObject = ["clientInfo": ["name": .string(parsed.value("--client") ?? "remindersd-cli")]]
        if let zone = parsed.value("--time-zone") { initialize["timeZone"] = .string(zone) }

        let replies = exchange([
            request(1, LifecycleNames.initialize, .object(initialize)),
            request(2, method, params),
            request(3, LifecycleNames.shutdown, nil),
            notification(LifecycleNames.exit),
        ], options: options)

        for id in [1, 2] {
            guard let reply = replies.first(where: { $0["id"] == .integer(Int64(id)) }) else {
                FileHandle.standardError.write(Data("remindersd: no answer from the server\n".utf8))
                return 1
            }
            if let error = reply["error"] {
                FileHandle.standardError.write(Data((error.serialized + "\n").utf8))
                return 1
            }
            if id == 2 { print((reply["result"] ?? .null).serialized, to: .protocolOutput(output)) }
        }
        return 0
    }

    private static func request(_ id: Int64, _ method: String, _ params: JSONValue?) -> JSONValue {
        var object: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method)]
        if let params { object["params"] = params }
        return .object(object)
    }

    private static func notification(_ method: String) -> JSONValue {
        .object(["jsonrpc": "2.0", "method": .string(method)])
    }

    /// Runs a server on a pipe pair, sends `messages` as NDJSON and returns every reply.
    private static func exchange(_ messages: [JSONValue], options: ServerOptions) -> [JSONValue] {
        var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
        guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else { return [] }
        let (serverInput, serverOutput) = (toServer[0], fromServer[1])
        let serverThread = Thread {
            let connection = Connection(input: serverInput, output: serverOutput, limits: options.limits)
            _ = Server(connection: connection, options: options).run()
            close(serverOutput)
        }
        serverThread.start()
        var bytes: [UInt8] = []
        for message in messages { bytes += Array(message.serialized.utf8) + [0x0A] }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(toServer[1], buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        close(toServer[1])
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fromServer[0], &chunk, chunk.count)
            if count <= 0 { break }
            received += chunk[0..<count]
        }
        close(fromServer[0])
        return received.split(separator: 0x0A).compactMap { try? JSONParser.parse(Array($0)) }
    }
}
