import Foundation
import Testing

@Suite struct PrivacyTests {
    /// The journal and the files SQLite keeps beside it are the owner's alone, whatever the
    /// umask, and so are the folders daybook creates for them.
    @Test func filesAre0600InFolders0700() throws {
        let d = try Daybook()
        // A permissive umask, and a journal two folders deep that do not exist yet.
        let r = try d.shell(#"umask 000; "$DAYBOOK" --journal "$D/a/b/journal.sqlite3" note private"#)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Daybook.mode(d.directory + "/a") == 0o700)
        #expect(Daybook.mode(d.directory + "/a/b") == 0o700)
        #expect(Daybook.mode(d.directory + "/a/b/journal.sqlite3") == 0o600)

        // While a session is open, its write-ahead log and shared memory exist: 0600 too.
        let journal = d.directory + "/a/b/journal.sqlite3"
        let session = try Session(
            arguments: ["--journal", journal], environment: d.childEnvironment, directory: d.directory)
        session.send("note still open\n")
        #expect(eventually(timeout: 5) { FileManager.default.fileExists(atPath: journal + "-wal") })
        #expect(
            eventually(timeout: 5) {
                (try? d.execute("/usr/bin/sqlite3", [journal, "SELECT count(*) FROM note"]).stdout) == "2\n"
            })
        #expect(Daybook.mode(journal + "-wal") == 0o600)
        #expect(Daybook.mode(journal + "-shm") == 0o600)
        #expect(session.finish() == 0)

        // The default location, under HOME.
        let home = try d.shell(#"umask 000; "$DAYBOOK" note at home"#)
        #expect(home.status == 0, "\(home.stderr)")
        for folder in ["/.local", "/.local/share", "/.local/share/daybook"] {
            #expect(Daybook.mode(d.directory + folder) == 0o700, "\(folder)")
        }
        #expect(Daybook.mode(d.directory + "/.local/share/daybook/journal.sqlite3") == 0o600)
    }

    /// Errors name the operation and what to do, never what was being written: forced failures
    /// while writing a private note show none of it.
    @Test func errorsNeverShowNoteTextOrValues() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "first"]).status == 0)
        let secret = "SECRET-7f3a"
        var failures: [RunResult] = []
        // The journal is read-only (as another user where CI runs as root).
        chmod(d.directory, 0o755)
        chmod(d.journal, Daybook.isRoot ? 0o644 : 0o444)
        let prefix = EnvironmentTests.asOtherUser
        failures.append(try d.shell(prefix + #""$DAYBOOK" --journal "$J" note "# + secret))
        failures.append(try d.shell(prefix + #""$DAYBOOK" --journal "$J" log weight 81.3"#))
        failures.append(try d.shell(prefix + #""$DAYBOOK" --journal "$J""#, input: "mood 4 \(secret)\n"))
        chmod(d.journal, 0o600)
        // No room to write the log's values.
        failures.append(try d.shell("trap '' XFSZ; ulimit -f 1; " + #""$DAYBOOK" --journal "$J" note "# + secret))
        failures.append(try d.shell("trap '' XFSZ; ulimit -f 1; " + #""$DAYBOOK" --journal "$J" log weight 81.3"#))
        // A note too big for the file size limit, in a script.
        let big = String(repeating: "\(secret) ", count: 20_000)
        failures.append(try d.shell("trap '' XFSZ; ulimit -f 200; " + #""$DAYBOOK" --journal "$J""#, input: "note \(big)\n"))
        for failure in failures {
            #expect(failure.status == 1)
            #expect(!failure.stderr.isEmpty)
            #expect(!failure.stderr.contains(secret), "\(failure.stderr.prefix(200))")
            #expect(!failure.stderr.contains("81.3") && !failure.stderr.contains("81,3"), "\(failure.stderr)")
        }
        #expect(try d.sql("SELECT group_concat(text) FROM note") == "first")
        // The change log, which undo shows, holds summaries without note text.
        #expect(try d.run(["note", secret]).status == 0)
        #expect(try !d.sql("SELECT group_concat(summary) FROM change").contains(secret))
    }

    /// An error may name a word it could not read where a value or a date goes, never text
    /// where a note or a mood goes: `mood secret words` is a mood without its rating.
    @Test func errorsNeverEchoFreeText() throws {
        let d = try Daybook()
        let hidden = "mood is rated 1 to 5 (terrible, bad, okay, good, great), given before the note; the first word is not a rating"
        for arguments in [["mood", "secret", "words"], ["mood", "SECRET"], ["mood", "--secret", "words"]] {
            let r = try d.run(arguments)
            #expect(r.status == 1)
            #expect(r.stderr == "error: \(hidden)\n", "\(arguments)")
        }
        let script = try d.run(input: "mood secret words #private\nmood 4\n")
        #expect(script.status == 1)
        #expect(script.stderr == "<stdin>:1: error: \(hidden)\n")
        // A number where the rating goes is named; so is a word where a value or a date goes.
        #expect(try d.run(["mood", "7", "words"]).stderr == "error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 7\n")
        #expect(try d.run(["log", "steps", "lots"]).stderr.contains("lots"))
        #expect(try d.run(["note", "words", "--on", "someday"]).stderr.contains("'someday' is not a date"))
        #expect(try d.sql("SELECT count(*) FROM mood") == "1")
    }

    /// The binary makes no network calls: it neither imports a socket function nor links a
    /// library that is there for networking.
    @Test func noNetworkCode() throws {
        let d = try Daybook()
        let symbols = try d.execute("/usr/bin/nm", ["-D", "--undefined-only", Daybook.binary])
        #expect(symbols.status == 0, "\(symbols.stderr)")
        let imported = Set(
            symbols.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last }
                .map { String($0.split(separator: "@").first ?? "") })
        #expect(imported.contains("fsync"), "nm did not list the imported functions")
        let network: Set<String> = [
            "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4", "send", "sendto", "sendmsg",
            "recv", "recvfrom", "recvmsg", "getaddrinfo", "gethostbyname", "gethostbyname_r", "gethostbyaddr",
            "getnameinfo", "inet_pton", "inet_ntop", "inet_aton", "res_query", "curl_easy_init",
        ]
        #expect(imported.intersection(network).sorted() == [])
        let linked = try d.execute("/usr/bin/readelf", ["-d", Daybook.binary])
        let libraries = linked.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.dropLast() }.map(String.init)
        #expect(!libraries.isEmpty)
        for library in libraries {
            let allowed = [
                "libedit", "libswift", "libc.", "libm.", "libstdc++", "libgcc_s", "libdl", "libpthread",
                "libFoundationEssentials", "lib_FoundationICU", "libdispatch", "libBlocksRuntime",
            ]
            #expect(allowed.contains { library.hasPrefix($0) }, "links \(library)")
        }
    }
}
