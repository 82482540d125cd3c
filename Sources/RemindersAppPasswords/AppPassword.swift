/// A password made for one app, printed once and then kept only as its hash: six groups of four
/// letters and digits (about 124 bits), easy to paste into a settings form and to read aloud.
public enum AppPassword {
    /// Letters and digits that cannot be taken for one another (no 0/O, 1/l/I).
    static let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789".utf8)

    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        var groups: [String] = []
        for _ in 0..<6 {
            let group = (0..<4).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] }
            groups.append(String(decoding: group, as: UTF8.self))
        }
        return groups.joined(separator: "-")
    }
}
