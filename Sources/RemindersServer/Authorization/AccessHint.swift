import Foundation

/// What a person reads when a client of theirs is refused: the command that grants exactly that
/// client run by that program — or, when the program remindersd found is the terminal itself (a
/// command typed at a shell prompt in tmux, an emulator, sshd), why a grant to it would be wrong
/// and what to do instead. Never a grant to the terminal: it would hold for everything run in it.
public enum AccessHint {
    public static func text(client: String, identity: ProgramIdentity, status: String, entityType: String, store: String?) -> String {
        let items = entityType == "event" ? "calendar events" : "reminders"
        let entity = entityType == "event" ? " --entity event" : ""
        let storeOption = store.map { " --store " + quoted($0) } ?? ""
        let head = "remindersd: \(client) has no access to your \(items) (status \(status))"
        if isTheTerminal(identity.program) {
            return head + ". Typed at a shell prompt, the program that asks is your terminal, \(identity.program): a grant to it "
                + "would hold for everything run in it. Run remindersd call from a script of yours (a grant then names the script), "
                + "or use the shell client: reminders auth --request"
        }
        switch identity.evidence {
        case .unknown:
            return head + ". Its program could not be told (it started remindersd and went away); only "
                + "remindersd permissions set \(quoted(client)) fullAccess --any-program\(entity)\(storeOption) grants it"
        default:
            return head + ". The owner grants it with: remindersd permissions set \(quoted(client)) fullAccess --program "
                + quoted(identity.program) + entity + storeOption
        }
    }

    /// Whether `program` holds the other end of this process's controlling terminal: the
    /// terminal a person types into, not a program of theirs.
    static func isTheTerminal(_ program: String, proc: String = "/proc") -> Bool {
        guard let index = PseudoTerminal.controllingIndex(proc: proc) else { return false }
        return PseudoTerminal.holders(of: index, in: proc).contains { RequestingProgram.executable(of: $0, in: proc) == program }
    }

    private static func quoted(_ text: String) -> String {
        text.allSatisfy({ $0.isLetter || $0.isNumber || "._/:@%+=,-".contains($0) })
            ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
