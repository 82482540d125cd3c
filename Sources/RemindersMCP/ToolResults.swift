import RemindersJSONRPC

/// A tool call's result as MCP has it: the method's result as `structuredContent` (its JSON as the
/// method wrote it), its short text rendering as the content; or `isError` with text that names
/// the argument and EventKit's reason.
enum ToolResults {
    struct Outcome {
        var members: JSONObject
        /// The method's result, already JSON: `structuredContent`.
        var structured: [UInt8]?
    }

    static func run(_ name: String, _ call: ToolCall, arguments: JSONValue?) -> Outcome {
        guard let tool = ToolCatalog.named(name) else { return failure("unknown tool \(name)") }
        do throws(ToolFailure) {
            if let arguments, arguments.objectValue == nil, !arguments.isNull {
                throw ToolFailure(field: "arguments", "expected an object, got \(arguments.typeName)")
            }
            let (structured, text) = try tool.outcome(of: call)
            return Outcome(members: ["content": [["type": "text", "text": .string(text)]], "isError": false], structured: structured)
        } catch {
            return failure(error.text)
        }
    }

    static func failure(_ text: String) -> Outcome {
        Outcome(members: ["content": [["type": "text", "text": .string(text)]], "isError": true], structured: nil)
    }
}
