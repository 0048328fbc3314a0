// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "daybook",
    products: [
        .executable(name: "daybook", targets: ["daybook"]),
        // For the fuzz target, a package of its own in Fuzz/ (make fuzz).
        .library(name: "DaybookFuzzing", targets: ["DaybookFuzzing"]),
    ],
    targets: [
        // SQLCipher 4 (libsqlcipher-dev, from Debian's bookworm-backports: make deps), the one
        // engine of plain and encrypted journals; linked statically by DaybookCore, with libcrypto
        // (libssl3) loaded only for an encrypted journal (CCrypto): docs/encryption.md says why.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlcipher-dev", "libssl-dev"])]
        ),
        // SQLCipher's cryptography by Nettle (nettle-dev, linked statically by DaybookCore), and
        // the libcrypto functions SQLCipher's own OpenSSL provider calls, forwarded to
        // libcrypto.so.3 loaded with dlopen only if that provider is ever used (docs/encryption.md).
        .target(
            name: "CCrypto",
            path: "Sources/CCrypto",
            // DWARF 4, as CHealthExport: valgrind 3.19 gives up on the binary otherwise.
            cSettings: [.unsafeFlags(["-gdwarf-4"])]
        ),
        // Code mapped page by page as it runs, where the kernel allows it (docs/performance.md):
        // the program's first step once it knows the command.
        .target(
            name: "CStartup",
            path: "Sources/CStartup",
            cSettings: [.unsafeFlags(["-gdwarf-4"])]
        ),
        // The kernel's key ring (libkeyutils-dev), where an unlocked journal's key is kept;
        // linked statically.
        .systemLibrary(
            name: "CKeyutils",
            path: "Sources/CKeyutils",
            providers: [.apt(["libkeyutils-dev"])]
        ),
        // libsodium (libsodium-dev): the sync folder's encryption. Linked statically (DaybookCore's
        // linker settings), so that nothing more is loaded at start-up or needed at run time.
        .systemLibrary(
            name: "CSodium",
            path: "Sources/CSodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        // libedit, loaded with dlopen by the interactive shell only (its headers: libedit-dev).
        .target(
            name: "CEditLine",
            path: "Sources/CEditLine",
            // DWARF 4, as CHealthExport: valgrind 3.19 gives up on the binary otherwise.
            cSettings: [.unsafeFlags(["-gdwarf-4"])]
        ),
        // Apple Health's export and zip archives, read with libxml2 and libarchive, both loaded
        // with dlopen by the health import only (their headers: libxml2-dev, libarchive-dev).
        .target(
            name: "CHealthExport",
            path: "Sources/CHealthExport",
            // DWARF 4: valgrind 3.19 (Debian 12), which the benchmark's instruction counts use,
            // gives up on the DWARF 5 that clang writes for this target.
            cSettings: [.unsafeFlags(["-gdwarf-4"])]
        ),
        // The domain: days, values, goals and their rules, statistics, insights, reviews, the
        // readers of imported files and of the sync folder's files. No SQLite, no terminal code,
        // no argument parsing.
        .target(
            name: "DaybookCore",
            dependencies: ["CHealthExport", "CSodium"],
            path: "Sources/DaybookCore",
            linkerSettings: [.linkedLibrary(":libsodium.a")]
        ),
        // The journal store: the only code that speaks SQL. The schema, the journal's rows, the
        // change log, the sync applier and encryption at rest, behind `Journal`'s reads, writes,
        // import and sync.
        .target(
            name: "DaybookStore",
            dependencies: ["DaybookCore", "CSQLite", "CKeyutils", "CCrypto"],
            path: "Sources/DaybookStore",
            linkerSettings: [
                .linkedLibrary(":libsqlcipher.a"), .linkedLibrary(":libkeyutils.a"), .linkedLibrary(":libnettle.a"),
                // Only SHA-512 and its CPU probe come out of it (CCrypto/provider.c).
                .linkedLibrary(":libcrypto.a"),
            ]
        ),
        // The benchmark's floor and the fuzz target's search index: the only SQLite outside the
        // store, for this package's benchmark, fuzzing target and tests; not in the binary.
        .target(
            name: "DaybookProbes",
            dependencies: ["DaybookStore", "CSQLite"],
            path: "Sources/DaybookProbes"
        ),
        // Between the commands and the output: the appearance (colours, glyphs, borders), the
        // terminal facts, the views (data, appearance and width in, lines out) and the writer.
        .target(
            name: "DaybookViews",
            dependencies: ["DaybookCore"],
            path: "Sources/DaybookViews"
        ),
        // The command line on its own: the tokenizer, the specs of commands and options, the
        // parser of a whole line and of a line cut at the cursor. It knows no journal and no
        // terminal: what words of dates and values mean, it asks the command table's WordSense.
        .target(
            name: "DaybookCommandLine",
            path: "Sources/DaybookCommandLine"
        ),
        // The command table and one handler per command, with what they share in folders:
        // the context they run in, files, help, and the domain's side of reading a line.
        .target(
            name: "DaybookCommands",
            dependencies: ["DaybookCommandLine", "DaybookCore", "DaybookStore", "DaybookViews"],
            path: "Commands"
        ),
        // Line readers, history, completion, the loop, global options.
        .target(
            name: "DaybookShell",
            dependencies: ["DaybookCommandLine", "DaybookCommands", "DaybookViews", "DaybookCore", "DaybookStore", "CEditLine", "CStartup"],
            path: "Sources/DaybookShell"
        ),
        // The manual page, generated from the command table: a developer's tool (make man), not
        // part of the daybook binary.
        .target(
            name: "DaybookManual",
            dependencies: ["DaybookCommandLine", "DaybookCommands", "DaybookCore"],
            path: "Sources/DaybookManual"
        ),
        .executableTarget(
            name: "daybook-man",
            dependencies: ["DaybookManual", "DaybookCommands"],
            path: "Sources/daybook-man"
        ),
        .executableTarget(
            name: "daybook",
            dependencies: ["DaybookShell"],
            path: "Sources/daybook"
        ),
        // In-process latency of completion lookups, for `make bench` (bench/run.sh).
        .executableTarget(
            name: "daybook-bench",
            dependencies: ["DaybookCore", "DaybookStore", "DaybookProbes", "DaybookCommands", "DaybookShell"],
            path: "Benchmarks/daybook-bench"
        ),
        // Every reader of typed input, fed arbitrary bytes: used by the fuzz target and by the
        // test that replays its corpus. Not part of the daybook executable.
        .target(
            name: "DaybookFuzzing",
            dependencies: ["DaybookCommandLine", "DaybookShell", "DaybookCommands", "DaybookCore", "DaybookStore", "DaybookProbes"],
            path: "Sources/DaybookFuzzing"
        ),
        // What several test targets share: random journals for the insights' tests.
        .target(
            name: "DaybookTestSupport",
            dependencies: ["DaybookCore", "DaybookStore"],
            path: "Tests/DaybookTestSupport"
        ),
        .testTarget(
            name: "DaybookCoreTests",
            dependencies: ["DaybookCore", "DaybookStore", "DaybookProbes", "DaybookTestSupport"],
            path: "Tests/DaybookCoreTests",
            // Files the import tests read by path (byte-exact exports of other programs).
            exclude: ["Fixtures"]
        ),
        // Views, the appearance and the terminal facts, without a journal or a terminal.
        .testTarget(
            name: "DaybookViewsTests",
            dependencies: ["DaybookViews", "DaybookCore", "DaybookTestSupport"],
            path: "Tests/DaybookViewsTests"
        ),
        .testTarget(
            name: "DaybookCommandsTests",
            dependencies: [
                "DaybookCommandLine", "DaybookCommands", "DaybookShell", "DaybookCore", "DaybookStore", "DaybookViews", "DaybookFuzzing",
                "DaybookManual", "DaybookTestSupport",
            ],
            path: "Tests/DaybookCommandsTests"
        ),
        // What the tests of the binary share: where the binary is, and programs written for a test to run.
        .target(
            name: "DaybookProcessSupport",
            path: "Tests/DaybookProcessSupport"
        ),
        .testTarget(
            name: "DaybookEndToEndTests",
            dependencies: ["CStartup", "DaybookProcessSupport", "DaybookTestSupport"],
            path: "Tests/DaybookEndToEndTests"
        ),
        // The shell through a real pseudo-terminal: libedit, completion, history, check-in.
        .testTarget(
            name: "DaybookInteractiveTests",
            dependencies: ["DaybookProcessSupport", "DaybookTestSupport"],
            path: "Tests/DaybookInteractiveTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
