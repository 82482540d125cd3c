import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol
import RemindersServer

/// An alarm as a model asks for one: `before` minutes before the due date, `at` a time, or on
/// arriving at (`arrive`) or leaving (`leave`) a place — exactly one — made into EventKit's alarm.
struct AlarmSpec {
    static let members: [ObjectRule.Property] = {
        let location = { (path: String...) in AddAlarm.param(["alarm", "structuredLocation"] + path) }
        let place = JSONSchema.object(
            [
                .init("latitude", location("geoLocation", "latitude"), required: true),
                .init("longitude", location("geoLocation", "longitude"), required: true),
                .init("radius", location("radius")),
                .init("title", .string("The place's name, e.g. \"Home\".")),
            ], description: "A place: degrees, and metres of radius (default 100).")
        return [
            .init(
                "before",
                .number(
                    NumberRule(minimum: 0, maximum: 5_256_000, description: "Minutes before the due date (0: at it); the reminder needs a due date."))
            ),
            .init("at", .string("When: \(ReminderFields.dateForms), with a time.")),
            .init("arrive", place, description: "Fires on arriving at the place."),
            .init("leave", place, description: "Fires on leaving the place."),
        ]
    }()

    static let schema = JSONSchema.object(members, description: "Exactly one of before, at, arrive and leave.")

    /// A place as the model gives it.
    struct Place {
        var latitude: Double
        var longitude: Double
        var radius: Double?
        var title: String?

        init(_ fields: Fields) throws(ResponseError) {
            latitude = try fields.double("latitude")
            longitude = try fields.double("longitude")
            radius = try fields.optionalDouble("radius")
            title = try fields.optionalString("title")
        }
    }

    /// Which of the members were given (not null), for "exactly one".
    var given: [String]
    var before: Double?
    var at: String?
    var arrive: Place?
    var leave: Place?

    init(_ fields: Fields) throws(ResponseError) {
        given = Self.members.map(\.name).filter { fields.object[$0].map { !$0.isNull } ?? false }
        before = try fields.optionalDouble("before")
        at = try fields.optionalString("at")
        arrive = try fields.optionalObject("arrive").map { (place) throws(ResponseError) in try Place(place) }
        leave = try fields.optionalObject("leave").map { (place) throws(ResponseError) in try Place(place) }
    }

    /// The alarm it asks for; `field` names it in what goes wrong.
    func draft(field: String, zone: TimeZone, now: Timestamp) throws(ToolFailure) -> AlarmDraft {
        guard given.count == 1 else { throw ToolFailure(field: field, "give exactly one of before, at, arrive and leave") }
        if let before { return AlarmDraft(trigger: .relative(offset: -before * 60)) }
        if let at { return AlarmDraft(trigger: .absolute(try ModelDates.instant(at, field: field + ".at", zone: zone, now: now))) }
        guard let (place, proximity) = arrive.map({ ($0, AlarmProximity.enter) }) ?? leave.map({ ($0, AlarmProximity.leave) }) else {
            throw ToolFailure(field: field, "give exactly one of before, at, arrive and leave")
        }
        let title = place.title ?? JSONValue.double(place.latitude).serialized + "," + JSONValue.double(place.longitude).serialized
        return AlarmDraft(
            trigger: .location(
                StructuredLocation(
                    title: title, geoLocation: GeoLocation(latitude: place.latitude, longitude: place.longitude),
                    radius: place.radius), proximity))
    }

    /// A list of them (`alarms`), each read from its element.
    static func list(_ value: JSONValue, path: String) throws(ResponseError) -> [AlarmSpec] {
        try Fields.array(value, path: path).enumerated().map { (index, element) throws(ResponseError) in
            guard let object = element.objectValue else { throw .invalidParams("\(path)[\(index)]: expected an object", field: "\(path)[\(index)]") }
            return try AlarmSpec(Fields(object, path: "\(path)[\(index)]"))
        }
    }
}
