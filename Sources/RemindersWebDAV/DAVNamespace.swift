/// The XML namespaces CalDAV servers speak.
public enum DAVNamespace {
    public static let dav = "DAV:"
    public static let calDAV = "urn:ietf:params:xml:ns:caldav"
    /// `getctag`: the collection's change tag, from before sync-collection.
    public static let calendarServer = "http://calendarserver.org/ns/"
    /// `calendar-color`.
    public static let apple = "http://apple.com/ns/ical/"
}
