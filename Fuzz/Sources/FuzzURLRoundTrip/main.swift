import BrigadeCore
import BrigadeWireframe
import Foundation
import FuzzSupport

// The reverse-routing promise, fuzzed: a URL built by `url(forPattern:parameters:)` routes back to its pattern with
// byte-identical values, also after travelling as text; otherwise building throws a WireframeError. Any other
// outcome (a wrong answer) stops the fuzzer with the input.
//
// An input is a pattern number (its first byte) and values separated by 0xFF bytes: one per parameter of the
// pattern, the rest for the wildcard (when it has one) or a query item. libFuzzer calls the entry point from the
// main thread, one input at a time.

/// Patterns whose precedence makes building refuse some values: literals beside parameters, a wildcard beside a
/// parameter, optional groups beside a wildcard, non-ASCII literals, hosts, typed parameters.
let patterns = [
    "/menu/:dish", "/menu/new", "/:tab", "/files/*", "/files/:id", "/x(/:q)(/*)", "/ñ/:q", "/a b/:q(/:r)",
    "https://bistro.example/menu/:dish", "https://bücher.example/:q", "bistro://tab/:name", "/user/:id<int>",
    "/orders(/:id/:line)", "/caf%C3%A9/*",
]

// Top-level code: on the main actor.
let wireframe: DefaultWireframe = {
    let wireframe = DefaultWireframe()
    for pattern in patterns {
        try? wireframe.add(routePattern: pattern)
    }
    return wireframe
}()

/// The texts routing gives back for `value`: one text, or a list's texts.
func texts(_ value: any Sendable) -> [String] {
    (value as? [String]) ?? [(value as? String) ?? String(describing: value)]
}

/// Stops the fuzzer: the round trip gave a wrong answer.
func wrong(_ message: String) -> Never {
    print("round trip broken: \(message)")
    abort()
}

@MainActor
func roundTrip(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let pattern = patterns[Int(first) % patterns.count]
    let chunks = bytes.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    guard let names = try? RoutePattern(pattern).parameterNames else { return }
    var parameters: [String: any Sendable] = [:]
    var rest = chunks[...]
    for name in names where name != RouteParameters.wildcard {
        guard let value = rest.popFirst() else { break }
        parameters[name] = pattern.contains("<int>") ? (Int(value) ?? value.utf8.count) : value
    }
    if names.contains(RouteParameters.wildcard), !rest.isEmpty {
        parameters[RouteParameters.wildcard] = Array(rest)
    } else if let extra = rest.popFirst() {
        parameters[extra.isEmpty ? "q2" : extra] = rest.popFirst() ?? ""
    }
    let url: URL
    do {
        url = try wireframe.url(forPattern: pattern, parameters: RouteParameters(parameters))
    } catch {
        return  // a typed refusal: WireframeError is the only error `url(forPattern:)` throws
    }
    for candidate in [url, URL(string: url.absoluteString)] {
        guard let candidate else { wrong("\(url) does not parse again") }
        guard let result = try? wireframe.routeResult(url: candidate) else { wrong("\(candidate) matches nothing") }
        guard result.routePattern == pattern else { wrong("\(candidate) shows \(result.routePattern), not \(pattern)") }
        let found = result.parameters.values
        guard found.count == parameters.count else { wrong("\(candidate) gives \(found.keys.sorted())") }
        for (name, value) in parameters {
            guard let back = found[name] else { wrong("\(candidate) loses \(name)") }
            let given = texts(value)
            let returned = texts(back)
            guard given.count == returned.count, zip(given, returned).allSatisfy({ $0.utf8.elementsEqual($1.utf8) })
            else { wrong("\(candidate): \(name) was \(given), comes back \(returned)") }
        }
    }
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    MainActor.assumeIsolated { roundTrip(bytes) }
    return 0
}

fuzz { data, count in
    guard let data, count > 0 else { return 0 }
    return test(UnsafeRawPointer(data), count)
}
