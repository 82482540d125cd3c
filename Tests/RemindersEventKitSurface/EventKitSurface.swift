// A compile-only target: Apple's EventKit and Core Location API (iOS 17 / macOS 14 SDK), each
// documented signature spelled once from Apple's documentation, with its types and optionality.
// Nothing here runs; `swift build --build-tests` fails when a symbol goes or changes shape, so
// the surface cannot shrink unnoticed. Behaviour is tested in Tests/EventKitTests.

import CoreGraphics
import CoreLocation
import EventKit
import Foundation

@available(*, deprecated)
func eventStoreSurface(_ store: EKEventStore, _ event: EKEvent, _ reminder: EKReminder, _ calendar: EKCalendar) async throws {
    let _: () -> EKEventStore = EKEventStore.init
    let _: ([EKSource]) -> EKEventStore = EKEventStore.init(sources:)
    let _: (EKEntityType) -> EKAuthorizationStatus = EKEventStore.authorizationStatus(for:)
    store.requestAccess(to: .event) { (_: Bool, _: (any Error)?) in }
    let _: Bool = try await store.requestAccess(to: .reminder)
    let handler: EKEventStoreRequestAccessCompletionHandler = { _, _ in }
    store.requestFullAccessToEvents(completion: handler)
    store.requestWriteOnlyAccessToEvents(completion: handler)
    store.requestFullAccessToReminders(completion: handler)
    let _: Bool = try await store.requestFullAccessToEvents()
    let _: Bool = try await store.requestWriteOnlyAccessToEvents()
    let _: Bool = try await store.requestFullAccessToReminders()
    let _: String = store.eventStoreIdentifier
    let _: [EKSource] = store.sources
    let _: [EKSource] = store.delegateSources
    let _: EKSource? = store.source(withIdentifier: "")
    let _: [EKCalendar] = store.calendars(for: .event)
    let _: EKCalendar? = store.defaultCalendarForNewEvents
    let _: EKCalendar? = store.defaultCalendarForNewReminders()
    let _: EKCalendar? = store.calendar(withIdentifier: "")
    try store.saveCalendar(calendar, commit: true)
    try store.removeCalendar(calendar, commit: true)
    let _: EKCalendarItem? = store.calendarItem(withIdentifier: "")
    let _: [EKCalendarItem] = store.calendarItems(withExternalIdentifier: "")
    try store.save(event, span: .thisEvent)
    try store.save(event, span: .futureEvents, commit: false)
    try store.remove(event, span: .thisEvent)
    try store.remove(event, span: .thisEvent, commit: false)
    let _: EKEvent? = store.event(withIdentifier: "")
    let predicate: NSPredicate = store.predicateForEvents(withStart: Date(), end: Date(), calendars: nil)
    let _: [EKEvent] = store.events(matching: predicate)
    let search: EKEventSearchCallback = { (_: EKEvent, _: UnsafeMutablePointer<ObjCBool>) in }
    store.enumerateEvents(matching: predicate, using: search)
    try store.save(reminder, commit: true)
    try store.remove(reminder, commit: true)
    let token: Any = store.fetchReminders(matching: predicate) { (_: [EKReminder]?) in }
    store.cancelFetchRequest(token)
    let _: NSPredicate = store.predicateForReminders(in: [calendar])
    let _: NSPredicate = store.predicateForIncompleteReminders(withDueDateStarting: nil, ending: nil, calendars: nil)
    let _: NSPredicate = store.predicateForCompletedReminders(withCompletionDateStarting: nil, ending: nil, calendars: nil)
    try store.commit()
    store.reset()
    store.refreshSourcesIfNecessary()
    let _: Notification.Name = .EKEventStoreChanged
}

func objectSurface(_ object: EKObject) {
    let _: Bool = object.hasChanges
    let _: Bool = object.isNew
    object.reset()
    object.rollback()
    let _: Bool = object.refresh()
}

@available(*, deprecated)
func calendarItemSurface(_ item: EKCalendarItem, _ alarm: EKAlarm, _ rule: EKRecurrenceRule, _ calendar: EKCalendar) {
    let _: String = item.UUID
    item.calendar = calendar
    let _: EKCalendar! = item.calendar
    let _: String = item.calendarItemIdentifier
    let _: String! = item.calendarItemExternalIdentifier
    item.title = ""
    let _: String! = item.title
    item.location = nil
    let _: String? = item.location
    let _: Date? = item.creationDate
    let _: Date? = item.lastModifiedDate
    item.timeZone = nil
    let _: TimeZone? = item.timeZone
    item.url = nil
    let _: URL? = item.url
    item.notes = nil
    let _: String? = item.notes
    let _: Bool = item.hasNotes
    let _: Bool = item.hasAttendees
    let _: Bool = item.hasAlarms
    let _: Bool = item.hasRecurrenceRules
    let _: [EKParticipant]? = item.attendees
    item.alarms = nil
    let _: [EKAlarm]? = item.alarms
    item.addAlarm(alarm)
    item.removeAlarm(alarm)
    item.recurrenceRules = nil
    let _: [EKRecurrenceRule]? = item.recurrenceRules
    item.addRecurrenceRule(rule)
    item.removeRecurrenceRule(rule)
}

func eventSurface(_ store: EKEventStore, _ event: EKEvent, _ other: EKEvent) {
    let _: (EKEventStore) -> EKEvent = EKEvent.init(eventStore:)
    let _: String! = event.eventIdentifier
    event.availability = .busy
    let _: EKEventAvailability = event.availability
    event.startDate = Date()
    let _: Date! = event.startDate
    event.endDate = Date()
    let _: Date! = event.endDate
    event.isAllDay = false
    let _: Bool = event.isAllDay
    let _: Date! = event.occurrenceDate
    let _: Bool = event.isDetached
    let _: EKParticipant? = event.organizer
    let _: EKEventStatus = event.status
    event.structuredLocation = nil
    let _: EKStructuredLocation? = event.structuredLocation
    let _: String? = event.birthdayContactIdentifier
    let _: ComparisonResult = event.compareStartDate(with: other)
    let _: Bool = event.refresh()
}

func reminderSurface(_ store: EKEventStore, _ reminder: EKReminder) {
    let _: (EKEventStore) -> EKReminder = EKReminder.init(eventStore:)
    reminder.priority = EKReminderPriority.high.rawValue == 1 ? 1 : 0
    let _: Int = reminder.priority
    reminder.startDateComponents = nil
    let _: DateComponents? = reminder.startDateComponents
    reminder.dueDateComponents = nil
    let _: DateComponents? = reminder.dueDateComponents
    reminder.isCompleted = false
    let _: Bool = reminder.isCompleted
    reminder.completionDate = nil
    let _: Date? = reminder.completionDate
}

func calendarSurface(_ store: EKEventStore, _ calendar: EKCalendar, _ source: EKSource) {
    let _: (EKEntityType, EKEventStore) -> EKCalendar = EKCalendar.init(for:eventStore:)
    let _: EKEntityMask = calendar.allowedEntityTypes
    let _: Bool = calendar.allowsContentModifications
    let _: String = calendar.calendarIdentifier
    calendar.cgColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    let _: CGColor! = calendar.cgColor
    let _: Bool = calendar.isImmutable
    let _: Bool = calendar.isSubscribed
    calendar.source = source
    let _: EKSource! = calendar.source
    let _: EKCalendarEventAvailabilityMask = calendar.supportedEventAvailabilities
    calendar.title = ""
    let _: String = calendar.title
    let _: EKCalendarType = calendar.type
    let _: String = source.sourceIdentifier
    let _: EKSourceType = source.sourceType
    let _: String = source.title
    let _: Bool = source.isDelegate
    let _: Set<EKCalendar> = source.calendars(for: .reminder)
}

@available(*, deprecated)
func deprecatedSurface(_ store: EKEventStore, _ source: EKSource) -> Set<EKCalendar> {
    let _: (EKEventStore) -> EKCalendar = EKCalendar.init(eventStore:)
    return source.calendars
}

func alarmSurface(_ alarm: EKAlarm, _ place: EKStructuredLocation) {
    let _: (Date) -> EKAlarm = EKAlarm.init(absoluteDate:)
    let _: (TimeInterval) -> EKAlarm = EKAlarm.init(relativeOffset:)
    alarm.absoluteDate = nil
    let _: Date? = alarm.absoluteDate
    alarm.relativeOffset = 0
    let _: TimeInterval = alarm.relativeOffset
    alarm.structuredLocation = place
    let _: EKStructuredLocation? = alarm.structuredLocation
    alarm.proximity = .enter
    let _: EKAlarmProximity = alarm.proximity
    let _: EKAlarmType = alarm.type
    alarm.emailAddress = nil
    let _: String? = alarm.emailAddress
    alarm.soundName = nil
    let _: String? = alarm.soundName
    let _: (String) -> EKStructuredLocation = EKStructuredLocation.init(title:)
    place.title = nil
    let _: String? = place.title
    place.geoLocation = nil
    let _: CLLocation? = place.geoLocation
    place.radius = 0
    let _: Double = place.radius
}

func recurrenceSurface(_ rule: EKRecurrenceRule) {
    let _: (EKRecurrenceFrequency, Int, EKRecurrenceEnd?) -> EKRecurrenceRule = EKRecurrenceRule.init(recurrenceWith:interval:end:)
    let _:
        (EKRecurrenceFrequency, Int, [EKRecurrenceDayOfWeek]?, [NSNumber]?, [NSNumber]?, [NSNumber]?, [NSNumber]?, [NSNumber]?, EKRecurrenceEnd?) ->
            EKRecurrenceRule = EKRecurrenceRule.init(
                recurrenceWith:interval:daysOfTheWeek:daysOfTheMonth:monthsOfTheYear:weeksOfTheYear:daysOfTheYear:setPositions:end:)
    let _: String = rule.calendarIdentifier
    rule.recurrenceEnd = nil
    let _: EKRecurrenceEnd? = rule.recurrenceEnd
    let _: EKRecurrenceFrequency = rule.frequency
    let _: Int = rule.interval
    let _: Int = rule.firstDayOfTheWeek
    let _: [EKRecurrenceDayOfWeek]? = rule.daysOfTheWeek
    let _: [NSNumber]? = rule.daysOfTheMonth
    let _: [NSNumber]? = rule.daysOfTheYear
    let _: [NSNumber]? = rule.weeksOfTheYear
    let _: [NSNumber]? = rule.monthsOfTheYear
    let _: [NSNumber]? = rule.setPositions
    let _: (Date) -> EKRecurrenceEnd = EKRecurrenceEnd.init(end:)
    let _: (Int) -> EKRecurrenceEnd = EKRecurrenceEnd.init(occurrenceCount:)
    let end = EKRecurrenceEnd(occurrenceCount: 2)
    let _: Date? = end.endDate
    let _: Int = end.occurrenceCount
    let _: (EKWeekday) -> EKRecurrenceDayOfWeek = EKRecurrenceDayOfWeek.init(_:)
    let _: (EKWeekday, Int) -> EKRecurrenceDayOfWeek = EKRecurrenceDayOfWeek.init(_:weekNumber:)
    let _: (EKWeekday, Int) -> EKRecurrenceDayOfWeek = EKRecurrenceDayOfWeek.init(dayOfTheWeek:weekNumber:)
    let day = EKRecurrenceDayOfWeek(.monday)
    let _: EKWeekday = day.dayOfTheWeek
    let _: Int = day.weekNumber
}

func participantSurface(_ participant: EKParticipant) {
    let _: URL = participant.url
    let _: String? = participant.name
    let _: EKParticipantStatus = participant.participantStatus
    let _: EKParticipantRole = participant.participantRole
    let _: EKParticipantType = participant.participantType
    let _: Bool = participant.isCurrentUser
    let _: Any = participant.copy()
}

@available(*, deprecated)
func enumerationSurface() {
    let _: [EKEntityType] = [.event, .reminder]
    let _: EKEntityMask = [.event, .reminder]
    let _: [EKAuthorizationStatus] = [.notDetermined, .restricted, .denied, .fullAccess, .writeOnly, .authorized]
    let _: [EKSpan] = [.thisEvent, .futureEvents]
    let _: [EKAlarmProximity] = [.none, .enter, .leave]
    let _: [EKAlarmType] = [.display, .audio, .procedure, .email]
    let _: [EKCalendarType] = [.local, .calDAV, .exchange, .subscription, .birthday]
    let _: [EKSourceType] = [.local, .exchange, .calDAV, .mobileMe, .subscribed, .birthdays]
    let _: [EKEventAvailability] = [.notSupported, .busy, .free, .tentative, .unavailable]
    let _: EKCalendarEventAvailabilityMask = [.busy, .free, .tentative, .unavailable]
    let _: [EKEventStatus] = [.none, .confirmed, .tentative, .canceled]
    let _: [EKRecurrenceFrequency] = [.daily, .weekly, .monthly, .yearly]
    let _: [EKWeekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
    let _: [EKReminderPriority] = [.none, .high, .medium, .low]
    let _: [EKParticipantRole] = [.unknown, .required, .optional, .chair, .nonParticipant]
    let _: [EKParticipantStatus] = [.unknown, .pending, .accepted, .declined, .tentative, .delegated, .completed, .inProcess]
    let _: [EKParticipantType] = [.unknown, .person, .room, .resource, .group]
    let _: [EKParticipantScheduleStatus] = [
        .none, .pending, .sent, .delivered, .recipientNotRecognized, .noPrivileges, .deliveryFailed, .cannotDeliver, .recipientNotAllowed,
    ]
}

func errorSurface(_ error: any Error) {
    let _: String = EKErrorDomain
    let _: String = EKError.errorDomain
    let codes: [EKError.Code] = [
        EKError.eventNotMutable, EKError.noCalendar, EKError.noStartDate, EKError.noEndDate, EKError.datesInverted, EKError.internalFailure,
        EKError.calendarReadOnly, EKError.durationGreaterThanRecurrence, EKError.alarmGreaterThanRecurrence, EKError.startDateTooFarInFuture,
        EKError.startDateCollidesWithOtherOccurrence, EKError.objectBelongsToDifferentStore, EKError.invitesCannotBeMoved, EKError.invalidSpan,
        EKError.calendarHasNoSource, EKError.calendarSourceCannotBeModified, EKError.calendarIsImmutable,
        EKError.sourceDoesNotAllowCalendarAddDelete, EKError.recurringReminderRequiresDueDate, EKError.structuredLocationsNotSupported,
        EKError.reminderLocationsNotSupported, EKError.alarmProximityNotSupported, EKError.calendarDoesNotAllowEvents,
        EKError.calendarDoesNotAllowReminders, EKError.sourceDoesNotAllowReminders, EKError.sourceDoesNotAllowEvents,
        EKError.priorityIsInvalid, EKError.invalidEntityType, EKError.procedureAlarmsNotMutable, EKError.eventStoreNotAuthorized,
        EKError.osNotSupported, EKError.invalidInviteReplyCalendar, EKError.notificationsCollectionFlagNotSet, EKError.sourceMismatch,
        EKError.notificationCollectionMismatch, EKError.notificationSavedWithoutCollection, EKError.reminderAlarmContainsEmailOrUrl,
    ]
    _ = codes
    do { throw error } catch EKError.calendarIsImmutable {} catch let error as EKError {
        let _: EKError.Code = error.code
    } catch {}
    let _: String = kCLErrorDomain
    let _: String = CLError.errorDomain
    do { throw error } catch CLError.network {} catch CLError.geocodeFoundNoResult {} catch let error as CLError {
        let _: CLError.Code = error.code
    } catch {}
}

func coreLocationSurface(_ geocoder: CLGeocoder, _ location: CLLocation, _ placemark: CLPlacemark) async throws {
    let _: (CLLocationDegrees, CLLocationDegrees) -> CLLocationCoordinate2D = CLLocationCoordinate2DMake
    let _: (CLLocationCoordinate2D) -> Bool = CLLocationCoordinate2DIsValid
    let _: (CLLocationDegrees, CLLocationDegrees) -> CLLocation = CLLocation.init(latitude:longitude:)
    let _: (CLLocationCoordinate2D, CLLocationDistance, CLLocationAccuracy, CLLocationAccuracy, Date) -> CLLocation =
        CLLocation.init(coordinate:altitude:horizontalAccuracy:verticalAccuracy:timestamp:)
    let _: CLLocationCoordinate2D = location.coordinate
    let _: CLLocationDistance = location.altitude
    let _: CLLocationAccuracy = location.horizontalAccuracy
    let _: CLLocationAccuracy = location.verticalAccuracy
    let _: Date = location.timestamp
    let _: CLLocationDistance = location.distance(from: location)
    let region = CLCircularRegion(center: location.coordinate, radius: 100, identifier: "here")
    let _: String = region.identifier
    let _: Bool = region.contains(location.coordinate)
    let completion: CLGeocodeCompletionHandler = { (_: [CLPlacemark]?, _: (any Error)?) in }
    geocoder.geocodeAddressString("", completionHandler: completion)
    geocoder.geocodeAddressString("", in: region, completionHandler: completion)
    geocoder.geocodeAddressString("", in: nil, preferredLocale: nil, completionHandler: completion)
    geocoder.reverseGeocodeLocation(location, completionHandler: completion)
    geocoder.reverseGeocodeLocation(location, preferredLocale: nil, completionHandler: completion)
    let _: [CLPlacemark] = try await geocoder.geocodeAddressString("")
    let _: [CLPlacemark] = try await geocoder.geocodeAddressString("", in: region)
    let _: [CLPlacemark] = try await geocoder.reverseGeocodeLocation(location)
    let _: Bool = geocoder.isGeocoding
    geocoder.cancelGeocode()
    let _: (CLPlacemark) -> CLPlacemark = CLPlacemark.init(placemark:)
    let _: CLLocation? = placemark.location
    let _: String? = placemark.name
    let _: String? = placemark.thoroughfare
    let _: String? = placemark.subThoroughfare
    let _: String? = placemark.locality
    let _: String? = placemark.subLocality
    let _: String? = placemark.administrativeArea
    let _: String? = placemark.subAdministrativeArea
    let _: String? = placemark.postalCode
    let _: String? = placemark.isoCountryCode
    let _: String? = placemark.country
    let _: String? = placemark.inlandWater
    let _: String? = placemark.ocean
    let _: [String]? = placemark.areasOfInterest
    let _: CLRegion? = placemark.region
    let _: TimeZone? = placemark.timeZone
}

func coreGraphicsSurface(_ color: CGColor) {
    let _: (CGFloat, CGFloat, CGFloat, CGFloat) -> CGColor = CGColor.init(red:green:blue:alpha:)
    let _: (CGFloat, CGFloat) -> CGColor = CGColor.init(gray:alpha:)
    let _: [CGFloat]? = color.components
    let _: Int = color.numberOfComponents
    let _: CGFloat = color.alpha
    // The usual way to get RGB out of a calendar's colour.
    let rgb: CGColorSpace = CGColorSpaceCreateDeviceRGB()
    let _: CGColorSpace = CGColorSpaceCreateDeviceGray()
    let _: CGColor? = color.converted(to: rgb, intent: .defaultIntent, options: nil)
    let _: CGColor? = color.converted(to: rgb, intent: CGColorRenderingIntent.perceptual, options: nil)
    let _: CGColorSpace? = CGColorSpace(name: CGColorSpace.sRGB)
    let _: CGColorSpace = color.colorSpace!
    let _: CGColorSpaceModel = rgb.model
    let _: Int = rgb.numberOfComponents
    let _: CGColor? = color.copy(alpha: 0.5)
    var values: [CGFloat] = [1, 0, 0, 1]
    let _: CGColor? = CGColor(colorSpace: rgb, components: &values)
    let _: CGColor = CGColor.white
}
