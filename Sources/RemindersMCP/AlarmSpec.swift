import Foundation
import JSONRPC
import RemindersServer

/// An alarm as a model asks for one: `before` minutes before the due date, `at` a time, or on
/// arriving at (`arrive`) or leaving (`leave`) a place — exactly one — made into EventKit's alarm.
enum AlarmSpec {
    static let members: [ObjectRule.Property] = {
        let location = { (path: String...) in MethodCatalog.param(of: MethodNames.addAlarm, ["alarm", "structuredLocation"] + path) }
        let place = JSONSchema.object([
            .init("latitude", location("geoLocation", "latitude"), required: true),
            .init("longitude", location("geoLocation", "longitude"), required: true),
            .init("radius", location("radius")),
            .init("title", .string("The place's name, e.g. \"Home\".")),
        ], description: "A place: degrees, and metres of radius (default 100).")
        return [
            .init("before", .number(NumberRule(minimum: 0, maximum: 5_256_000, description: "Minutes before the due date (0: at it); the reminder needs a due date."))),
            .init("at", .string("When: \(ReminderFields.dateForms), with a time.")),
            .init("arrive", place, description: "Fires on arriving at the place."),
            .init("leave", place, description: "Fires on leaving the place."),
        ]
    }()

    static let schema = JSONSchema.object(members, description: "Exactly one of before, at, arrive and leave.")

    static func alarm(_ spec: JSONValue, field: String, zone: TimeZone) throws(ToolFailure) -> JSONValue {
        let given = members.map(\.name).filter { spec[$0] != nil && spec[$0]?.isNull == false }
        guard given.count == 1, let kind = given.first else {
            throw ToolFailure(field: field, "give exactly one of before, at, arrive and leave")
        }
        switch kind {
        case "before":
            return ["relativeOffset": .double(-(spec["before"]?.doubleValue ?? 0) * 60)]
        case "at":
            return ["absoluteDate": .string(try ModelDates.instant(spec["at"]?.stringValue ?? "", field: field + ".at", zone: zone))]
        default:
            let place = spec[kind] ?? [:]
            var location: JSONObject = ["title": place["title"] ?? .string("\(place["latitude"]?.serialized ?? ""),\(place["longitude"]?.serialized ?? "")"),
                                        "geoLocation": ["latitude": place["latitude"] ?? .null, "longitude": place["longitude"] ?? .null]]
            if let radius = place["radius"], !radius.isNull { location["radius"] = radius }
            return ["structuredLocation": .object(location), "proximity": .string(kind == "arrive" ? "enter" : "leave")]
        }
    }
}
