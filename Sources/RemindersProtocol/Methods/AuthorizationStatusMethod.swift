import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// `authorizationStatus {entityType?}` → `{status, scope?}`; `scope` names the lists of a grant
/// for chosen lists only (remindersd's own extension), and is absent for a grant of every list
/// (so the answer is EventKit's `{status}` for a client that was never scoped).
public enum AuthorizationStatusMethod: RemindersMethod {
    public static let name = "authorizationStatus"
    public static let summary = "This client's authorization status (EKEventStore.authorizationStatus(for:))."
    public static let errors: [MethodError] = [.invalidParams(.invalidEntityType)]

    public typealias Params = EntityTypeParams

    public struct Result: ReadableMethodResult, Sendable {
        public static let schema = JSONSchema.object([
            ObjectRule.Property("status", CommonSchemas.authorizationStatus, required: true),
            ObjectRule.Property(
                "scope",
                CommonSchemas.result(
                    [
                        (
                            "lists",
                            .array(
                                of: CommonSchemas.result([
                                    ("calendarIdentifier", CommonSchemas.identifier), ("title", .string()), ("readOnly", .boolean()),
                                ]))
                        ),
                        ("manageLists", .boolean(description: "Whether it may also rename and remove those lists (--manage-lists).")),
                    ],
                    description: "The lists this client was granted, when it was granted chosen ones; absent: every list.")),
        ])
        public var status: AuthorizationStatus
        /// The lists of a grant for chosen lists only, and their titles.
        public var scope: CalendarScope?
        public var titles: [String: String]

        public init(status: AuthorizationStatus, scope: CalendarScope? = nil, titles: [String: String] = [:]) {
            self.status = status
            self.scope = scope
            self.titles = titles
        }
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("status", status.rawValue)
            if let scope {
                writer.key(static: "scope")
                scope.write(to: &writer, titles: titles)
            }
            writer.endObject()
        }

        public init(reading value: JSONValue, zone: TimeZone) throws(ResponseError) {
            let fields = try Self.fields(value)
            status = try fields.enumValue("status", AuthorizationStatus.self)
            titles = [:]
            guard let scope = try fields.optionalObject("scope") else { return }
            var calendars: [String: Bool] = [:]
            for (index, list) in (try scope.optionalArray("lists") ?? []).enumerated() {
                let entry = try Fields.object(list, path: scope.pathOf("lists[\(index)]"))
                let identifier = try entry.string("calendarIdentifier")
                calendars[identifier] = try entry.bool("readOnly")
                titles[identifier] = try entry.string("title")
            }
            self.scope = CalendarScope(calendars: calendars, managesLists: try scope.bool("manageLists"))
        }
    }
}
