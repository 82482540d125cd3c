import JSONRPC

/// A tool call's result as MCP has it: the method's result as `structuredContent`, its short text
/// rendering as the content; or `isError` with text that names the argument and EventKit's reason.
enum ToolResults {
    static func run(_ name: String, _ call: ToolCall, arguments: JSONValue?) -> JSONObject {
        guard let tool = ToolCatalog.named(name) else { return failure("unknown tool \(name)") }
        do throws(ToolFailure) {
            if let arguments, arguments.objectValue == nil, !arguments.isNull {
                throw ToolFailure(field: "arguments", "expected an object, got \(arguments.typeName)")
            }
            do throws(ResponseError) { try tool.inputSchema.check(.object(call.arguments), at: "") } catch { throw ToolFailure(error) }
            let result = try tool.run(call)
            return ["content": [["type": "text", "text": .string(tool.text(result, call))]], "structuredContent": result, "isError": false]
        } catch {
            return failure(error.text)
        }
    }

    static func failure(_ text: String) -> JSONObject {
        ["content": [["type": "text", "text": .string(text)]], "isError": true]
    }
}
