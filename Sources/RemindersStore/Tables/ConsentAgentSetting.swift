/// The owner's consent agent, kept in the store whose grants it decides: the program a server
/// asks when a client requests access. Only the owner's command (`remindersd permissions
/// consent-agent`) sets it — never a client, whose arguments and environment are its own.
extension CalendarStore {
    private static let consentAgentKey = "consent_agent"

    public func consentAgent() throws(StoreError) -> String? { try setting(Self.consentAgentKey) }

    /// Records `program` (an absolute path) as the owner's agent; nil forgets it.
    public func setConsentAgent(_ program: String?) throws(StoreError) { try setSetting(Self.consentAgentKey, to: program) }
}
