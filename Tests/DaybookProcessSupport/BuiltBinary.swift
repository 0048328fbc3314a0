import Foundation

/// Where the tests of the binary find the program under test, and the package's root.
public enum BuiltBinary {
    /// `DAYBOOK_BIN` when it is set; else the program beside the test bundle, one folder up,
    /// or in `.build/debug` of the package.
    public static let daybook: String = {
        if let path = ProcessInfo.processInfo.environment["DAYBOOK_BIN"] { return path }
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            bundleDir.appendingPathComponent("daybook").path,
            bundleDir.deletingLastPathComponent().appendingPathComponent("daybook").path,
            packageRoot + "/.build/debug/daybook",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    /// The folder that holds Package.swift.
    public static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }
}
