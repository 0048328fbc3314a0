import CSodium

/// libsodium is initialised once, before its first use (its random source, its CPU checks).
enum Sodium {
    static let ready: Bool = sodium_init() >= 0

    static func random(_ count: Int) -> [UInt8] {
        precondition(ready, "libsodium could not be initialised")
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    /// BLAKE2b of `message`, `count` bytes long, keyed with `key` when one is given.
    static func hash(_ message: [UInt8], count: Int, key: [UInt8] = []) -> [UInt8] {
        precondition(ready, "libsodium could not be initialised")
        var out = [UInt8](repeating: 0, count: count)
        _ = key.withUnsafeBufferPointer { keyBytes in
            crypto_generichash(
                &out, count, message, UInt64(message.count), key.isEmpty ? nil : keyBytes.baseAddress, key.count)
        }
        return out
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func unhex(_ text: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x61...0x66: return c - 0x61 + 10
            case 0x41...0x46: return c - 0x41 + 10
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }
}

/// The key that encrypts and authenticates a sync folder's files: 32 random bytes that only the
/// person's devices hold (docs/sync.md, "Encryption"). Its id, which the files carry in clear,
/// is a keyed hash that says which key a file needs and nothing about the key.
public struct SyncKey: Sendable, Equatable {
    public static let length = 32
    let bytes: [UInt8]

    init?(bytes: [UInt8]) {
        guard bytes.count == Self.length else { return nil }
        self.bytes = bytes
    }

    /// A new key from the system's random source.
    public static func generate() -> SyncKey { SyncKey(bytes: Sodium.random(length))! }

    /// 16 hex digits: BLAKE2b-64 of a fixed text, keyed with the key.
    public var id: String { Sodium.hex(Sodium.hash(Array("daybook sync key id".utf8), count: 8, key: bytes)) }

    // MARK: The join code

    /// The key as one line to carry to another device: `dbk-` and the key with a two-byte
    /// check, in lowercase base32 (no 0, 1, 8 or 9 to misread), in groups of five.
    public var joinCode: String {
        let check = Sodium.hash(bytes, count: 2)
        let text = Base32.encode(bytes + check)
        var groups: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let end = text.index(index, offsetBy: 5, limitedBy: text.endIndex) ?? text.endIndex
            groups.append(String(text[index..<end]))
            index = end
        }
        return "dbk-" + groups.joined(separator: "-")
    }

    /// Why a join code was not read.
    public enum CodeProblem: Error, Equatable, Sendable {
        /// Not made of the code's letters, or of the wrong length.
        case notACode
        /// The right shape, but its check does not hold: a letter was mistyped.
        case mistyped
    }

    /// Reads a join code as `joinCode` writes it; blanks, dashes and case do not matter.
    public static func read(joinCode: String) throws(CodeProblem) -> SyncKey {
        var text = joinCode.lowercased().filter { $0 != "-" && $0 != " " && $0 != "\t" && $0 != "\r" && $0 != "\n" }
        if text.hasPrefix("dbk") { text.removeFirst(3) }
        guard let decoded = Base32.decode(text), decoded.count == length + 2 else { throw .notACode }
        let key = Array(decoded.prefix(length))
        guard Sodium.hash(key, count: 2) == Array(decoded.suffix(2)) else { throw .mistyped }
        return SyncKey(bytes: key)!
    }
}

/// RFC 4648 base32 in lowercase, without padding.
enum Base32 {
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
            buffer &= (1 << bits) - 1
        }
        if bits > 0 { out.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = 0
        var bits = 0
        for char in text.utf8 {
            guard let value = alphabet.firstIndex(of: char) else { return nil }
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                out.append(UInt8((buffer >> (bits - 8)) & 255))
                bits -= 8
            }
            buffer &= (1 << bits) - 1
        }
        return out
    }
}

/// Encrypts a stream of chunks with libsodium's secretstream (XChaCha20-Poly1305): each chunk
/// authenticated with `additional` (which binds it to its device and number), in order, the
/// last one marked final so that a file cut short is told from a whole one.
struct SyncSealer {
    static let headerLength = Int(crypto_secretstream_xchacha20poly1305_HEADERBYTES)
    static let overhead = Int(crypto_secretstream_xchacha20poly1305_ABYTES)
    private var state = crypto_secretstream_xchacha20poly1305_state()
    private let additional: [UInt8]
    /// The stream's header (its random nonce), written before the first chunk.
    let header: [UInt8]

    init(key: SyncKey, additional: [UInt8]) {
        precondition(Sodium.ready, "libsodium could not be initialised")
        var header = [UInt8](repeating: 0, count: Self.headerLength)
        _ = crypto_secretstream_xchacha20poly1305_init_push(&state, &header, key.bytes)
        self.header = header
        self.additional = additional
    }

    mutating func seal(_ plain: [UInt8], final: Bool) -> [UInt8] {
        var cipher = [UInt8](repeating: 0, count: plain.count + Self.overhead)
        let tag = final ? crypto_secretstream_xchacha20poly1305_TAG_FINAL : 0
        _ = crypto_secretstream_xchacha20poly1305_push(
            &state, &cipher, nil, plain, UInt64(plain.count), additional, UInt64(additional.count), UInt8(tag))
        return cipher
    }
}

/// Decrypts what `SyncSealer` wrote, chunk by chunk; nil for a chunk that is not authentic
/// (another key, another device or number, altered, reordered).
package struct SyncOpener {
    private var state = crypto_secretstream_xchacha20poly1305_state()
    private let additional: [UInt8]

    init?(key: SyncKey, header: [UInt8], additional: [UInt8]) {
        precondition(Sodium.ready, "libsodium could not be initialised")
        guard header.count == SyncSealer.headerLength,
            crypto_secretstream_xchacha20poly1305_init_pull(&state, header, key.bytes) == 0
        else { return nil }
        self.additional = additional
    }

    mutating func open(_ cipher: ArraySlice<UInt8>) -> (plain: [UInt8], final: Bool)? {
        guard cipher.count >= SyncSealer.overhead else { return nil }
        var plain = [UInt8](repeating: 0, count: cipher.count - SyncSealer.overhead)
        var tag: UInt8 = 0
        let result = cipher.withUnsafeBufferPointer { bytes in
            crypto_secretstream_xchacha20poly1305_pull(
                &state, &plain, nil, &tag, bytes.baseAddress, UInt64(bytes.count), additional,
                UInt64(additional.count))
        }
        guard result == 0 else { return nil }
        return (plain, tag == UInt8(crypto_secretstream_xchacha20poly1305_TAG_FINAL))
    }
}
