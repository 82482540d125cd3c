import RemindersCommandArguments

extension CommandDeclaration {
    public static let schema = CommandDeclaration(
        name: "schema", summary: "the OpenRPC document of the protocol (as rpc.discover answers)", usage: ["[--command-line]"],
        about: "Prints the OpenRPC 1.3 document of the protocol (what rpc.discover answers) as one line of JSON.",
        options: [
            .commandLine
        ])
}

extension Option {
    public static let commandLine = Option.flag(
        "--command-line",
        "prints the command line instead: every command, its usage and options, as one\nline of JSON (what the completions and the man page are made from)"
    )
}
