"""`remindersd mcp` driven by the official Python MCP SDK (the `mcp` package), in both of its modes:
the stateless 2026-07-28 revision (`mode="auto"`: server/discover, then per-request _meta) and the
initialize handshake (`mode="legacy"`) — plus raw NDJSON cases the SDK never sends.
Run by ./run with the .venv python; ends with "mcp: N passed, N failed"."""

import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

import caldav
import jsonschema
from mcp import Client, Implementation, StdioServerParameters

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Interop"))
from servers import Radicale  # noqa: E402  (the interop suite's real CalDAV server)

BIN = os.environ["REMINDERSD_BIN"]
TOOLS = ["list_reminder_lists", "search_reminders", "get_reminder", "create_reminder", "update_reminder",
         "complete_reminder", "delete_reminder", "add_alarm", "create_list", "request_access", "list_events", "create_event",
         "list_tags", "update_list", "delete_list", "upcoming_alarms", "snooze_alarm", "dismiss_alarm", "get_event",
         "update_event", "delete_event", "create_reminders", "complete_reminders", "delete_reminders", "recent_changes",
         "undo_change", "restore_deleted", "search_events", "sync_now", "subscribe_calendar", "list_subscriptions"]


class Store:
    """A temporary HOME holding the store where the XDG default puts it (what an MCP host, which
    passes little more than HOME, gets)."""

    def __init__(self):
        self.home = tempfile.mkdtemp(prefix="mcp-test-")
        self.path = os.path.join(self.home, ".local", "share", "remindersd", "reminders.sqlite")

    def remindersd(self, *args, check=True):
        env = {"HOME": self.home, "PATH": os.environ["PATH"], "TZ": "Europe/Berlin"}
        return subprocess.run([BIN, *args], capture_output=True, text=True, env=env, check=check, timeout=60)

    def grant(self, client, status="fullAccess"):
        self.remindersd("permissions", "set", "--any-program", client, status)

    def call(self, method, params):
        out = self.remindersd("call", method, json.dumps(params), "--client", "mcp-test-checker")
        return json.loads(out.stdout)

    def server(self, *extra):
        # The environment the SDK gives a stdio server: HOME, LOGNAME, PATH, SHELL, TERM, USER only.
        return StdioServerParameters(command=BIN, args=["mcp", *extra],
                                     env={"HOME": self.home, "PATH": os.environ["PATH"], "TZ": "Europe/Berlin"})

    def cleanup(self):
        shutil.rmtree(self.home, ignore_errors=True)


class SDKSessions:
    MODE = "legacy"

    def setUp(self):
        self.store = Store()
        self.store.grant("mcp-test-checker")

    def tearDown(self):
        self.store.cleanup()

    def client(self, name="test-assistant", **kwargs):
        return Client(self.store.server(), mode=self.MODE, client_info=Implementation(name=name, version="1.0"), **kwargs)

    def run_async(self, coroutine):
        return asyncio.run(asyncio.wait_for(coroutine, 60))

    def check_output(self, tools, result, name):
        schema = tools[name].output_schema
        self.assertFalse(result.is_error, result.content)
        jsonschema.validate(result.structured_content, schema)

    def test_tools_are_listed_with_schemas_and_annotations(self):
        async def go():
            async with self.client() as client:
                listed = (await client.list_tools()).tools
                self.assertEqual([tool.name for tool in listed], TOOLS)
                by_name = {tool.name: tool for tool in listed}
                for tool in listed:
                    jsonschema.Draft202012Validator.check_schema(tool.input_schema)
                    jsonschema.Draft202012Validator.check_schema(tool.output_schema)
                    self.assertEqual(tool.input_schema["type"], "object")
                    self.assertEqual(tool.output_schema["type"], "object")
                    self.assertTrue(tool.description)
                for name in ("list_reminder_lists", "search_reminders", "get_reminder"):
                    self.assertTrue(by_name[name].annotations.read_only_hint, name)
                self.assertTrue(by_name["delete_reminder"].annotations.destructive_hint)
                for name in ("delete_event", "delete_list", "delete_reminders"):
                    self.assertTrue(by_name[name].annotations.destructive_hint, name)
                for name in ("list_tags", "upcoming_alarms", "get_event", "recent_changes"):
                    self.assertTrue(by_name[name].annotations.read_only_hint, name)
                for name in ("delete_reminder", "delete_list", "delete_reminders"):
                    self.assertIn("restore_deleted", by_name[name].description, "a destructive tool says it can be undone")
                self.assertFalse(by_name["create_reminder"].annotations.read_only_hint)
                self.assertFalse(by_name["create_reminder"].annotations.destructive_hint)
                self.assertTrue(by_name["complete_reminder"].annotations.idempotent_hint)
        self.run_async(go())

    def test_create_search_complete_delete_with_every_output_validated(self):
        self.store.grant("test-assistant")

        async def go():
            async with self.client() as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                lists = await client.call_tool("list_reminder_lists", {})
                self.check_output(tools, lists, "list_reminder_lists")
                made = await client.call_tool("create_list", {"title": "Groceries", "color": "#34C759"})
                self.check_output(tools, made, "create_list")
                milk = await client.call_tool("create_reminder", {
                    "title": "Buy milk", "list": "groceries", "due": "2026-12-24", "priority": "high", "tags": ["shop"],
                    "alarms": [{"at": "2026-12-24T08:00"}], "notes": "two litres\nsemi-skimmed"})
                self.check_output(tools, milk, "create_reminder")
                reminder = milk.structured_content["reminder"]
                # A date-only due date stays that day, not midnight in some zone.
                self.assertEqual(reminder["dueDateComponents"], {"year": 2026, "month": 12, "day": 24})
                self.assertEqual(reminder["priority"], 1)
                self.assertEqual(reminder["calendarIdentifier"], made.structured_content["calendar"]["calendarIdentifier"])
                self.assertEqual(reminder["alarms"][0]["absoluteDate"], "2026-12-24T07:00:00.000Z", "08:00 in Berlin")
                self.assertEqual(reminder["notes"], "two litres\nsemi-skimmed")
                floating = await client.call_tool("create_reminder", {"title": "Call Mum", "due": "2026-12-25T09:00",
                                                                      "recurrence": "FREQ=WEEKLY;BYDAY=FR"})
                self.check_output(tools, floating, "create_reminder")
                self.assertEqual(floating.structured_content["reminder"]["dueDateComponents"],
                                 {"year": 2026, "month": 12, "day": 25, "hour": 9, "minute": 0})
                self.assertEqual(floating.structured_content["reminder"]["recurrenceRules"][0]["rrule"], "FREQ=WEEKLY;BYDAY=FR")
                # Repetition as a person says it, through the same grammar as the other front ends.
                said = await client.call_tool("update_reminder", {"id": floating.structured_content["reminder"]["calendarItemIdentifier"],
                                                                  "recurrence": "every 2 weeks on friday"})
                self.assertEqual(said.structured_content["reminder"]["recurrenceRules"][0]["rrule"], "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")
                unread = await client.call_tool("update_reminder", {"id": floating.structured_content["reminder"]["calendarItemIdentifier"],
                                                                    "recurrence": "every blue moon"})
                self.assertTrue(unread.is_error)
                self.assertIn("recurrence", unread.content[0].text)
                self.assertIn("blue", unread.content[0].text)
                # "Remind me at 9": a due time rings then, as in Apple's Reminders app; a date alone does not.
                self.assertEqual([a["relativeOffset"] for a in floating.structured_content["reminder"]["alarms"]], [0])
                quiet = await client.call_tool("create_reminder", {"title": "Quiet", "due": "2026-12-25T09:00", "alarms": []})
                self.assertEqual(quiet.structured_content["reminder"]["alarms"], [])
                moved = await client.call_tool("update_reminder", {"id": quiet.structured_content["reminder"]["calendarItemIdentifier"],
                                                                   "due": "2026-12-25T10:00"})
                self.assertEqual([a["relativeOffset"] for a in moved.structured_content["reminder"]["alarms"]], [0],
                                 "a due time given later rings too")
                await client.call_tool("delete_reminder", {"id": quiet.structured_content["reminder"]["calendarItemIdentifier"]})
                instant = await client.call_tool("create_reminder", {"title": "Flight", "due": "2026-12-26T06:30:00Z"})
                self.assertEqual(instant.structured_content["reminder"]["dueDateComponents"],
                                 {"year": 2026, "month": 12, "day": 26, "hour": 7, "minute": 30, "timeZone": "Europe/Berlin"})

                found = await client.call_tool("search_reminders", {"query": "milk", "list": "Groceries"})
                self.check_output(tools, found, "search_reminders")
                self.assertEqual([r["title"] for r in found.structured_content["reminders"]], ["Buy milk"])
                self.assertIn("Buy milk", found.content[0].text)
                week = await client.call_tool("search_reminders", {"dueAfter": "2026-12-24", "dueBefore": "2026-12-26"})
                self.assertEqual(sorted(r["title"] for r in week.structured_content["reminders"]), ["Buy milk", "Call Mum"])

                identifier = reminder["calendarItemIdentifier"]
                got = await client.call_tool("get_reminder", {"id": identifier})
                self.check_output(tools, got, "get_reminder")
                updated = await client.call_tool("update_reminder", {"id": identifier, "due": None, "flagged": True})
                self.check_output(tools, updated, "update_reminder")
                self.assertIsNone(updated.structured_content["reminder"]["dueDateComponents"])
                alarm = await client.call_tool("add_alarm", {"id": identifier, "arrive": {"latitude": 52.52, "longitude": 13.405, "title": "Shop"}})
                self.check_output(tools, alarm, "add_alarm")
                done = await client.call_tool("complete_reminder", {"id": identifier})
                self.check_output(tools, done, "complete_reminder")
                self.assertTrue(done.structured_content["reminder"]["isCompleted"])
                gone = await client.call_tool("delete_reminder", {"id": identifier})
                self.check_output(tools, gone, "delete_reminder")
                missing = await client.call_tool("get_reminder", {"id": identifier})
                self.assertTrue(missing.is_error)
        self.run_async(go())
        # Another process sees what the assistant did.
        titles = sorted(r["title"] for r in self.store.call("fetchReminders", {})["reminders"])
        self.assertEqual(titles, ["Call Mum", "Flight"])

    def test_events_need_access_to_events_and_keep_dates_as_said(self):
        self.store.grant("test-assistant")

        async def go():
            async with self.client() as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                refused = await client.call_tool("list_events", {"start": "2027-01-01", "end": "2027-02-01"})
                self.assertTrue(refused.is_error)
                self.assertIn("remindersd permissions set test-assistant fullAccess --entity event", refused.content[0].text)
                self.store.remindersd("permissions", "set", "--any-program", "test-assistant", "fullAccess", "--entity", "event")
                made = await client.call_tool("create_event", {"title": "Dentist", "start": "2027-01-12T09:30", "end": "2027-01-12T10:00",
                                                               "location": "Main Street", "alarms": [{"before": 30}]})
                self.check_output(tools, made, "create_event")
                event = made.structured_content["event"]
                self.assertEqual(event["timeZone"], None, "a wall-clock time stays the person's")
                self.assertEqual(event["startDate"], "2027-01-12T08:30:00.000Z", "09:30 in Berlin")
                holiday = await client.call_tool("create_event", {"title": "Holiday", "start": "2027-01-20", "end": "2027-01-22", "allDay": True})
                self.assertEqual(holiday.structured_content["event"]["isAllDay"], True)
                # Days alone, no allDay and no alarm: an all-day event (it was refused with "an alarm needs a time").
                eve = await client.call_tool("create_event", {"title": "Christmas Eve", "start": "2027-01-24", "end": "2027-01-25"})
                self.assertFalse(eve.is_error, eve.content[0].text)
                self.assertEqual(eve.structured_content["event"]["isAllDay"], True)
                found = await client.call_tool("search_events", {"text": "main street", "start": "2027-01-01", "end": "2027-02-01"})
                self.check_output(tools, found, "search_events")
                self.assertEqual([e["title"] for e in found.structured_content["events"]], ["Dentist"], "by its place, ignoring case")
                self.assertRegex(found.content[0].text, r"Tue 2027-01-12 09:30")
                none = await client.call_tool("search_events", {"text": "dentist holiday", "start": "2027-01-01", "end": "2027-02-01"})
                self.assertEqual(none.structured_content["events"], [], "every word must be found")
                self.assertIn("No events match", none.content[0].text)
                blank = await client.call_tool("search_events", {"text": "  "})
                self.assertTrue(blank.is_error)
                self.assertIn("text", blank.content[0].text)
                timed = await client.call_tool("create_event", {"title": "x", "start": "2027-01-24", "end": "2027-01-24T10:00", "allDay": False})
                self.assertTrue(timed.is_error)
                self.assertIn("start", timed.content[0].text)
                listed = await client.call_tool("list_events", {"start": "2027-01-01", "end": "2027-02-01"})
                self.check_output(tools, listed, "list_events")
                self.assertEqual([e["title"] for e in listed.structured_content["events"]], ["Dentist", "Holiday", "Christmas Eve"])
                # Each date with its weekday and its kind, so the model never works them out.
                self.assertIn("- Wed 2027-01-20 (all day): Holiday", listed.content[0].text, "the person's day")
                self.assertIn("- Tue 2027-01-12 09:30 (floating): Dentist", listed.content[0].text)
                # And today, with its weekday and the person's zone, before the first call.
                from datetime import datetime
                from zoneinfo import ZoneInfo
                today = datetime.now(ZoneInfo("Europe/Berlin")).strftime("%a %Y-%m-%d")
                self.assertIn("Today is %s" % today, client.instructions or "")
                self.assertIn("Europe/Berlin", client.instructions)
        self.run_async(go())

    def test_a_daily_series_by_span_never_the_whole_series_by_default(self):
        self.store.grant("test-assistant")
        self.store.remindersd("permissions", "set", "--any-program", "test-assistant", "fullAccess", "--entity", "event")

        async def go():
            async with self.client() as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}

                async def days():
                    listed = await client.call_tool("list_events", {"start": "2027-02-01", "end": "2027-02-07"})
                    return {e["startDate"][:16]: e["title"] for e in listed.structured_content["events"]}

                made = await client.call_tool("create_event", {"title": "Standup", "start": "2027-02-01T09:00", "end": "2027-02-01T09:15",
                                                               "recurrence": "every day"})
                series = made.structured_content["event"]["eventIdentifier"]
                got = await client.call_tool("get_event", {"id": series, "occurrence": "2027-02-03"})
                self.check_output(tools, got, "get_event")
                self.assertIn("Starts Wed 2027-02-03 09:00 (floating)", got.content[0].text)
                # Without a span a repeating event is refused, naming the argument; nothing changes.
                for tool, extra in (("delete_event", {}), ("update_event", {"title": "x"})):
                    refused = await client.call_tool(tool, {"id": series, **extra})
                    self.assertTrue(refused.is_error, tool)
                    self.assertIn("span", refused.content[0].text)
                self.assertEqual(len(await days()), 6)
                # One occurrence moved, by its day; the rest untouched; the length kept.
                moved = await client.call_tool("update_event", {"id": series, "occurrence": "2027-02-03", "span": "thisEvent",
                                                                "start": "2027-02-03T11:00"})
                self.check_output(tools, moved, "update_event")
                self.assertEqual(moved.structured_content["event"]["endDate"], "2027-02-03T10:15:00.000Z", "11:15 in Berlin")
                now = await days()
                self.assertEqual(now["2027-02-03T10:00"], "Standup")
                self.assertNotIn("2027-02-03T08:00", now)
                self.assertEqual(now["2027-02-04T08:00"], "Standup")
                # Future ones changed from the 5th on.
                future = await client.call_tool("update_event", {"id": series, "occurrence": "2027-02-05T09:00", "span": "futureEvents",
                                                                 "title": "Daily sync"})
                self.assertFalse(future.is_error, future.content[0].text)
                now = await days()
                self.assertEqual([now[d] for d in ("2027-02-04T08:00", "2027-02-05T08:00", "2027-02-06T08:00")],
                                 ["Standup", "Daily sync", "Daily sync"])
                # One occurrence deleted; a day that is not an occurrence is refused naming it.
                gone = await client.call_tool("delete_event", {"id": series, "occurrence": "2027-02-02", "span": "thisEvent"})
                self.assertFalse(gone.is_error, gone.content[0].text)
                now = await days()
                self.assertNotIn("2027-02-02T08:00", now)
                self.assertIn("2027-02-01T08:00", now)
                stray = await client.call_tool("update_event", {"id": series, "occurrence": "2027-01-15", "span": "thisEvent", "title": "x"})
                self.assertTrue(stray.is_error)
                self.assertIn("occurrence", stray.content[0].text)
                # A span on an event that does not repeat is accepted and ignored, as EventKit does.
                lunch = await client.call_tool("create_event", {"title": "Lunch", "start": "2027-02-02T12:00", "end": "2027-02-02T13:00"})
                lunch_id = lunch.structured_content["event"]["eventIdentifier"]
                renamed = await client.call_tool("update_event", {"id": lunch_id, "span": "futureEvents", "title": "Long lunch",
                                                                  "end": "2027-02-02T14:00"})
                self.assertEqual(renamed.structured_content["event"]["endDate"], "2027-02-02T13:00:00.000Z")
                deleted = await client.call_tool("delete_event", {"id": lunch_id, "span": "thisEvent"})
                self.assertFalse(deleted.is_error, deleted.content[0].text)
                self.assertNotIn("Long lunch", (await days()).values())
                missing = await client.call_tool("get_event", {"id": "no-such-event"})
                self.assertTrue(missing.is_error)
                self.assertIn("id", missing.content[0].text)
        self.run_async(go())

    def test_batches_are_all_or_nothing_and_name_the_item(self):
        self.store.grant("test-assistant")

        async def go():
            async with self.client() as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}

                async def titles():
                    found = await client.call_tool("search_reminders", {"status": "all", "limit": 500})
                    return sorted(r["title"] for r in found.structured_content["reminders"])

                made = await client.call_tool("create_reminders", {"reminders": [
                    {"title": "Milk", "tags": ["shop"]}, {"title": "Bread", "due": "tomorrow 9am"}, {"title": "Eggs", "priority": "high"}]})
                self.check_output(tools, made, "create_reminders")
                saved = made.structured_content["reminders"]
                self.assertEqual([r["title"] for r in saved], ["Milk", "Bread", "Eggs"])
                self.assertEqual([a["relativeOffset"] for a in saved[1]["alarms"]], [0], "a due time rings in a batch too")
                ids = [r["calendarItemIdentifier"] for r in saved]
                # One bad item: nothing is made, and the error names it.
                bad = await client.call_tool("create_reminders", {"reminders": [{"title": "Tea"}, {"title": "Cake", "due": "when pigs fly"}]})
                self.assertTrue(bad.is_error)
                self.assertIn("reminders[1].due", bad.content[0].text)
                self.assertEqual(await titles(), ["Bread", "Eggs", "Milk"])
                over = await client.call_tool("create_reminders", {"reminders": [{"title": "x%d" % i} for i in range(101)]})
                self.assertTrue(over.is_error)
                self.assertIn("reminders", over.content[0].text)
                empty = await client.call_tool("delete_reminders", {"ids": []})
                self.assertTrue(empty.is_error)
                self.assertEqual(len(await titles()), 3)
                # A missing reminder among those to complete: none is completed.
                missing = await client.call_tool("complete_reminders", {"ids": ids[:2] + ["no-such-reminder"]})
                self.assertTrue(missing.is_error)
                self.assertIn("ids[2]", missing.content[0].text)
                listed = await client.call_tool("search_reminders", {"status": "completed"})
                self.assertEqual(listed.structured_content["reminders"], [])
                done = await client.call_tool("complete_reminders", {"ids": ids[:2]})
                self.check_output(tools, done, "complete_reminders")
                self.assertEqual([r["isCompleted"] for r in done.structured_content["reminders"]], [True, True])
                gone = await client.call_tool("delete_reminders", {"ids": ids})
                self.check_output(tools, gone, "delete_reminders")
                self.assertEqual(gone.structured_content["deleted"], ids)
                self.assertEqual(await titles(), [])
        self.run_async(go())

    def test_changes_can_be_seen_undone_and_restored(self):
        self.store.grant("test-assistant")

        async def go():
            async with self.client() as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                made = await client.call_tool("create_reminder", {"title": "Water the plants"})
                rid = made.structured_content["reminder"]["calendarItemIdentifier"]
                await client.call_tool("update_reminder", {"id": rid, "title": "Water the ferns"})
                recent = await client.call_tool("recent_changes", {"id": rid})
                self.check_output(tools, recent, "recent_changes")
                changes = recent.structured_content["changes"]
                self.assertEqual([c["action"] for c in changes], ["changed", "created"])
                self.assertEqual(changes[0]["before"]["title"], "Water the plants")
                self.assertRegex(recent.content[0].text, r"#\d+ (Mon|Tue|Wed|Thu|Fri|Sat|Sun) ", "a change's date has its weekday")
                undone = await client.call_tool("undo_change", {"change": changes[0]["changeIdentifier"]})
                self.check_output(tools, undone, "undo_change")
                self.assertEqual(undone.structured_content["changes"][0]["undoes"], changes[0]["changeIdentifier"])
                got = await client.call_tool("get_reminder", {"id": rid})
                self.assertEqual(got.structured_content["reminder"]["title"], "Water the plants")
                # Undoing it again is refused: the item is no longer what that change left.
                again = await client.call_tool("undo_change", {"change": changes[0]["changeIdentifier"]})
                self.assertTrue(again.is_error)
                self.assertIn("title", again.content[0].text)
                bogus = await client.call_tool("undo_change", {"change": "soon"})
                self.assertTrue(bogus.is_error)
                self.assertIn("change", bogus.content[0].text)
                await client.call_tool("delete_reminder", {"id": rid})
                trash = await client.call_tool("restore_deleted", {})
                self.assertIn(rid, trash.content[0].text)
                self.assertIn(rid, [c["itemIdentifier"] for c in trash.structured_content["changes"]])
                back = await client.call_tool("restore_deleted", {"id": rid})
                self.check_output(tools, back, "restore_deleted")
                self.assertEqual(back.structured_content["changes"][0]["action"], "restored")
                got = await client.call_tool("get_reminder", {"id": rid})
                self.assertFalse(got.is_error)
        self.run_async(go())

    def test_sync_now_says_how_to_add_an_account_then_syncs_with_a_real_server(self):
        self.store.grant("test-assistant")
        radicale = Radicale().start()
        self.addCleanup(radicale.stop)

        async def go(expect_account):
            async with self.client() as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                if not expect_account:
                    none = await client.call_tool("sync_now", {})
                    self.assertTrue(none.is_error)
                    self.assertIn("remindersd accounts add", none.content[0].text)
                    return
                first = await client.call_tool("sync_now", {})
                self.check_output(tools, first, "sync_now")
                self.assertEqual([entry["title"] for entry in first.structured_content["accounts"][0]["lists"]], ["Errands"])
                made = await client.call_tool("create_reminder", {"title": "Call the plumber", "list": "Errands"})
                self.assertFalse(made.is_error, made.content)
                synced = await client.call_tool("sync_now", {})
                self.check_output(tools, synced, "sync_now")
                account = synced.structured_content["accounts"][0]
                self.assertEqual((account["name"], account["error"]), ("home", None))
                self.assertEqual(sum(entry["uploaded"] for entry in account["lists"]), 1, account)
                self.assertRegex(synced.content[0].text, r"home: 1 list synced; ↓ 0 downloaded, ↑ 1 uploaded")
                unknown = await client.call_tool("sync_now", {"account": "work"})
                self.assertTrue(unknown.is_error)
                self.assertIn("work", unknown.content[0].text)
        self.run_async(go(False))
        secret = os.path.join(self.store.home, "home.password")
        with open(secret, "w") as f:
            f.write("secret\n")
        os.chmod(secret, 0o600)
        self.store.remindersd("accounts", "add", "home", "--url", radicale.url, "--username", "alice", "--password-file", secret)
        caldav.DAVClient(url=radicale.url, username="alice", password="secret").principal().make_calendar(
            name="Errands", cal_id="errands", supported_calendar_component_set=["VTODO"])
        self.run_async(go(True))
        errands = caldav.DAVClient(url=radicale.url, username="alice", password="secret").principal().calendar(name="Errands")
        self.assertEqual([str(todo.icalendar_component["SUMMARY"]) for todo in errands.todos()], ["Call the plumber"], "the server has it")

    def test_an_assistant_subscribes_to_a_feed_whose_calendar_it_may_not_write(self):
        self.store.grant("test-assistant")
        self.store.remindersd("permissions", "set", "--any-program", "test-assistant", "fullAccess", "--entity", "event")
        feeds = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Feeds")
        publisher = subprocess.Popen([sys.executable, os.path.join(feeds, "feeds.py"), feeds], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        self.addCleanup(publisher.wait)
        self.addCleanup(publisher.kill)
        port = publisher.stdout.readline().split()[1]

        async def go():
            async with self.client() as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                self.assertTrue(tools["list_subscriptions"].annotations.read_only_hint)
                self.assertFalse(tools["subscribe_calendar"].annotations.read_only_hint)
                made = await client.call_tool("subscribe_calendar", {"url": f"webcal://127.0.0.1:{port}/holidays.ics"})
                self.check_output(tools, made, "subscribe_calendar")
                self.assertEqual(made.structured_content["refresh"]["added"], 4)
                self.assertRegex(made.content[0].text, r'Subscribed to "Holidays in United Kingdom" .*read-only.* 4 events added')
                listed = await client.call_tool("list_subscriptions", {})
                self.check_output(tools, listed, "list_subscriptions")
                self.assertEqual([entry["title"] for entry in listed.structured_content["subscriptions"]], ["Holidays in United Kingdom"])
                written = await client.call_tool("create_event", {"title": "Carols", "start": "2026-12-25T17:00", "end": "2026-12-25T18:00",
                                                                  "calendar": "Holidays in United Kingdom"})
                self.assertTrue(written.is_error)
                self.assertIn("read-only", written.content[0].text)
                refused = await client.call_tool("subscribe_calendar", {"url": "file:///etc/passwd"})
                self.assertTrue(refused.is_error)
                self.assertIn("url", refused.content[0].text)
                events = await client.call_tool("list_events", {"start": "2026-12-24", "end": "2026-12-27"})
                self.assertEqual(sorted(event["title"] for event in events.structured_content["events"]), ["Boxing Day", "Christmas Day"])
        self.run_async(go())

    def test_a_client_granted_one_list_sees_and_changes_nothing_else(self):
        call = self.store.call
        work = call("saveCalendar", {"calendar": {"title": "Work"}})["calendar"]["calendarIdentifier"]
        health = call("saveCalendar", {"calendar": {"title": "Health"}})["calendar"]["calendarIdentifier"]
        due = {"year": 2031, "month": 1, "day": 2, "hour": 9, "minute": 0}
        pills = call("saveReminder", {"reminder": {"title": "Pills", "calendarIdentifier": health, "tags": ["meds"],
                                                   "dueDateComponents": due, "alarms": [{"relativeOffset": 0}]}})["reminder"]
        call("saveReminder", {"reminder": {"title": "Report", "calendarIdentifier": work, "tags": ["office"]}})
        gone = call("saveReminder", {"reminder": {"title": "Old prescription", "calendarIdentifier": health}})["reminder"]
        call("removeReminder", {"identifier": gone["calendarItemIdentifier"]})
        self.store.remindersd("permissions", "set", "--any-program", "test-assistant", "fullAccess", "--lists", "Work")
        secrets = ("Pills", "Health", "meds", "Old prescription", pills["calendarItemIdentifier"], health)

        async def go():
            async with self.client() as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                seen = []
                for name, arguments in [("list_reminder_lists", {}), ("search_reminders", {"status": "all"}),
                                        ("search_reminders", {"query": "Pills"}), ("list_tags", {}), ("recent_changes", {}),
                                        ("restore_deleted", {}), ("upcoming_alarms", {"until": "2031-12-31"}),
                                        ("search_reminders", {"tags": ["meds"]})]:
                    result = await client.call_tool(name, arguments)
                    seen.append((name, result))
                    if not result.is_error:
                        self.check_output(tools, result, name)
                for name, arguments in [("get_reminder", {"id": pills["calendarItemIdentifier"]}),
                                        ("update_reminder", {"id": pills["calendarItemIdentifier"], "title": "x"}),
                                        ("complete_reminder", {"id": pills["calendarItemIdentifier"]}),
                                        ("delete_reminder", {"id": pills["calendarItemIdentifier"]}),
                                        ("complete_reminders", {"ids": [pills["calendarItemIdentifier"]]}),
                                        ("create_reminder", {"title": "x", "list": "Health"}),
                                        ("update_list", {"list": "Health", "title": "Mine"}), ("delete_list", {"list": "Health"}),
                                        ("create_list", {"title": "Mine"}),
                                        ("restore_deleted", {"id": gone["calendarItemIdentifier"]})]:
                    result = await client.call_tool(name, arguments)
                    self.assertTrue(result.is_error, f"{name} {result.content}")
                    seen.append((name, result, arguments))
                for name, result, *given in seen:
                    text = json.dumps(result.structured_content) + result.content[0].text
                    for secret in secrets:
                        if given and secret in json.dumps(given[0]):
                            continue  # what it was given, said back
                        self.assertNotIn(secret, text, f"{name} shows {secret}")
                lists = await client.call_tool("list_reminder_lists", {})
                self.assertEqual([c["title"] for c in lists.structured_content["calendars"]], ["Work"])
                made = await client.call_tool("create_reminder", {"title": "Slides"})
                self.assertEqual(made.structured_content["reminder"]["calendarIdentifier"], work, "into the list it was given")
                resources = [str(r.uri) for r in (await client.list_resources()).resources]
                self.assertNotIn(f"reminders://list/{health}", resources)
                self.assertIn(f"reminders://list/{work}", resources)
                with self.assertRaises(Exception):
                    await client.read_resource(f"reminders://list/{health}")
                listed = await client.read_resource("reminders://lists")
                self.assertNotIn("Health", listed.contents[0].text)
        self.run_async(go())
        self.assertEqual(call("calendarItem", {"identifier": pills["calendarItemIdentifier"]})["reminder"]["title"], "Pills", "untouched")

    def test_tags_alarms_and_lists(self):
        self.store.grant("test-assistant")

        async def go():
            async with self.client() as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                tea = await client.call_tool("create_reminder", {"title": "Tea", "due": "in 2 hours", "tags": ["home"]})
                tea_id = tea.structured_content["reminder"]["calendarItemIdentifier"]
                alarm_id = tea.structured_content["reminder"]["alarms"][0]["alarmIdentifier"]
                tags = await client.call_tool("list_tags", {})
                self.check_output(tools, tags, "list_tags")
                self.assertEqual(tags.structured_content["tags"], [{"name": "home", "count": 1}])
                self.assertIn("#home (1)", tags.content[0].text)
                upcoming = await client.call_tool("upcoming_alarms", {})
                self.check_output(tools, upcoming, "upcoming_alarms")
                self.assertEqual([a["alarmIdentifier"] for a in upcoming.structured_content["alarms"]], [alarm_id])
                self.assertRegex(upcoming.content[0].text, r"^- [A-Z][a-z]{2} \d{4}-\d{2}-\d{2} \d{2}:\d{2} Europe/Berlin: Tea")
                snoozed = await client.call_tool("snooze_alarm", {"id": tea_id, "alarm": alarm_id, "minutes": 30})
                self.check_output(tools, snoozed, "snooze_alarm")
                again = await client.call_tool("upcoming_alarms", {"until": "in 3 days"})
                self.assertEqual([a["snoozed"] for a in again.structured_content["alarms"]], [True])
                dismissed = await client.call_tool("dismiss_alarm", {"id": tea_id, "alarm": alarm_id})
                self.check_output(tools, dismissed, "dismiss_alarm")
                self.assertEqual((await client.call_tool("upcoming_alarms", {})).structured_content["alarms"], [])
                both = await client.call_tool("snooze_alarm", {"id": tea_id, "alarm": alarm_id, "minutes": 5, "until": "tomorrow 9am"})
                self.assertTrue(both.is_error)
                await client.call_tool("create_list", {"title": "Errands"})
                renamed = await client.call_tool("update_list", {"list": "errands", "title": "Chores", "color": "#FF9500"})
                self.check_output(tools, renamed, "update_list")
                self.assertEqual((renamed.structured_content["calendar"]["title"], renamed.structured_content["calendar"]["color"]),
                                 ("Chores", "#FF9500"))
                nothing = await client.call_tool("update_list", {"list": "Chores"})
                self.assertTrue(nothing.is_error)
                deleted = await client.call_tool("delete_list", {"list": "Chores"})
                self.check_output(tools, deleted, "delete_list")
                lists = await client.call_tool("list_reminder_lists", {})
                self.assertNotIn("Chores", [c["title"] for c in lists.structured_content["calendars"]])
                unknown = await client.call_tool("delete_list", {"list": "Nowhere"})
                self.assertTrue(unknown.is_error)
                self.assertIn("list", unknown.content[0].text)
        self.run_async(go())

    def test_bad_arguments_come_back_as_errors_naming_the_field(self):
        self.store.grant("test-assistant")

        async def go():
            async with self.client() as client:
                for arguments, field in (({"title": "x", "priority": "urgent"}, "priority"), ({}, "title"),
                                         ({"title": "x", "due": "when pigs fly"}, "due"), ({"title": "x", "colour": "red"}, "colour"),
                                         ({"title": "x", "list": "Nowhere"}, "list"), ({"title": "", "due": "2026-12-24"}, "title"),
                                         ({"title": "x", "alarms": [{"before": 5, "at": "2026-12-24T09:00"}]}, "alarms[0]")):
                    result = await client.call_tool("create_reminder", arguments)
                    self.assertTrue(result.is_error, arguments)
                    self.assertIn(field, result.content[0].text, arguments)
                # As the person said it: the people's grammar (interpretDate), in the person's zone.
                spoken = await client.call_tool("create_reminder", {"title": "Spoken", "due": "in 3 days"})
                self.assertFalse(spoken.is_error, spoken.content[0].text)
                self.assertNotIn("hour", spoken.structured_content["reminder"]["dueDateComponents"], "a day alone")
                await client.call_tool("delete_reminder", {"id": spoken.structured_content["reminder"]["calendarItemIdentifier"]})
                relative = await client.call_tool("create_reminder", {"title": "x", "alarms": [{"before": 15}]})
                self.assertTrue(relative.is_error)
                self.assertIn("due date", relative.content[0].text)
        self.run_async(go())
        self.assertEqual(self.store.call("fetchReminders", {})["reminders"], [], "nothing was written")

    def test_clients_without_access_are_told_the_command_that_grants_it(self):
        self.store.grant("denied-assistant", "denied")

        async def go():
            async with self.client("new-assistant") as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                result = await client.call_tool("search_reminders", {})
                self.assertTrue(result.is_error)
                self.assertIn("status notDetermined", result.content[0].text)
                self.assertIn("remindersd permissions set new-assistant fullAccess", result.content[0].text)
                asked = await client.call_tool("request_access", {})
                self.check_output(tools, asked, "request_access")
                self.assertEqual(asked.structured_content["status"], "notDetermined", "no consent agent: nobody said yes")
                self.assertIn("remindersd permissions set new-assistant fullAccess", asked.content[0].text)
            async with self.client("denied-assistant") as client:
                result = await client.call_tool("create_reminder", {"title": "sneaky"})
                self.assertTrue(result.is_error)
                self.assertIn("status denied", result.content[0].text)
                asked = await client.call_tool("request_access", {})
                self.assertEqual(asked.structured_content["status"], "denied", "an assistant cannot lift a denial")
        self.run_async(go())
        self.assertEqual(self.store.call("fetchReminders", {})["reminders"], [])

    def test_a_consent_agent_lets_the_owner_say_yes(self):
        agent = os.path.join(self.store.home, "yes.sh")
        with open(agent, "w") as f:
            f.write("#!/bin/sh\nexit 0\n")
        os.chmod(agent, 0o755)

        # The owner records the agent for the store; a client naming one of its own is not heeded.
        self.store.remindersd("permissions", "consent-agent", agent)

        async def go():
            params = self.store.server("--consent-agent", agent)
            async with Client(params, mode=self.MODE, client_info=Implementation(name="asking-assistant", version="1")) as client:
                asked = await client.call_tool("request_access", {})
                self.assertEqual(asked.structured_content, {"granted": True, "status": "fullAccess"})
                made = await client.call_tool("create_reminder", {"title": "Allowed"})
                self.assertFalse(made.is_error, made.content)
        self.run_async(go())

    def test_request_access_for_chosen_lists_grants_those_only(self):
        agent = os.path.join(self.store.home, "yes.sh")
        told = os.path.join(self.store.home, "told")
        with open(agent, "w") as f:
            f.write(f"#!/bin/sh\nprintf '%s' \"$REMINDERSD_REQUESTED_LISTS\" > '{told}'\nexit 0\n")
        os.chmod(agent, 0o755)
        self.store.remindersd("permissions", "consent-agent", agent)
        self.store.call("saveCalendar", {"calendar": {"title": "Work"}})
        self.store.call("saveCalendar", {"calendar": {"title": "Health"}})

        async def go():
            params = self.store.server("--consent-agent", agent)
            async with Client(params, mode=self.MODE, client_info=Implementation(name="scoped-assistant", version="1")) as client:
                unknown = await client.call_tool("request_access", {"lists": ["Nope"]})
                self.assertTrue(unknown.is_error)
                self.assertIn("Nope", unknown.content[0].text)
                asked = await client.call_tool("request_access", {"lists": ["Work"]})
                self.assertEqual(asked.structured_content, {"granted": True, "status": "fullAccess"})
                lists = await client.call_tool("list_reminder_lists", {})
                self.assertEqual([c["title"] for c in lists.structured_content["calendars"]], ["Work"])
        self.run_async(go())
        with open(told) as f:
            self.assertEqual(f.read(), "Work", "the owner's agent was told which list")

    def test_resources_and_an_update_after_another_process_commits(self):
        self.store.grant("test-assistant")
        default = self.store.call("calendars", {})["calendars"][0]["calendarIdentifier"]

        async def go():
            updates = asyncio.Queue()
            async with self.client(message_handler=self.recorder(updates)) as client:
                resources = (await client.list_resources()).resources
                self.assertEqual(str(resources[0].uri), "reminders://lists")
                self.assertIn(f"reminders://list/{default}", [str(r.uri) for r in resources])
                read = await client.read_resource("reminders://lists")
                self.assertEqual(json.loads(read.contents[0].text)["calendars"][0]["calendarIdentifier"], default)
                async with self.watching(client, f"reminders://list/{default}") as watching:
                    self.store.call("saveReminder", {"reminder": {"title": "Added elsewhere"}})
                    uri = await asyncio.wait_for(watching(updates), 10)
                    self.assertEqual(uri, f"reminders://list/{default}")
                read = await client.read_resource(f"reminders://list/{default}")
                self.assertEqual([r["title"] for r in json.loads(read.contents[0].text)["reminders"]], ["Added elsewhere"])
        self.run_async(go())

    @staticmethod
    def recorder(queue):
        async def handler(message):
            root = getattr(message, "root", message)
            if getattr(root, "method", None) == "notifications/resources/updated":
                await queue.put(str(root.params.uri))
        return handler


class LegacyMode(SDKSessions, unittest.TestCase):
    """The initialize handshake (the SDK offers 2025-11-25)."""
    MODE = "legacy"

    def watching(self, client, uri):
        test = self

        class Subscribed:
            async def __aenter__(self):
                import warnings
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    await client.subscribe_resource(uri)
                return lambda queue: queue.get()

            async def __aexit__(self, *exc):
                return False
        return Subscribed()

    def test_a_subscription_is_told_of_its_own_list_only(self):
        call = self.store.call
        work = call("saveCalendar", {"calendar": {"title": "Work"}})["calendar"]["calendarIdentifier"]
        health = call("saveCalendar", {"calendar": {"title": "Health"}})["calendar"]["calendarIdentifier"]
        self.store.remindersd("permissions", "set", "--any-program", "test-assistant", "fullAccess", "--lists", "Work")

        async def go():
            updates = asyncio.Queue()
            async with self.client(message_handler=self.recorder(updates)) as client:
                async with self.watching(client, f"reminders://list/{work}") as watching:
                    call("saveReminder", {"reminder": {"title": "Pills", "calendarIdentifier": health}})
                    with self.assertRaises(asyncio.TimeoutError):
                        await asyncio.wait_for(watching(updates), 1.5)  # a change in Health is not told
                    call("saveReminder", {"reminder": {"title": "Report", "calendarIdentifier": work}})
                    self.assertEqual(await asyncio.wait_for(watching(updates), 10), f"reminders://list/{work}")
                async with self.watching(client, "reminders://lists") as watching:
                    call("saveCalendar", {"calendar": {"calendarIdentifier": health, "title": "Health (private)"}})
                    with self.assertRaises(asyncio.TimeoutError):
                        await asyncio.wait_for(watching(updates), 1.5)  # a list it does not see was renamed
                    call("saveCalendar", {"calendar": {"calendarIdentifier": work, "title": "Work (Q4)"}})
                    told = {await asyncio.wait_for(watching(updates), 10)}
                    if "reminders://lists" not in told:  # Work's own resource, still subscribed, may come first
                        told.add(await asyncio.wait_for(watching(updates), 10))
                    self.assertIn("reminders://lists", told)
                with self.assertRaises(Exception):
                    await client.subscribe_resource(f"reminders://list/{health}")
        self.run_async(go())

    def test_the_handshake_answers_with_the_clients_revision(self):
        async def go():
            async with self.client() as client:
                self.assertEqual(client.protocol_version, "2025-11-25")
                self.assertEqual(client.server_info.name, "remindersd")
        self.run_async(go())


class StatelessMode(SDKSessions, unittest.TestCase):
    """2026-07-28: the SDK probes server/discover, then sends _meta with every request."""
    MODE = "auto"

    def watching(self, client, uri):
        class Listening:
            async def __aenter__(self):
                self.context = client.listen(resource_subscriptions=[uri])
                self.subscription = await self.context.__aenter__()

                async def next_update(_queue):
                    async for event in self.subscription:
                        return str(getattr(event, "uri", uri))
                return next_update

            async def __aexit__(self, *exc):
                return await self.context.__aexit__(*exc)
        return Listening()

    def test_discovery_settles_on_the_stateless_revision(self):
        async def go():
            async with self.client() as client:
                self.assertEqual(client.protocol_version, "2026-07-28")
        self.run_async(go())


class OnlyHome(unittest.TestCase):
    """What a host may pass: HOME and nothing else — no PATH, no TZ, no store named."""

    def test_the_defaults_work_with_home_alone(self):
        store = Store()
        self.addCleanup(store.cleanup)
        store.grant("homebody")
        store.grant("mcp-test-checker")
        answer = subprocess.run([BIN, "mcp"], env={"HOME": store.home}, capture_output=True, text=True, timeout=30, input="\n".join([
            json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "homebody", "version": "1"}}}),
            json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "create_reminder", "arguments": {"title": "From HOME"}}}),
        ]) + "\n")
        self.assertEqual(answer.returncode, 0, answer.stderr)
        replies = [json.loads(line) for line in answer.stdout.splitlines()]
        self.assertEqual([reply["id"] for reply in replies], [1, 2])
        self.assertFalse(replies[1]["result"]["isError"], replies[1])
        self.assertEqual([r["title"] for r in store.call("fetchReminders", {})["reminders"]], ["From HOME"], "the XDG store under HOME")


class RawNDJSON(unittest.TestCase):
    """What the SDK never sends: one process, lines written and read by hand."""

    def setUp(self):
        self.store = Store()
        self.store.grant("raw")
        env = {"HOME": self.store.home, "PATH": os.environ["PATH"], "TZ": "Europe/Berlin"}
        self.agent = os.path.join(self.store.home, "slow.sh")
        with open(self.agent, "w") as f:
            f.write("#!/bin/sh\nsleep 3\nexit 0\n")
        os.chmod(self.agent, 0o755)
        self.store.remindersd("permissions", "consent-agent", self.agent)
        self.process = subprocess.Popen([BIN, "mcp", "--consent-agent", self.agent], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=env, text=True, bufsize=1)

    def tearDown(self):
        self.process.stdin.close()
        self.assertEqual(self.process.wait(10), 0, "exits 0 when its input ends")
        self.process.stdout.close()
        self.process.stderr.close()
        self.store.cleanup()

    def send(self, message):
        self.process.stdin.write((message if isinstance(message, str) else json.dumps(message)) + "\n")
        self.process.stdin.flush()

    def receive(self):
        line = self.process.stdout.readline()
        self.assertTrue(line.endswith("\n"), "one message per line")
        return json.loads(line)

    def initialize(self, version="2025-11-25", name="raw"):
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                   "params": {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": name, "version": "1"}}})
        answer = self.receive()
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return answer

    def test_pipelined_writes_share_a_commit_and_a_bad_one_fails_alone(self):
        self.initialize()
        calls = []
        for i in range(60):
            arguments = {"title": f"Pipelined {i}"} if i != 30 else {"title": "Bad", "due": "when pigs fly"}
            calls.append(json.dumps({"jsonrpc": "2.0", "id": 100 + i, "method": "tools/call",
                                     "params": {"name": "create_reminder", "arguments": arguments}}))
        calls.append(json.dumps({"jsonrpc": "2.0", "id": 200, "method": "tools/call", "params": {"name": "search_reminders",
                                                                                               "arguments": {"limit": 500}}}))
        self.process.stdin.write("\n".join(calls) + "\n")  # all at once: the worker takes them together
        self.process.stdin.flush()
        answers = [self.receive() for _ in calls]
        self.assertEqual([a["id"] for a in answers], [100 + i for i in range(60)] + [200], "answered in order")
        failed = [a["id"] for a in answers[:60] if a["result"].get("isError")]
        self.assertEqual(failed, [130], "only the bad call fails")
        self.assertIn("pigs", answers[30]["result"]["content"][0]["text"])
        self.assertEqual(len(answers[60]["result"]["structuredContent"]["reminders"]), 59, "the read after them sees them all")
        self.store.grant("mcp-test-checker")
        stored = self.store.call("fetchReminders", {"predicate": {"kind": "all"}})["reminders"]
        self.assertEqual(sorted(r["title"] for r in stored), sorted(f"Pipelined {i}" for i in range(60) if i != 30), "and they are durable")

    def test_newlines_inside_strings_stay_inside_one_line(self):
        self.initialize()
        self.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                   "params": {"name": "create_reminder", "arguments": {"title": "Line one\nline two", "notes": "a\r\nb\u2028c"}}})
        answer = self.receive()
        self.assertEqual(answer["result"]["structuredContent"]["reminder"]["title"], "Line one\nline two")
        self.assertEqual(answer["result"]["structuredContent"]["reminder"]["notes"], "a\r\nb\u2028c")

    def test_batches_follow_the_negotiated_revision(self):
        self.assertEqual(self.initialize("2025-03-26")["result"]["protocolVersion"], "2025-03-26")
        self.send([{"jsonrpc": "2.0", "id": 1, "method": "ping"},
                   {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "list_reminder_lists", "arguments": {}}}])
        answers = self.receive()
        self.assertEqual([a["id"] for a in answers], [1, 2])
        self.assertFalse(answers[1]["result"]["isError"])

    def test_a_batch_is_refused_where_the_revision_has_none(self):
        self.assertEqual(self.initialize("2025-06-18")["result"]["protocolVersion"], "2025-06-18")
        self.send([{"jsonrpc": "2.0", "id": 1, "method": "ping"}])
        answer = self.receive()
        self.assertEqual(answer["error"]["code"], -32600)
        self.send({"jsonrpc": "2.0", "id": 2, "method": "ping"})
        self.assertEqual(self.receive()["id"], 2, "the session goes on")

    def test_unknown_revisions_tools_and_methods(self):
        self.assertEqual(self.initialize("1999-01-01")["result"]["protocolVersion"], "2025-11-25", "the newest it has")
        self.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "launch_rockets", "arguments": {}}})
        self.assertEqual(self.receive()["error"]["code"], -32602)
        self.send({"jsonrpc": "2.0", "id": 2, "method": "prompts/list"})
        self.assertEqual(self.receive()["error"]["code"], -32601)
        self.send({"jsonrpc": "2.0", "id": 3, "method": "server/discover",
                   "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2099-01-01", "io.modelcontextprotocol/clientCapabilities": {}}}})
        refused = self.receive()
        self.assertEqual(refused["error"]["code"], -32022)
        self.assertIn("2026-07-28", refused["error"]["data"]["supported"])
        self.send("{not json")
        self.assertEqual(self.receive()["error"]["code"], -32700)
        self.send({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "create_reminder", "arguments": {"title": 7}}})
        bad = self.receive()["result"]
        self.assertTrue(bad["isError"])
        self.assertIn("title", bad["content"][0]["text"])

    def test_a_cancelled_request_is_never_answered_and_others_go_on(self):
        stateless = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {},
                     "io.modelcontextprotocol/clientInfo": {"name": "cancelling", "version": "1"}}
        # request_access waits for the (slow) consent agent; a ping meanwhile is answered at once.
        self.send({"jsonrpc": "2.0", "id": "slow", "method": "tools/call",
                   "params": {"name": "request_access", "arguments": {}, "_meta": stateless}})
        self.send({"jsonrpc": "2.0", "id": "later", "method": "tools/call",
                   "params": {"name": "search_reminders", "arguments": {}, "_meta": stateless}})
        self.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "later", "reason": "changed my mind"}})
        started = time.monotonic()
        self.send({"jsonrpc": "2.0", "id": "ping", "method": "ping", "params": {"_meta": stateless}})
        self.assertEqual(self.receive()["id"], "ping")
        self.assertLess(time.monotonic() - started, 2, "not held up by the consent agent")
        self.assertEqual(self.receive()["id"], "slow", "the cancelled one sends nothing")
        self.send({"jsonrpc": "2.0", "id": "after", "method": "ping", "params": {"_meta": stateless}})
        self.assertEqual(self.receive()["id"], "after")

    def test_progress_is_reported_for_a_progress_token(self):
        self.initialize()
        self.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                   "params": {"name": "list_reminder_lists", "arguments": {}, "_meta": {"progressToken": "p1"}}})
        first, second, answer = self.receive(), self.receive(), self.receive()
        self.assertEqual((first["method"], first["params"]["progressToken"], first["params"]["progress"]), ("notifications/progress", "p1", 0))
        self.assertEqual(second["params"]["progress"], 1)
        self.assertEqual(answer["id"], 1)

    def test_requests_before_initialize_and_without_an_identity(self):
        self.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        self.assertEqual(self.receive()["error"]["code"], -32600)
        self.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "search_reminders", "arguments": {},
                   "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}}})
        nameless = self.receive()["result"]
        self.assertTrue(nameless["isError"])
        self.assertIn("clientInfo", nameless["content"][0]["text"])
        self.send({"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}})
        self.assertEqual(self.receive()["error"]["code"], -32602, "clientCapabilities is required")


if __name__ == "__main__":
    runner = unittest.TextTestRunner(verbosity=2, stream=sys.stdout)
    result = runner.run(unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__]))
    failed = len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    print(f"mcp: {result.testsRun - failed - skipped} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed else 0)
