import Foundation
import JSONRPC
import RemindersModel

/// The opaque `cursor` of a paged fetch: the fetch-order position of the last reminder sent,
/// and the time zone that order was computed in (floating dates sort differently elsewhere).
enum FetchCursor {
    private static let version = "1"

    static func encode(_ position: FetchPosition, zone: String) -> String {
        let text = [version, zone, String(position.due), String(position.creation), position.identifier].joined(separator: "\n")
        return Data(text.utf8).base64EncodedString()
    }

    static func decode(_ cursor: String, zone: String, field: String) throws(ResponseError) -> FetchPosition {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else {
            throw .invalidParams("\(field): not a cursor this server made", field: field)
        }
        let parts = text.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5, parts[0] == version, let due = Int64(parts[2]), let creation = Int64(parts[3]) else {
            throw .invalidParams("\(field): not a cursor this server made", field: field)
        }
        guard parts[1] == zone else {
            throw .invalidParams("\(field): the cursor was made for time zone \(parts[1]), this session reads dates in \(zone)", field: field)
        }
        return FetchPosition(due: due, creation: creation, identifier: parts[4])
    }
}
