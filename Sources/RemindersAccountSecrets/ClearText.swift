import Foundation

/// Whether an account's address sends its password where others may read it: `http://` to a
/// host that is not this machine. Basic credentials go with every request, so on such a link
/// anyone between here and the server has them; loopback (127.0.0.0/8, ::1, localhost) never
/// leaves the machine.
public enum ClearText {
    public static func exposesPassword(_ url: String) -> Bool {
        guard let parsed = URL(string: url), parsed.scheme?.lowercased() == "http", let host = parsed.host?.lowercased() else { return false }
        return !isLoopback(host)
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// What `accounts add` says when it refuses one, and the sync when it was allowed.
    public static func warning(_ url: String) -> String {
        "\(url) is http:// to a host that is not this machine: the password goes in clear text with every request, "
            + "to be read by anyone on the way"
    }
}
