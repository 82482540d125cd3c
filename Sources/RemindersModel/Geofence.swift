import Foundation

/// Where the person is, as a position source reports it (a CLLocation's essentials).
public struct LocationFix: Equatable, Sendable {
    public var location: GeoLocation
    /// Metres, the radius of 68 % confidence around `location`.
    public var horizontalAccuracy: Double
    public var timestamp: Timestamp

    public init(location: GeoLocation, horizontalAccuracy: Double, timestamp: Timestamp) {
        self.location = location
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }
}

/// Which side of a fence the person was last seen on.
public enum FenceSide: Equatable, Sendable {
    case inside, outside
}

/// The circle a location alarm watches, with the rules that keep it from misfiring: a radius
/// under 100 m counts as 100 m (what Core Location monitors at least), and a band of hysteresis
/// either side of the edge — inside at d ≤ r − h, outside at d ≥ r + h, h = max(25 m, 10 % of r) —
/// so a person standing at the edge, or a fix wobbling across it, does not flap.
public struct Geofence: Equatable, Sendable {
    public static let minimumRadius = 100.0
    public var center: GeoLocation
    public var radius: Double

    public init(center: GeoLocation, radius: Double?) {
        self.center = center
        self.radius = max(Self.minimumRadius, radius ?? 0)
    }

    /// The fence of a location alarm; nil for any other alarm.
    public init?(_ alarm: Alarm) {
        guard let location = alarm.structuredLocation, let center = location.geoLocation else { return nil }
        self.init(center: center, radius: location.radius)
    }

    public var hysteresis: Double { max(25, radius / 10) }

    /// The side `fix` puts the person on; nil when it says nothing: too inaccurate for this fence
    /// (worse than its radius), or within the band around the edge.
    public func side(of fix: LocationFix) -> FenceSide? {
        guard fix.horizontalAccuracy <= radius else { return nil }
        let distance = center.distance(to: fix.location)
        if distance <= radius - hysteresis { return .inside }
        if distance >= radius + hysteresis { return .outside }
        return nil
    }
}

extension GeoLocation {
    /// The mean Earth radius (IUGG), metres.
    static let earthRadius = 6_371_008.8

    /// Great-circle distance in metres, by the haversine formula (well conditioned for the short
    /// distances fences are about, unlike the spherical law of cosines).
    public func distance(to other: GeoLocation) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.longitude - longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadius * asin(min(1, a.squareRoot()))
    }
}

extension AlarmProximity {
    /// Whether arriving on `side` from the other side is this alarm's crossing.
    public func fires(arrivingOn side: FenceSide) -> Bool {
        switch self {
        case .enter: side == .inside
        case .leave: side == .outside
        case .none: false
        }
    }
}
