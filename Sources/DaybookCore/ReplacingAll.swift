extension StringProtocol {
    /// The text with every occurrence of `target` replaced by `replacement`, compared character by
    /// character as the standard `replacing(_:with:)` is. That one lives in the string-processing
    /// library, whose code the release binary keeps in two blocks of about 0.9 MiB that cannot be
    /// laid out with the rest: one call maps a good part of them into every command that makes it
    /// (docs/performance.md, "one-shot peak RSS"). This one is the standard library alone.
    /// Inlinable, so that the store and the shell get it specialized for their strings rather
    /// than through the generic entry point (which looks up metadata at run time).
    @inlinable
    public func replacingAll(_ target: String, with replacement: String) -> String {
        guard let first = target.first, contains(first) else { return String(self) }
        let length = target.count
        var result = ""
        var index = startIndex
        while index < endIndex {
            if self[index] == first && self[index...].starts(with: target) {
                result += replacement
                index = self.index(index, offsetBy: length)
            } else {
                result.append(self[index])
                index = self.index(after: index)
            }
        }
        return result
    }
}
