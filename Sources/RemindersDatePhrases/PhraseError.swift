/// A phrase refused: what was not understood, in the person's words, never a guess.
public struct PhraseError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) { self.message = message }
}
