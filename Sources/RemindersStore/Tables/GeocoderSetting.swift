/// The geocoder the owner chose (`remindersd geocoder URL`): a Nominatim-compatible service
/// every program's `CLGeocoder` asks, through the server. Only the owner's command sets it.
extension CalendarStore {
    private static let geocoderKey = "geocoder"

    public func geocoder() throws(StoreError) -> String? { try setting(Self.geocoderKey) }

    /// Records `url` as the geocoder; nil forgets it.
    public func setGeocoder(_ url: String?) throws(StoreError) { try setSetting(Self.geocoderKey, to: url) }
}
