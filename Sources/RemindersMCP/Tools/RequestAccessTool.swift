import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// `request_access {level?, entityType?, lists?}`: asks the owner — through the consent agent `remindersd mcp` was
/// started with — never the client; without one, the answer says which command grants access.
enum RequestAccessTool: ToolDeclaration {
    typealias Method = RequestAccess
    static let name = "request_access"
    static let title = "Request access to the reminders"
    static let detail = "The owner decides (their consent agent asks them); an assistant cannot grant itself access."
    static let isIdempotent = true

    struct Input: MethodParams {
        static let properties: [ObjectRule.Property] = [
            .init("level", .oneOf(["full", "writeOnly"], description: "full (read and write) or writeOnly (add only)."), default: "full"),
            .init("entityType", RequestAccess.param("entityType"), default: "reminder"),
            .init("lists", RequestAccess.param("lists")),
        ]
        var level: AccessLevel
        var entityType: EntityType
        var lists: [String]?

        init(_ fields: Fields) throws(ResponseError) {
            level = try fields.optionalEnum("level", AccessLevel.self) ?? .full
            entityType = try fields.optionalEnum("entityType", EntityType.self) ?? .reminder
            lists = try fields.optionalStrings("lists")
            if let lists, lists.isEmpty { throw fields.invalid("lists", "name at least one list, or leave lists out for all of them") }
        }
    }

    static func run(_ input: Input, _ call: ToolCall) throws(ToolFailure) -> RequestAccess.Result {
        try call.call(
            RequestAccess.self,
            RequestAccess.Params(
                entityType: input.entityType, level: input.level,
                usageDescription: "\(call.client), an AI assistant, asks to work with your reminders.", lists: input.lists),
            entityType: input.entityType)
    }

    static func text(_ result: RequestAccess.Result, _ input: Input, _ call: ToolCall) -> String {
        if result.granted { return "Access granted (\(result.status.rawValue))." }
        if result.status == .fullAccess, let lists = input.lists {
            // Granted chosen lists already: asking again asks nobody, and widens nothing.
            return "Not granted: \(AccessText.quoted(call.client)) was granted chosen lists only, and "
                + lists.map(AccessText.quoted).joined(separator: ", ")
                + " is not among those it may change; only the owner widens a grant: remindersd permissions set \(call.client) fullAccess --lists \"...\""
        }
        return "Access not granted (status \(result.status.rawValue)). "
            + call.access.refused(
                client: call.client, status: result.status.rawValue,
                entity: input.entityType.rawValue)
    }
}
