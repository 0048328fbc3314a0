import CStartup
import Foundation
import Testing

/// The executable's first step (`Sources/CStartup`): its read-only segments, and those of the
/// libraries it loads, are registered for asynchronous write-protect tracking, so that the
/// kernel maps each page of code when it runs instead of 64 KiB around it. Read from the
/// running process's own `/proc/PID/smaps`, where such a mapping carries the flag `uw`.
@Suite struct CodeMappingTests {
    /// The smaps of a daybook that waits for its script on standard input (a pipe kept open),
    /// read while it waits; then the pipe closes and it ends as usual.
    private func smapsOfRunningDaybook(_ d: Daybook, environment extra: [String: String] = [:]) throws -> String {
        let script = """
            out="$D/smaps.txt"
            sleep 3 | "$DAYBOOK" --journal "$J" >/dev/null 2>"$D/stderr.txt" &
            pid=$!
            for i in $(seq 1 100); do
                state=$(sed -n 's/^State:[[:space:]]*\\([A-Z]\\).*/\\1/p' "/proc/$pid/status" 2>/dev/null)
                [ "$state" = S ] && break
                sleep 0.02
            done
            cat "/proc/$pid/smaps" > "$out"
            wait $pid
            echo "status $?"
            """
        var env = d.childEnvironment
        for (k, v) in extra { env[k] = v }
        let result = try d.execute("/bin/sh", ["-c", script], environment: env)
        #expect(result.stdout.contains("status 0"), "\(result.stdout) \(result.stderr)")
        return try String(contentsOfFile: d.directory + "/smaps.txt", encoding: .utf8)
    }

    /// Each mapping of `smaps` as its path, its permissions and its VmFlags.
    private func mappings(_ smaps: String) -> [(path: String, perms: String, flags: [Substring])] {
        var found: [(path: String, perms: String, flags: [Substring])] = []
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), fields.count >= 5, range.first?.isHexDigit == true,
                !line.hasPrefix("VmFlags")
            {
                found.append((fields.count >= 6 ? String(fields[5]) : "", String(fields[1]), []))
            } else if line.hasPrefix("VmFlags:"), !found.isEmpty {
                found[found.count - 1].flags = Array(fields.dropFirst())
            }
        }
        return found
    }

    @Test(.enabled(if: daybook_code_mapping_available() == 1, "needs Linux 6.7 or later with userfaultfd allowed"))
    func codeOfTheBinaryAndOfLibcIsMappedAsItRuns() throws {
        let d = try Daybook()
        let all = mappings(try smapsOfRunningDaybook(d))
        let binary = URL(fileURLWithPath: Daybook.binary).resolvingSymlinksInPath().path
        let code = all.filter { $0.perms == "r-xp" }
        let own = code.filter { $0.path == binary }
        #expect(!own.isEmpty, "no code mapping of \(binary) in \(all.map(\.path))")
        for mapping in own { #expect(mapping.flags.contains("uw"), "\(mapping.path) \(mapping.flags)") }
        let libc = code.filter { $0.path.hasSuffix("/libc.so.6") }
        #expect(!libc.isEmpty)
        for mapping in libc { #expect(mapping.flags.contains("uw"), "\(mapping.path) \(mapping.flags)") }
        // Writable data is never registered: only code and constants are.
        for mapping in all where mapping.perms.hasPrefix("rw") {
            #expect(!mapping.flags.contains("uw"), "\(mapping.path) \(mapping.perms) \(mapping.flags)")
        }
    }

    /// Under valgrind (which does not know the call) nothing is registered, and so a mapping
    /// without the flag is what the same check sees when the step is skipped: the check above
    /// can fail.
    @Test(.enabled(if: daybook_code_mapping_available() == 1, "needs Linux 6.7 or later with userfaultfd allowed"))
    func skippedUnderValgrindAndThenNoMappingIsTracked() throws {
        let d = try Daybook()
        let all = mappings(try smapsOfRunningDaybook(d, environment: ["LD_PRELOAD": "/nonexistent/vgpreload_core.so"]))
        let binary = URL(fileURLWithPath: Daybook.binary).resolvingSymlinksInPath().path
        let own = all.filter { $0.perms == "r-xp" && $0.path == binary }
        #expect(!own.isEmpty)
        for mapping in all { #expect(!mapping.flags.contains("uw"), "\(mapping.path) \(mapping.flags)") }
    }
}
