"""A client granted Work only, against every method the server declares and every tool the MCP
server lists (issue 49): each is called with params aimed at the hidden Health list — its items,
its alarms, its changes, its title — while the owner changes Health between the calls. It fails
when an answer, an error or a notification carries something of Health's that the client did not
send, when an answer about Health differs from the same answer about nothing (a client must not
tell a hidden list from none), or when Health changed under the call. The methods and tools come
from `rpc.discover` and `tools/list`: one declared later is in this test without a line for it.

Then the paths no single call shows: changes staged while the client saw Health and committed after
the owner narrowed the grant or moved the item away; `storeChanged` to a client without access to
events, and for an item moved out of its list; MCP subscriptions made before a grant narrowed."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from aim import Aimer, Target, targets, twin  # noqa: E402
from peers import Assistant, Peer, Served  # noqa: E402
from world import World  # noqa: E402

# What ends or starts a session: called by the harness itself, not aimed at anything.
LIFECYCLE = {"initialize", "initialized", "shutdown", "exit", "$/cancelRequest"}


def normalized(text: str, swapped: dict[str, str]) -> str:
    text = text.lower()
    for real, fake in swapped.items():
        text = text.replace(real.lower(), "X").replace(fake.lower(), "X")
    return text


def shape(answer: dict, swapped: dict[str, str]) -> tuple:
    """What an answer says, with the named things taken out: ok, or the error's code, message and data."""
    if "error" not in answer:
        result = answer.get("result") or {}
        if isinstance(result, dict) and "isError" in result:  # an MCP tool's result
            return ("tool", result["isError"], normalized(json.dumps(result.get("content")), swapped) if result["isError"] else "")
        return ("ok",)
    error = answer["error"]
    return ("error", error.get("code"), normalized(error.get("message", "") + json.dumps(error.get("data"), sort_keys=True), swapped))


class WorldCase(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        os.chmod(self.folder.name, 0o700)
        self.world = World(os.path.join(self.folder.name, "store.sqlite"))

    def tearDown(self):
        self.world.owner.close()
        self.folder.cleanup()


class Sweep:
    """One client calling everything declared, aimed at Health, checked after each call."""

    def __init__(self, case: unittest.TestCase, world: World, client):
        self.case, self.world, self.client = case, world, client
        self.calls = 0
        self.problems: list[str] = []

    def items(self) -> list:
        w = self.world
        return [
            {"id": w.h_reminder["calendarItemIdentifier"], "kind": "reminder", "alarm": "hs-alarm-place",
             "external": w.h_reminder.get("calendarItemExternalIdentifier") or w.h_reminder.get("externalIdentifier")},
            {"id": w.h_event["eventIdentifier"], "kind": "event", "alarm": f"alarm-{w.h_event['title']}"},
            {"id": w.h_removed, "kind": "reminder"},
            {"id": w.w_reminder["calendarItemIdentifier"], "kind": "reminder", "alarm": "work-alarm"},
            {"id": w.w_event["eventIdentifier"], "kind": "event", "alarm": "work-event-alarm"},
            None,
        ]

    def calendars(self) -> list:
        w = self.world
        return [
            {"id": w.health, "title": "Health-s3cr3t", "kind": "reminder"},
            {"id": w.healthcal, "title": "HealthCal-s3cr3t", "kind": "event"},
            {"id": w.work, "title": "Work", "kind": "reminder"},
            {"id": w.workcal, "title": "WorkCal", "kind": "event"},
            None,
        ]

    def aimed(self, aimer: Aimer, declared, commit: bool = True) -> list[dict]:
        seen, made = set(), []
        for target in targets(self.world, self.items(), self.calendars(), commit):
            params = aimer.params(declared, target)
            key = json.dumps(params, sort_keys=True, default=str)
            if key not in seen:
                seen.add(key)
                made.append(params)
        return made

    def check(self, what: str, send, params: dict) -> dict:
        """`send(params)` with Health as the owner left it just before; then the checks."""
        self.world.churn(self.calls)
        self.calls += 1
        before = self.world.health_now()
        answer = send(params)
        for leak in self.world.leaks(answer, params):
            self.problems.append(f"{what} {json.dumps(params)[:240]} answered {leak!r}: {json.dumps(answer)[:400]}")
        fake, swapped = twin(params, self.world.secrets)
        if swapped:
            other = send(fake)
            if shape(answer, swapped) != shape(other, swapped):
                self.problems.append(
                    f"{what}: Health's told apart from nothing: {json.dumps(params)[:200]} → {shape(answer, swapped)} "
                    f"but about nothing → {shape(other, swapped)}")
        after = self.world.health_now()
        if after != before:
            self.problems.append(f"{what} {json.dumps(params)[:240]} changed Health: {json.dumps(before)[:300]} → {json.dumps(after)[:300]}")
        for told in self.client.collect(0):
            for leak in self.world.leaks(told):
                self.problems.append(f"after {what}: a notification carried {leak!r}: {json.dumps(told)[:300]}")
        self.world.ensure_work()
        return answer

    def report(self, case: unittest.TestCase) -> None:
        case.assertGreater(self.calls, 0)
        case.assertEqual(self.problems, [], f"{len(self.problems)} of {self.calls} calls:\n" + "\n".join(self.problems[:40]))


class EveryMethodAndToolTests(WorldCase):
    def test_every_declared_method_aimed_at_a_hidden_list(self):
        client = Served(self.world.store, "work")
        try:
            document = client.call("rpc.discover")
            aimer = Aimer(document.get("components", {}).get("schemas", {}))
            sweep = Sweep(self, self.world, client)
            methods = [m for m in document["methods"] if m["name"] not in LIFECYCLE and "x-direction" not in m]
            self.assertGreater(len(methods), 30, [m["name"] for m in methods])
            for method in methods:
                for params in self.aimed_params(sweep, aimer, method):
                    sweep.check(method["name"], lambda p, name=method["name"]: client.request(name, p), params)
                client.request("reset")
            print(f"  {len(methods)} methods, {sweep.calls} calls", file=sys.stderr)
            sweep.report(self)
        finally:
            client.close()

    @staticmethod
    def aimed_params(sweep: Sweep, aimer: Aimer, method: dict) -> list[dict]:
        return sweep.aimed(aimer, method["params"])

    def test_every_listed_tool_aimed_at_a_hidden_list(self):
        assistant = Assistant(self.world.store, "work")
        try:
            tools = assistant.request("tools/list")["result"]["tools"]
            self.assertGreater(len(tools), 20)
            aimer = Aimer({})
            sweep = Sweep(self, self.world, assistant)
            for tool in tools:
                for arguments in sweep.aimed(aimer, tool["inputSchema"]):
                    sweep.check(tool["name"], lambda a, name=tool["name"]: assistant.tool(name, a), arguments)
            print(f"  {len(tools)} tools, {sweep.calls} calls", file=sys.stderr)
            sweep.report(self)
            self.assertIn("Work", [c["title"] for c in self.world.owner.call("calendars")["calendars"]], "Work was not removed")
        finally:
            assistant.close()

    def test_changes_staged_while_health_was_seen_never_commit_once_it_is_not(self):
        """Every method that stages (a commit param), aimed at Health and at Work's items while the
        client saw both; then the owner narrows the grant to Work and moves Work's items into
        Health; the commit changes nothing in Health, and says nothing of what Health holds now."""
        client = Served(self.world.store, "work")
        try:
            document = client.call("rpc.discover")
            aimer = Aimer(document.get("components", {}).get("schemas", {}))
            staging = [m for m in document["methods"] if any(p["name"] == "commit" for p in m["params"])]
            self.assertGreater(len(staging), 5, [m["name"] for m in staging])
            sweep = Sweep(self, self.world, client)
            committed = 0
            for method in staging:
                self.world.grant_both()
                self.world.ensure_work()
                staged = 0
                known = []  # what the client said and was told while it saw Health: not news to it later
                for params in sweep.aimed(aimer, method["params"], commit=False):
                    answer = client.request(method["name"], params)
                    staged += "result" in answer
                    known += [params, answer]
                w = self.world
                w.grant_work_only()
                for item, calendar, key in ((w.w_reminder, w.health, "reminder"), (w.w_event, w.healthcal, "event")):
                    identifier = item["calendarItemIdentifier" if key == "reminder" else "eventIdentifier"]
                    w.owner.call("saveReminder" if key == "reminder" else "saveEvent",
                                 {key: {("calendarItemIdentifier" if key == "reminder" else "eventIdentifier"): identifier,
                                        "calendarIdentifier": calendar, "notes": w.token("notes")}})
                    w.public.discard(identifier)
                w.refresh_secrets()
                before = w.health_now()
                answer = client.request("commit")
                committed += staged
                for leak in w.leaks(answer, known):
                    sweep.problems.append(f"commit after {method['name']} answered {leak!r}: {json.dumps(answer)[:300]}")
                if w.health_now() != before:
                    sweep.problems.append(f"commit after {method['name']} ({staged} staged) changed Health")
                client.request("reset")
                # Work's items stay in Health: the next method aims at fresh ones.
                w.w_reminder = w.w_event = None
                w.ensure_work()
                sweep.calls += 1
            self.assertGreater(committed, 10, "changes were staged while Health was seen")
            sweep.report(self)
        finally:
            client.close()


class GrantAnswerTests(WorldCase):
    def test_request_access_says_granted_only_when_it_was_and_nothing_of_other_lists(self):
        w = self.world
        client = Served(w.store, "work")
        try:
            def ask(*lists):
                return client.request("requestAccess", {"entityType": "reminder", "level": "full", "usageDescription": "scope test", "lists": list(lists)})
            self.assertEqual(ask("Work")["result"], {"granted": True, "status": "fullAccess"})
            hidden, none = ask(w.health), ask("No such list")
            self.assertEqual(hidden["result"], {"granted": False, "status": "fullAccess"}, "nobody was asked, nothing granted")
            self.assertEqual(hidden["result"], none["result"], "a hidden list is as none")
            self.assertEqual(ask("HEALTH-S3CR3T")["result"], none["result"])
        finally:
            client.close()
        w.permissions("set", "--any-program", "nosy", "denied")
        denied = Served(w.store, "nosy")
        try:
            answers = [denied.request("requestAccess", {"entityType": "reminder", "usageDescription": "scope test", "lists": [name]}) for name in (w.health, "No such list")]
            self.assertEqual(answers[0], {**answers[1], "id": answers[0]["id"]}, "a denied client learns nothing of which lists exist")
            self.assertEqual(answers[0]["result"]["granted"], False)
        finally:
            denied.close()
        assistant = Assistant(w.store, "work")
        try:
            text = assistant.tool("request_access", {"lists": ["Health-s3cr3t"]})["result"]["content"][0]["text"]
            self.assertNotIn("Access granted", text)
            self.assertIn("only the owner widens a grant", text)
        finally:
            assistant.close()


class NotificationScopeTests(WorldCase):

    def store_changed(self, peer, timeout: float) -> bool:
        return peer.wait_for(lambda m: m.get("method") == "storeChanged", timeout) is not None

    def test_store_changed_only_for_what_the_client_sees_or_lost(self):
        w = self.world
        client = Served(w.store, "work")
        try:
            client.collect(1.0)
            w.reminder(w.health, w.token("title"), w.token("notes"))
            self.assertFalse(self.store_changed(client, 1.5), "a change in Health is not news to a client granted Work")
            moving = w.reminder(w.work, "leaving", "public")
            self.assertTrue(self.store_changed(client, 15), "a change in Work is")
            client.collect(1.0)
            w.owner.call("saveReminder", {"reminder": {"calendarItemIdentifier": moving["calendarItemIdentifier"],
                                                      "calendarIdentifier": w.health}})
            self.assertTrue(self.store_changed(client, 15), "an item moved out of Work is news to it: it is gone")
        finally:
            client.close()

    def test_store_changed_only_for_the_kinds_the_client_has_access_to(self):
        w = self.world
        w.permissions("set", "--any-program", "todo", "fullAccess")  # reminders only
        client = Served(w.store, "todo")
        try:
            client.collect(1.0)
            w.event(w.workcal, "standup", "agenda")
            self.assertFalse(self.store_changed(client, 1.5), "an event is not news to a client without access to events")
            w.reminder(w.work, "file the report", "")
            self.assertTrue(self.store_changed(client, 15))
        finally:
            client.close()

    def test_a_subscription_outlives_no_narrowing_of_the_grant(self):
        w = self.world
        w.grant_both()
        assistant = Assistant(w.store, "work")
        try:
            for calendar in (w.health, w.work):
                answer = assistant.request("resources/subscribe", {"uri": f"reminders://list/{calendar}"})
                self.assertIn("result", answer, answer)
            w.grant_work_only()
            assistant.collect(1.0)
            w.reminder(w.health, w.token("title"), w.token("notes"))
            w.reminder(w.work, "after", "")
            updated = assistant.wait_for(lambda m: m.get("method") == "notifications/resources/updated"
                                         and m["params"]["uri"].endswith(w.work), 15)
            self.assertIsNotNone(updated, "Work's subscription still tells")
            told = [m["params"]["uri"] for m in assistant.collect(1.5) if m.get("method") == "notifications/resources/updated"]
            self.assertNotIn(f"reminders://list/{w.health}", told, "Health's tells nothing once the grant lost it")
            for message in told:
                self.assertEqual(w.leaks(message), [])
        finally:
            assistant.close()

    def test_listening_to_a_hidden_list_is_refused_as_to_none(self):
        w = self.world
        assistant = Peer(w.store, "mcp")  # the stateless revision: no handshake
        try:
            stateless = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {},
                         "io.modelcontextprotocol/clientInfo": {"name": "work", "version": "1"}}
            answers = []
            for calendar in (w.health, "NO-SUCH-LIST"):
                answers.append(assistant.request("subscriptions/listen", {
                    "notifications": {"resourceSubscriptions": [f"reminders://list/{calendar}"]}, "_meta": stateless}, timeout=15))
            for answer in answers:
                self.assertEqual(answer.get("error", {}).get("code"), -32002, answer)
            self.assertEqual(w.leaks(answers[0], {"uri": w.health}), [])
            acknowledged = [m for m in assistant.collect(0.5) if m.get("method") == "notifications/subscriptions/acknowledged"]
            self.assertEqual(acknowledged, [], "nothing is acknowledged")
        finally:
            assistant.close()


if __name__ == "__main__":
    runner = unittest.TextTestRunner(verbosity=2, stream=sys.stdout)
    result = runner.run(unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__]))
    failed = len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    print(f"scope: {result.testsRun - failed - skipped} passed, {failed} failed, {skipped} skipped")
    sys.exit(1 if failed else 0)
