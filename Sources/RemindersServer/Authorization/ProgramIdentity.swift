/// Which program is asking, and how much of that the kernel attests (protocol.md, "Threat
/// model"): a compiled program is its executable (`/proc/PID/exe`, the kernel's word); a script is
/// what its interpreter runs — the kernel's word when the interpreter has the script open (bash on
/// descriptor 255, dash on one of its own), else only what the interpreter's command line says.
public struct ProgramIdentity: Equatable, Sendable {
    public enum Evidence: String, Sendable {
        /// The executable the process runs.
        case executable
        /// A script its interpreter has open.
        case openScript
        /// A script only the interpreter's command line names: any program of the account could
        /// start an interpreter saying the same.
        case claimedScript
        /// An interpreter running no script told apart (`python3 -c`, `-m`, a script by a relative
        /// path): it stands for every program it runs.
        case interpreter
        /// Nothing could be read: the parent is gone (a double fork) or another user's.
        case unknown
    }

    public var program: String
    public var evidence: Evidence

    public init(program: String, evidence: Evidence) {
        self.program = program
        self.evidence = evidence
    }

    public static let unknown = ProgramIdentity(program: RequestingProgram.unknown, evidence: .unknown)

    /// What the owner should know before granting this identity, or nil when the kernel vouches for it.
    public var caution: String? {
        switch evidence {
        case .executable, .openScript:
            return nil
        case .claimedScript:
            return "\(program) is a script named only by its interpreter's command line, which any program of your account could imitate"
        case .interpreter:
            return "\(program) is an interpreter running no script of its own (python3 -c or -m, or a script started by a relative path): "
                + "a grant to it holds for every program it runs"
        case .unknown:
            return "the program could not be identified (its parent went away, or is another user's): it can only be granted with --any-program"
        }
    }
}
