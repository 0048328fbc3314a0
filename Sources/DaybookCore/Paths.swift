#if canImport(Glibc)
    import Glibc
#endif

/// Paths as text.
public enum Paths {
    /// `~` and `~/...` in a path given by a person, read against `HOME` as a shell would; any
    /// other path as it is.
    public static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = getenv("HOME") else { return path }
        return String(cString: home) + path.dropFirst()
    }

    /// `path` made absolute against the current folder, as the shell that gave it reads it;
    /// an absolute path, or one when the current folder cannot be read, as it is.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let rest = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return folder == "/" ? "/" + rest : folder + "/" + rest
    }

    /// The folder that holds `path`: what comes before its last `/`, `/` for a file at the
    /// root, or `.` when the path names no folder.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of a path: `2024-05-01.csv` for `Fit/Daily activity metrics/2024-05-01.csv`,
    /// `Fit` for `Fit/`.
    public static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
