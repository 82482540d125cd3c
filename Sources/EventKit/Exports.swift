// Apple's EventKit brings Foundation with it (its umbrella header imports it): code that names
// Date or DateComponents after `import EventKit` alone must compile here too.
@_exported import Foundation
// And Core Graphics (EKCalendar.h imports it): `calendar.cgColor.components` needs no import of its own.
@_exported import CoreGraphics
