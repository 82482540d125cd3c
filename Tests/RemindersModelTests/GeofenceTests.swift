import RemindersModel
import XCTest

/// Location alarms' fences: distance, the 100 m floor, hysteresis, accuracy.
final class GeofenceTests: XCTestCase {
    let station = GeoLocation(latitude: 38.79, longitude: -121.24)

    /// A point `kilometres` due north of the station (a degree of latitude is 111.195 km on the mean sphere).
    private func north(_ kilometres: Double, accuracy: Double = 10) -> LocationFix {
        LocationFix(
            location: GeoLocation(latitude: station.latitude + kilometres / 111.195, longitude: station.longitude),
            horizontalAccuracy: accuracy, timestamp: Timestamp(milliseconds: 0))
    }

    func testHaversineDistances() {
        // Berlin Hauptbahnhof to Paris Gare du Nord: 874 km on the mean sphere.
        let berlin = GeoLocation(latitude: 52.5251, longitude: 13.3694), paris = GeoLocation(latitude: 48.8809, longitude: 2.3553)
        XCTAssertEqual(berlin.distance(to: paris) / 1000, 873.9, accuracy: 0.1)
        XCTAssertEqual(north(35).location.distance(to: station), 35_000, accuracy: 1)
        XCTAssertEqual(station.distance(to: station), 0)
        // Across the antimeridian the short way, not around the world.
        XCTAssertEqual(
            GeoLocation(latitude: 0, longitude: 179.9995).distance(to: GeoLocation(latitude: 0, longitude: -179.9995)), 111.2, accuracy: 0.2)
    }

    func testARadiusUnder100MetresCountsAs100() {
        XCTAssertEqual(Geofence(center: station, radius: nil).radius, 100)
        XCTAssertEqual(Geofence(center: station, radius: 0).radius, 100)
        XCTAssertEqual(Geofence(center: station, radius: 30).radius, 100)
        XCTAssertEqual(Geofence(center: station, radius: 40_225).radius, 40_225)
    }

    func testHysteresisBandSaysNothing() {
        let fence = Geofence(center: station, radius: 25 * 1609)  // h = 4022.5 m
        XCTAssertEqual(fence.hysteresis, 4022.5)
        XCTAssertEqual(fence.side(of: north(60)), .outside)
        XCTAssertEqual(fence.side(of: north(45)), .outside)
        XCTAssertNil(fence.side(of: north(40.2)), "at the edge")
        XCTAssertNil(fence.side(of: north(37)), "inside the band")
        XCTAssertEqual(fence.side(of: north(35)), .inside)
        XCTAssertEqual(Geofence(center: station, radius: 100).hysteresis, 25, "at least 25 m")
        XCTAssertEqual(Geofence(center: station, radius: 100).side(of: north(0.074)), .inside)
        XCTAssertNil(Geofence(center: station, radius: 100).side(of: north(0.1)))
    }

    func testAFixLessAccurateThanTheRadiusIsIgnored() {
        let fence = Geofence(center: station, radius: 500)
        XCTAssertEqual(fence.side(of: north(0, accuracy: 500)), .inside)
        XCTAssertNil(fence.side(of: north(0, accuracy: 501)))
    }

    func testEachProximityFiresOnItsOwnCrossing() {
        XCTAssertTrue(AlarmProximity.enter.fires(arrivingOn: .inside))
        XCTAssertFalse(AlarmProximity.enter.fires(arrivingOn: .outside))
        XCTAssertTrue(AlarmProximity.leave.fires(arrivingOn: .outside))
        XCTAssertFalse(AlarmProximity.none.fires(arrivingOn: .inside))
        let place = StructuredLocation(title: "Home", geoLocation: station, radius: 50)
        XCTAssertEqual(Geofence(Alarm(alarmIdentifier: "a", trigger: .location(place, .leave)))?.radius, 100)
        XCTAssertNil(Geofence(Alarm(alarmIdentifier: "b", trigger: .relative(offset: 0))))
    }
}
