import BrigadeCore
import BrigadeWireframe
import Foundation
import FuzzSupport

// Any path or URL matched against a fixed route table gives a match or nil, never a crash.
// libFuzzer calls the entry point from one thread, one input at a time.
let matcher: RouteMatcher = {
    var builder = RouteMatcherBuilder()
    for text in [
        "/", "/menu", "/menu/:dish", "/menu/:dish/reviews(/:page)", "/orders(/:id(/items))", "/files/*",
        "bistro://settings/language/:code", "/a/b/c", "/a/:x/d", "/a/*",
    ] {
        try? builder.add(RoutePattern(text))
    }
    return builder.build()
}()

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    if let match = matcher.match(path: text) {
        _ = match.parameters.names
    }
    if let url = URL(string: text) {
        _ = matcher.match(url: url)
        try? DeepLinkPolicy(allowedSchemes: ["bistro", "https"]).check(url)
    }
    return 0
}

fuzz { data, count in
    guard let data, count > 0 else { return 0 }
    return test(UnsafeRawPointer(data), count)
}
