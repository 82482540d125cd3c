import CoreLocation
import Foundation
import RemindersJSONRPC

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

    var wire: JSONValue {
        var object: JSONObject = ["title": .string(title ?? "")]
        if let geoLocation {
            object["geoLocation"] = ["latitude": .double(geoLocation.coordinate.latitude), "longitude": .double(geoLocation.coordinate.longitude)]
        }
        if radius > 0 { object["radius"] = .double(radius) }
        return .object(object)
    }

    convenience init?(wire value: JSONValue?) {
        guard let value, value.objectValue != nil else { return nil }
        self.init(title: value["title"]?.stringValue ?? "")
        if let latitude = value["geoLocation"]?["latitude"]?.doubleValue, let longitude = value["geoLocation"]?["longitude"]?.doubleValue {
            geoLocation = CLLocation(latitude: latitude, longitude: longitude)
        }
        radius = value["radius"]?.doubleValue ?? 0
    }
}
