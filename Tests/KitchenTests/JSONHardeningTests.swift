import BrigadeKitchen
import Foundation
import Testing

@Suite("JSONValue hardening")
struct JSONHardeningTests {
    /// The error `JSONValue.parse` throws for `bytes`.
    func parseError(_ bytes: [UInt8]) -> JSONParseError? {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes) }
    }

    /// The fastest of three parses of `bytes`, in seconds.
    func fastestParse(_ bytes: [UInt8]) throws -> Double {
        var fastest = Double.infinity
        for _ in 0..<3 {
            let clock = ContinuousClock()
            let start = clock.now
            _ = try JSONValue.parse(bytes)
            let elapsed = clock.now - start
            fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return fastest
    }

    @Test("a string of \\u escapes parses in time linear in its length")
    func escapesAreLinear() throws {
        func escapes(_ count: Int) -> [UInt8] {
            Array(("\"" + String(repeating: "\\u00e9", count: count) + "\"").utf8)
        }
        let small = try fastestParse(escapes(25_000))
        let large = try fastestParse(escapes(250_000))
        // Ten times the input: about ten times the time when linear, up to a hundred times when quadratic.
        #expect(large < 30 * small, "25,000 escapes: \(small) s, 250,000 escapes: \(large) s")
        #expect(try JSONValue.parse(escapes(3)) == .string("ééé"))
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
