import JSONRPC
import RemindersJSON
import RemindersModel

/// `authorizationStatus {entityType?}` → `{status}`.
public enum AuthorizationStatusMethod: RemindersMethod {
    public static let name = "authorizationStatus"
    public static let summary = "This client's authorization status (EKEventStore.authorizationStatus(for:))."
    public static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    public typealias Params = EntityTypeParams

    public struct Result: MethodResult, Sendable {
        public static let schema = CommonSchemas.result([("status", CommonSchemas.authorizationStatus)])
        public var status: AuthorizationStatus

        public init(status: AuthorizationStatus) {
            self.status = status
        }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("status", status.rawValue)
            writer.endObject()
        }
    }
}
