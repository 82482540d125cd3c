// libFuzzer entry point for the JSON-RPC transport: framing, JSON parsing, message
// classification and the reply envelope, exactly as the connection's reader thread runs them.
//
// Built by scripts/fuzz together with Sources/RemindersJSONRPC/*.swift into one module named RemindersJSONRPC,
// so internal types (InboundReader, CancellationTracker) are reachable without @testable.
// Besides crashes and sanitizer reports, it traps on broken invariants (see Oracles.swift).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzRun(input).check()
    return 0
}
