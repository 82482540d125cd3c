import RemindersModel

/// Subscribed calendars: each row names the read-only calendar a feed fills (removed with it), where
/// the feed is, what the owner asked of it and what the feed asked (how its refreshes went is
/// kept beside the store, `SubscriptionStatus`, so a refresh that changed nothing commits
/// nothing). Their calendars belong to one source of type
/// `subscribed`, as a Mac's "Subscribed Calendars".
extension CalendarStore {
    private static let subscriptionColumns =
        "calendar, url, username, password_command, password_file, interval, keeps_alarms, feed_interval, stopped"

    /// The colour a subscribed calendar gets unless the owner gives one (Apple's purple).
    public static let subscribedColor = "#CC73E1"

    /// Every subscription, oldest first.
    public func subscriptions() throws(StoreError) -> [CalendarSubscription] {
        try subscriptions(where: "", [])
    }

    /// Every subscription with its calendar, as the calendar is now.
    public func subscribedCalendars() throws(StoreError) -> [(subscription: CalendarSubscription, calendar: ItemCalendar)] {
        try read { () throws(StoreError) in
            var found: [(subscription: CalendarSubscription, calendar: ItemCalendar)] = []
            for subscription in try self.subscriptions() {
                if let calendar = try self.calendar(identifier: subscription.calendarIdentifier) { found.append((subscription, calendar)) }
            }
            return found
        }
    }

    public func subscription(calendar: String) throws(StoreError) -> CalendarSubscription? {
        try subscriptions(where: "WHERE s.calendar = ?", [.text(calendar)]).first
    }

    /// Makes the read-only calendar `title` of `entityType` and the subscription that fills it.
    /// Returns the calendar made.
    public func addSubscription(
        _ subscription: CalendarSubscription, title: String, entityType: EntityType, color: String? = nil, now: Timestamp
    ) throws(StoreError) -> ItemCalendar {
        try write { () throws(StoreError) in
            let calendar = ItemCalendar(
                calendarIdentifier: subscription.calendarIdentifier, title: title, color: color ?? Self.subscribedColor, type: .subscription,
                allowsContentModifications: false, source: nil, entityType: entityType)
            do throws(ValidationError) { try calendar.validate() } catch { throw .invalid(error) }
            let source = try self.sqlite { () throws(SQLiteError) -> String in
                if let source = try self.database.scalar("SELECT identifier FROM sources WHERE type = 'subscribed' LIMIT 1")?.text {
                    return source
                }
                let source = Identifiers.make()
                try self.database.run(
                    "INSERT INTO sources (identifier, title, type) VALUES (?, 'Subscribed Calendars', 'subscribed')", .text(source))
                return source
            }
            try self.insertCalendar(calendar, creationDate: now, source: source)
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run(
                    "INSERT INTO subscriptions (\(Self.subscriptionColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values: Self.values(of: subscription))
            }
            return calendar
        }
    }

    /// Records what changed of a subscription: its address (moved for good), what the feed asks, whether it stopped.
    public func updateSubscription(_ subscription: CalendarSubscription) throws(StoreError) {
        try write { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                try self.database.run("DELETE FROM subscriptions WHERE calendar = ?", .text(subscription.calendarIdentifier))
                try self.database.run(
                    "INSERT INTO subscriptions (\(Self.subscriptionColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values: Self.values(of: subscription))
            }
        }
    }

    /// Removes the subscription and its calendar, with everything in it.
    public func removeSubscription(calendar: String) throws(StoreError) {
        try write { () throws(StoreError) in
            guard try self.subscription(calendar: calendar) != nil else { throw .notFound(kind: "subscription", identifier: calendar) }
            _ = try self.deleteCalendar(identifier: calendar)
            try self.storeDefaultCalendar()
        }
    }

    private static func values(of subscription: CalendarSubscription) -> [SQLValue] {
        [
            .text(subscription.calendarIdentifier), .text(subscription.url), subscription.username.sql, subscription.passwordCommand.sql,
            subscription.passwordFile.sql, .integer(Int64(subscription.interval)), .integer(subscription.keepsAlarms ? 1 : 0),
            subscription.feedInterval.map { Int64($0) }.sql, subscription.stopped.sql,
        ]
    }

    private func subscriptions(where condition: String, _ values: [SQLValue]) throws(StoreError) -> [CalendarSubscription] {
        try read { () throws(StoreError) in
            try self.sqlite { () throws(SQLiteError) in
                let columns = Self.subscriptionColumns.split(separator: ",").map { "s." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                let statement = try self.database.statement(
                    "SELECT \(columns.joined(separator: ", ")) FROM subscriptions s JOIN calendars c ON c.identifier = s.calendar \(condition) "
                        + "ORDER BY c.creation_date, s.calendar")
                defer { statement.reset() }
                try statement.bind(values)
                var found: [CalendarSubscription] = []
                while try statement.step() {
                    func optionalInteger(_ column: Int32) -> Int64? { statement.isNull(column) ? nil : statement.int64(column) }
                    found.append(
                        CalendarSubscription(
                            calendarIdentifier: statement.text(0) ?? "", url: statement.text(1) ?? "", username: statement.text(2),
                            passwordCommand: statement.text(3), passwordFile: statement.text(4), interval: Int(statement.int64(5)),
                            keepsAlarms: statement.int64(6) != 0, feedInterval: optionalInteger(7).map { Int($0) },
                            stopped: statement.text(8)))
                }
                return found
            }
        }
    }
}
