import RemindersJSONRPC
import RemindersModel

extension RecurrenceRule {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("frequency", frequency.rawValue)
        writer.field("interval", interval)
        if let daysOfTheWeek {
            writer.key(static: "daysOfTheWeek")
            writer.beginArray()
            for day in daysOfTheWeek {
                writer.beginObject()
                writer.field("dayOfTheWeek", day.dayOfTheWeek)
                if day.weekNumber != 0 { writer.field("weekNumber", day.weekNumber) }
                writer.endObject()
            }
            writer.endArray()
        }
        func list(_ name: String, _ values: [Int]?) {
            guard let values else { return }
            writer.key(name)
            writer.beginArray()
            values.forEach { writer.integer($0) }
            writer.endArray()
        }
        list("daysOfTheMonth", daysOfTheMonth)
        list("monthsOfTheYear", monthsOfTheYear)
        list("weeksOfTheYear", weeksOfTheYear)
        list("daysOfTheYear", daysOfTheYear)
        list("setPositions", setPositions)
        switch recurrenceEnd {
        case .endDate(let date)?:
            writer.key(static: "recurrenceEnd"); writer.beginObject(); writer.field("endDate", date); writer.endObject()
        case .endDateComponents(let wall)?:
            writer.key(static: "recurrenceEnd"); writer.beginObject(); writer.key(static: "endDateComponents"); wall.write(to: &writer);
            writer.endObject()
        case .occurrenceCount(let count)?:
            writer.key(static: "recurrenceEnd"); writer.beginObject(); writer.field("occurrenceCount", count); writer.endObject()
        case nil:
            break
        }
        if firstDayOfTheWeek != 0 { writer.field("firstDayOfTheWeek", firstDayOfTheWeek) }
        writer.field("rrule", rrule)
        writer.endObject()
    }

    /// Either the fields (`frequency`, …) or only `{"rrule": "FREQ=…"}`. A returned rule carries both;
    /// sent back, its fields win and its `rrule` is ignored.
    public static func decode(_ value: JSONValue, path: String) throws(ResponseError) -> RecurrenceRule {
        let fields = try Fields.object(value, path: path)
        var rule: RecurrenceRule
        if !fields.contains("frequency"), let text = try fields.optionalString("rrule") {
            guard fields.object.count == 1 else {
                throw .invalidParams("\(path): give either rrule alone or the rule's fields", field: path)
            }
            do throws(ValidationError) { rule = try RecurrenceRule(rrule: text) } catch { throw ResponseError.invalid(error.prefixed(path)) }
        } else {
            rule = try decodeFields(fields)
        }
        do throws(ValidationError) { try rule.validate() } catch { throw ResponseError.invalid(error.prefixed(path)) }
        return rule
    }

    /// A rule as the store wrote it in an answer: its fields, read without EventKit's checks of a
    /// rule a client makes — a calendar's rule may say more than EventKit lets a client say
    /// (Outlook's yearly birthday by BYMONTHDAY), and the store keeps it.
    public static func read(_ value: JSONValue, path: String) throws(ResponseError) -> RecurrenceRule {
        try decodeFields(try Fields.object(value, path: path))
    }

    private static func decodeFields(_ fields: Fields) throws(ResponseError) -> RecurrenceRule {
        guard let frequency = try fields.optionalEnum("frequency", RecurrenceFrequency.self) else {
            throw fields.invalid("frequency", "required: one of \"daily\", \"weekly\", \"monthly\", \"yearly\" (or give rrule)")
        }
        var rule = RecurrenceRule(frequency: frequency, interval: try fields.optionalInt("interval") ?? 1)
        if let days = try fields.optionalArray("daysOfTheWeek") {
            var parsed: [RecurrenceDayOfWeek] = []
            for (index, element) in days.enumerated() {
                let day = try Fields.object(element, path: fields.pathOf("daysOfTheWeek[\(index)]"))
                parsed.append(RecurrenceDayOfWeek(dayOfTheWeek: try day.int("dayOfTheWeek"), weekNumber: try day.optionalInt("weekNumber") ?? 0))
            }
            rule.daysOfTheWeek = parsed
        }
        rule.daysOfTheMonth = try integers(fields, "daysOfTheMonth")
        rule.monthsOfTheYear = try integers(fields, "monthsOfTheYear")
        rule.weeksOfTheYear = try integers(fields, "weeksOfTheYear")
        rule.daysOfTheYear = try integers(fields, "daysOfTheYear")
        rule.setPositions = try integers(fields, "setPositions")
        if let end = try fields.optionalObject("recurrenceEnd") {
            let date = try end.optionalTimestamp("endDate")
            let wall = try end.object["endDateComponents"].map { value throws(ResponseError) in
                try ItemDateComponents.decode(value, path: end.pathOf("endDateComponents"))
            }
            let count = try end.optionalInt("occurrenceCount")
            switch (date, wall, count) {
            // Kept to the second, as RFC 5545's UNTIL is, so the answer is what will be read back.
            case (let date?, nil, nil): rule.recurrenceEnd = .endDate(Timestamp(seconds: date.milliseconds.floorDivided(by: 1000)))
            case (nil, let wall?, nil):
                // With a zone and an hour it is an instant; else a wall-clock end, read in the series' zone.
                rule.recurrenceEnd = wall.isFloating ? .endDateComponents(wall.normalized) : .endDate(wall.instant(in: .utc))
            case (nil, nil, let count?): rule.recurrenceEnd = .occurrenceCount(count)
            default:
                throw .invalidParams("\(end.path): give one of endDate, endDateComponents or occurrenceCount", field: end.path)
            }
        }
        rule.firstDayOfTheWeek = try fields.optionalInt("firstDayOfTheWeek") ?? 0
        return rule
    }

    private static func integers(_ fields: Fields, _ key: String) throws(ResponseError) -> [Int]? {
        guard let elements = try fields.optionalArray(key) else { return nil }
        var values: [Int] = []
        for (index, element) in elements.enumerated() { values.append(try Fields.int(element, path: fields.pathOf("\(key)[\(index)]"))) }
        return values
    }
}

extension RecurrenceRule {
    public static func decodeList(_ value: JSONValue, path: String) throws(ResponseError) -> [RecurrenceRule] {
        var rules: [RecurrenceRule] = []
        for (index, element) in try Fields.array(value, path: path).enumerated() { rules.append(try decode(element, path: "\(path)[\(index)]")) }
        return rules
    }
}
