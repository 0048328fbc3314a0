import DaybookProcessSupport
import Foundation
import Testing

/// An encrypted journal's decrypted pages live in SQLite's page cache, which a process that
/// opens one keeps in memory of its own (`Sources/CCrypto/pagecache.c`): locked against swap as
/// each page is first used, and left out of core dumps. Read from a running daybook, which
/// waits for the rest of its script on a pipe kept open: `/proc/PID/status` (locked memory,
/// readable by this user) and, where this user may read them (root, since the process is not
/// dumpable), its `smaps` and the region's bytes.
@Suite(.serialized) struct LockedPageCacheTests {
    static let word = "marmaladeoctopus"

    /// Whether a child of this process may lock the shell's cache (2.2 MiB): with CAP_IPC_LOCK
    /// (root, where the machine leaves it that), or an RLIMIT_MEMLOCK of 4 MiB or more.
    static let canLock: Bool = {
        let limits = (try? String(contentsOfFile: "/proc/self/limits", encoding: .utf8)) ?? ""
        if let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max locked memory") }) {
            let soft = line.dropFirst("Max locked memory".count).split(separator: " ").first ?? ""
            if soft == "unlimited" || (UInt64(soft) ?? 0) >= 4 << 20 { return true }
        }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
            let caps = UInt64(line.dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return caps & (1 << 14) != 0  // CAP_IPC_LOCK
    }()

    struct Seen {
        var lockedKiB: Int
        /// The mappings locked and left out of core dumps: their start, end and locked KiB.
        var regions: [(start: UInt64, end: UInt64, lockedKiB: Int)]
        var readable: Bool
        /// The bytes of the first such region, read while the process waited.
        var bytes: Data
        var output: String
    }

    func journal(encrypted: Bool) throws -> Daybook {
        let d = try Daybook()
        #expect(try d.run(["note", "\(Self.word) swam by"]).status == 0)
        let lines = (1...400).map { "note filler line \($0) #tag\($0 % 7)" }.joined(separator: "\n") + "\n"
        #expect(try d.run([], inputData: Data(lines.utf8)).status == 0)
        if encrypted {
            d.environment["DAYBOOK_PASSPHRASE_COMMAND"] = "printf '%s\\n' 'page cache passphrase'"
            let r = try d.run(["encrypt"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        return d
    }

    /// Runs `search WORD` as the first line of a script read from a FIFO kept open, and reads
    /// the process while it waits for the next line; then closes it.
    func watch(_ d: Daybook) throws -> Seen {
        let script = """
            rm -f "$D/out.txt" "$D/in.fifo"
            mkfifo "$D/in.fifo"
            "$DAYBOOK" --journal "$J" <"$D/in.fifo" >"$D/out.txt" 2>"$D/err.txt" &
            pid=$!
            # The script's pipe stays open until it is read: however slow the machine, it waits.
            exec 3>"$D/in.fifo"
            echo "search \(Self.word)" >&3
            # Lines are read one at a time, each run before the next is read: once it waits in a
            # read of the FIFO, the search has run (its output waits in stdout's buffer).
            for i in $(seq 1 1500); do
                grep -q pipe_read "/proc/$pid/wchan" 2>/dev/null && break
                sleep 0.02
            done
            cat "/proc/$pid/status" > "$D/status.txt"
            if cat "/proc/$pid/smaps" > "$D/smaps.txt" 2>/dev/null; then
                region=$(awk '/^[0-9a-f]+-[0-9a-f]+ /{r=$1} /^VmFlags:/ && / lo / && / dd /{print r; exit}' "$D/smaps.txt")
                if [ -n "$region" ]; then
                    start=$((0x${region%-*})); end=$((0x${region#*-}))
                    dd if="/proc/$pid/mem" of="$D/region.bin" bs=4096 skip=$((start / 4096)) count=$(((end - start) / 4096)) status=none
                fi
            else
                rm -f "$D/smaps.txt"
            fi
            exec 3>&-
            wait $pid
            echo done
            """
        let result = try d.execute("/bin/sh", ["-c", script])
        #expect(result.stdout.contains("done"), "\(result.stdout) \(result.stderr)")
        let status = (try? String(contentsOfFile: d.directory + "/status.txt", encoding: .utf8)) ?? ""
        let locked = status.split(separator: "\n").first { $0.hasPrefix("VmLck:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
        #expect(locked != nil, "no VmLck in \(status)")
        var seen = Seen(
            lockedKiB: locked ?? -1, regions: [], readable: false,
            bytes: FileManager.default.contents(atPath: d.directory + "/region.bin") ?? Data(),
            output: (try? String(contentsOfFile: d.directory + "/out.txt", encoding: .utf8)) ?? "")
        if let smaps = try? String(contentsOfFile: d.directory + "/smaps.txt", encoding: .utf8) {
            seen.readable = true
            var range: (UInt64, UInt64)? = nil
            var lockedHere = 0
            for line in smaps.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if let first = fields.first, first.contains("-"), first.first?.isHexDigit == true, !line.hasPrefix("VmFlags") {
                    let ends = first.split(separator: "-")
                    range = (UInt64(ends[0], radix: 16) ?? 0, UInt64(ends[1], radix: 16) ?? 0)
                } else if line.hasPrefix("Locked:") {
                    lockedHere = Int(fields[1]) ?? 0
                } else if line.hasPrefix("VmFlags:"), let r = range, fields.contains("lo"), fields.contains("dd") {
                    seen.regions.append((r.0, r.1, lockedHere))
                }
            }
        }
        return seen
    }

    @Test(.enabled(if: canLock, "needs CAP_IPC_LOCK or an RLIMIT_MEMLOCK of 4 MiB (ulimit -l)"))
    func anEncryptedJournalsPagesAreReadIntoLockedMemoryLeftOutOfDumps() throws {
        let d = try journal(encrypted: true)
        let seen = try watch(d)
        #expect(seen.output.contains("\(Self.word) swam by"), "\(seen.output)")
        // The shell's whole cache (2,000 KiB and its headers) is locked: far more than the
        // few pages of the key and SQLCipher's buffers.
        #expect(seen.lockedKiB >= 2000, "VmLck \(seen.lockedKiB) kB")
        guard seen.readable else { return }
        #expect(seen.regions.count == 1, "\(seen.regions)")
        if let region = seen.regions.first {
            #expect(region.end - region.start >= 2000 * 1024)
            #expect(region.lockedKiB > 0)
        }
        // The page that holds the note, decrypted, is there.
        #expect(seen.bytes.range(of: Data(Self.word.utf8)) != nil, "\(seen.bytes.count) bytes read")
    }

    /// Under a lock limit far below the cache (64 KiB; root has none, so another user), the
    /// memory is used unlocked, and neither daybook nor SQLCipher says a word about it.
    @Test(.enabled(if: Daybook.isRoot, "needs root, to run as another user under a low RLIMIT_MEMLOCK"))
    func underALowLockLimitTheShellRunsAndSaysNothing() throws {
        let d = try journal(encrypted: true)
        let owner = try d.shell(#"chown -R 65534:65534 "$D" && chmod 755 "$D""#)
        #expect(owner.status == 0, "\(owner.stderr)")
        let r = try d.shell(
            #"setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$D" sh -c 'ulimit -l 64; echo "search \#(Self.word)" | "$DAYBOOK" --journal "$J"'"#
        )
        #expect(r.status == 0 && r.stdout.contains("\(Self.word) swam by"), "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func aPlainJournalLocksNothing() throws {
        let d = try journal(encrypted: false)
        let seen = try watch(d)
        #expect(seen.output.contains("\(Self.word) swam by"), "\(seen.output)")
        #expect(seen.lockedKiB == 0, "VmLck \(seen.lockedKiB) kB")
        if seen.readable { #expect(seen.regions.isEmpty, "\(seen.regions)") }
    }
}
