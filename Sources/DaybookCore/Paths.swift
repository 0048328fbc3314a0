/// Paths as text.
public enum Paths {
    /// The folder that holds `path`: what comes before its last `/`, `/` for a file at the
    /// root, or `.` when the path names no folder.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
