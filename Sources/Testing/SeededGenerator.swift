/// A random number generator whose sequence depends only on its seed (SplitMix64): a property test or a fuzz run that
/// fails names its seed, and the same seed makes the same cases on every run and machine.
///
/// ```swift
/// var generator = SeededGenerator(state: 42)
/// let index = Int.random(in: 0..<10, using: &generator)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The generator's state: the seed, at first.
    public var state: UInt64

    /// A generator seeded with `state`.
    public init(state: UInt64) {
        self.state = state
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
