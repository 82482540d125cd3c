import RemindersCommandArguments

extension CommandDeclaration {
    public static let geocoder = CommandDeclaration(
        name: "geocoder", summary: "the geocoder (Nominatim's API) CLGeocoder asks", usage: ["[URL | --none] [--store PATH]"],
        about: """
            Sets the geocoder that CLGeocoder (and the geocode and reverseGeocode methods) asks: a
            Nominatim-compatible service — a self-hosted Nominatim, e.g. http://127.0.0.1:8080/, or
            https://nominatim.openstreetmap.org/ within its usage policy. remindersd-sync asks it; the
            address looked up goes to it. Without arguments, prints the one set (nothing when none).
            """,
        options: [.forgetGeocoder, .store])
}

extension Option {
    public static let forgetGeocoder = Option.flag("--none", "forgets it: lookups then answer from the places of your reminders and\nevents alone")
}
