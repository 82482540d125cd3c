"""What a sync must never do, against a real Radicale: let one refused item hold up the rest of
its list, or take a collection (or a list) that went empty for a reason to delete the other side."""

from __future__ import annotations

import unittest

from remindersd import Session
from servers import RefusingProxy
from test_sync import SyncTestCase, on_every_engine, vcalendar, vtodo


class RefusedItems(SyncTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.cal = self.calendar("Shared")

    def uploads_past_a_refusal(self, status: int) -> None:
        proxy = RefusingProxy(self.server, marker="REFUSE", status=status)
        self.addCleanup(proxy.close)
        store = self.store_at(proxy.url)
        store.sync()
        lst = store.list_named("Shared")["calendarIdentifier"]
        for title in ("First", "REFUSE me", "Third"):
            store.save({"title": title, "calendarIdentifier": lst})
        report = self.list_report(store.sync(check=False), "Shared")
        self.assertEqual(report["uploaded"], 2, report)
        self.assertEqual(len(report["skipped"]), 1, report)
        self.assertIn('"REFUSE me"', report["skipped"][0]["message"])
        self.assertIn(str(status), report["skipped"][0]["message"])
        self.assertTrue(report["skipped"][0]["href"].endswith(".ics"), report)
        self.assertEqual(sorted(str(t.icalendar_component["SUMMARY"]) for t in self.cal.todos()), ["First", "Third"])
        # Tried again at the next sync (and named again); the others do not go twice.
        again = self.list_report(store.sync(check=False), "Shared")
        self.assertEqual((again["uploaded"], len(again["skipped"])), (0, 1), again)
        # Once it is something the server takes, it goes.
        refused = store.reminder_titled("REFUSE me")
        store.save({"calendarItemIdentifier": refused["calendarItemIdentifier"], "title": "Taken now"})
        fixed = self.list_report(store.sync(), "Shared")
        self.assertEqual((fixed["uploaded"], fixed["skipped"]), (1, []), fixed)
        self.assertEqual(sorted(str(t.icalendar_component["SUMMARY"]) for t in self.cal.todos()), ["First", "Taken now", "Third"])

    def test_an_item_answered_500_is_skipped_and_named_and_the_rest_go_up(self):
        self.uploads_past_a_refusal(500)

    def test_an_item_answered_400_is_skipped_and_named_and_the_rest_go_up(self):
        self.uploads_past_a_refusal(400)

    def store_at(self, url: str):
        from remindersd import Store
        store = Store(self.folder, "proxied")
        store.add_account("home", url)
        return store

    def test_uids_no_server_takes_as_a_name_get_names_derived_from_them(self):
        store = self.store()
        store.sync()
        lst = store.list_named("Shared")["calendarIdentifier"]
        uids = ["x" * 3000, 'a"b<c>', "ü" * 200, "plain-uid@test"]
        ics = vcalendar(*(vtodo(uid, f"UID {index}") for index, uid in enumerate(uids)))
        self.assertEqual(store.call("importICalendar", {"text": ics, "calendarIdentifier": lst})["imported"], 4)
        report = self.list_report(store.sync(), "Shared")
        self.assertEqual((report["uploaded"], report["skipped"]), (4, []), report)
        for index, uid in enumerate(uids):
            self.assertEqual(str(self.remote(self.cal, uid)["SUMMARY"]), f"UID {index}")
        names = sorted(str(t.url).rsplit("/", 1)[1] for t in self.cal.todos())
        self.assertEqual(names[0], "plain-uid%40test.ics")
        self.assertTrue(all(name.startswith("uid-") and len(name) == len("uid-") + 32 + len(".ics") for name in names[1:]), names)


class EmptiedSides(SyncTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.cal = self.calendar("Shared")
        for index in range(3):
            self.cal.save_todo(ical=vcalendar(vtodo(f"kept-{index}@test", f"Kept {index}")))
        self.store_a = self.store()
        self.store_a.sync()
        self.list_a = self.store_a.list_named("Shared")["calendarIdentifier"]

    def empty_the_server(self) -> None:
        for todo in self.cal.todos(include_completed=True):
            todo.delete()

    def test_an_emptied_collection_deletes_nothing_here_until_told(self):
        self.empty_the_server()
        result = self.store_a.run("sync", "--json", check=False)
        self.assertEqual(result.returncode, 1, "deletions withheld is a problem to look at")
        import json
        report = self.list_report(json.loads(result.stdout), "Shared")
        self.assertEqual(report["withheld"], {"emptied": "server", "items": 3}, report)
        self.assertEqual(report["deleted"], 0)
        self.assertIn("remindersd sync --force-delete 'Shared'", " ".join(report["notes"]))
        self.assertEqual(len(self.store_a.reminders(self.list_a)), 3, "nothing was deleted here")
        # Asked again at every sync, not taken as seen.
        self.assertEqual(self.list_report(self.store_a.sync(check=False), "Shared")["withheld"], {"emptied": "server", "items": 3})
        text = self.store_a.run("sync", check=False).stdout
        self.assertIn("3 deletions withheld", text)
        forced = self.list_report(self.store_a.sync("--force-delete", "Shared"), "Shared")
        self.assertEqual((forced["deleted"], forced["withheld"]), (3, None), forced)
        self.assertEqual(self.store_a.reminders(self.list_a), [])

    def test_the_sync_method_takes_force_delete_by_identifier(self):
        self.empty_the_server()
        session = Session(self.store_a)
        self.addCleanup(session.close)
        held = session.request("sync", {})["result"]
        self.assertEqual(self.list_report(held, "Shared")["withheld"], {"emptied": "server", "items": 3})
        forced = session.request("sync", {"forceDelete": [self.list_a]})["result"]
        self.assertEqual(self.list_report(forced, "Shared")["deleted"], 3, forced)
        bad = session.request("sync", {"forceDelete": "Shared"})
        self.assertEqual(bad["error"]["code"], -32602, bad)

    def test_a_client_granted_another_list_neither_hears_of_nor_deletes_the_withheld_one(self):
        """Issue 49, 4: a client granted Work syncs the account, and is told of Work only — in the
        report and in $/progress — and cannot let Shared's withheld deletions go through."""
        work = self.calendar("Work")
        work.save_todo(ical=vcalendar(vtodo("work-1@test", "Slides")))
        self.store_a.sync()
        self.store_a.run("permissions", "set", "--any-program", "assistant", "fullAccess", "--lists", "Work")
        self.empty_the_server()
        session = Session(self.store_a, client="assistant")
        self.addCleanup(session.close)
        for named in ("Shared", self.list_a, "shared"):
            refused = session.request("sync", {"forceDelete": [named]})
            self.assertEqual((refused.get("error") or {}).get("code"), -32602, refused)
            self.assertEqual(refused["error"]["data"]["field"], "forceDelete[0]")
        synced = session.request("sync", {"workDoneToken": "w"})["result"]
        self.assertEqual([lst["title"] for account in synced["accounts"] for lst in account["lists"]], ["Work"], synced)
        progress = [n for n in session.notifications if n.get("method") == "$/progress"]
        self.assertGreater(len(progress), 1, "it hears how far the sync is")
        import json
        told = json.dumps(progress) + json.dumps(synced)
        self.assertNotIn("Shared", told)
        self.assertNotIn(self.list_a, told)
        self.assertEqual(len(self.store_a.reminders(self.list_a)), 3, "Shared's withheld deletions were not made")

    def test_a_list_emptied_here_deletes_nothing_on_the_server_until_told(self):
        for reminder in self.store_a.reminders(self.list_a):
            self.store_a.call("removeReminder", {"identifier": reminder["calendarItemIdentifier"]})
        report = self.list_report(self.store_a.sync(check=False), "Shared")
        self.assertEqual(report["withheld"], {"emptied": "here", "items": 3}, report)
        self.assertEqual(len(self.cal.todos()), 3, "nothing was deleted on the server")
        forced = self.list_report(self.store_a.sync("--force-delete", self.list_a), "Shared")
        self.assertEqual(forced["deleted"], 3, forced)
        self.assertEqual(self.cal.todos(include_completed=True), [])

    def test_removing_some_but_not_all_goes_through_either_way(self):
        first = self.store_a.reminder_titled("Kept 0")
        self.store_a.call("removeReminder", {"identifier": first["calendarItemIdentifier"]})
        self.cal.todo_by_uid("kept-1@test").delete()
        report = self.list_report(self.store_a.sync(), "Shared")
        self.assertEqual((report["deleted"], report["withheld"]), (2, None), report)
        self.assertEqual([r["title"] for r in self.store_a.reminders(self.list_a)], ["Kept 2"])


on_every_engine(globals(), RefusedItems, EmptiedSides)


if __name__ == "__main__":
    unittest.main()
