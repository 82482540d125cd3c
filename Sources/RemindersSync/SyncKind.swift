import RemindersICalendar
import RemindersModel
import RemindersStore

/// What a calendar's sync does its own way for one kind of item; `CollectionSync` does the rest
/// alike for reminders and events (the listings, the plan, batches, conditional writes, the record
/// of what was synced). A kind is three things: the calendar of the store its items live in, how
/// an item is read from a server's calendar object and written into one (the codec), and what
/// stands when both sides changed an item since the last sync (the conflict policy — a reminder is
/// merged property by property, an event takes the server's version and the report says what was
/// lost here, as vdirsyncer's "b wins" does: an event's parts hang together more than a to-do's).
protocol SyncKind {
    associatedtype Local: LocalCalendar
    associatedtype Reading: ItemReading

    static var itemKind: SyncedItem.Kind { get }
    /// What the report calls one item, and several.
    static var noun: (one: String, many: String) { get }
    var local: Local { get }
    init(local: Local)

    // MARK: The codec

    /// A server's calendar object read.
    func decode(_ text: String, now: Timestamp) -> Decoded<Reading>
    /// The server's item as this calendar holds it: new, or over `local` (its identity kept).
    func incoming(_ fetched: Downloaded<Reading>, over local: Local.Item?) throws(StoreError) -> Incoming<Local.Item>
    /// The calendar object to put for `item`, written over the one last synced so that what
    /// remindersd does not map stays, with the dismissals and snoozes made here.
    func outgoing(_ item: Local.Item, known: SyncedItem?, alarmStates: [AlarmState], now: Timestamp) throws(StoreError) -> Outgoing
    /// What the server's item says of the alarms (dismissed or snoozed on another device), recorded for `written`.
    func recordAlarmStates(of fetched: Downloaded<Reading>, for written: Local.Item, now: Timestamp) throws(StoreError)

    // MARK: The conflict policy

    /// Whether the server's item says what `local` holds already: the server rewrote what it
    /// stores (Radicale re-serializes), or both sides made the same change.
    func sameContent(
        _ local: Local.Item, as incoming: Incoming<Local.Item>, from fetched: Downloaded<Reading>, known: SyncedItem?
    ) throws(StoreError) -> Bool
    /// What this calendar keeps of an item the server changed: the server's version where it was
    /// not changed here since the last sync (`known`); otherwise what the policy says.
    func resolve(
        _ local: Local.Item, with incoming: Incoming<Local.Item>, from fetched: Downloaded<Reading>, known: SyncedItem?,
        changedHere: Bool, now: Timestamp
    ) throws(StoreError) -> Resolution<Local.Item>
    /// An item that came before what it hangs under (a subtask before its parent), joined to it
    /// once that is here: its record as it now stands, or nil while there is nothing to do.
    func linkWaiting(_ record: SyncedItem) throws(StoreError) -> SyncedItem?
}

/// A server's item as its kind reads it.
protocol ItemReading {
    var uid: String { get }
    var title: String { get }
    /// The UID of the item it hangs under (a subtask's parent), if any.
    var parentUID: String? { get }
    /// What was read but cannot be held as the server has it, for the person's report.
    var notes: [String] { get }
}

/// What a calendar object holds, for one kind.
enum Decoded<Reading> {
    case item(Reading)
    /// None of this kind (an event in a collection of to-dos too): left alone.
    case otherKind
    /// Not readable as this kind, and why.
    case unreadable(String)
}

/// A server's item fetched and read.
struct Downloaded<Reading> {
    var href: String
    var etag: String?
    var text: String
    var reading: Reading

    /// What is kept of it here once written: its text, as synced at its href.
    var kept: KeptCalendarObject { KeptCalendarObject(text: text, href: href) }
}

/// A server's item as the local calendar would hold it.
struct Incoming<Item> {
    var item: Item
    /// The UID of the item it hangs under when that is not here yet: remembered, and linked when it comes.
    var waitingFor: String?
}

/// What the conflict policy keeps of an item changed on the server.
struct Resolution<Item> {
    var item: Item
    var conflicts: [Conflict] = []
    /// Whether it holds anything the server's version lacks (so it must be uploaded).
    var differsFromRemote = false
    /// Whether it changes what is here (the report counts it as downloaded).
    var changesHere = true
    var waitingFor: String?
}

/// The calendar object an item goes to the server as.
struct Outgoing {
    var text: String
    /// The UID of the item it hangs under that has not come here yet, named again.
    var waitingFor: String?
}
