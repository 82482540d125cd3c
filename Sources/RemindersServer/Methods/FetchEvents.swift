import Foundation
import RemindersJSONRPC
import RemindersJSON
import RemindersModel
import RemindersProtocol

extension FetchEvents: MethodHandler {
    public static let access = Access.fullAccess
    public static let entityType = EntityType.event
    public static let effect = Effect.reads
    public static func handle(_ params: Params, _ context: MethodContext) throws -> Result {
        let eventStore = try context.session.eventStore()
        let (occurrences, truncated) = try eventStore.fetchEvents(from: params.start, to: params.end, calendars: params.calendarIdentifiers)
        let page = occurrences.dropFirst(params.offset).prefix(params.limit ?? Int(maximumLimit))
        let next = params.offset + page.count < occurrences.count ? "e\(params.offset + page.count)" : nil
        return Result(events: Array(page), nextCursor: next, truncatedEnd: truncated, zone: eventStore.timeZone)
    }
}
