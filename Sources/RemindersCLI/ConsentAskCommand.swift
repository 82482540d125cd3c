import RemindersCommandArguments
import Foundation
import RemindersJSONRPC
import RemindersCommandLine
import RemindersConsent

/// `remindersd consent-ask desktop|terminal CLIENT ENTITY LEVEL USAGE`: the consent agents
/// remindersd ships, as a server runs them. Exit 0 allows, 1 denies, 75 says nobody could be asked.
enum ConsentAskCommand {
    static func run(_ arguments: [String], output: Int32, environment: [String: String]) throws -> Int32 {
        let parsed = try CommandDeclaration.consentAsk.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.consentAsk.help, to: .protocolOutput(output))
            return 0
        }
        guard let kind = parsed.positionals.first, kind == "desktop" || kind == "terminal",
            let question = ConsentQuestion(arguments: Array(parsed.positionals.dropFirst()), environment: environment)
        else { throw CommandDeclaration.consentAsk.usageError() }
        let timeout = environment["REMINDERSD_CONSENT_TIMEOUT"].flatMap(TimeInterval.init).map { min(max($0, 1), 3600) } ?? 55
        // A terminal where the owner listens is asked first, whichever was chosen: they are there.
        var answer = TerminalConsent.ask(question, timeout: timeout)
        if case .unavailable(let why) = answer, kind == "desktop" {
            answer = DesktopConsent.ask(question, timeout: timeout)
            if case .unavailable(let desktop) = answer { answer = .unavailable("\(desktop); \(why)") }
        }
        switch answer {
        case .allowed: return 0
        case .denied: return 1
        case .unavailable(let why):
            DescriptorWriter.standardError.write(text: "remindersd consent-ask: nobody could be asked: \(why)\n")
            return 75
        }
    }
}
