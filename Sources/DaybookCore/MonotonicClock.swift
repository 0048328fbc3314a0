#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Time that only goes forward, whatever the wall clock does: for timeouts, rates and
/// redraws, never for dates.
public enum MonotonicClock {
    /// Milliseconds since an arbitrary start (the machine's boot).
    public static func milliseconds() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
    }
}
