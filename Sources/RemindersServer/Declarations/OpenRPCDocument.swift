import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

/// The OpenRPC 1.3 document of the server (https://spec.open-rpc.org), built from the method and
/// notification declarations: what `rpc.discover` answers and `remindersd schema` prints.
///
/// OpenRPC describes methods a client calls; notifications the client sends are methods without a
/// result (as OpenRPC 1.3 allows), and those the server sends are listed under `x-notifications`
/// (an OpenRPC specification extension), each with its params' schema.
public enum OpenRPCDocument {
    public static let version = "1.3.2"

    /// The document as JSON text, made once.
    public static let bytes: [UInt8] = {
        var writer = JSONWriter()
        writer.value(document)
        return writer.bytes
    }()

    public static var document: JSONValue {
        var components = SchemaComponents()
        let methods =
            MethodRegistry.all.map { method(for: $0, components: &components) }
            + NotificationRegistry.fromClient.map { notification($0, components: &components) }
        let fromServer = NotificationRegistry.fromServer.map { notification($0, components: &components) }
        return [
            "openrpc": .string(version),
            "info": [
                "title": .string(ServerInfo.name),
                "version": .string(ServerInfo.version),
                "description": "An EventKit-compatible reminders store, served as JSON-RPC 2.0 over stdio (LSP or NDJSON framing).",
                "x-protocolVersion": .string(ServerInfo.protocolVersion),
            ],
            "methods": .array(methods),
            "x-notifications": .array(fromServer),
            "components": ["schemas": .object(components.schemas), "errors": .object(errorComponents)],
        ]
    }

    static func method(for method: RegisteredMethod, components: inout SchemaComponents) -> JSONValue {
        let declaration = method.declaration
        var object: JSONObject = [
            "name": .string(method.name),
            "summary": .string(declaration.summary),
            "paramStructure": "by-name",
            "params": .array(contentDescriptors(method.params, components: &components)),
            "result": ["name": "result", "schema": declaration.result.document(components: &components)],
            "errors": .array(errors(of: method).map { $0.document }),
            "x-access": .string(method.access.documentName),
            "x-effect": .string(method.effect.rawValue),
        ]
        if method.params.allowsOtherMembers { object["x-otherParamsIgnored"] = true }
        return .object(object)
    }

    static func notification(_ notification: NotificationDeclaration, components: inout SchemaComponents) -> JSONValue {
        let params = notification.params.objectRule.map { contentDescriptors($0, components: &components) } ?? []
        return [
            "name": .string(notification.name), "summary": .string(notification.summary), "paramStructure": "by-name",
            "params": .array(params), "x-direction": .string(notification.direction.rawValue),
        ]
    }

    static func contentDescriptors(_ rule: ObjectRule, components: inout SchemaComponents) -> [JSONValue] {
        rule.properties.map { property in
            var descriptor: JSONObject = ["name": .string(property.name), "required": .bool(property.isRequired)]
            if let description = property.description { descriptor["description"] = .string(description) }
            var schema = property.documentedSchema.document(components: &components)
            if case .object(var fields) = schema, let value = property.defaultValue { fields["default"] = value; schema = .object(fields) }
            descriptor["schema"] = schema
            return .object(descriptor)
        }
    }

    /// What a method may answer with: what its access, effect and params imply, and what it declares.
    static func errors(of method: RegisteredMethod) -> [MethodError] {
        var errors: [MethodError] = [MethodError(code: ResponseError.invalidParamsCode, message: "Invalid params")]
        if method.access != .lifecycle { errors.append(MethodError(code: ResponseError.serverNotInitializedCode, message: "Server not initialized")) }
        if method.access.needsStatus {
            errors.append(MethodError(code: ResponseError.notAuthorizedCode, message: "Not authorized", reasons: [.eventStoreNotAuthorized]))
        }
        if method.effect != .lifecycle || method.name == Initialize.name {
            errors.append(MethodError(code: ResponseError.storeUnavailableCode, message: "Store unavailable"))
        }
        for declared in method.declaration.errors {
            if let index = errors.firstIndex(where: { $0.code == declared.code }) {
                errors[index].reasons += declared.reasons
            } else {
                errors.append(declared)
            }
        }
        return errors
    }

    /// The remindersd error codes, once each.
    static var errorComponents: JSONObject {
        [
            "NotAuthorized": [
                "code": .integer(Int64(ResponseError.notAuthorizedCode)), "message": "Not authorized",
                "data": [
                    "reason": .string(EventKitErrorCode.eventStoreNotAuthorized.rawValue), "status": "the client's status",
                    "entityType": "whose access is missing: reminder or event",
                ],
            ],
            "NotFound": ["code": .integer(Int64(ResponseError.notFoundCode)), "message": "Not found"],
            "Conflict": ["code": .integer(Int64(ResponseError.conflictCode)), "message": "Conflict"],
            "StoreUnavailable": ["code": .integer(Int64(ResponseError.storeUnavailableCode)), "message": "Store unavailable"],
        ]
    }
}

extension MethodError {
    /// An OpenRPC error object; `data` says which `data.reason` values it may carry.
    var document: JSONValue {
        var object: JSONObject = ["code": .integer(Int64(code)), "message": .string(message)]
        if !reasons.isEmpty {
            var seen = Set<String>()
            let names = reasons.map(\.rawValue).filter { seen.insert($0).inserted }
            object["data"] = ["reasons": .array(names.map(JSONValue.string))]
        }
        return .object(object)
    }
}

extension Access {
    var documentName: String {
        switch self {
        case .lifecycle: return "lifecycle"
        case .anyStatus: return "anyStatus"
        case .fullAccess: return "fullAccess"
        case .fullOrWriteOnly: return "fullAccessOrWriteOnly"
        }
    }
}
