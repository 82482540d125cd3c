/// A command line split into words as a shell would split it — quotes and backslashes, nothing
/// else: no variables, globs or pipes, since the words are run without a shell.
enum CommandWords {
    static func split(_ text: String) throws(SecretError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\", open == "\"", let next = iterator.next() {
                    if next != "\"" && next != "\\" { current.append("\\") }
                    current.append(next)
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                inWord = true
            case "\\":
                if let next = iterator.next() { current.append(next) }
                inWord = true
            case " ", "\t", "\n":
                if inWord { words.append(current); current = ""; inWord = false }
            default:
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil else { throw SecretError("the password command has an unterminated quote") }
        if inWord { words.append(current) }
        guard !words.isEmpty else { throw SecretError("the password command is empty") }
        return words
    }
}
