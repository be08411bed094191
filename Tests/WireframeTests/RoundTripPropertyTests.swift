import BrigadeCore
import BrigadeTesting
import BrigadeWireframe
import Foundation
import Testing

/// How many times the default number of cases the round-trip property test runs: `BRIGADE_ROUND_TRIP_SCALE` (CI runs
/// about 100,000 reverse-route round trips with it), 1 by default.
let roundTripScale = ProcessInfo.processInfo.environment["BRIGADE_ROUND_TRIP_SCALE"].flatMap { Int($0) } ?? 1

/// Random route sets and legal but unfriendly values.
struct RoundTripCases {
    var generator: SeededGenerator

    static let literals = ["menu", "new", "ñ", "a b", "café", "orders", "x%2Fy", "100%", "Menu", "+"]
    static let prefixes = ["", "", "", "bistro://", "https://bistro.example", "https://bücher.example", "http://"]
    static let pieces = [
        "", "a", "soup", "new", "menu", "ñ", "é", "e\u{301}", "😀", "/", "?", "#", "%", "+", "&", "=", ";", " ", "%41",
        "%2F", "%zz", "..", ".", "a/b", "?x=1", "#top", "1+1", "\u{0}", "\t", "ü/ß", "%25",
    ]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    mutating func pick<T>(_ list: [T]) -> T { list[int(0...(list.count - 1))] }

    /// A value: a few pieces, now and then about 10 KB of them.
    mutating func value() -> String {
        if int(1...300) == 1 {
            return String(repeating: pick(Self.pieces) + "é/%", count: int(100...1_700))
        }
        if chance(3) {
            return ""
        }
        return (0..<int(1...4)).map { _ in pick(Self.pieces) }.joined()
    }

    /// A pattern: a prefix, then literals, parameters, optional groups, maybe a trailing wildcard.
    mutating func pattern(number: Int) -> String {
        var text = pick(Self.prefixes)
        var parameter = 0
        func nextName() -> String {
            parameter += 1
            return "p\(parameter)"
        }
        for _ in 0..<int(0...3) {
            text += chance(50) ? "/" + pick(Self.literals) : "/:" + nextName() + (chance(20) ? "<int>" : "")
        }
        if chance(30) {
            text += "(/:" + nextName() + (chance(30) ? "/:" + nextName() : "") + ")"
        }
        if chance(15) {
            text += "(/" + pick(Self.literals) + ")"
        }
        if chance(20) {
            text += "/*"
        }
        return text.hasSuffix("//") || text.isEmpty ? text + "r\(number)" : text
    }
}

@Suite("Reverse routing round trip, seeded")
@MainActor
struct RoundTripPropertyTests {
    /// Builds URLs for random patterns of random route sets with unfriendly values; each URL built must route back
    /// to its pattern with byte-identical values, also after travelling as text; otherwise building threw.
    @Test(
        "every URL built routes back to its pattern and values, or building throws a WireframeError",
        arguments: [UInt64(30), 2026])
    func roundTrip(seed: UInt64) throws {
        var cases = RoundTripCases(generator: SeededGenerator(state: seed))
        var built = 0
        var refused = 0
        for set in 0..<(50 * roundTripScale) {
            let wireframe = DefaultWireframe()
            var patterns: [RoutePattern] = []
            for number in 0..<cases.int(1...50) {
                let text = cases.pattern(number: number)
                guard (try? wireframe.add(routePattern: text)) != nil, let pattern = try? RoutePattern(text) else {
                    continue
                }
                patterns.append(pattern)
            }
            guard !patterns.isEmpty else { continue }
            for attempt in 0..<30 {
                let pattern = cases.pick(patterns)
                var parameters: [String: any Sendable] = [:]
                for name in pattern.parameterNames where cases.chance(97) {
                    if name == RouteParameters.wildcard {
                        parameters[name] = (0..<cases.int(1...3)).map { _ in cases.value() }
                    } else if pattern.text.contains(":\(name)<int>"), cases.chance(80) {
                        parameters[name] = cases.chance(50) ? cases.int(-99...99_999) : String(cases.int(0...99))
                    } else {
                        parameters[name] = cases.value()
                    }
                }
                if cases.chance(30) {
                    parameters[cases.pick(["size", "q", "é t", "+"])] = cases.value()
                }
                var query: [String: String] = [:]
                if cases.chance(30) {
                    query[cases.pick(["sort", "a=b", "&", ""])] = cases.value()
                }
                switch Self.outcome(wireframe, pattern.text, parameters, query) {
                case .refused:
                    refused += 1
                case .routedBack:
                    built += 1
                case .failed(let failure):
                    let (shrunk, shrunkQuery, shrunkFailure) = Self.shrink(
                        wireframe, pattern.text, parameters, query, failure)
                    Issue.record(
                        """
                        seed \(seed), set \(set), attempt \(attempt), pattern '\(pattern.text)': \(failure)
                        shrunk: parameters \(shrunk), query \(shrunkQuery): \(shrunkFailure)
                        """)
                    return
                }
            }
        }
        if roundTripScale > 1 {
            // The counts for a closing note: every URL either routed back or was refused (typed); none was wrong.
            print("round trips, seed \(seed): routed back \(built), refused with a WireframeError \(refused), wrong 0")
        }
        // Most legal values must build: a builder that refused everything would pass the loop above. (The refusals
        // here are empty and missing values, groups given in part, and values another pattern takes.)
        #expect(built * 10 > (built + refused) * 8, "built \(built), refused \(refused)")
    }

    /// What building a URL for `pattern` and routing it again gives.
    enum Outcome {
        /// Building threw (only `WireframeError` can: a typed refusal).
        case refused
        /// The URL, and the URL read again from its text, route back to the pattern and values.
        case routedBack
        /// A silent wrong answer, described.
        case failed(String)
    }

    static func outcome(
        _ wireframe: DefaultWireframe,
        _ pattern: String,
        _ parameters: [String: any Sendable],
        _ query: [String: String]
    ) -> Outcome {
        guard let url = try? wireframe.url(forPattern: pattern, parameters: RouteParameters(parameters), query: query)
        else { return .refused }
        guard let travelled = URL(string: url.absoluteString) else { return .failed("'\(url)' does not parse") }
        var expected = query.mapValues { [$0] }
        for (name, value) in parameters {
            expected[name] = (value as? [String]) ?? [(value as? String) ?? "\(value)"]
        }
        for routed in [url, travelled] {
            guard let result = try? wireframe.routeResult(url: routed) else {
                return .failed("'\(url)' routes nowhere")
            }
            guard result.routePattern == pattern else { return .failed("'\(url)' routes to \(result.routePattern)") }
            var found: [String: [String]] = [:]
            for (name, value) in result.parameters.values {
                // A typed parameter gives its value typed (an Int); the text it was built from is compared.
                found[name] = (value as? [String]) ?? [(value as? String) ?? "\(value)"]
            }
            let same =
                expected.count == found.count
                && expected.allSatisfy { name, texts in
                    guard let values = found[name], values.count == texts.count else { return false }
                    return zip(values, texts).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
                }
            if !same { return .failed("'\(url)' gives \(found)") }
        }
        return .routedBack
    }

    /// A smaller input that still fails: parameters and query items dropped, values shortened, while it fails.
    static func shrink(
        _ wireframe: DefaultWireframe,
        _ pattern: String,
        _ parameters: [String: any Sendable],
        _ query: [String: String],
        _ failure: String
    ) -> ([String: any Sendable], [String: String], String) {
        var best = (parameters, query, failure)
        func attempt(_ candidate: [String: any Sendable], _ candidateQuery: [String: String]) -> Bool {
            guard case .failed(let reason) = outcome(wireframe, pattern, candidate, candidateQuery) else {
                return false
            }
            best = (candidate, candidateQuery, reason)
            return true
        }
        var changed = true
        while changed {
            changed = false
            for name in best.0.keys.sorted() {
                var candidate = best.0
                candidate[name] = nil
                if attempt(candidate, best.1) { changed = true }
            }
            for name in best.1.keys.sorted() {
                var candidateQuery = best.1
                candidateQuery[name] = nil
                if attempt(best.0, candidateQuery) { changed = true }
            }
            for name in best.0.keys.sorted() {
                guard let text = best.0[name] as? String, text.count > 1 else { continue }
                for shorter in [String(text.prefix(text.count / 2)), String(text.dropFirst()), String(text.dropLast())]
                {
                    var candidate = best.0
                    candidate[name] = shorter
                    if attempt(candidate, best.1) {
                        changed = true
                        break
                    }
                }
            }
        }
        return best
    }
}
