import DaybookCommands
import DaybookCore
import DaybookStore
import Testing

/// The passphrase read into `SecretBytes`: from DAYBOOK_PASSPHRASE_COMMAND's first line, or
/// typed twice on the terminal for a new one.
@Suite struct PassphraseReadTests {
    func text(_ secret: SecretBytes) -> String { secret.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    func secret(_ text: String) -> SecretBytes {
        let secret = SecretBytes(capacity: 4096)
        for byte in Array(text.utf8) { secret.append(byte) }
        return secret
    }

    /// The first line only, even after more output than is kept (64 KiB): the command is read
    /// to its end, so it never blocks on a full pipe.
    @Test func theCommandsFirstLine() throws {
        let command = "printf 'correct horse\\nsecond line\\n'; head -c 200000 /dev/zero"
        let phrase = try Passphrases(command: command, terminal: nil).read(for: "j")
        #expect(text(phrase) == "correct horse")
        #expect(phrase.locked)
        let failing = Passphrases(command: "printf 'x\\n'; exit 3", terminal: nil)
        #expect(throws: CommandError.self) { try failing.read(for: "j") }
        #expect(throws: CommandError.self) { try Passphrases(command: "true", terminal: nil).read(for: "j") }
    }

    /// A new passphrase on the terminal: the same twice, compared as bytes.
    @Test func aNewOneTypedTwice() throws {
        var answers = [secret("new one"), secret("new one")]
        let twice = Passphrases(command: nil, terminal: { _ in .secret(answers.removeFirst()) })
        #expect(text(try twice.readNew(for: "j")) == "new one")
        answers = [secret("new one"), secret("new onf")]
        let differ = Passphrases(command: nil, terminal: { _ in .secret(answers.removeFirst()) })
        #expect(throws: CommandError.self) { try differ.readNew(for: "j") }
        let none = Passphrases(command: nil, terminal: { _ in .secret(SecretBytes(capacity: 1)) })
        #expect(throws: CommandError.self) { try none.read(for: "j") }
    }
}
