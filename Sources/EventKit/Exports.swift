// Apple's EventKit brings Foundation with it (its umbrella header imports it): code that names
// Date or DateComponents after `import EventKit` alone must compile here too.
@_exported import Foundation
