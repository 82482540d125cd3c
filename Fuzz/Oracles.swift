/// One fuzz input run through the transport's read path, with invariants checked on the way.
///
/// The input is the byte stream a client writes. It is decoded twice: in one read, and in
/// reads whose sizes come from the input itself. Both must yield the same frames, because
/// protocol.md promises that frames may arrive split across any number of reads.
struct FuzzRun {
    let input: [UInt8]
    /// Inputs of odd length get a limit small enough to reach the over-the-limit paths in both
    /// framings; even ones a limit no fuzz input reaches, so that long documents get parsed.
    let maxMessageSize: Int
    let limits: Limits

    init(_ input: [UInt8]) {
        self.input = input
        maxMessageSize = input.count % 2 == 1 ? 300 : 1 << 16
        limits = Limits(maxMessageSize: maxMessageSize, maxDepth: 16, maxBatch: 8)
    }

    func check() {
        let whole = decode(chunkSizes: [max(1, input.count)])
        let split = decode(chunkSizes: chunkSizes())
        require(
            whole == split,
            "frames depend on how the reads split the stream:\n  one read: \(Self.describe(whole))\n  split:    \(Self.describe(split))")

        let reader = InboundReader(limits: limits, cancellation: CancellationTracker())
        for output in whole {
            guard case .message(let body) = output else { continue }
            require(body.count <= maxMessageSize, "a frame over the limit was delivered")
            checkValue(body)
            if let inbound = reader.inbound(from: body) { checkReplies(to: inbound) }
        }
    }

    private static func describe(_ outputs: [FrameDecoder.Output]) -> String {
        outputs.map {
            switch $0 {
            case .message(let body): return "message(\(String(decoding: body.prefix(40), as: UTF8.self).debugDescription))"
            case .error(let error): return "error(\(error))"
            }
        }.joined(separator: ", ")
    }

    /// Read sizes from 1 to 64 bytes, drawn from the input so that each input splits its own way.
    private func chunkSizes() -> [Int] {
        var state = UInt64(truncatingIfNeeded: input.count) &* 0x9E37_79B9_7F4A_7C15 | 1
        for byte in input.prefix(16) { state = (state ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return (0..<32).map { _ in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % 64) + 1
        }
    }

    private func decode(chunkSizes: [Int]) -> [FrameDecoder.Output] {
        var decoder = FrameDecoder(maxMessageSize: maxMessageSize)
        var outputs: [FrameDecoder.Output] = []
        var offset = 0, turn = 0
        while offset < input.count {
            let end = min(input.count, offset + chunkSizes[turn % chunkSizes.count])
            decoder.append(Array(input[offset..<end]))
            while let output = decoder.next() { outputs.append(output) }
            // Memory stays bounded by the limit, however long a line or body is: at most the
            // consumed prefix kept until compaction (64 KiB), one unfinished frame, one read.
            let bound = (1 << 16) + max(FrameDecoder.maxHeaderLine, maxMessageSize + 2) + 64
            require(decoder.buffer.count <= bound, "the decoder buffered \(decoder.buffer.count) bytes")
            offset = end
            turn += 1
        }
        if let last = decoder.finish() { outputs.append(last) }
        return outputs
    }

    /// A parsed value survives writing and reading back, and its text never holds a raw newline.
    private func checkValue(_ body: [UInt8]) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body, maxDepth: limits.maxDepth)
        } catch {
            // The skimmer checks less than the parser: it may take such a text apart, never crash on it.
            _ = body.withUnsafeBufferPointer { try? JSONSkimmer.outline(of: 0..<$0.count, in: $0, levels: 3, maxDepth: limits.maxDepth) }
            return require(error.offset >= 0 && error.offset <= body.count, "error offset \(error.offset) outside the input")
        }
        checkLookups(value)
        checkSkim(body, value)
        checkReframing(body)
        var writer = JSONWriter()
        writer.value(value)
        let text = writer.bytes
        require(!text.contains(0x0A) && !text.contains(0x0D), "written JSON holds a raw line break")
        guard let reread = try? JSONParser.parse(text, maxDepth: limits.maxDepth) else {
            fail("written JSON does not parse: \(String(decoding: text, as: UTF8.self))")
        }
        // Whole doubles are written as integers, so compare texts, not values.
        require(reread.serialized == value.serialized, "writing and reading back changed the value")
    }

    /// What parses, the skimmer takes apart, and each range it gives holds the value the parse has there.
    private func checkSkim(_ body: [UInt8], _ value: JSONValue) {
        guard let outline = body.withUnsafeBufferPointer({ try? JSONSkimmer.outline(of: 0..<$0.count, in: $0, levels: 3, maxDepth: limits.maxDepth) })
        else {
            fail("the skimmer refused a text the parser read")
        }
        func check(_ outline: JSONOutline, _ value: JSONValue) {
            require((try? JSONParser.parse(Array(body[outline.range]), maxDepth: limits.maxDepth)) == value, "a skimmed range holds another value")
            if let members = outline.members, let object = value.objectValue {
                require(members.count == object.count, "the skimmer found \(members.count) members of \(object.count)")
                for (member, expected) in zip(members, object.members) { check(member.value, expected.value) }
            }
            if let elements = outline.elements, let array = value.arrayValue {
                require(elements.count == array.count, "the skimmer found \(elements.count) elements of \(array.count)")
                for (element, expected) in zip(elements, array) { check(element, expected) }
            }
        }
        check(outline, value)
    }

    /// Keys are unique byte strings, so looking up each member's key finds that member.
    private func checkLookups(_ value: JSONValue) {
        switch value {
        case .object(let object):
            for member in object.members {
                require(object[member.key] == member.value, "looking up \(member.key.debugDescription) found another member")
                checkLookups(member.value)
            }
        case .array(let elements):
            elements.forEach(checkLookups)
        default:
            break
        }
    }

    /// A message framed the way the server frames its replies decodes back to itself, in both framings.
    private func checkReframing(_ body: [UInt8]) {
        for framing in [Framing.lsp, .ndjson] {
            var wire: [UInt8] = []
            framing.frame(body, into: &wire)
            var decoder = FrameDecoder(maxMessageSize: maxMessageSize, framing: framing)
            decoder.append(wire)
            let decoded = decoder.next()
            // NDJSON cannot carry a raw newline or keep a trailing "\r"; the writer produces neither.
            if framing == .ndjson && body.contains(0x0A) { continue }
            if framing == .ndjson && body.last == 0x0D { continue }
            require(decoded == .message(body), "\(framing) framing does not round-trip a message")
        }
    }

    /// Every reply the server could build from what was read parses back as a response, never
    /// as something the transport itself would answer again.
    private func checkReplies(to inbound: Inbound) {
        let replies: [[UInt8]]
        switch inbound {
        case .single(let message): replies = reply(to: message).map { [$0] } ?? []
        case .batch(let messages): replies = [Envelope.batch(messages.compactMap(reply(to:)))]
        case .unreadable(let error): replies = [Envelope.error(id: nil, error)]
        case .endOfInput: replies = []
        }
        for reply in replies {
            guard let parsed = try? JSONParser.parse(reply) else {
                fail("a reply does not parse: \(String(decoding: reply, as: UTF8.self))")
            }
            for element in parsed.arrayValue ?? [parsed] {
                guard case .response = Message(element) else { fail("a reply is not a response: \(element.serialized)") }
            }
        }
    }

    private func reply(to message: Message) -> [UInt8]? {
        switch message {
        case .request(let request):
            return Envelope.error(id: request.id, .methodNotFound(request.method))
        case .invalid(let id, let error):
            return Envelope.error(id: id, error)
        case .notification, .response:
            return nil
        }
    }
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

private func fail(_ message: String) -> Never {
    fatalError("fuzz invariant broken: \(message)")
}
