import RemindersModel
import RemindersStore
import XCTest
@testable import RemindersSync

/// The plan a calendar's sync follows, decided from the two listings and the last-synced state alone.
final class SyncPlanTests: XCTestCase {
    let synced: [String: SyncedItem] = [
        "/c/a.ics": SyncedItem(href: "/c/a.ics", etag: "\"1\"", itemIdentifier: "A", kind: .reminder, syncedModified: Timestamp(milliseconds: 100)),
        "/c/b.ics": SyncedItem(href: "/c/b.ics", etag: "\"1\"", itemIdentifier: "B", kind: .reminder, syncedModified: Timestamp(milliseconds: 100)),
        "/c/e.ics": SyncedItem(href: "/c/e.ics", etag: "\"1\"", itemIdentifier: nil, kind: .ignored, syncedModified: nil),
    ]

    func testWhatChangedThereComesHereAndWhatWentThereGoesUnlessItChangedHere() {
        let plan = SyncPlan.incoming(
            changed: [Listed(key: "/c/a.ics", version: "\"1\""), Listed(key: "/c/new.ics", version: "\"7\""), Listed(key: "/c/b.ics", version: nil)],
            removed: [],
            synced: synced, kind: .reminder, stillHere: ["/c/a.ics", "/c/b.ics"], changedHere: [], forcesDeletion: false)
        XCTAssertEqual(plan.actions, [.download(href: "/c/new.ics"), .download(href: "/c/b.ics")], "an unchanged ETag is not fetched; none given is")
        let gone = SyncPlan.incoming(
            changed: [Listed(key: "/c/b.ics", version: "\"1\"")], removed: ["/c/a.ics", "/c/e.ics", "/c/unknown.ics"], synced: synced,
            kind: .reminder, stillHere: ["/c/a.ics", "/c/b.ics"], changedHere: [], forcesDeletion: false)
        XCTAssertEqual(gone.actions, [.removeHere(href: "/c/a.ics"), .forget(href: "/c/e.ics")])
        let changed = SyncPlan.incoming(
            changed: [], removed: ["/c/a.ics"], synced: synced, kind: .reminder, stillHere: ["/c/a.ics"],
            changedHere: ["/c/a.ics"], forcesDeletion: false)
        XCTAssertEqual(changed.actions, [.uploadAgain(href: "/c/a.ics")])
    }

    func testAServerThatWentEmptyDeletesNothingHereUntilForced() {
        let plan = SyncPlan.incoming(
            changed: [], removed: ["/c/a.ics", "/c/b.ics", "/c/e.ics"], synced: synced, kind: .reminder,
            stillHere: ["/c/a.ics", "/c/b.ics"], changedHere: ["/c/b.ics"], forcesDeletion: false)
        XCTAssertEqual(plan.withheld?.emptied, .server)
        XCTAssertEqual(plan.withheld?.items, 1, "B changed here: it goes back, it is no deletion")
        XCTAssertEqual(plan.actions, [.uploadAgain(href: "/c/b.ics")])
        XCTAssertEqual(plan.lines.last, "withheld: 1 deletion (the server's collection went empty)")
        let forced = SyncPlan.incoming(
            changed: [], removed: ["/c/a.ics", "/c/b.ics"], synced: synced, kind: .reminder,
            stillHere: ["/c/a.ics", "/c/b.ics"], changedHere: [], forcesDeletion: true)
        XCTAssertNil(forced.withheld)
        XCTAssertEqual(forced.actions, [.removeHere(href: "/c/a.ics"), .removeHere(href: "/c/b.ics")])
        let one = SyncPlan.incoming(
            changed: [], removed: ["/c/a.ics"], synced: synced, kind: .reminder, stillHere: ["/c/a.ics", "/c/b.ics"], changedHere: [],
            forcesDeletion: false)
        XCTAssertNil(one.withheld, "removing some but not all is never held back")
    }

    func testAnItemMovedToAnotherListHereIsForgottenNotDeletedNorWithheld() {
        // A went to another list here, and the server removed it here too: nothing to delete, nothing to hold back.
        let plan = SyncPlan.incoming(
            changed: [], removed: ["/c/a.ics"], synced: synced, kind: .reminder, stillHere: [],
            changedHere: [], forcesDeletion: false)
        XCTAssertNil(plan.withheld)
        XCTAssertEqual(plan.actions, [.forget(href: "/c/a.ics")])
        let emptied = SyncPlan.incoming(
            changed: [], removed: ["/c/a.ics", "/c/b.ics"], synced: synced, kind: .reminder, stillHere: ["/c/b.ics"],
            changedHere: [], forcesDeletion: false)
        XCTAssertEqual(emptied.withheld?.items, 1, "only B's deletion here is held back")
        XCTAssertEqual(emptied.actions, [], "and until it is answered, nothing of that listing is taken")
    }

    func testWhatChangedHereGoesThereAndWhatWentHereIsDeletedThere() {
        let local = [
            Listed(key: "A", version: Timestamp(milliseconds: 200), uid: "a", title: "Changed"),
            Listed(key: "N", version: Timestamp(milliseconds: 50), uid: "new one", title: "New"),
            Listed(key: "C", version: Timestamp(milliseconds: 50), uid: "c", title: "Dismissed"),
        ]
        var known = synced
        known["/c/c.ics"] = SyncedItem(
            href: "/c/c.ics", etag: "\"1\"", itemIdentifier: "C", kind: .reminder, syncedModified: Timestamp(milliseconds: 100))
        let plan = SyncPlan.outgoing(local: local, alarmStates: ["C"], synced: known, kind: .reminder, collection: "/c/", forcesDeletion: false)
        XCTAssertEqual(plan.actions.count, 4, "\(plan.actions)")
        XCTAssertEqual(plan.actions[0], .upload(identifier: "A", title: "Changed", href: "/c/a.ics", isNew: false))
        XCTAssertEqual(plan.actions[2], .upload(identifier: "C", title: "Dismissed", href: "/c/c.ics", isNew: false), "its alarm state goes")
        XCTAssertEqual(plan.actions[3], .removeThere(href: "/c/b.ics"))
        // The new one's href is made from its UID (not a plain name: one derived from it, as Href.item does).
        guard case .upload(_, _, let newHref, true) = plan.actions[1] else { return XCTFail("\(plan.actions)") }
        XCTAssertTrue(newHref.hasPrefix("/c/uid-") && newHref.hasSuffix(".ics"), newHref)
        XCTAssertEqual(plan.lines[0], "↑ \"Changed\" to /c/a.ics")
        XCTAssertEqual(plan.lines[3], "✕ there /c/b.ics (gone from here)")
    }

    func testAListEmptiedHereDeletesNothingThereUntilForced() {
        let plan = SyncPlan.outgoing(local: [], synced: synced, kind: .reminder, collection: "/c/", forcesDeletion: false)
        XCTAssertEqual(plan.actions, [])
        XCTAssertEqual(plan.withheld?.emptied, .here)
        XCTAssertEqual(plan.withheld?.items, 2)
        // A move to another list is no deletion: never held back, even when the list is left empty.
        let moved = SyncPlan.outgoing(local: [], synced: synced, kind: .reminder, collection: "/c/", movedAway: ["A"], forcesDeletion: false)
        XCTAssertEqual(moved.actions, [.removeThere(href: "/c/a.ics")])
        XCTAssertEqual(moved.withheld?.items, 1, "B, removed here, is still held back")
        let forced = SyncPlan.outgoing(local: [], synced: synced, kind: .reminder, collection: "/c/", forcesDeletion: true)
        XCTAssertEqual(forced.actions, [.removeThere(href: "/c/a.ics"), .removeThere(href: "/c/b.ics")])
    }
}
