import BrigadeServices
import Foundation
import Testing

@Suite("JSONValue hardening")
struct JSONHardeningTests {
    /// The error `JSONValue.parse` throws for `bytes`.
    func parseError(_ bytes: [UInt8]) -> JSONParseError? {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes) }
    }

    /// The CPU time this thread has used, in seconds: unlike the wall clock, it does not count the time the thread
    /// waited while other tests ran.
    static func threadTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// The least CPU time of `runs` parses of each of `inputs`, taken in turns, in seconds.
    static func fastestParses(_ inputs: [[UInt8]], runs: Int) throws -> [Double] {
        var fastest = inputs.map { _ in Double.infinity }
        for _ in 0..<runs {
            for (index, input) in inputs.enumerated() {
                let start = threadTime()
                _ = try JSONValue.parse(input)
                fastest[index] = min(fastest[index], threadTime() - start)
            }
        }
        return fastest
    }

    @Test("a string of \\u escapes parses in time linear in its length")
    func escapesAreLinear() async throws {
        func escapes(_ count: Int) -> String {
            "\"" + String(repeating: "\\u00e9", count: count) + "\""
        }
        // The same 200,000 escapes, as one string and as 200 strings of 1,000: the same bytes, so memory and caches
        // weigh the same on both. Linear: about the same time (1x). Quadratic in a string's length: the one string
        // took 4 to 5 times as long at 100,000 escapes against 40 strings before the fix; at twice the length and
        // 200 pieces, about 8 times. The bound, 4x, is wide on both sides.
        let one = Array(escapes(200_000).utf8)
        let many = Array(("[" + Array(repeating: escapes(1_000), count: 200).joined(separator: ",") + "]").utf8)
        // Measured on a queue of its own: a second of parsing does not hold a thread of the concurrency pool.
        let times = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "json-timing").async {
                continuation.resume(with: Result { try Self.fastestParses([one, many], runs: 2) })
            }
        }
        #expect(times[0] < 4 * times[1], "one string: \(times[0]) s, 200 strings: \(times[1]) s of CPU time")
        #expect(try JSONValue.parse(Array(escapes(3).utf8)) == .string("ééé"))
    }

    @Test("escaped and raw text decode to the same string, surrogate pairs included")
    func escapedText() throws {
        #expect(try JSONValue.parse(Array(#""caf\u00e9 \ud83c\udf72 \n\t\"\\\/""#.utf8)) == .string("café 🍲 \n\t\"\\/"))
        #expect(try JSONValue.parse(Array("\"café 🍲\"".utf8)) == .string("café 🍲"))
    }

    @Test(
        "invalid UTF-8 is refused at the offending byte, not replaced",
        arguments: [
            ([0x22, 0xFF, 0x22], 1),  // a byte that never starts a character
            ([0x22, 0x61, 0xC0, 0x80, 0x22], 2),  // an overlong encoding of NUL
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // a UTF-16 surrogate, encoded
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
            ([0x22, 0xE2, 0x82, 0x22], 1),  // a character cut short
            ([0x22, 0x80, 0x22], 1),  // a continuation byte alone
            ([0x5B, 0x22, 0x61, 0x22, 0x2C, 0x22, 0xE2, 0x82], 6),  // cut short at the end of the text
        ])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        #expect(parseError(bytes) == .malformed(offset: offset, reason: "invalid UTF-8"))
    }

    @Test("numbers with leading zeros are refused", arguments: ["01", "-01", "[1, 007]", "00", "-00.5"])
    func leadingZeros(text: String) {
        let offset = text.hasPrefix("[") ? 4 : 0
        #expect(parseError(Array(text.utf8)) == .malformed(offset: offset, reason: "a number with a leading zero"))
    }

    @Test("numbers a Double cannot hold are refused", arguments: ["1e400", "-1e309", "[0, 2e999999]"])
    func outOfRange(text: String) {
        let offset = text.hasPrefix("[") ? 4 : 0
        #expect(parseError(Array(text.utf8)) == .malformed(offset: offset, reason: "a number out of range"))
    }

    @Test("valid numbers still parse", arguments: [("0", 0.0), ("-0", 0.0), ("0.5", 0.5), ("10", 10), ("1e3", 1000)])
    func validNumbers(text: String, value: Double) throws {
        #expect(try JSONValue.parse(Array(text.utf8)) == .number(value))
    }
}
