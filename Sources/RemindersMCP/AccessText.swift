import Foundation
import RemindersModel
import RemindersServer

/// What an assistant is told when the owner has not given it access: the exact command that
/// grants it, for the person to run. The assistant cannot grant itself anything — consent comes
/// from the owner (`remindersd permissions set`, or the consent agent that `request_access` asks).
struct AccessText {
    /// The `--store` the server was started with, repeated in the command so it acts on that store.
    var storeArgument: String?
    /// The program running the assistant, which a grant is for (nil: left out of the command).
    var program: String?
    /// What vouches for it (an interpreter running `-c` or `-m` stands for every program it runs).
    var evidence: ProgramIdentity.Evidence = .executable

    func grantCommand(client: String, status: String = "fullAccess", entity: String = "reminder") -> String {
        var command = "remindersd permissions set \(Self.quoted(client)) \(status)"
        if entity != "reminder" { command += " --entity \(entity)" }
        if let program, program != RequestingProgram.unknown { command += " --program \(Self.quoted(program))" }
        if let storeArgument { command += " --store \(Self.quoted(storeArgument))" }
        return command
    }

    func refused(client: String, status: String, entity: String = "reminder") -> String {
        let items = entity == EntityType.event.rawValue ? "events" : "reminders"
        let why: String
        switch status {
        case "denied": why = "The owner denied \(Self.quoted(client)) access to their \(items) (status denied)."
        case "restricted": why = "Access to the \(items) is restricted for \(Self.quoted(client)) (status restricted)."
        case "writeOnly": why = "\(Self.quoted(client)) may only add \(items) (status writeOnly); this needs full access."
        default: why = "\(Self.quoted(client)) has no access to the \(items) yet (status notDetermined)."
        }
        var text: String
        switch evidence {
        case .unknown:
            text =
                why + " The program running the assistant could not be identified (its parent went away, or is another user's), "
                + "so no grant can name it; the person could grant the name to any program that sends it: "
                + grantCommand(client: client, entity: entity) + " --any-program"
        case .interpreter:
            text =
                why + " The program running the assistant is an interpreter with no script of its own (\(program ?? "?") -c or -m): "
                + "a grant to it would hold for every program it runs. Better: the person starts this server through a script or "
                + "wrapper of its own and grants that; or, knowing this, runs: " + grantCommand(client: client, entity: entity)
        default:
            text = why + " To grant it full access, the person runs: " + grantCommand(client: client, entity: entity)
        }
        if status == "notDetermined" { text += " (or call request_access, which asks the owner if they recorded a consent agent)" }
        return text
    }

    /// Quoted for a POSIX shell when it needs to be.
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "-_./:@%+=,".unicodeScalars.contains(scalar)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
