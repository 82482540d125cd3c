import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel

/// The opaque `cursor` of a paged fetch: the fetch-order position of the last reminder sent, the
/// order, and the time zone that order was computed in (floating dates sort differently elsewhere).
enum FetchCursor {
    private static let version = "2"

    static func encode(_ position: FetchPosition, order: FetchOrder, zone: String) -> String {
        let text = [
            version, zone, order.rawValue, String(position.manual), String(position.due), String(position.creation),
            position.identifier,
        ].joined(separator: "\n")
        return Data(text.utf8).base64EncodedString()
    }

    static func decode(_ cursor: String, order: FetchOrder, zone: String, field: String) throws(ResponseError) -> FetchPosition {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else {
            throw .invalidParams("\(field): not a cursor this server made", field: field)
        }
        let parts = text.split(separator: "\n", maxSplits: 6, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 7, parts[0] == version, let made = FetchOrder(rawValue: parts[2]), let manual = Int64(parts[3]),
            let due = Int64(parts[4]), let creation = Int64(parts[5])
        else {
            throw .invalidParams("\(field): not a cursor this server made", field: field)
        }
        guard parts[1] == zone else {
            throw .invalidParams("\(field): the cursor was made for time zone \(parts[1]), this session reads dates in \(zone)", field: field)
        }
        guard made == order else {
            throw .invalidParams("\(field): the cursor was made for order \(made.rawValue), this fetch asks for \(order.rawValue)", field: field)
        }
        return FetchPosition(manual: manual, due: due, creation: creation, identifier: parts[6])
    }
}
