import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Whether an executable is an interpreter by what it is, wherever it is installed (pyenv, uv,
/// conda, nvm, Homebrew on Linux): a file only the owner or root may change, whose dynamic symbols
/// are its family's own — the entry points a Python, Perl or Node binary exports or links for
/// its extensions. A program merely named `python3` has none of them.
enum InterpreterBinary {
    /// Symbols one of which every binary of the family has in its dynamic symbol table.
    static let markers: [String: Set<String>] = [
        "python": ["Py_BytesMain", "Py_Main", "Py_Initialize"],
        "perl": ["perl_parse", "perl_run"],
        "ruby": ["ruby_run_node", "ruby_init"],
        "node": ["napi_module_register", "napi_create_object"],
        "deno": ["napi_module_register", "napi_create_object"],
        "bun": ["napi_module_register", "napi_create_object"],
        "lua": ["lua_newstate", "luaL_newstate"],
        "php": ["php_execute_script"],
        "tclsh": ["Tcl_Main"],
        "guile": ["scm_boot_guile", "scm_shell"],
    ]

    static func isInterpreter(_ path: String, family: String) -> Bool {
        guard let wanted = markers[family], changeableOnlyByTheOwnerOrRoot(path) else { return false }
        return !wanted.isDisjoint(with: dynamicSymbols(path, among: wanted))
    }

    /// Owned by root or this user, and writable by no one else.
    static func changeableOnlyByTheOwnerOrRoot(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_uid == 0 || status.st_uid == geteuid() else { return false }
        return status.st_mode & 0o022 == 0
    }

    /// Which of `wanted` the ELF file's dynamic symbol table names (defined or not). Reads the
    /// headers and the two sections, never the whole file (a Node binary is 100 MB).
    static func dynamicSymbols(_ path: String, among wanted: Set<String>) -> Set<String> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        func read(_ count: Int, at offset: UInt64) -> [UInt8]? {
            guard count > 0, count <= 64 << 20 else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got == count ? buffer : nil
        }
        func number(_ bytes: [UInt8], _ at: Int, _ width: Int) -> UInt64 {
            (0..<width).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
        }
        // ELF64, little-endian: what Linux on x86-64 and arm64 runs.
        guard let header = read(64, at: 0), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else { return [] }
        let sectionsAt = number(header, 0x28, 8), entrySize = Int(number(header, 0x3A, 2)), count = Int(number(header, 0x3C, 2))
        guard entrySize >= 64, count > 0, count < 4096, let table = read(entrySize * count, at: sectionsAt) else { return [] }
        func section(_ index: Int) -> (type: UInt64, offset: UInt64, size: UInt64, link: Int) {
            let at = index * entrySize
            return (number(table, at + 4, 4), number(table, at + 0x18, 8), number(table, at + 0x20, 8), Int(number(table, at + 0x28, 4)))
        }
        guard let dynsym = (0..<count).map(section).first(where: { $0.type == 11 }), dynsym.link < count else { return [] }
        let strings = section(dynsym.link)
        guard let symbols = read(Int(dynsym.size), at: dynsym.offset), let names = read(Int(strings.size), at: strings.offset) else { return [] }
        var found = Set<String>()
        for start in stride(from: 0, to: symbols.count - 23, by: 24) {
            let name = Int(number(symbols, start, 4))
            guard name < names.count else { continue }
            let end = names[name...].firstIndex(of: 0) ?? names.count
            let symbol = String(decoding: names[name..<end], as: UTF8.self)
            if wanted.contains(symbol) { found.insert(symbol) }
        }
        return found
    }
}
