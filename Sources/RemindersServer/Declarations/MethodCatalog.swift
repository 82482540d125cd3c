import JSONRPC

/// What another front end (the MCP server) may know of the methods, read from their declarations:
/// a tool built on a method takes its description, its result's schema and the schemas of the
/// members it passes on from here, so the two faces never describe one thing twice.
public enum MethodCatalog {
    public static func summary(of method: String) -> String { declaration(method).summary }

    /// Only reads (or nothing at all): a tool on it is read-only.
    public static func onlyReads(_ method: String) -> Bool { declaration(method).effect == .reads }

    public static func result(of method: String) -> JSONSchema { declaration(method).result }

    /// Whose access it needs by default: an EntityType raw value.
    public static func entityType(of method: String) -> String { declaration(method).entityType.rawValue }

    /// The schema of a member of the method's params, down `path` (`"reminder", "title"`).
    public static func param(of method: String, _ path: String...) -> JSONSchema { param(of: method, path) }

    public static func param(of method: String, _ path: [String]) -> JSONSchema {
        var rule = ObjectRule(declaration(method).params)
        var schema = JSONSchema.any()
        for name in path {
            guard let property = rule.property(name) else { preconditionFailure("\(method) has no param \(path)") }
            schema = Self.unwrapped(property.schema)
            if let next = schema.objectRule { rule = next }
        }
        return schema
    }

    private static func unwrapped(_ schema: JSONSchema) -> JSONSchema {
        if case .nullable(let inner) = schema { return unwrapped(inner) }
        return schema
    }

    private static func declaration(_ method: String) -> any MethodDeclaration.Type {
        guard let found = MethodRegistry.named(method) else { preconditionFailure("no method \(method)") }
        return found.declaration
    }
}
