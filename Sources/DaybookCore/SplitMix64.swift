/// SplitMix64: a small, fast generator of 64-bit numbers, the same for the same state on every
/// machine, and its finalizer, a full 64-bit mix. The demo journal's data, `Day`'s hash and
/// the tests' random journals all use this one copy.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// What the state advances by at each draw (2^64 divided by the golden ratio).
    public static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= SplitMix64.increment
        return SplitMix64.mix(state)
    }

    /// The finalizer: every bit of `x` moves every bit of the result.
    @inline(__always)
    public static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
