import RemindersCLibdbus

/// A private connection to the session bus, owned by the one thread that uses it: messages sent
/// and popped without libdbus's dispatching (no callbacks into Swift), what arrived read when the
/// descriptor says so.
final class BusConnection {
    private let api: CDBusAPI
    private let pointer: OpaquePointer
    /// The socket, for poll(2).
    let descriptor: Int32

    /// Connects, and asks the bus for the signals `rules` match (the notification server's to this
    /// connection come anyway; some servers broadcast them).
    init(api: CDBusAPI, matching rules: [String]) throws(BusFailure) {
        self.api = api
        var error = CDBusError()
        api.error_init(&error)
        defer { api.error_free(&error) }
        guard let pointer = api.bus_get_private(Int32(CDBUS_BUS_SESSION), &error) else {
            throw .unavailable("no session bus (\(Self.text(of: error)))")
        }
        // libdbus's default for a bus connection is to end the process when the bus goes away.
        api.connection_set_exit_on_disconnect(pointer, 0)
        var descriptor: Int32 = -1
        if api.connection_get_unix_fd(pointer, &descriptor) == 0 {
            api.connection_close(pointer)
            api.connection_unref(pointer)
            throw .unavailable("the session bus connection has no socket")
        }
        for rule in rules {
            api.bus_add_match(pointer, rule, &error)
            if api.error_is_set(&error) != 0 {
                api.connection_close(pointer)
                api.connection_unref(pointer)
                throw .unavailable("the session bus refused to route signals (\(Self.text(of: error)))")
            }
        }
        self.pointer = pointer
        self.descriptor = descriptor
    }

    deinit {
        api.connection_close(pointer)
        api.connection_unref(pointer)
    }

    /// Queues `message` and writes it out; its serial (what its reply names), or nil when the
    /// connection cannot take it.
    func send(_ message: BusMessage) -> UInt32? {
        var serial: UInt32 = 0
        guard api.connection_send(pointer, message.pointer, &serial) != 0 else { return nil }
        api.connection_flush(pointer)
        return serial
    }

    /// Reads what the socket holds, without waiting; false once the bus has gone away.
    func readAvailable() -> Bool {
        api.connection_read_write(pointer, 0) != 0 && api.connection_get_is_connected(pointer) != 0
    }

    /// The next message read and not yet taken (some are read while another call waits).
    func nextMessage() -> BusMessage? {
        api.connection_pop_message(pointer).map { BusMessage(api: api, pointer: $0) }
    }

    var isConnected: Bool { api.connection_get_is_connected(pointer) != 0 }

    private static func text(of error: CDBusError) -> String {
        error.message.map { String(cString: $0) } ?? error.name.map { String(cString: $0) } ?? "unknown error"
    }
}
