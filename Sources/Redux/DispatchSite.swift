#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an action was dispatched: the `#fileID` and `#line` of the call to the store's `dispatch(_:)`, which takes
/// them by default. The inspector shows it beside each action (`BistroKit/Features.swift:42`); the store keeps it
/// only while an inspector is attached.
public struct DispatchSite: Sendable, CustomStringConvertible {
    /// The file, as `#fileID` names it: `Module/File.swift`.
    public let fileID: StaticString
    /// The line.
    public let line: UInt

    /// A call site.
    @inlinable
    public init(fileID: StaticString, line: UInt) {
        self.fileID = fileID
        self.line = line
    }

    /// `Module/File.swift:42`.
    public var description: String {
        "\(fileID):\(line)"
    }
}

/// Nanoseconds since 1970, read from the system clock directly: what an attached store's dispatch reads before its
/// reducers and the inspector after them (an integer: dividing the nanoseconds into seconds cost a quarter of the
/// read).
@usableFromInline
package func _wallClockNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
}

/// Seconds since 1970, read from the system clock directly (`Date()` costs twice as much): the time of a reduction
/// an inspector records.
@usableFromInline
package func _wallClockNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
