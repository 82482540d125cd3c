"""The forms other clients write recurring tasks, subtasks and alarms in (issue 34), each as that
client writes it, with where the form comes from. Dates are in January 2027, ahead of the tests'
clock, so that their alarms are still to come.

Each fixture is a list of calendar objects (one per UID, as a CalDAV server stores them)."""

from __future__ import annotations


def calendar(product: str, *components: list[str]) -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{product}"]
    for component in components:
        lines += component
    return "\r\n".join(lines + ["END:VCALENDAR"]) + "\r\n"


THUNDERBIRD = "-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN"
EVOLUTION = "-//Ximian//NONSGML Evolution Calendar//EN"
JTX = "+//IDN bitfire.at//DAVx5/4.4.3-ose ical4j/3.2.19 (at.techbee.jtx)"
NEXTCLOUD = "-//Nextcloud Tasks v0.16.1"
TASKS_ORG = "+//IDN tasks.org//android-130500//EN"
APPLE = "-//Apple Inc.//iOS 17.2//EN"
OUTLOOK = "-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN"

STAMP = ["DTSTAMP:20261201T080000Z", "CREATED:20261201T080000Z", "LAST-MODIFIED:20261201T080000Z"]


def vtodo(uid: str, *lines: str, stamp: list[str] = STAMP) -> list[str]:
    return ["BEGIN:VTODO", f"UID:{uid}", *stamp, *lines, "END:VTODO"]


def valarm(*lines: str) -> list[str]:
    return ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", *lines, "END:VALARM"]


# Thunderbird completes one occurrence of a recurring task with an override of it — same UID, its
# RECURRENCE-ID, STATUS:COMPLETED, COMPLETED and PERCENT-COMPLETE:100 — and leaves the master as it
# is (comm-central calendar/base/content/calendar-task-tree-utils.js, contextChangeTaskProgress;
# calendar/base/src/CalTodo.sys.mjs). eM Client does the same (tasks/tasks#1600). Its alarms are
# TRIGGER;VALUE=DURATION, START-related by default.
THUNDERBIRD_OCCURRENCE_DONE = [calendar(THUNDERBIRD,
    vtodo("tb-plants", "SUMMARY:Water the plants", "RRULE:FREQ=DAILY",
          "DTSTART;TZID=Europe/Berlin:20270104T090000", "DUE;TZID=Europe/Berlin:20270104T100000",
          *valarm("TRIGGER;VALUE=DURATION:-PT15M")),
    vtodo("tb-plants", "SUMMARY:Water the plants", "RECURRENCE-ID;TZID=Europe/Berlin:20270104T090000",
          "DTSTART;TZID=Europe/Berlin:20270104T090000", "DUE;TZID=Europe/Berlin:20270104T100000",
          "STATUS:COMPLETED", "COMPLETED:20261203T081500Z", "PERCENT-COMPLETE:100",
          *valarm("TRIGGER;VALUE=DURATION:-PT15M")))]

# Thunderbird's "delete this occurrence" (CalRecurrenceInfo.sys.mjs, removeOccurrenceAt), also
# what OpenTasks writes: an EXDATE on the master.
THUNDERBIRD_OCCURRENCE_DELETED = [calendar(THUNDERBIRD,
    vtodo("tb-stretch", "SUMMARY:Stretch", "RRULE:FREQ=DAILY;COUNT=10",
          "DTSTART;TZID=Europe/Berlin:20270104T070000", "DUE;TZID=Europe/Berlin:20270104T073000",
          "EXDATE;TZID=Europe/Berlin:20270105T070000"))]

# One occurrence moved and renamed in Thunderbird ("edit this occurrence"), and from the 7th on
# every occurrence an hour later (RECURRENCE-ID;RANGE=THISANDFUTURE, RFC 5545 §3.8.4.4).
THUNDERBIRD_OCCURRENCES_CHANGED = [calendar(THUNDERBIRD,
    vtodo("tb-walk", "SUMMARY:Walk the dog", "RRULE:FREQ=DAILY", "DTSTART;TZID=Europe/Berlin:20270104T080000"),
    vtodo("tb-walk", "SUMMARY:Walk the dog (long round)", "RECURRENCE-ID;TZID=Europe/Berlin:20270104T080000",
          "DTSTART;TZID=Europe/Berlin:20270104T170000"),
    vtodo("tb-walk", "SUMMARY:Walk the dog", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20270106T080000",
          "DTSTART;TZID=Europe/Berlin:20270106T090000"))]

# Evolution: a recurring task needs a start, its due date is optional; completing one advances
# DTSTART (and COUNT) and leaves it NEEDS-ACTION (evolution-data-server
# src/calendar/libecal/e-cal-util.c, e_cal_util_mark_task_complete_sync). Its alarms are
# START-related and carry X-EVOLUTION-ALARM-UID.
EVOLUTION_START_ONLY = [calendar(EVOLUTION,
    vtodo("evo-bins", "SUMMARY:Put the bins out", "DTSTART;TZID=Europe/Berlin:20270104T190000", "RRULE:FREQ=WEEKLY;COUNT=10",
          "STATUS:NEEDS-ACTION",
          *valarm("X-EVOLUTION-ALARM-UID:20261201T080000Z-4242-1000-1-0@laptop", "TRIGGER;VALUE=DURATION;RELATED=START:-PT30M")))]

# The same with a due date: a "15 minutes before the start" alarm, whose meaning must survive a
# change of the due date here.
EVOLUTION_START_ALARM = [calendar(EVOLUTION,
    vtodo("evo-report", "SUMMARY:Write the report", "DTSTART;TZID=Europe/Berlin:20270105T090000",
          "DUE;TZID=Europe/Berlin:20270105T170000",
          *valarm("X-EVOLUTION-ALARM-UID:20261201T080000Z-4242-1000-1-1@laptop", "TRIGGER;VALUE=DURATION;RELATED=START:-PT15M")))]

# jtx Board (techbee/jtxBoard ICalObject.kt; bitfireAT/ical4android JtxICalObject.kt): a task with
# a start and no due date, a START-related alarm, several parents (RELATED-TO without RELTYPE is a
# parent), and RELTYPE=CHILD on the parent naming it.
JTX_TREE = [
    calendar(JTX, vtodo("jtx-project", "SUMMARY:Renovate the kitchen", "RELATED-TO;RELTYPE=CHILD:jtx-task")),
    calendar(JTX, vtodo("jtx-meeting", "SUMMARY:Kitchen planning meeting")),
    calendar(JTX, vtodo("jtx-task", "SUMMARY:Order the tiles", "DTSTART;TZID=Europe/Berlin:20270106T100000",
                        "RELATED-TO;RELTYPE=PARENT:jtx-project", "RELATED-TO:jtx-meeting",
                        *valarm("TRIGGER;RELATED=START:-PT10M"))),
]

# Nextcloud Tasks nests subtasks at any depth (nextcloud/tasks src/models/task.js), as do
# tasks.org and jtx Board.
NEXTCLOUD_THREE_LEVELS = [
    calendar(NEXTCLOUD, vtodo("nc-trip", "SUMMARY:Plan the trip")),
    calendar(NEXTCLOUD, vtodo("nc-travel", "SUMMARY:Book travel", "RELATED-TO;RELTYPE=PARENT:nc-trip")),
    calendar(NEXTCLOUD, vtodo("nc-train", "SUMMARY:Compare train fares", "RELATED-TO;RELTYPE=PARENT:nc-travel")),
]

# tasks.org rebuilds its VALARMs without UIDs at every upload (tasks/tasks caldav/iCalendar.kt,
# data/Alarm.kt); alarms relative to the due date are RELATED=END.
TASKS_ORG_TWO_ALARMS = [calendar(TASKS_ORG,
    vtodo("to-call", "SUMMARY:Call the landlord", "DUE;TZID=Europe/Berlin:20270105T120000",
          *valarm("TRIGGER;RELATED=END:-PT2H"), *valarm("TRIGGER;RELATED=END:-PT30M")))]

TASKS_ORG_ONE_ALARM = calendar(TASKS_ORG,
    vtodo("to-call", "SUMMARY:Call the landlord", "DUE;TZID=Europe/Berlin:20270105T120000",
          *valarm("TRIGGER;RELATED=END:-PT30M"), stamp=["DTSTAMP:20261202T080000Z", "CREATED:20261201T080000Z",
                                                        "LAST-MODIFIED:20261202T080000Z"]))

# tasks.org's recurring task: completion moves DUE (and DTSTART, COUNT) on (RepeatTaskHelper.kt);
# remindersd completes it as Apple's clients do, which tasks.org reads.
TASKS_ORG_RECURRING = [calendar(TASKS_ORG,
    vtodo("to-rent", "SUMMARY:Pay the rent", "DUE;VALUE=DATE:20270101", "RRULE:FREQ=MONTHLY;COUNT=12"))]

# Apple's Reminders: a completed copy of the occurrence, and the series moved on (its own form,
# which EventKit and remindersd share); an alarm known by X-WR-ALARMUID.
APPLE_SERIES_AND_COPY = [
    calendar(APPLE, vtodo("apple-gym", "SUMMARY:Gym", "DUE;TZID=Europe/Berlin:20270111T180000",
                          "DTSTART;TZID=Europe/Berlin:20270111T180000", "RRULE:FREQ=WEEKLY",
                          *valarm("X-WR-ALARMUID:8F1C2A70-1D55-4F0B-9A0E-0D4F6E5A1B11", "UID:8F1C2A70-1D55-4F0B-9A0E-0D4F6E5A1B11",
                                  "TRIGGER;VALUE=DATE-TIME:20270111T164500Z"))),
    calendar(APPLE, vtodo("apple-gym-done", "SUMMARY:Gym", "DUE;TZID=Europe/Berlin:20270104T180000",
                          "DTSTART;TZID=Europe/Berlin:20270104T180000", "STATUS:COMPLETED", "COMPLETED:20270104T190000Z")),
]

# Outlook names zones by Windows names with a VTIMEZONE of its own (the CLDR windowsZones mapping).
OUTLOOK_ZONE = [calendar(OUTLOOK,
    ["BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time", "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200",
     "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "BEGIN:DAYLIGHT", "DTSTART:16010101T020000",
     "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE"],
    vtodo("outlook-tax", "SUMMARY:File the tax return", 'DUE;TZID="W. Europe Standard Time":20270107T170000',
          *valarm("TRIGGER;RELATED=END:-PT1H")))]
