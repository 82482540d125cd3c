import RemindersICalendarFormat
import RemindersModel

/// The answer to a CalDAV free-busy-query (RFC 4791 §7.10): one VFREEBUSY over the range asked,
/// each busy time a FREEBUSY period in UTC — tentative ones as BUSY-TENTATIVE — merged where they
/// overlap, as RFC 5545 §3.8.2.6 wants them (in order, no two of one type overlapping).
public enum FreeBusyWriter {
    public struct Busy: Sendable, Equatable {
        public var start: Timestamp
        public var end: Timestamp
        public var isTentative: Bool

        public init(start: Timestamp, end: Timestamp, isTentative: Bool) {
            (self.start, self.end, self.isTentative) = (start, end, isTentative)
        }
    }

    public static func object(from start: Timestamp, to end: Timestamp, busy: [Busy], now: Timestamp) -> String {
        var vfreebusy = Component("VFREEBUSY")
        vfreebusy.properties.append(DateMapping.utc(now).property("DTSTAMP"))
        vfreebusy.properties.append(DateMapping.utc(start).property("DTSTART"))
        vfreebusy.properties.append(DateMapping.utc(end).property("DTEND"))
        for tentative in [false, true] {
            for period in merged(busy.filter { $0.isTentative == tentative }, within: start, end) {
                let text = DateMapping.utc(period.start).text + "/" + DateMapping.utc(period.end).text
                vfreebusy.properties.append(Property("FREEBUSY", text, tentative ? [Parameter("FBTYPE", ["BUSY-TENTATIVE"])] : []))
            }
        }
        let calendar = Component(
            "VCALENDAR", properties: [Property("VERSION", "2.0"), Property("PRODID", ICalendarDocument.productIdentifier)], components: [vfreebusy])
        return calendar.text
    }

    /// The periods clipped to the range, in order, those that meet or overlap made one.
    private static func merged(_ periods: [Busy], within start: Timestamp, _ end: Timestamp) -> [Busy] {
        var merged: [Busy] = []
        for period in periods.sorted(by: { $0.start < $1.start }) {
            var clipped = period
            clipped.start = max(period.start, start)
            clipped.end = min(period.end, end)
            guard clipped.start < clipped.end else { continue }
            if let last = merged.last, clipped.start <= last.end {
                merged[merged.count - 1].end = max(last.end, clipped.end)
            } else {
                merged.append(clipped)
            }
        }
        return merged
    }
}
