import Foundation

/// Latitude or longitude, in degrees.
public typealias CLLocationDegrees = Double

/// A distance, in metres.
public typealias CLLocationDistance = Double

/// A latitude and longitude (WGS 84), as Core Location keeps them.
public struct CLLocationCoordinate2D: Equatable, Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees

    public init() {
        latitude = 0
        longitude = 0
    }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A coordinate, as Core Location's C function makes one.
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// An accuracy, in metres (negative: not known).
public typealias CLLocationAccuracy = Double

/// Whether a coordinate is one (latitude −90…90, longitude −180…180), as Core Location's function says.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

/// A place on the Earth: what EventKit's structured locations hold (`EKStructuredLocation.geoLocation`).
/// Only the part of Core Location that EventKit's API needs: a coordinate and the distance to
/// another location.
open class CLLocation: NSObject, @unchecked Sendable {  // immutable after init
    public let coordinate: CLLocationCoordinate2D
    /// Metres above sea level.
    public let altitude: CLLocationDistance
    /// The radius of uncertainty of `coordinate`, in metres; negative when it is not valid.
    public let horizontalAccuracy: CLLocationAccuracy
    /// The uncertainty of `altitude`, in metres; negative when it is not known.
    public let verticalAccuracy: CLLocationAccuracy
    public let timestamp: Date

    /// A location made from a coordinate alone: accurate horizontally, its altitude not known, as
    /// Core Location's does.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        (altitude, horizontalAccuracy, verticalAccuracy, timestamp) = (0, 0, -1, Date())
        super.init()
    }

    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.coordinate = coordinate
        (self.altitude, horizontalAccuracy, verticalAccuracy, self.timestamp) = (altitude, hAccuracy, vAccuracy, timestamp)
        super.init()
    }

    /// The great-circle distance to `location` (haversine, on a sphere of the Earth's mean radius),
    /// in metres.
    open func distance(from location: CLLocation) -> CLLocationDistance {
        let radius = 6_371_008.8
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let (φ1, φ2) = (radians(coordinate.latitude), radians(location.coordinate.latitude))
        let Δφ = φ2 - φ1
        let Δλ = radians(location.coordinate.longitude - coordinate.longitude)
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return radius * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLLocation else { return false }
        return other.coordinate == coordinate
    }

    open override var hash: Int { coordinate.latitude.hashValue ^ coordinate.longitude.hashValue }

    open override var description: String { "<\(coordinate.latitude),\(coordinate.longitude)>" }
}
