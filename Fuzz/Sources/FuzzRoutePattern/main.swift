import BrigadeCore
import BrigadeWireframe
import FuzzSupport

// Any text given to the route pattern parser must give a pattern or a typed error, never a crash; a pattern it
// accepts must register in a matcher and render a path from parameters.
/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let pattern = try? RoutePattern(text) else { return 0 }
    var builder = RouteMatcherBuilder()
    // A pattern the matcher refuses (a custom parameter type it has no converter for) has nothing to match back.
    guard (try? builder.add(pattern)) != nil else { return 0 }
    let matcher = builder.build()
    var parameters = RouteParameters()
    for name in pattern.parameterNames {
        parameters[name] = name == RouteParameters.wildcard ? ["a", "b"] : "x"
    }
    if let path = try? pattern.path(parameters: parameters), pattern.scheme == nil {
        // A path built from a pattern matches it back.
        if matcher.match(path: path) == nil {
            fatalError("'\(path)' built from '\(text)' does not match it")  // brigade:allow the fuzzer's oracle
        }
    }
    return 0
}

fuzz { data, count in
    guard let data, count > 0 else { return 0 }
    return test(UnsafeRawPointer(data), count)
}
