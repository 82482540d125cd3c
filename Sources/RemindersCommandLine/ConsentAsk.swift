import RemindersCommandArguments

extension CommandDeclaration {
    public static let consentAsk = CommandDeclaration(
        name: "consent-ask", summary: "what the consent agents remindersd ships run: asks you, exit 0 when you allow",
        usage: ["desktop|terminal CLIENT ENTITY LEVEL USAGE"],
        about: """
            The consent agents remindersd ships (`remindersd permissions consent-agent --desktop` or
            --terminal) are this command, run by a server as PROGRAM CLIENT ENTITY LEVEL USAGE with the
            client's program in REMINDERSD_CLIENT_PROGRAM. It asks you and exits 0 when you allow, 1 when
            you deny or give no answer, 75 when nobody could be asked.
              desktop   a notification with Allow and Deny (or, while `remindersd permissions listen`
                        runs in a terminal of yours, there)
              terminal  in the terminal where `remindersd permissions listen` runs
            """,
        options: [], arguments: .words(["desktop", "terminal"]))
}
