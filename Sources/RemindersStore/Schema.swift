/// The store's schema as named, forward-only migrations, applied in order when a store opens.
///
/// A store records the name of each migration applied to it (`schema_migrations`, `MigrationLedger`)
/// and gets, at open, every one of these it has not recorded; one that has recorded a name this
/// version does not know was written by a newer remindersd, and is refused rather than used with
/// a schema this version does not know. A name, once released, never changes: it is what a store
/// remembers. (`PRAGMA user_version` still counts them, for remindersd from before the names, which
/// refuses a store with a higher count; a store from then is taken to have the first that many.)
enum Schema {
    /// "REMD": marks the file as a remindersd store, so another program's SQLite file is never taken over.
    static let applicationID: Int32 = 0x5245_4D44

    static let migrations: [(name: String, sql: String)] = [
        (
            "v1 lists, reminders, alarms, authorizations",
            """
            CREATE TABLE sources (
                identifier TEXT PRIMARY KEY,
                title TEXT NOT NULL,
                type TEXT NOT NULL
            );
            CREATE TABLE calendars (
                identifier TEXT PRIMARY KEY,
                source TEXT NOT NULL REFERENCES sources(identifier),
                title TEXT NOT NULL,
                color TEXT NOT NULL,
                type TEXT NOT NULL,
                allows_modifications INTEGER NOT NULL,
                creation_date INTEGER NOT NULL
            );
            CREATE TABLE settings (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            );
            CREATE TABLE reminders (
                id INTEGER PRIMARY KEY,
                identifier TEXT NOT NULL UNIQUE,
                external_identifier TEXT NOT NULL,
                calendar TEXT NOT NULL REFERENCES calendars(identifier) ON DELETE CASCADE,
                title TEXT NOT NULL,
                notes TEXT,
                url TEXT,
                location TEXT,
                priority INTEGER NOT NULL,
                start_date TEXT,
                due_date TEXT,
                due_at INTEGER,
                due_wall INTEGER,
                completed INTEGER NOT NULL,
                completion_date INTEGER,
                creation_date INTEGER NOT NULL,
                last_modified INTEGER NOT NULL,
                time_zone TEXT,
                recurrence TEXT,
                alarm_count INTEGER NOT NULL
            );
            CREATE INDEX reminders_by_calendar ON reminders(calendar);
            CREATE INDEX reminders_by_external_identifier ON reminders(external_identifier);
            CREATE INDEX reminders_by_due_at ON reminders(completed, due_at) WHERE due_at IS NOT NULL;
            CREATE INDEX reminders_by_due_wall ON reminders(completed, due_wall) WHERE due_wall IS NOT NULL;
            CREATE INDEX reminders_by_completion ON reminders(completion_date) WHERE completion_date IS NOT NULL;
            CREATE TABLE alarms (
                reminder INTEGER NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                identifier TEXT NOT NULL,
                relative_offset REAL,
                absolute_date INTEGER,
                location_title TEXT,
                latitude REAL,
                longitude REAL,
                radius REAL,
                proximity TEXT NOT NULL,
                PRIMARY KEY (reminder, position)
            ) WITHOUT ROWID;
            CREATE TABLE authorizations (
                client TEXT NOT NULL,
                entity_type TEXT NOT NULL,
                status TEXT NOT NULL,
                PRIMARY KEY (client, entity_type)
            ) WITHOUT ROWID;
            """
        ),
        // An all-day date is the reader's day whatever zone it was saved with (issue 16): dates saved
        // with a zone by earlier versions lose it, and become floating rows (due_wall, not due_at).
        // Stored dates read `2026-06-15`, `2026-06-15T09…` or `2026-06-15 Zone`: a space after the
        // day marks an all-day date with a zone.
        (
            "v2 all-day dates carry no time zone",
            """
            UPDATE reminders SET due_date = substr(due_date, 1, 10), due_at = NULL,
                due_wall = CAST(round((julianday(substr(due_date, 1, 10)) - 2440587.5) * 86400) AS INTEGER)
            WHERE substr(due_date, 11, 1) = ' ';
            UPDATE reminders SET start_date = substr(start_date, 1, 10)
            WHERE substr(start_date, 11, 1) = ' ';
            """
        ),
        // Beyond EventKit (issue 12): flags, one level of subtasks (removed with their parent), tags
        // (a column to read them with the row, a table to find reminders by them), and a full-text
        // index of titles and notes that follows every change of a row.
        (
            "v3 flags, subtasks, tags, full-text search",
            """
            ALTER TABLE reminders ADD COLUMN flagged INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE reminders ADD COLUMN parent TEXT REFERENCES reminders(identifier) ON DELETE CASCADE;
            ALTER TABLE reminders ADD COLUMN tags TEXT;
            CREATE INDEX reminders_by_parent ON reminders(parent) WHERE parent IS NOT NULL;
            CREATE INDEX reminders_by_flag ON reminders(completed, flagged) WHERE flagged = 1;
            CREATE TABLE reminder_tags (
                reminder INTEGER NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                folded TEXT NOT NULL,
                PRIMARY KEY (folded, reminder)
            ) WITHOUT ROWID;
            CREATE INDEX reminder_tags_by_reminder ON reminder_tags(reminder);
            CREATE VIRTUAL TABLE reminders_fts USING fts5(
                title, notes, content='reminders', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
            INSERT INTO reminders_fts(reminders_fts) VALUES ('rebuild');
            CREATE TRIGGER reminders_fts_after_insert AFTER INSERT ON reminders BEGIN
                INSERT INTO reminders_fts (rowid, title, notes) VALUES (new.id, new.title, new.notes);
            END;
            CREATE TRIGGER reminders_fts_after_delete AFTER DELETE ON reminders BEGIN
                INSERT INTO reminders_fts (reminders_fts, rowid, title, notes) VALUES ('delete', old.id, old.title, old.notes);
            END;
            CREATE TRIGGER reminders_fts_after_update AFTER UPDATE OF title, notes ON reminders
            WHEN old.title IS NOT new.title OR old.notes IS NOT new.notes BEGIN
                INSERT INTO reminders_fts (reminders_fts, rowid, title, notes) VALUES ('delete', old.id, old.title, old.notes);
                INSERT INTO reminders_fts (rowid, title, notes) VALUES (new.id, new.title, new.notes);
            END;
            """
        ),
        // The store's writes keep the index from now on (see FullTextIndex.swift): with triggers,
        // FTS5 flushed a segment per inserted row, and a 100k-row commit took five times as long.
        (
            "v4 the full-text index kept by the store's writes, deletes by trigger",
            """
            DROP TRIGGER reminders_fts_after_insert;
            DROP TRIGGER reminders_fts_after_update;
            """
        ),
        // Issue 10: a reminder read from iCalendar keeps the calendar object it came from (opaque
        // text here), so that what remindersd does not map is written back unchanged.
        (
            "v5 the calendar objects reminders were read from",
            """
            CREATE TABLE reminder_icalendar (
                reminder INTEGER PRIMARY KEY REFERENCES reminders(id) ON DELETE CASCADE,
                text TEXT NOT NULL
            );
            """
        ),
        // Issue 10: CalDAV accounts (no secrets: how to get the password, never the password), the
        // collections synced as lists, and per item what was last synced — the tombstone of a
        // reminder removed here is its item whose reminder became NULL, and a list removed here
        // leaves its collection's href until the sync removes the collection there.
        (
            "v6 CalDAV accounts and sync state",
            """
            CREATE TABLE accounts (
                name TEXT PRIMARY KEY,
                url TEXT NOT NULL,
                username TEXT,
                password_command TEXT,
                password_file TEXT,
                timeout REAL NOT NULL,
                source TEXT NOT NULL REFERENCES sources(identifier),
                home TEXT,
                created INTEGER NOT NULL
            );
            CREATE TABLE sync_collections (
                calendar TEXT PRIMARY KEY REFERENCES calendars(identifier) ON DELETE CASCADE,
                account TEXT NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
                href TEXT,
                sync_token TEXT,
                ctag TEXT,
                title TEXT,
                color TEXT,
                UNIQUE (account, href)
            );
            CREATE TABLE sync_items (
                calendar TEXT NOT NULL REFERENCES sync_collections(calendar) ON DELETE CASCADE,
                href TEXT NOT NULL,
                etag TEXT,
                reminder TEXT REFERENCES reminders(identifier) ON DELETE SET NULL,
                kind TEXT NOT NULL,
                synced_modified INTEGER,
                PRIMARY KEY (calendar, href)
            ) WITHOUT ROWID;
            CREATE INDEX sync_items_by_reminder ON sync_items(reminder) WHERE reminder IS NOT NULL;
            CREATE TABLE sync_removed_collections (
                account TEXT NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
                href TEXT NOT NULL,
                sync_token TEXT,
                ctag TEXT,
                PRIMARY KEY (account, href)
            ) WITHOUT ROWID;
            """
        ),
        // Issue 11: every alarm the agent decided to fire, once per (reminder, alarm, occurrence) —
        // the occurrence being the due date it belonged to, so a moved or advanced reminder fires anew.
        (
            "v7 alarm deliveries",
            """
            CREATE TABLE alarm_deliveries (
                reminder TEXT NOT NULL,
                alarm TEXT NOT NULL,
                occurrence INTEGER NOT NULL,
                fire_date INTEGER NOT NULL,
                state TEXT NOT NULL,
                late INTEGER NOT NULL,
                snoozed_until INTEGER,
                reason TEXT,
                payload TEXT,
                delivered_at INTEGER,
                updated INTEGER NOT NULL,
                PRIMARY KEY (reminder, alarm, occurrence)
            ) WITHOUT ROWID;
            CREATE INDEX alarm_deliveries_by_state ON alarm_deliveries(state) WHERE state IN ('firing', 'snoozed');
            CREATE INDEX alarm_deliveries_by_delivery ON alarm_deliveries(delivered_at) WHERE delivered_at IS NOT NULL;
            """
        ),
        // Issue 11: the side of its fence each location alarm last saw the person on, with the
        // fence it was seen for (an edited fence starts afresh) and the fix's time (an older fix
        // arriving late changes nothing), so that a restart never fires a crossing again.
        (
            "v8 geofence sides",
            """
            CREATE TABLE geofence_sides (
                reminder TEXT NOT NULL,
                alarm TEXT NOT NULL,
                inside INTEGER NOT NULL,
                latitude REAL NOT NULL,
                longitude REAL NOT NULL,
                radius REAL NOT NULL,
                seen INTEGER NOT NULL,
                PRIMARY KEY (reminder, alarm)
            ) WITHOUT ROWID;
            """
        ),
        // Issue 11: when each time alarm fires, kept with the alarm so that the agent finds what is
        // due in a window through an index instead of reading every reminder: `fire_at` an instant
        // (an absolute alarm, or a relative one of a zoned due date), `fire_wall` a wall-clock time
        // as UTC milliseconds (a relative alarm of a floating or all-day due date, read in the
        // agent's zone). Both are rewritten with the alarms, which every save of a reminder does.
        (
            "v9 alarm fire times",
            """
            ALTER TABLE alarms ADD COLUMN fire_at INTEGER;
            ALTER TABLE alarms ADD COLUMN fire_wall INTEGER;
            UPDATE alarms SET fire_at = absolute_date WHERE absolute_date IS NOT NULL;
            UPDATE alarms SET
                fire_at = (SELECT due_at FROM reminders WHERE id = alarms.reminder) + CAST(round(relative_offset * 1000) AS INTEGER),
                fire_wall = (SELECT due_wall FROM reminders WHERE id = alarms.reminder) * 1000 + CAST(round(relative_offset * 1000) AS INTEGER)
            WHERE relative_offset IS NOT NULL;
            CREATE INDEX alarms_by_fire_at ON alarms(fire_at) WHERE fire_at IS NOT NULL;
            CREATE INDEX alarms_by_fire_wall ON alarms(fire_wall) WHERE fire_wall IS NOT NULL;
            """
        ),
        // Issue 13: a calendar holds reminders or events, as EventKit makes them; a store that had
        // lists only gets the event calendar a fresh one starts with.
        (
            "v10 calendars of events",
            """
            ALTER TABLE calendars ADD COLUMN entity_type TEXT NOT NULL DEFAULT 'reminder';
            INSERT INTO calendars (identifier, source, title, color, type, allows_modifications, creation_date, entity_type)
            SELECT upper(substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-A' || substr(h, 18, 3) || '-' || substr(h, 21, 12)),
                   (SELECT identifier FROM sources WHERE type = 'local' ORDER BY rowid LIMIT 1), 'Calendar', '#FF2968', 'local', 1,
                   CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), 'event'
            FROM (SELECT lower(hex(randomblob(16))) AS h)
            WHERE EXISTS (SELECT 1 FROM sources WHERE type = 'local');
            """
        ),
        // Issue 13: events — a series (or one event) a row, its start as date components (with
        // start_at for a zoned start, start_wall for a floating or all-day one, as reminders' due
        // dates) and its length; removed occurrences as keys; a detached occurrence a row of its
        // own naming its series (removed with it) and the occurrence it replaces.
        (
            "v11 events",
            """
            CREATE TABLE events (
                id INTEGER PRIMARY KEY,
                identifier TEXT NOT NULL UNIQUE,
                external_identifier TEXT NOT NULL,
                calendar TEXT NOT NULL REFERENCES calendars(identifier) ON DELETE CASCADE,
                title TEXT NOT NULL,
                notes TEXT,
                url TEXT,
                location_title TEXT,
                latitude REAL,
                longitude REAL,
                radius REAL,
                start_date TEXT NOT NULL,
                start_at INTEGER,
                start_wall INTEGER,
                duration INTEGER NOT NULL,
                availability TEXT NOT NULL,
                status TEXT NOT NULL,
                recurrence TEXT,
                exceptions TEXT,
                series TEXT REFERENCES events(identifier) ON DELETE CASCADE,
                original_occurrence INTEGER,
                creation_date INTEGER NOT NULL,
                last_modified INTEGER NOT NULL
            );
            CREATE INDEX events_by_calendar ON events(calendar);
            CREATE INDEX events_by_series ON events(series) WHERE series IS NOT NULL;
            CREATE TABLE event_alarms (
                event INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                identifier TEXT NOT NULL,
                relative_offset REAL,
                absolute_date INTEGER,
                location_title TEXT,
                latitude REAL,
                longitude REAL,
                radius REAL,
                proximity TEXT NOT NULL,
                PRIMARY KEY (event, position)
            ) WITHOUT ROWID;
            """
        ),
        // Issue 13: event collections sync like task collections. A collection holding both kinds
        // is a reminder list and an event calendar here (EventKit's calendars hold one kind), so
        // a collection's href is unique per entity type; an item names its reminder or its event.
        // SQLite cannot change a constraint in place: both tables are made again and copied (the
        // items first, so dropping the collections cascades to nothing).
        (
            "v12 event collections synced",
            """
            CREATE TABLE sync_collections_v12 (
                calendar TEXT PRIMARY KEY REFERENCES calendars(identifier) ON DELETE CASCADE,
                account TEXT NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
                entity_type TEXT NOT NULL,
                href TEXT,
                sync_token TEXT,
                ctag TEXT,
                title TEXT,
                color TEXT,
                UNIQUE (account, href, entity_type)
            );
            INSERT INTO sync_collections_v12 (calendar, account, entity_type, href, sync_token, ctag, title, color)
                SELECT calendar, account, 'reminder', href, sync_token, ctag, title, color FROM sync_collections;
            CREATE TABLE sync_items_v12 (
                calendar TEXT NOT NULL REFERENCES sync_collections_v12(calendar) ON DELETE CASCADE,
                href TEXT NOT NULL,
                etag TEXT,
                reminder TEXT REFERENCES reminders(identifier) ON DELETE SET NULL,
                event TEXT REFERENCES events(identifier) ON DELETE SET NULL,
                kind TEXT NOT NULL,
                synced_modified INTEGER,
                PRIMARY KEY (calendar, href)
            ) WITHOUT ROWID;
            INSERT INTO sync_items_v12 (calendar, href, etag, reminder, kind, synced_modified)
                SELECT calendar, href, etag, reminder, kind, synced_modified FROM sync_items;
            DROP TABLE sync_items;
            DROP TABLE sync_collections;
            ALTER TABLE sync_collections_v12 RENAME TO sync_collections;
            ALTER TABLE sync_items_v12 RENAME TO sync_items;
            CREATE INDEX sync_items_by_reminder ON sync_items(reminder) WHERE reminder IS NOT NULL;
            CREATE INDEX sync_items_by_event ON sync_items(event) WHERE event IS NOT NULL;
            CREATE TABLE event_icalendar (
                event TEXT PRIMARY KEY REFERENCES events(identifier) ON DELETE CASCADE,
                text TEXT NOT NULL
            ) WITHOUT ROWID;
            """
        ),
        // Issue 13: an event alarm's fire time, kept as a reminder alarm's is (v9), so that the
        // agent reads the alarms of its window instead of every event's. Only for one event or a
        // detached occurrence: a series' alarms fire at each occurrence, found by expanding it —
        // unless the series ended before the window (`last_alarm_fire`, worked out when a series
        // is written; NULL for series written before, which stay candidates until rewritten).
        (
            "v13 event alarm fire times",
            """
            ALTER TABLE events ADD COLUMN last_alarm_fire INTEGER;
            ALTER TABLE event_alarms ADD COLUMN fire_at INTEGER;
            ALTER TABLE event_alarms ADD COLUMN fire_wall INTEGER;
            UPDATE event_alarms SET fire_at = absolute_date WHERE absolute_date IS NOT NULL;
            UPDATE event_alarms SET
                fire_at = (SELECT start_at FROM events WHERE id = event_alarms.event) + CAST(round(relative_offset * 1000) AS INTEGER),
                fire_wall = (SELECT start_wall FROM events WHERE id = event_alarms.event) * 1000 + CAST(round(relative_offset * 1000) AS INTEGER)
            WHERE relative_offset IS NOT NULL AND (SELECT recurrence FROM events WHERE id = event_alarms.event) IS NULL;
            CREATE INDEX event_alarms_by_fire_at ON event_alarms(fire_at) WHERE fire_at IS NOT NULL;
            CREATE INDEX event_alarms_by_fire_wall ON event_alarms(fire_wall) WHERE fire_wall IS NOT NULL;
            CREATE INDEX events_recurring ON events(last_alarm_fire) WHERE recurrence IS NOT NULL;
            """
        ),
        // Issue 26: a grant is for a client's name and the program that runs it. Grants made
        // before were for the name from any program, and stay so ('*'), so nobody loses access.
        // A `notDetermined` row records a program that asked and could not be answered, so the
        // owner sees who asked (`permissions list`) and can grant it.
        (
            "v14 authorizations per program",
            """
            CREATE TABLE program_authorizations (
                client TEXT NOT NULL,
                entity_type TEXT NOT NULL,
                program TEXT NOT NULL,
                status TEXT NOT NULL,
                PRIMARY KEY (client, entity_type, program)
            ) WITHOUT ROWID;
            INSERT INTO program_authorizations (client, entity_type, program, status)
                SELECT client, entity_type, '*', status FROM authorizations;
            DROP TABLE authorizations;
            ALTER TABLE program_authorizations RENAME TO authorizations;
            """
        ),
        // Issue 24: the manual order of Apple's Reminders app (X-APPLE-SORT-ORDER), kept so that
        // a list synced with a phone can be read in the order the person put it in.
        (
            "v15 reminder sort order",
            """
            ALTER TABLE reminders ADD COLUMN sort_order INTEGER;
            """
        ),
        // Issue 24: a dismissal or snooze made here, until a sync wrote it into the item on the
        // server (RFC 9074 ACKNOWLEDGED, a snooze alarm), so other devices stop ringing too.
        (
            "v16 alarm state to share",
            """
            ALTER TABLE alarm_deliveries ADD COLUMN to_share INTEGER;
            CREATE INDEX alarm_deliveries_to_share ON alarm_deliveries(reminder) WHERE to_share IS NOT NULL;
            """
        ),
        // A reminder's kept calendar object is the base of a sync's merge only for the collection
        // it was synced with: one moved to another list and uploaded there has another's text.
        (
            "v17 kept calendar object's href",
            """
            ALTER TABLE reminder_icalendar ADD COLUMN href TEXT;
            """
        ),
        // Issue 34: a recurring reminder as the person's other clients write it — occurrences
        // removed, added, done or changed elsewhere, and how completing one is written (`series`);
        // the occurrence the deliveries ledger keys its decisions by, a series without a due date
        // counting from its start (`occurrence_key`, what was `coalesce(due_at, due_wall * 1000, 0)`);
        // alarms that count from the start (RELATED=START), as Evolution and jtx Board write them.
        (
            "v18 reminder series",
            """
            ALTER TABLE reminders ADD COLUMN series TEXT;
            ALTER TABLE reminders ADD COLUMN occurrence_key INTEGER NOT NULL DEFAULT 0;
            UPDATE reminders SET occurrence_key = coalesce(due_at, due_wall * 1000, 0);
            ALTER TABLE alarms ADD COLUMN relative_to TEXT;
            ALTER TABLE event_alarms ADD COLUMN relative_to TEXT;
            ALTER TABLE sync_items ADD COLUMN parent_uid TEXT;
            """
        ),
        // Issue 35: a program that could not be identified is "(unknown)", and every other such
        // program is too: a grant to it held for all of them. None is kept (nor made any more).
        (
            "v19 no grant for an unknown program",
            """
            DELETE FROM authorizations WHERE program = '(unknown)';
            """
        ),
        // Issue 38: every change to a reminder or a list, who made it and what the item was before
        // (a copy of its rows — the reminder's, its alarms', its kept calendar object and its sync
        // link; a list's with its collection and items), so that a change can be undone and a
        // removed item restored. The trash is the removals whose item is still gone. No index of
        // every change by item: a random key in each save's transaction cost saves a quarter of
        // their speed (bench workloads 2 and 3); an item's changes are found from a change on, by
        // number, and removals by item through their own index.
        (
            "v20 history of changes",
            """
            CREATE TABLE change_authors (
                id INTEGER PRIMARY KEY,
                client TEXT NOT NULL,
                program TEXT NOT NULL,
                account TEXT NOT NULL,
                UNIQUE (client, program, account)
            );
            CREATE TABLE changes (
                id INTEGER PRIMARY KEY,
                part_of INTEGER,
                time INTEGER NOT NULL,
                author INTEGER NOT NULL,
                action TEXT NOT NULL,
                kind TEXT NOT NULL,
                item TEXT NOT NULL,
                title TEXT NOT NULL,
                calendar TEXT,
                after_modified INTEGER,
                undoes INTEGER
            );
            CREATE INDEX changes_by_part ON changes(part_of) WHERE part_of IS NOT NULL;
            CREATE INDEX changes_removed ON changes(id) WHERE action = 'removed';
            CREATE INDEX changes_removed_by_item ON changes(item) WHERE action = 'removed';
            CREATE INDEX changes_by_undone ON changes(undoes) WHERE undoes IS NOT NULL;
            CREATE TABLE change_reminders (
                change INTEGER PRIMARY KEY,
                id, identifier, external_identifier, calendar, title, notes, url, location, priority,
                start_date, due_date, due_at, due_wall, completed, completion_date, creation_date, last_modified,
                time_zone, recurrence, alarm_count, flagged, parent, tags, sort_order, series, occurrence_key,
                icalendar TEXT, icalendar_href TEXT, sync_calendar TEXT, sync_href TEXT
            );
            CREATE TABLE change_alarms (
                change INTEGER NOT NULL,
                position INTEGER NOT NULL,
                identifier, relative_offset, absolute_date, location_title, latitude, longitude, radius, proximity,
                relative_to, fire_at, fire_wall,
                PRIMARY KEY (change, position)
            ) WITHOUT ROWID;
            CREATE TABLE change_calendars (
                change INTEGER PRIMARY KEY,
                identifier, source, title, color, type, allows_modifications, creation_date, entity_type,
                was_default INTEGER NOT NULL,
                sync_account TEXT, sync_href TEXT, sync_token TEXT, sync_ctag TEXT, sync_title TEXT, sync_color TEXT
            );
            CREATE TABLE change_sync_items (
                change INTEGER NOT NULL,
                href TEXT NOT NULL,
                etag, reminder, kind, synced_modified, parent_uid,
                PRIMARY KEY (change, href)
            ) WITHOUT ROWID;
            """
        ),
        // Issue 38: events and event calendars in the history too. A copy of an event is its row
        // (the columns of `events`) with its calendar object and sync link; a series' detached
        // occurrences are parts of its removal, each with its own copy.
        (
            "v21 history of events",
            """
            CREATE TABLE change_events (
                change INTEGER PRIMARY KEY,
                id, identifier, external_identifier, calendar, title, notes, url, location_title, latitude, longitude, radius,
                start_date, start_at, start_wall, duration, availability, status, recurrence, exceptions, series, original_occurrence,
                creation_date, last_modified, last_alarm_fire,
                icalendar TEXT, sync_calendar TEXT, sync_href TEXT
            );
            CREATE TABLE change_event_alarms (
                change INTEGER NOT NULL,
                position INTEGER NOT NULL,
                identifier, relative_offset, absolute_date, location_title, latitude, longitude, radius, proximity,
                relative_to, fire_at, fire_wall,
                PRIMARY KEY (change, position)
            ) WITHOUT ROWID;
            ALTER TABLE change_sync_items ADD COLUMN event TEXT;
            """
        ),
        // Issue 39: a grant can be for chosen lists only. `scoped` says it is (so a grant whose
        // lists were all removed sees none, not all); the lists are kept by identifier, and one
        // removed drops out of the scope because only existing calendars are read.
        (
            "v22 grants for chosen lists",
            """
            ALTER TABLE authorizations ADD COLUMN scoped INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE authorization_scopes (
                client TEXT NOT NULL,
                entity_type TEXT NOT NULL,
                program TEXT NOT NULL,
                calendar TEXT NOT NULL,
                read_only INTEGER NOT NULL,
                PRIMARY KEY (client, entity_type, program, calendar)
            ) WITHOUT ROWID;
            """
        ),
        // Issue 37: an invitation's organizer and attendees, read-only as EventKit's; one text
        // (`Event.participantsStorageText`), NULL for the events that have none. An account may
        // say the address invitations reach the person at (who `isCurrentUser` is).
        (
            "v23 event participants",
            """
            ALTER TABLE events ADD COLUMN participants TEXT;
            ALTER TABLE change_events ADD COLUMN participants;
            ALTER TABLE accounts ADD COLUMN address TEXT;
            """
        ),
        // Issue 54: one undo per thing done. The changes one commit (or one undo) records are one
        // undo group, named by the first (NULL on the first itself, and on a change made alone).
        (
            "v24 undo groups",
            """
            ALTER TABLE changes ADD COLUMN undo_group INTEGER;
            CREATE INDEX changes_by_undo_group ON changes(undo_group) WHERE undo_group IS NOT NULL;
            """
        ),
        // Issue 54: the default list reaches the phone. What an account's next sync makes the
        // list new reminders go to ('' : one it chooses; NULL: nothing to do).
        ("v25 an account's default list", "ALTER TABLE accounts ADD COLUMN default_list TEXT;"),
        // Issue 49: a move is recorded under both lists — `from_calendar` is the one it left — so a
        // client granted chosen lists sees and undoes it only when it sees both.
        ("v26 the list a move left", "ALTER TABLE changes ADD COLUMN from_calendar TEXT;"),
        // Issue 49: a grant for chosen lists lets the client change what is in them; renaming or
        // removing the lists themselves only when the owner said so (`--manage-lists`).
        ("v27 grants that manage their lists", "ALTER TABLE authorizations ADD COLUMN manages_lists INTEGER NOT NULL DEFAULT 0;"),
        // Issue 51: the desktop's calendar apps reach the store over CalDAV, each with a password
        // made for it, kept only as its yescrypt hash; its grant is an `authorizations` row like
        // any client's (program `caldav`). What an app last PUT is kept beside the item, under the
        // name it chose, apart from the object the sync keeps (the base of its merges).
        (
            "v28 CalDAV apps",
            """
            CREATE TABLE dav_apps (
                name TEXT PRIMARY KEY,
                password_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE dav_objects (
                item TEXT PRIMARY KEY,
                calendar TEXT NOT NULL,
                name TEXT NOT NULL,
                text TEXT NOT NULL,
                UNIQUE (calendar, name)
            ) WITHOUT ROWID;
            """
        ),
        // Issue 51: a calendar an app made (MKCALENDAR) is found at the path it chose for it.
        (
            "v29 CalDAV collection names",
            """
            CREATE TABLE dav_collections (
                calendar TEXT PRIMARY KEY,
                name TEXT NOT NULL UNIQUE
            ) WITHOUT ROWID;
            """
        ),
        // Issue 52: an .ics address subscribed to fills a read-only calendar of its own.
        (
            "v30 subscribed calendars",
            """
            CREATE TABLE subscriptions (
                calendar TEXT PRIMARY KEY REFERENCES calendars(identifier) ON DELETE CASCADE,
                url TEXT NOT NULL,
                username TEXT,
                password_command TEXT,
                password_file TEXT,
                interval INTEGER NOT NULL,
                keeps_alarms INTEGER NOT NULL,
                feed_interval INTEGER,
                stopped TEXT
            ) WITHOUT ROWID;
            """
        ),
    ]

    static var currentVersion: Int32 { Int32(migrations.count) }

    /// The tables the migrations leave (the full-text index's own shadow tables aside): a store
    /// that has every migration but lacks one of these is damaged, and is refused so when opened
    /// rather than failing at the first statement that needs it. `SchemaTests` checks this against
    /// what the migrations make.
    static let tables: Set<String> = [
        "sources", "calendars", "settings", "reminders", "alarms", "authorizations", "reminder_tags", "reminders_fts",
        "reminder_icalendar", "accounts", "sync_collections", "sync_items", "sync_removed_collections", "alarm_deliveries",
        "geofence_sides", "events", "event_alarms", "event_icalendar", "schema_migrations", "change_authors", "changes",
        "change_reminders", "change_alarms", "change_calendars", "change_sync_items", "change_events", "change_event_alarms",
        "authorization_scopes", "dav_apps", "dav_objects", "dav_collections", "subscriptions",
    ]
}
