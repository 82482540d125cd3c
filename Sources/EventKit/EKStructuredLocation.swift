import CoreLocation
import Foundation
import RemindersModel

/// A place: its title and, for a location alarm, where it is and how far around it counts.
open class EKStructuredLocation: EKObject {  // not Sendable, as Apple's is not
    open var title: String?
    open var geoLocation: CLLocation?
    /// Metres around `geoLocation`; 0 is the default (remindersd's 100 m).
    open var radius: Double = 0

    public init(title: String) {
        self.title = title
        super.init()
    }

    public override init() { super.init() }

    /// `EKStructuredLocation(mapItem:)` and the Objective-C class method's Swift name.
    public static func location(withTitle title: String) -> EKStructuredLocation { EKStructuredLocation(title: title) }

    /// The place as the store keeps it.
    var model: StructuredLocation {
        var place = StructuredLocation(title: title ?? "", radius: radius > 0 ? radius : nil)
        if let geoLocation { place.geoLocation = GeoLocation(latitude: geoLocation.coordinate.latitude, longitude: geoLocation.coordinate.longitude) }
        return place
    }

    convenience init(_ place: StructuredLocation) {
        self.init(title: place.title)
        if let point = place.geoLocation { geoLocation = CLLocation(latitude: point.latitude, longitude: point.longitude) }
        radius = place.radius ?? 0
    }
}
