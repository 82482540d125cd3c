"""A notification server that sends its signals the way dunst does: to the notification's sender
only, never broadcast (the specification allows either). Run with Debian's /usr/bin/python3
(python3-dbus, python3-gi) on the bus in DBUS_SESSION_BUS_ADDRESS.

Besides org.freedesktop.Notifications it serves a test interface on the same object:
Click(id, key) sends ActionInvoked, Dismiss(id) NotificationClosed with reason 2, Calls() the
Notify calls received so far as (sender, summary, actions). It prints "ready" once it owns the name."""

import sys

import dbus
import dbus.lowlevel
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, PATH)
        self.bus = bus
        self.next_id = 1
        self.senders = {}
        self.calls = []

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u", sender_keyword="sender")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout, sender=None):
        notification = self.next_id
        self.next_id += 1
        self.senders[notification] = sender
        self.calls.append((sender, summary, list(actions), int(hints.get("urgency", -1))))
        return dbus.UInt32(notification)

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["actions", "body"]

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, notification):
        self.send(notification, "NotificationClosed", dbus.UInt32(notification), dbus.UInt32(3))

    @dbus.service.method("org.remindersd.Test", in_signature="us", out_signature="")
    def Click(self, notification, key):
        self.send(notification, "ActivationToken", dbus.UInt32(notification), dbus.String("token-%d" % notification))
        self.send(notification, "ActionInvoked", dbus.UInt32(notification), dbus.String(key))

    @dbus.service.method("org.remindersd.Test", in_signature="u", out_signature="")
    def Dismiss(self, notification):
        self.send(notification, "NotificationClosed", dbus.UInt32(notification), dbus.UInt32(2))

    @dbus.service.method("org.remindersd.Test", in_signature="", out_signature="a(ssasi)")
    def Calls(self):
        return self.calls

    def send(self, notification, member, *args):
        message = dbus.lowlevel.SignalMessage(PATH, NAME, member)
        message.set_destination(self.senders[notification])
        message.append(*args)
        self.bus.send_message(message)


DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
server = Server(bus)
name = dbus.service.BusName(NAME, bus, do_not_queue=True)
print("ready", flush=True)
GLib.MainLoop().run()
