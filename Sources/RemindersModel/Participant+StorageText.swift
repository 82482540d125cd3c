import Foundation

/// An event's organizer and attendees as one text, as the store keeps them: a line per
/// participant — `O` (organizer) or `A`, then its url, role, status and type, then its name,
/// separated by tabs; a url or name escaped as `TabSeparatedText` does. Nil when there are
/// none, so an event without any costs nothing.
extension Event {
    public var participantsStorageText: String? {
        guard organizer != nil || !attendees.isEmpty else { return nil }
        let lines = (organizer.map { [("O", $0)] } ?? []) + attendees.map { ("A", $0) }
        return lines.map { kind, participant in
            [kind, TabSeparatedText.escaped(participant.url), participant.role.rawValue, participant.status.rawValue, participant.type.rawValue]
                .joined(separator: "\t") + (participant.name.map { "\t" + TabSeparatedText.escaped($0) } ?? "")
        }.joined(separator: "\n")
    }

    /// Reads `participantsStorageText` back; false when the text is not one it wrote.
    public mutating func readParticipants(storageText text: String) -> Bool {
        var attendees: [Participant] = []
        var organizer: Participant?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5 || fields.count == 6, let role = ParticipantRole(rawValue: fields[2]),
                let status = ParticipantStatus(rawValue: fields[3]), let type = ParticipantType(rawValue: fields[4])
            else { return false }
            let participant = Participant(
                name: fields.count == 6 ? TabSeparatedText.unescaped(fields[5]) : nil, url: TabSeparatedText.unescaped(fields[1]), role: role,
                status: status, type: type)
            switch fields[0] {
            case "O" where organizer == nil: organizer = participant
            case "A": attendees.append(participant)
            default: return false
            }
        }
        (self.attendees, self.organizer) = (attendees, organizer)
        return true
    }
}
