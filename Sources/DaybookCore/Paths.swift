/// Paths as text.
public enum Paths {
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
