#if canImport(Glibc)
    import Glibc
#endif

/// Writes a program for a test to run: through a descriptor that closes on exec, so that no
/// process started meanwhile by a test running alongside keeps the file open for writing,
/// which would make running it fail with "Text file busy".
public func writeExecutable(_ text: String, to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw ExecutableNotWritten(path: path, errno: errno) }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard write(fd, bytes, bytes.count) == bytes.count else { throw ExecutableNotWritten(path: path, errno: errno) }
}

public struct ExecutableNotWritten: Error, CustomStringConvertible {
    public let path: String
    public let errno: Int32
    public var description: String { "cannot write \(path): \(String(cString: strerror(errno)))" }
}
