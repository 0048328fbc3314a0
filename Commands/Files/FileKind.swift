import DaybookViews
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a file is when it is not a regular file, for a refusal that says so: an export, an
/// import and the editor's file each read or write regular files only, since a device or a
/// FIFO can block for ever or never end, and a folder holds no text.
public enum FileKind {
    /// `a folder`, `a device`, `a FIFO`...; nil for a regular file.
    public static func nonRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }
}
