import RemindersModel
import RemindersWebDAV

/// The properties of an item: its ETag, its media type, its calendar data when asked.
enum ItemProperties {
    static let all: [PropertyName] = [.resourceType, .getETag, .getContentType]

    static func contentType(_ kind: EntityType) -> String {
        "text/calendar; charset=utf-8; component=\(kind == .event ? "VEVENT" : "VTODO")"
    }

    static func item(_ item: FaceItem, kind: EntityType, text: String?, _ property: PropertyName, _ writer: inout XMLWriter) -> Bool {
        switch property {
        case .resourceType: writer.element(DAVNamespace.dav, "resourcetype")
        case .getETag: writer.element(DAVNamespace.dav, "getetag", item.etag)
        case .getContentType: writer.element(DAVNamespace.dav, "getcontenttype", contentType(kind))
        case .getContentLength:
            guard let text else { return false }
            writer.element(DAVNamespace.dav, "getcontentlength", String(text.utf8.count))
        case .calendarData:
            guard let text else { return false }
            writer.element(DAVNamespace.calDAV, "calendar-data", text)
        default: return false
        }
        return true
    }
}
