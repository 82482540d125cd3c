import Foundation
import RemindersModel

public enum EKParticipantRole: Int, Sendable {
    case unknown = 0
    case required = 1
    case optional = 2
    case chair = 3
    case nonParticipant = 4
}

public enum EKParticipantStatus: Int, Sendable {
    case unknown = 0
    case pending = 1
    case accepted = 2
    case declined = 3
    case tentative = 4
    case delegated = 5
    case completed = 6
    case inProcess = 7
}

public enum EKParticipantType: Int, Sendable {
    case unknown = 0
    case person = 1
    case room = 2
    case resource = 3
    case group = 4
}

/// Whether an invitation reached a participant, as a scheduling server says; remindersd sends no
/// invitations, so it is there for Apple's API alone.
public enum EKParticipantScheduleStatus: Int, Sendable {
    case none = 0
    case pending = 1
    case sent = 2
    case delivered = 3
    case recipientNotRecognized = 4
    case noPrivileges = 5
    case deliveryFailed = 6
    case cannotDeliver = 7
    case recipientNotAllowed = 8
}

/// An attendee or the organizer of an event, as its invitation names them: read-only, as on
/// Apple's platforms (a program reads who is invited; inviting is the calendar app's).
open class EKParticipant: EKObject, NSCopying {  // not Sendable, as Apple's is not
    public let url: URL
    public let name: String?
    public let participantStatus: EKParticipantStatus
    public let participantRole: EKParticipantRole
    public let participantType: EKParticipantType
    /// Whether it is the person the store belongs to: the address the calendar's account logs in with.
    public let isCurrentUser: Bool

    init?(_ participant: Participant) {
        let text = participant.url
        guard let url = URL(string: text) ?? URL(string: text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "") else {
            return nil
        }
        self.url = url
        name = participant.name
        participantRole = Self.roles[participant.role] ?? .unknown
        participantStatus = Self.statuses[participant.status] ?? .unknown
        participantType = Self.types[participant.type] ?? .unknown
        isCurrentUser = participant.isCurrentUser
        super.init()
    }

    private init(copying other: EKParticipant) {
        (url, name, participantStatus, participantRole, participantType, isCurrentUser) = (
            other.url, other.name, other.participantStatus, other.participantRole, other.participantType, other.isCurrentUser
        )
        super.init()
    }

    public override var isNew: Bool { false }

    open func copy(with zone: NSZone? = nil) -> Any { EKParticipant(copying: self) }

    open override var description: String {
        "EKParticipant \(name.map { "\($0) " } ?? "")<\(url.absoluteString)> \(participantRole) \(participantStatus)"
    }

    /// Read from an item's answer: the list, nil when there are none (as Apple's `attendees` is).
    /// nil for none, as Apple's are.
    static func list(_ participants: [Participant]) -> [EKParticipant]? {
        let made = participants.compactMap(EKParticipant.init)
        return made.isEmpty ? nil : made
    }

    private static let roles: [ParticipantRole: EKParticipantRole] = [
        .unknown: .unknown, .required: .required, .optional: .optional, .chair: .chair, .nonParticipant: .nonParticipant,
    ]
    private static let statuses: [ParticipantStatus: EKParticipantStatus] = [
        .unknown: .unknown, .pending: .pending, .accepted: .accepted, .declined: .declined, .tentative: .tentative,
        .delegated: .delegated, .completed: .completed, .inProcess: .inProcess,
    ]
    private static let types: [ParticipantType: EKParticipantType] = [
        .unknown: .unknown, .person: .person, .room: .room, .resource: .resource, .group: .group,
    ]
}
