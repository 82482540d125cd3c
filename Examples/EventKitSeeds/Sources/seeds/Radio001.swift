// The location reminder of ../shared/seeds/001 (Christian Radio Locator), its Objective-C in Swift:
// a reminder with an "enter" geofence alarm whose radius is the station's range in miles × 1609,
// its identifier kept to remove it later and to notice it was completed or removed elsewhere.
import CoreLocation
import EventKit
import Foundation

struct Station {
    var ownedBy: String
    var frequency: String
    var city: String
    var range: Double
    var lat: Double
    var lng: Double
}

final class RadioLocator {
    let store = EKEventStore()
    var eventId = ""

    func addReminder(for station: Station) throws -> Bool {
        let reminder = EKReminder(eventStore: store)
        reminder.title = "Listen to \(station.ownedBy) (\(station.frequency))"
        reminder.notes = "\(station.city) \(Int(station.range)) mile range"
        // create the geofence alarm
        let enterAlarm = EKAlarm()
        enterAlarm.proximity = .enter
        let enterLocation = EKStructuredLocation(title: "\(station.ownedBy) (\(station.frequency))")
        let radioLocation = CLLocation(latitude: station.lat, longitude: station.lng)
        enterLocation.geoLocation = radioLocation
        // convert our range from miles to meters then set the radius;
        // the alarm will go off when the user enters this radius
        enterLocation.radius = station.range * 1609
        enterAlarm.structuredLocation = enterLocation
        reminder.addAlarm(enterAlarm)
        reminder.calendar = store.defaultCalendarForNewReminders()
        try store.save(reminder, commit: true)
        eventId = reminder.calendarItemIdentifier
        return true
    }

    func removeReminder() throws -> Bool {
        guard !eventId.isEmpty, let reminder = store.calendarItem(withIdentifier: eventId) as? EKReminder else { return false }
        try store.remove(reminder, commit: true)
        eventId = ""
        return true
    }

    /// Whether the reminder is still there and open (the person may have ticked it off in Reminders).
    func stillPending() -> Bool {
        guard let reminder = store.calendarItem(withIdentifier: eventId) as? EKReminder else { return false }
        return !reminder.isCompleted
    }
}
