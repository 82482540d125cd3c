import RemindersCommandArguments
import RemindersJSONRPC
import RemindersCommandLine
import RemindersServer

/// `remindersd schema`: the protocol's OpenRPC document, or with `--command-line` the command
/// line's declarations — what scripts/completions and scripts/manpages are made from.
enum SchemaCommand {
    static func run(_ arguments: [String], output: Int32) throws -> Int32 {
        let parsed = try CommandDeclaration.schema.parse(arguments)
        if CommandDeclaration.wantsHelp(parsed) {
            print(CommandDeclaration.schema.help, to: .protocolOutput(output))
            return 0
        }
        if let extra = parsed.positionals.first { throw Arguments.UsageError(message: "schema: unexpected argument \(extra.prefix(80))") }
        if parsed.has(.commandLine) {
            print(String(decoding: commandLine, as: UTF8.self), to: .protocolOutput(output))
        } else {
            print(String(decoding: OpenRPCDocument.bytes, as: UTF8.self), to: .protocolOutput(output))
        }
        return 0
    }

    /// Every command of remindersd, then remindersd-sync's own, as JSON.
    static var commandLine: [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("program", "remindersd")
        writer.field("about", Commands.about)
        writer.key("commands")
        writer.beginArray()
        for command in Commands.all { write(command, to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    private static func write(_ command: CommandDeclaration, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("name", command.name)
        writer.field("program", command.program)
        writer.field("summary", command.summary)
        writer.key("usage")
        writer.beginArray()
        for form in command.usage { writer.string(form) }
        writer.endArray()
        writer.field("about", command.about)
        writer.key("arguments")
        write(command.arguments, to: &writer)
        writer.key("options")
        writer.beginArray()
        for option in command.options {
            writer.beginObject()
            writer.field("name", option.name)
            if let placeholder = option.placeholder { writer.field("value", placeholder) }
            if option.valueIsOptional { writer.field("valueIsOptional", true) }
            writer.field("help", option.help)
            writer.key("completion")
            write(option.completion, to: &writer)
            if option.isHidden { writer.field("hidden", true) }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    /// `"none"`, `"file"`, or the words.
    private static func write(_ completion: Option.Completion, to writer: inout JSONWriter) {
        switch completion {
        case .none: writer.string("none")
        case .file: writer.string("file")
        case .words(let words):
            writer.beginArray()
            for word in words { writer.string(word) }
            writer.endArray()
        }
    }
}
