import RemindersJSONRPC

/// One method of the protocol, declared once, as sourcekit-lsp declares a request type: its name,
/// what it is for, the value it takes (`Params`, whose properties are its params' schema), the
/// value it answers (`Result`, with its schema, writing itself) and the errors it may give beyond
/// the ones every method of its kind can. The server's handler, the EventKit library, the MCP
/// tools, the command line and the OpenRPC document all take the method from here.
public protocol RemindersMethod: SendableMetatype {
    /// Written by the side that asks and read by the side that answers, by the same declaration.
    associatedtype Params: WritableMethodParams
    /// Written by the side that answers and read back, as the value it was, by the side that asked.
    associatedtype Result: ReadableMethodResult
    static var name: String { get }
    /// One line, for the OpenRPC document, `remindersd schema` and the MCP tools built on it.
    static var summary: String { get }
    /// Errors beyond the ones every method of its access and effect can give.
    static var errors: [MethodError] { get }
    /// Whether `params` may hold members not declared (ignored): only `initialize`, for LSP clients.
    static var acceptsOtherParams: Bool { get }
}

extension RemindersMethod {
    public static var errors: [MethodError] { [] }
    public static var acceptsOtherParams: Bool { false }

    /// The schema of a member of the params, down `path` (`"reminder", "title"`): for a front end
    /// that takes a member on (an MCP tool's argument), so that both describe it once. A path the
    /// params do not have is a mistake in the program, caught by the tests that build every tool.
    public static func param(_ path: String...) -> JSONSchema { param(path) }

    public static func param(_ path: [String]) -> JSONSchema {
        var rule = ObjectRule(Params.properties)
        var schema = JSONSchema.any()
        for name in path {
            guard let property = rule.property(name) else { preconditionFailure("\(self.name) has no param \(path)") }
            schema = unwrapped(property.schema)
            if let next = schema.objectRule { rule = next }
        }
        return schema
    }

    private static func unwrapped(_ schema: JSONSchema) -> JSONSchema {
        if case .nullable(let inner) = schema { return unwrapped(inner) }
        return schema
    }
}
