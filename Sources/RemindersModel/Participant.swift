import Foundation

/// EKParticipantRole: what an attendee is asked to be.
public enum ParticipantRole: String, Sendable, CaseIterable {
    case unknown, required, optional, chair, nonParticipant
}

/// EKParticipantStatus: what an attendee answered.
public enum ParticipantStatus: String, Sendable, CaseIterable {
    case unknown, pending, accepted, declined, tentative, delegated, completed, inProcess
}

/// EKParticipantType: who or what takes part.
public enum ParticipantType: String, Sendable, CaseIterable {
    case unknown, person, room, resource, group
}

/// A person, room or group invited to an event, or its organizer (EKParticipant): read from the
/// invitation another client or a server wrote, and never changed here — as on Apple's platforms,
/// where a program reads attendees and cannot set them.
public struct Participant: Equatable, Sendable {
    /// The common name, where the invitation gives one.
    public var name: String?
    /// The calendar user's address, as written (usually `mailto:…`).
    public var url: String
    public var role: ParticipantRole
    public var status: ParticipantStatus
    public var type: ParticipantType
    /// Whether this is the person whose store this is: set when read, from the account the event's
    /// calendar syncs with (never stored).
    public var isCurrentUser: Bool

    public init(
        name: String? = nil, url: String, role: ParticipantRole = .required, status: ParticipantStatus = .pending,
        type: ParticipantType = .person, isCurrentUser: Bool = false
    ) {
        (self.name, self.url, self.role, self.status, self.type, self.isCurrentUser) = (name, url, role, status, type, isCurrentUser)
    }

    /// The address without its `mailto:` scheme, for comparing with an account's.
    public var address: String {
        url.lowercased().hasPrefix("mailto:") ? String(url.dropFirst(7)) : url
    }

    /// Whether `address` (a login or an address, `mailto:` or not) names this participant.
    public func isAddressed(by address: String) -> Bool {
        let other = address.lowercased().hasPrefix("mailto:") ? String(address.dropFirst(7)) : address
        return other.contains("@") && other.caseInsensitiveCompare(self.address) == .orderedSame
    }
}

extension Event {
    /// Marks the participants `login` (an account's, where it is an address) names as the current user.
    public mutating func markCurrentUser(login: String) {
        if let current = organizer?.isAddressed(by: login) { organizer?.isCurrentUser = current }
        for index in attendees.indices { attendees[index].isCurrentUser = attendees[index].isAddressed(by: login) }
    }
}
