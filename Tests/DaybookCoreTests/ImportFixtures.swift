#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files in `Fixtures/`, byte for byte: exports of Daylio and jrnl written for these tests
/// in the forms those programs write (byte-order marks, CRLF, a last line without a line break).
enum Fixture {
    static let directory: String = {
        let file = #filePath
        let folder = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
        return folder + "/Fixtures/"
    }()

    static func path(_ name: String) -> String { directory + name }

    static func bytes(_ name: String) -> [UInt8] {
        guard let file = fopen(path(name), "rb") else { fatalError("no fixture \(name)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }
}
