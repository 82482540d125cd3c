import Foundation
import RemindersModel

/// A place a geocoder found: where it is and how an address names it. Any part may be nil, as
/// with Apple's.
open class CLPlacemark: NSObject, NSCopying, @unchecked Sendable {  // immutable after init
    public let location: CLLocation?
    public let name: String?
    public let thoroughfare: String?
    public let subThoroughfare: String?
    public let locality: String?
    public let subLocality: String?
    public let administrativeArea: String?
    public let subAdministrativeArea: String?
    public let postalCode: String?
    public let isoCountryCode: String?
    public let country: String?
    public let timeZone: TimeZone?
    /// Water and points of interest: the geocoders remindersd asks do not say them.
    public let inlandWater: String?
    public let ocean: String?
    public let areasOfInterest: [String]?
    /// The area the place covers, around its location.
    public let region: CLRegion?

    /// A copy of `placemark`, as Apple's initializer makes one.
    public init(placemark: CLPlacemark) {
        (location, name, thoroughfare, subThoroughfare, locality, subLocality) = (
            placemark.location, placemark.name, placemark.thoroughfare, placemark.subThoroughfare, placemark.locality, placemark.subLocality
        )
        (administrativeArea, subAdministrativeArea, postalCode, isoCountryCode, country, timeZone) = (
            placemark.administrativeArea, placemark.subAdministrativeArea, placemark.postalCode, placemark.isoCountryCode,
            placemark.country, placemark.timeZone
        )
        (inlandWater, ocean, areasOfInterest, region) = (placemark.inlandWater, placemark.ocean, placemark.areasOfInterest, placemark.region)
        super.init()
    }

    init(_ placemark: Placemark) {
        let coordinate = CLLocationCoordinate2D(latitude: placemark.location.latitude, longitude: placemark.location.longitude)
        location = CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude)
        (name, thoroughfare, subThoroughfare, locality, subLocality) = (
            placemark.name, placemark.thoroughfare, placemark.subThoroughfare, placemark.locality, placemark.subLocality
        )
        (administrativeArea, subAdministrativeArea, postalCode, isoCountryCode, country) = (
            placemark.administrativeArea, placemark.subAdministrativeArea, placemark.postalCode, placemark.isoCountryCode, placemark.country
        )
        timeZone = placemark.timeZone.flatMap(TimeZone.init(identifier:))
        (inlandWater, ocean, areasOfInterest) = (nil, nil, nil)
        region = CLCircularRegion(center: coordinate, radius: 100, identifier: placemark.name ?? "")
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { CLPlacemark(placemark: self) }

    open override var description: String {
        let parts = [name, thoroughfare.map { [$0, subThoroughfare].compactMap { $0 }.joined(separator: " ") }, postalCode, locality, country]
        return parts.compactMap { $0 }.joined(separator: ", ") + " @ " + (location?.description ?? "<?>")
    }
}
