import Foundation

/// A place a geocoder found for an address or a coordinate (CLPlacemark): where it is and how an
/// address names it. Every part but the coordinate may be missing, as with Apple's.
public struct Placemark: Equatable, Sendable {
    public var location: GeoLocation
    public var name: String?
    /// The street, and the number on it.
    public var thoroughfare: String?
    public var subThoroughfare: String?
    /// The city, and the part of it.
    public var locality: String?
    public var subLocality: String?
    /// The state or province, and the county.
    public var administrativeArea: String?
    public var subAdministrativeArea: String?
    public var postalCode: String?
    public var country: String?
    /// ISO 3166-1 alpha-2, upper case.
    public var isoCountryCode: String?
    /// An IANA zone, where the geocoder says one.
    public var timeZone: String?

    public init(location: GeoLocation, name: String? = nil) {
        self.location = location
        self.name = name
    }
}
