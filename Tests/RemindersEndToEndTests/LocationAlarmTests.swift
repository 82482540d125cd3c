import Foundation
import RemindersJSONRPC
import RemindersTestSupport
import XCTest

/// Location alarms end to end: positions reported with `updateLocation` (a served client) or
/// `remindersd location` (a shell), crossings delivered by a running agent as `alarmFired`.
final class LocationAlarmTests: AgentTestCase {
    /// K-LOVE's 88.5 transmitter, as the seed's radio locator would know it.
    let station = (latitude: 38.79, longitude: -121.24)

    private func fence(_ identifier: String) -> JSONValue {
        [
            "alarmIdentifier": .string(identifier), "proximity": "enter",
            "structuredLocation": [
                "title": "KLOVE (88.5)", "geoLocation": ["latitude": .double(station.latitude), "longitude": .double(station.longitude)],
                "radius": .double(25 * 1609),
            ],
        ]
    }

    /// `kilometres` due north of the station.
    private func position(_ kilometres: Double) -> JSONValue {
        ["latitude": .double(station.latitude + kilometres / 111.195), "longitude": .double(station.longitude), "horizontalAccuracy": 30]
    }

    /// The seed's scenario: "alert me when I enter listening range" of a 25-mile station.
    func testTheRadioStationScenario() throws {
        let klove = try call(
            "saveReminder", ["reminder": ["title": "Listen to KLOVE (88.5)", "notes": "Rocklin 25 mile range", "alarms": [fence("klove")]]])
        _ = try call("saveReminder", ["reminder": ["title": "Heard it already", "isCompleted": true, "alarms": [fence("done")]]])
        let phone = try servedClient("phone-bridge")
        let agent = try agent()
        var transitions: [JSONValue] = []
        for kilometres in [60.0, 45, 35, 20] {
            let answer = phone.channel.request("updateLocation", position(kilometres))
            transitions.append(contentsOf: answer.at("result", "transitions")?.arrayValue ?? [])
            if kilometres == 35 {
                XCTAssertEqual(
                    answer.at("result", "transitions"),
                    [
                        [
                            "identifier": klove.at("reminder", "calendarItemIdentifier")!,
                            "alarmIdentifier": "klove", "proximity": "enter",
                        ]
                    ], "fires at the crossing")
            }
        }
        XCTAssertEqual(transitions.count, 1, "\(transitions)")
        let heard = phone.channel.notification("alarmFired", timeout: 10)
        XCTAssertEqual(heard?.at("params", "reason"), "enter")
        XCTAssertEqual(heard?.at("params", "alarm", "alarmIdentifier"), "klove")
        XCTAssertEqual(heard?.at("params", "reminder", "title"), "Listen to KLOVE (88.5)")
        XCTAssertEqual(heard?.at("params", "late"), false)
        XCTAssertEqual(waitForFired(1, within: 5).count, 1)

        // Out of range and back: the same again, once; the completed reminder never fires.
        for kilometres in [60.0, 35] { _ = phone.channel.request("updateLocation", position(kilometres)) }
        XCTAssertEqual(phone.channel.notification("alarmFired", timeout: 10)?.at("params", "reason"), "enter")
        usleep(1_500_000)
        XCTAssertEqual(phone.channel.drainNotifications("alarmFired"), [])
        XCTAssertEqual(stop(agent), 0)
        let all = fired()
        XCTAssertEqual(all.count, 2, "\(all)")
        XCTAssertEqual(Set(all.compactMap { $0.at("alarm", "alarmIdentifier")?.stringValue }), ["klove"])
        XCTAssertEqual(phone.shutDown(), 0)
    }

    /// A shell reports positions; a crossing made while no agent ran is delivered, late, when one starts.
    func testTheLocationCommandAndACrossingWithNoAgentRunning() throws {
        _ = try call("saveReminder", ["reminder": ["title": "Listen to KLOVE (88.5)", "alarms": [fence("klove")]]])
        func locate(_ kilometres: Double) throws -> String {
            let result = try RemindersdProcess.run([
                "location", String(station.latitude + kilometres / 111.195), String(station.longitude),
                "--accuracy", "50", "--store", folder.store,
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout
        }
        XCTAssertEqual(try locate(60), "")
        XCTAssertEqual(try locate(30), "enter  Listen to KLOVE (88.5)\n")
        XCTAssertEqual(try locate(20), "")
        usleep(200_000)
        let agent = try agent()
        let got = waitForFired(1, within: 10)
        usleep(1_000_000)
        XCTAssertEqual(stop(agent), 0)
        XCTAssertEqual(fired().count, 1, "\(got)")
        XCTAssertEqual(got.first?["reason"], "enter")
        XCTAssertEqual(got.first?["late"], true)
        XCTAssertEqual(try RemindersdProcess.run(["location", "91", "0", "--store", folder.store]).status, 2)
        XCTAssertEqual(
            try RemindersdProcess.run(["location", "-33.87", "151.21", "--store", folder.store]).status, 0, "a negative latitude is a number")
    }

    func testBadPositionsAndClientsWithoutFullAccess() throws {
        XCTAssertEqual(try callError("updateLocation", ["latitude": 91, "longitude": 0, "horizontalAccuracy": 5]).at("data", "field"), "latitude")
        XCTAssertEqual(try callError("updateLocation", ["latitude": 0, "longitude": -181, "horizontalAccuracy": 5]).at("data", "field"), "longitude")
        XCTAssertEqual(
            try callError("updateLocation", ["latitude": 0, "longitude": 0, "horizontalAccuracy": -1]).at("data", "field"), "horizontalAccuracy")
        XCTAssertEqual(try callError("updateLocation", ["latitude": 0, "longitude": 0]).at("data", "field"), "horizontalAccuracy")
        XCTAssertEqual(try callError("updateLocation", ["latitude": "52", "longitude": 0, "horizontalAccuracy": 5])["code"], -32602)
        let writer = try servedClient("writer", status: "writeOnly")
        let refused = writer.channel.request("updateLocation", position(0))
        XCTAssertEqual(refused.at("error", "code"), -32010)
        XCTAssertEqual(refused.at("error", "data", "status"), "writeOnly")
        XCTAssertEqual(writer.shutDown(), 0)
    }
}
