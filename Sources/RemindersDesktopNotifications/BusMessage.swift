import RemindersCLibdbus

/// A D-Bus message owned by this value's holder (unreferenced by `release`), with what the
/// notification server's calls, replies and signals need: basic arguments read in order, and the
/// `Notify` call's arguments written.
struct BusMessage {
    let api: CDBusAPI
    let pointer: OpaquePointer

    func release() { api.message_unref(pointer) }

    var type: Int32 { api.message_get_type(pointer) }
    var interface: String? { api.message_get_interface(pointer).map { String(cString: $0) } }
    var member: String? { api.message_get_member(pointer).map { String(cString: $0) } }
    var sender: String? { api.message_get_sender(pointer).map { String(cString: $0) } }
    var errorName: String? { api.message_get_error_name(pointer).map { String(cString: $0) } }
    var replySerial: UInt32 { api.message_get_reply_serial(pointer) }

    /// An argument read from the message: a string, or a 32-bit unsigned number.
    enum Argument: Equatable {
        case string(String)
        case uint32(UInt32)
        case other(Int32)
    }

    /// Its top-level arguments, in order (containers named only by their type code).
    var arguments: [Argument] {
        var iterator = CDBusMessageIter()
        guard api.message_iter_init(pointer, &iterator) != 0 else { return [] }
        var arguments: [Argument] = []
        repeat {
            let type = api.message_iter_get_arg_type(&iterator)
            switch type {
            case Int32(CDBUS_TYPE_STRING):
                var text: UnsafePointer<CChar>?
                api.message_iter_get_basic(&iterator, &text)
                arguments.append(.string(text.map { String(cString: $0) } ?? ""))
            case Int32(CDBUS_TYPE_UINT32):
                var number: UInt32 = 0
                api.message_iter_get_basic(&iterator, &number)
                arguments.append(.uint32(number))
            case Int32(CDBUS_TYPE_INVALID):
                return arguments
            default:
                arguments.append(.other(type))
            }
        } while api.message_iter_next(&iterator) != 0
        return arguments
    }

    /// A method call to `destination`, with its arguments written by `write`; nil when libdbus
    /// is out of memory.
    static func call(
        _ api: CDBusAPI, destination: String, path: String, interface: String, method: String, write: (inout ArgumentWriter) -> Bool
    ) -> BusMessage? {
        guard let pointer = api.message_new_method_call(destination, path, interface, method) else { return nil }
        let message = BusMessage(api: api, pointer: pointer)
        var writer = ArgumentWriter(api: api)
        api.message_iter_init_append(pointer, &writer.iterator)
        guard write(&writer) else {
            message.release()
            return nil
        }
        return message
    }
}

/// Appends arguments to a message being built; each returns false when libdbus could not.
struct ArgumentWriter {
    let api: CDBusAPI
    var iterator = CDBusMessageIter()

    mutating func string(_ text: String) -> Bool {
        // D-Bus strings are UTF-8 without NUL: a NUL would end the text early, so it is dropped.
        let clean = text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "") : text
        return clean.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            return api.message_iter_append_basic(&iterator, Int32(CDBUS_TYPE_STRING), &pointer) != 0
        }
    }

    mutating func uint32(_ number: UInt32) -> Bool {
        var value = number
        return api.message_iter_append_basic(&iterator, Int32(CDBUS_TYPE_UINT32), &value) != 0
    }

    mutating func int32(_ number: Int32) -> Bool {
        var value = number
        return api.message_iter_append_basic(&iterator, Int32(CDBUS_TYPE_INT32), &value) != 0
    }

    mutating func byte(_ number: UInt8) -> Bool {
        var value = number
        return api.message_iter_append_basic(&iterator, Int32(CDBUS_TYPE_BYTE), &value) != 0
    }

    /// A container (`type` with `signature` inside, nil for a dict entry) filled by `fill`.
    mutating func container(_ type: Int32, _ signature: String?, _ fill: (inout ArgumentWriter) -> Bool) -> Bool {
        var inner = ArgumentWriter(api: api)
        let opened =
            signature.map { signature in signature.withCString { api.message_iter_open_container(&iterator, type, $0, &inner.iterator) } }
            ?? api.message_iter_open_container(&iterator, type, nil, &inner.iterator)
        guard opened != 0 else { return false }
        let filled = fill(&inner)
        return api.message_iter_close_container(&iterator, &inner.iterator) != 0 && filled
    }

    mutating func strings(_ items: [String]) -> Bool {
        container(Int32(CDBUS_TYPE_ARRAY), "s") { writer in items.allSatisfy { writer.string($0) } }
    }
}
