/// Builds the JSON text of outgoing messages around results that are already encoded.
public enum Envelope {
    public static func request(id: RequestID, method: String, params: [UInt8]) -> [UInt8] {
        var writer = JSONWriter(capacity: params.count + 64)
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        writer.field("id", id.json)
        writer.field("method", method)
        writer.key(static: "params")
        writer.raw(params)
        writer.endObject()
        return writer.bytes
    }

    public static func result(id: RequestID, _ result: [UInt8]) -> [UInt8] {
        var writer = JSONWriter(capacity: result.count + 40)
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        writer.field("id", id.json)
        writer.key(static: "result")
        writer.raw(result)
        writer.endObject()
        return writer.bytes
    }

    public static func error(id: RequestID?, _ error: ResponseError) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        writer.field("id", id?.json ?? .null)
        writer.key(static: "error")
        error.write(to: &writer)
        writer.endObject()
        return writer.bytes
    }

    public static func notification(method: String, params: [UInt8]) -> [UInt8] {
        var writer = JSONWriter(capacity: params.count + 40)
        writer.beginObject()
        writer.field("jsonrpc", "2.0")
        writer.field("method", method)
        writer.key(static: "params")
        writer.raw(params)
        writer.endObject()
        return writer.bytes
    }

    /// A batch reply: the elements' JSON joined into one array.
    public static func batch(_ elements: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(elements.reduce(2) { $0 + $1.count + 1 })
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: element)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }
}
