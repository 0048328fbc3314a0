import DaybookCore
import DaybookStore
import Testing

/// `SecretBytes`, where a passphrase and a journal's key live: zeroed by `wipe()`, when it is
/// cut to its first line, and when it goes.
@Suite struct SecretBytesTests {
    /// Memory the test owns, filled with `text`, for a `SecretBytes` to wrap.
    func memory(_ text: String) -> UnsafeMutableRawBufferPointer {
        let bytes = Array(text.utf8)
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        memory.copyBytes(from: bytes)
        return memory
    }

    @Test func zeroesItsBytesWhenItGoes() {
        let memory = memory("correct horse battery staple")
        defer { memory.deallocate() }
        do {
            let secret = SecretBytes(wiping: memory)
            #expect(secret.count == 28)
            #expect(secret[0] == UInt8(ascii: "c"))
        }
        #expect(memory.allSatisfy { $0 == 0 }, "\(Array(memory))")
    }

    @Test func wipeZeroesAtOnce() {
        let memory = memory("hunter2")
        defer { memory.deallocate() }
        let secret = SecretBytes(wiping: memory)
        secret.wipe()
        #expect(secret.isEmpty)
        #expect(memory.allSatisfy { $0 == 0 })
        withExtendedLifetime(secret) {}
    }

    /// A command's output cut to its first line: the rest is zeroed, not left behind.
    @Test func theFirstLineKeptAndTheRestZeroed() {
        let memory = memory("pass phrase\nsecond line\n")
        defer { memory.deallocate() }
        let secret = SecretBytes(wiping: memory)
        secret.keepFirstLine()
        #expect(secret.count == 11)
        #expect(secret.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } == "pass phrase")
        #expect(memory[11...].allSatisfy { $0 == 0 })
        #expect(Array(memory[..<11]) == Array("pass phrase".utf8))
        withExtendedLifetime(secret) {}
    }

    /// Its own pages: locked where the system allows it (one page, well under the RLIMIT_MEMLOCK of
    /// Debian and of the test machines), filled a
    /// byte at a time up to its capacity, and compared byte for byte.
    @Test func ownedPagesAreLockedAndHoldWhatIsAppended() {
        let secret = SecretBytes(capacity: 8)
        #expect(secret.locked)
        for byte in Array("12345678".utf8) { #expect(secret.append(byte)) }
        #expect(!secret.append(UInt8(ascii: "9")))
        #expect(secret.count == 8)
        let same = SecretBytes(capacity: 64)
        for byte in Array("12345678".utf8) { same.append(byte) }
        #expect(secret.equals(same))
        same.keep(first: 7)
        #expect(!secret.equals(same))
        secret.wipe()
        #expect(secret.isEmpty && secret.withUnsafeBytes { $0.isEmpty })
    }
}
