import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two real Syncthing instances (Debian's syncthing, /usr/bin/syncthing) on 127.0.0.1, each
/// with its own home folder, introduced to each other through their configuration, replicate
/// the sync folder between two journals. Discovery, relays, NAT, upgrades and the browser GUI
/// are off. Polls with a generous deadline; never a timed assertion.
@Suite struct SyncthingTests {
    static let syncthing = "/usr/bin/syncthing"

    /// A free TCP port on 127.0.0.1, as the system gives one for port 0.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Instance {
        let home: String
        let folder: String
        let port: Int
        let id: String
    }

    /// `syncthing generate` makes the keys; the device id is what it prints.
    static func generate(_ d: Daybook, _ name: String) throws -> Instance {
        let home = d.directory + "/st-" + name
        let r = try d.execute(
            syncthing, ["generate", "--home=" + home, "--no-default-folder"], environment: ["HOME": d.directory])
        let id = try #require(
            (r.stdout + r.stderr).split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: "Device ID: ") else { return nil }
                return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
            }.first, "syncthing generate printed no device id: \(r.stderr)")
        let folder = d.directory + "/shared-" + name
        try FileManager.default.createDirectory(atPath: folder + "/.stfolder", withIntermediateDirectories: true)
        return Instance(home: home, folder: folder, port: try freePort(), id: id)
    }

    static func config(_ me: Instance, _ peer: Instance) -> String {
        func device(_ i: Instance, _ name: String) -> String {
            """
                <device id="\(i.id)" name="\(name)" compression="metadata" introducer="false">
                    <address>tcp://127.0.0.1:\(i.port)</address>
                    <autoAcceptFolders>false</autoAcceptFolders>
                </device>
            """
        }
        return """
            <configuration version="36">
                <folder id="daybook" label="daybook" path="\(me.folder)" type="sendreceive" rescanIntervalS="2" fsWatcherEnabled="true" fsWatcherDelayS="1">
                    <filesystemType>basic</filesystemType>
                    <device id="\(me.id)"></device>
                    <device id="\(peer.id)"></device>
                </folder>
            \(device(me, "me"))
            \(device(peer, "peer"))
                <gui enabled="false" tls="false"><address>127.0.0.1:0</address></gui>
                <options>
                    <listenAddress>tcp://127.0.0.1:\(me.port)</listenAddress>
                    <globalAnnounceEnabled>false</globalAnnounceEnabled>
                    <localAnnounceEnabled>false</localAnnounceEnabled>
                    <relaysEnabled>false</relaysEnabled>
                    <natEnabled>false</natEnabled>
                    <startBrowser>false</startBrowser>
                    <urAccepted>-1</urAccepted>
                    <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                    <crashReportingEnabled>false</crashReportingEnabled>
                    <reconnectionIntervalS>1</reconnectionIntervalS>
                </options>
            </configuration>
            """
    }

    static func serve(_ d: Daybook, _ i: Instance) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: syncthing)
        process.arguments = [
            "serve", "--home=" + i.home, "--no-browser", "--no-restart", "--no-upgrade", "--no-default-folder",
            "--logfile=" + i.home + "/log.txt",
        ]
        process.environment = [
            "HOME": d.directory, "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1", "STNORESTART": "1",
            "PATH": "/usr/bin:/bin",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `check` every half second until it is true or `seconds` have passed.
    static func poll(seconds: Double, _ check: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try check() { return true }
            usleep(500_000)
        }
        return try check()
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: syncthing),
            "syncthing is not installed (/usr/bin/syncthing)"))
    func twoSyncthingInstancesCarryTheEncryptedJournalBothWays() throws {
        let laptop = try Daybook()
        let desktop = try Daybook()
        let a = try Self.generate(laptop, "a")
        let b = try Self.generate(desktop, "b")
        try Self.config(a, b).write(toFile: a.home + "/config.xml", atomically: true, encoding: .utf8)
        try Self.config(b, a).write(toFile: b.home + "/config.xml", atomically: true, encoding: .utf8)
        let servers = [try Self.serve(laptop, a), try Self.serve(desktop, b)]
        defer {
            for server in servers where server.isRunning {
                server.terminate()
                server.waitUntilExit()
            }
        }

        #expect(try laptop.run(["set", "device-name", "laptop"]).status == 0)
        #expect(try desktop.run(["set", "device-name", "desktop"]).status == 0)
        #expect(try laptop.run(["mood", "4", "a good day #sunshine"]).status == 0)
        #expect(try laptop.run(["note", "written on the laptop"]).status == 0)
        #expect(try laptop.run(["log", "steps", "4000"]).status == 0)
        // Encrypted: the laptop sets a key up and prints the join code; the desktop joins with
        // it, read from standard input.
        let setup = try laptop.run(["sync", "--setup", a.folder])
        #expect(setup.status == 0, "\(setup.stderr)")
        let code = try #require(setup.stdout.split(separator: "\n").first.map(String.init))
        #expect(code.hasPrefix("dbk-"))
        #expect(setup.stdout.contains("encrypted with key"))
        let joined = try desktop.run(["sync", "--join", b.folder], input: code + "\n")
        #expect(joined.status == 0, "\(joined.stderr)")
        let arrived = try Self.poll(seconds: 180) {
            _ = try desktop.run(["sync", b.folder])
            return try desktop.sql("SELECT count(*) FROM note WHERE removed_by IS NULL") == "1"
        }
        #expect(
            arrived,
            "the laptop's file never reached the desktop: \((try? String(contentsOfFile: b.home + "/log.txt", encoding: .utf8)) ?? "")"
        )

        #expect(try desktop.run(["note", "written on the desktop"]).status == 0)
        #expect(try desktop.run(["log", "steps", "1000"]).status == 0)
        #expect(try desktop.run(["sync", b.folder]).stdout.hasPrefix("sent 2 changes"))
        let back = try Self.poll(seconds: 180) {
            _ = try laptop.run(["sync", a.folder])
            return try laptop.sql("SELECT count(*) FROM note WHERE removed_by IS NULL") == "2"
        }
        #expect(back, "the desktop's file never reached the laptop")

        // Each has synced twice with the folder replicated: the exports are the same, but
        // for the device's name.
        func export(_ d: Daybook) throws -> String {
            try d.run(["export"]).stdout.split(separator: "\n").filter { !$0.contains("\"device-name\"") }.joined(
                separator: "\n")
        }
        #expect(try export(laptop) == export(desktop))
        #expect(try laptop.run(["show"]).stdout.contains("5,000"))
        // Files travel as they were written, private: one snapshot from each device when it
        // moved to the key, and the desktop's changes since.
        let files = try FileManager.default.subpathsOfDirectory(atPath: b.folder).filter {
            $0.hasSuffix(".daybook-sync")
        }
        #expect(files.count == 3)
        // Every byte of both copies of the folder: no note text, tag, device name or value.
        for folder in [a.folder, b.folder] {
            var bytes = Data()
            for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
                var isFolder: ObjCBool = false
                let full = folder + "/" + path
                guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                    !path.hasPrefix(".st")
                else { continue }
                bytes.append(try Data(contentsOf: URL(fileURLWithPath: full)))
            }
            for needle in ["a good day", "sunshine", "written on the", "laptop", "desktop", "4000", "1000", "steps"] {
                #expect(bytes.range(of: Data(needle.utf8)) == nil, "\(needle) is in \(folder) in clear")
            }
        }
    }
}
