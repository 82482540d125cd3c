"""The forms other calendars write events in (issue 50), each as that client writes it, with where
the form comes from. Dates are in January 2027 and later, ahead of the tests' clock.

Each fixture is one calendar object (one UID, as a CalDAV server stores it)."""

from __future__ import annotations

from client_forms import APPLE, EVOLUTION, OUTLOOK, THUNDERBIRD, calendar

GOOGLE = "-//Google Inc//Google Calendar 70.9054//EN"

BERLIN = ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
          "BEGIN:STANDARD", "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
          "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
          "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
          "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE"]

STAMP = ["DTSTAMP:20261201T080000Z", "CREATED:20261201T080000Z", "LAST-MODIFIED:20261201T080000Z"]


def vevent(uid: str, *lines: str) -> list[str]:
    return ["BEGIN:VEVENT", f"UID:{uid}", *STAMP, *lines, "END:VEVENT"]


# Google Calendar's series with people and a Meet link (what its CalDAV endpoint serves):
# ORGANIZER, ATTENDEEs with PARTSTAT, X-GOOGLE-CONFERENCE, SEQUENCE, an EMAIL alarm for the
# organizer. An occurrence renamed here must be a whole occurrence there (RFC 5545 §3.8.4.4).
GOOGLE_SERIES_WITH_PEOPLE = calendar(GOOGLE, BERLIN, vevent(
    "weekly-sync@google.com", "SUMMARY:Weekly sync", "RRULE:FREQ=WEEKLY;COUNT=4",
    "DTSTART;TZID=Europe/Berlin:20270104T090000", "DTEND;TZID=Europe/Berlin:20270104T093000",
    "ORGANIZER;CN=Ana:mailto:ana@example.com", "ATTENDEE;CN=Ana;PARTSTAT=ACCEPTED:mailto:ana@example.com",
    "ATTENDEE;CN=Ben;PARTSTAT=NEEDS-ACTION:mailto:ben@example.com", "X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij",
    "SEQUENCE:3", "BEGIN:VALARM", "ACTION:EMAIL", "SUMMARY:Weekly sync", "DESCRIPTION:Weekly sync", "TRIGGER:-PT10M",
    "ATTENDEE:mailto:ana@example.com", "END:VALARM",
    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:This is an event reminder", "TRIGGER:-PT10M", "END:VALARM"))

# Outlook's and Exchange's yearly birthday (what Outlook's ICS export and Exchange's CalDAV
# gateways write): FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15, all day, X-MICROSOFT-CDO-ALLDAYEVENT.
# EventKit holds no BYMONTHDAY on a yearly rule: the rule is kept and expanded as it is.
OUTLOOK_BIRTHDAY = calendar(OUTLOOK, vevent(
    "ana-birthday@outlook.test", "SUMMARY:Ana's birthday", "DTSTART;VALUE=DATE:20270315", "DTEND;VALUE=DATE:20270316",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15", "X-MICROSOFT-CDO-ALLDAYEVENT:TRUE", "TRANSP:TRANSPARENT"))

# Apple's Calendar on iOS and macOS: a place picked from the map is LOCATION (its name and address)
# and X-APPLE-STRUCTURED-LOCATION (coordinates, radius, X-ADDRESS, a MapKit handle), no GEO
# (what iCloud's CalDAV serves for such an event).
APPLE_PLACE = calendar(APPLE, BERLIN, vevent(
    "keynote@icloud.test", "SUMMARY:Keynote", "DTSTART;TZID=Europe/Berlin:20270112T190000", "DTEND;TZID=Europe/Berlin:20270112T210000",
    "LOCATION:Apple Park\\n1 Apple Park Way\\, Cupertino\\, CA 95014\\, United States",
    'X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="1 Apple Park Way\\\\nCupertino CA 95014\\\\nUnited States";'
    "X-APPLE-MAPKIT-HANDLE=CAESvAEIrk0Q;X-APPLE-RADIUS=141.1750506089954;X-APPLE-REFERENCEFRAME=1;"
    "X-TITLE=Apple Park:geo:37.334922,-122.009033"))

# Thunderbird's snooze of one occurrence of a series (comm-central calendar/base/src/CalAlarmService,
# snoozeAlarm; calItemBase's X-MOZ-SNOOZE-TIME-<recurrence id in µs>): on the master, with
# X-MOZ-LASTACK moved to when it was snoozed. Here: the 6 January occurrence, snoozed at 08:46 to
# 08:56 (Berlin).
THUNDERBIRD_OCCURRENCE_SNOOZED = calendar(THUNDERBIRD, BERLIN, vevent(
    "standup@thunderbird.test", "SUMMARY:Stand-up", "RRULE:FREQ=DAILY;COUNT=5",
    "DTSTART;TZID=Europe/Berlin:20270104T090000", "DTEND;TZID=Europe/Berlin:20270104T091500",
    "X-MOZ-LASTACK:20270106T074600Z", "X-MOZ-SNOOZE-TIME-1799222400000000:20270106T075600Z",
    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Stand-up", "TRIGGER;VALUE=DURATION:-PT15M", "END:VALARM"))

# Evolution's "10 minutes before the end" (evolution-data-server e-cal-component-alarm-trigger:
# E_CAL_COMPONENT_ALARM_TRIGGER_RELATIVE_END), with the X-EVOLUTION-ALARM-UID it gives every alarm.
EVOLUTION_BEFORE_THE_END = calendar(EVOLUTION, BERLIN, vevent(
    "talk@evolution.test", "SUMMARY:Talk", "DTSTART;TZID=Europe/Berlin:20270113T100000", "DTEND;TZID=Europe/Berlin:20270113T110000",
    "BEGIN:VALARM", "X-EVOLUTION-ALARM-UID:20261201T080000Z-4242-1000-1-7@laptop", "ACTION:DISPLAY",
    "TRIGGER;VALUE=DURATION;RELATED=END:-PT10M", "DESCRIPTION:Talk", "END:VALARM"))

# One object, two kinds: a VEVENT and a VTODO of one UID — a meeting and the task that goes with
# it, as an .ics file or a client that does not split them puts them. RFC 4791 §4.1 wants one
# component type per calendar object resource; servers that do not enforce it (Radicale,
# Xandikos) hold the object as it came, and then it is one member with two parts here.
EVENT_WITH_ITS_TASK = calendar(EVOLUTION, BERLIN,
    vevent("dentist@evolution.test", "SUMMARY:Dentist", "DTSTART;TZID=Europe/Berlin:20270114T080000",
           "DTEND;TZID=Europe/Berlin:20270114T090000"),
    ["BEGIN:VTODO", "UID:dentist@evolution.test", *STAMP, "SUMMARY:Bring the insurance card", "DUE;TZID=Europe/Berlin:20270114T073000",
     "END:VTODO"])
