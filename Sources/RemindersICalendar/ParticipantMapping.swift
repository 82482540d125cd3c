import Foundation
import RemindersICalendarFormat
import RemindersModel

/// ATTENDEE and ORGANIZER → Participant (RFC 5545 §3.8.4.1, §3.8.4.3), with RFC 5545's defaults
/// for what a line leaves out: a required participant (ROLE=REQ-PARTICIPANT) who has not answered
/// (PARTSTAT=NEEDS-ACTION), an individual (CUTYPE=INDIVIDUAL). Nothing is written from them: the
/// lines stay in the kept object, so they go back to the server as they came.
enum ParticipantMapping {
    static func attendees(of vevent: Component) -> [Participant] {
        vevent.properties("ATTENDEE").compactMap { participant($0, role: role(of: $0)) }
    }

    /// The organizer chairs the meeting; its answer is not in the line, unless it also attends.
    static func organizer(of vevent: Component, attendees: [Participant]) -> Participant? {
        guard let property = vevent.property("ORGANIZER"), var organizer = participant(property, role: .chair) else { return nil }
        organizer.status = attendees.first { $0.address.caseInsensitiveCompare(organizer.address) == .orderedSame }?.status ?? .unknown
        return organizer
    }

    private static func participant(_ property: Property, role: ParticipantRole) -> Participant? {
        let url = property.value.trimmingCharacters(in: .whitespaces)
        guard !url.isEmpty else { return nil }
        let name = property.parameter("CN").flatMap { $0.isEmpty ? nil : $0 }
        return Participant(name: name, url: url, role: role, status: status(of: property), type: type(of: property))
    }

    private static func role(of property: Property) -> ParticipantRole {
        switch property.parameter("ROLE")?.uppercased() {
        case nil, "REQ-PARTICIPANT"?: return .required
        case "OPT-PARTICIPANT"?: return .optional
        case "CHAIR"?: return .chair
        case "NON-PARTICIPANT"?: return .nonParticipant
        default: return .unknown
        }
    }

    private static func status(of property: Property) -> ParticipantStatus {
        switch property.parameter("PARTSTAT")?.uppercased() {
        case nil, "NEEDS-ACTION"?: return .pending
        case "ACCEPTED"?: return .accepted
        case "DECLINED"?: return .declined
        case "TENTATIVE"?: return .tentative
        case "DELEGATED"?: return .delegated
        case "COMPLETED"?: return .completed
        case "IN-PROCESS"?: return .inProcess
        default: return .unknown
        }
    }

    private static func type(of property: Property) -> ParticipantType {
        switch property.parameter("CUTYPE")?.uppercased() {
        case nil, "INDIVIDUAL"?: return .person
        case "ROOM"?: return .room
        case "RESOURCE"?: return .resource
        case "GROUP"?: return .group
        default: return .unknown
        }
    }
}
