import BrigadeCore
import BrigadeWireframe
import Foundation
import Testing

@Suite("Hosts: one host, a set of hosts, or a captured host")
@MainActor
struct HostPatternTests {
    func url(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    @Test("a set of hosts matches each of them and no other; reverse routing writes the first")
    func setOfHosts() throws {
        let wireframe = DefaultWireframe()
        try wireframe.add(routePattern: "https://{bistro.example,WWW.bistro.example,bücher.example}/menu/:dish")
        let pattern = try RoutePattern("https://{bistro.example,WWW.bistro.example,bücher.example}/menu/:dish")
        #expect(pattern.hosts == ["bistro.example", "www.bistro.example", "xn--bcher-kva.example"])
        #expect(pattern.host == "bistro.example")
        for host in ["bistro.example", "www.bistro.example", "Bücher.example", "xn--bcher-kva.example"] {
            let result = try wireframe.routeResult(url: url("https://\(host)/menu/soup"))
            #expect(try result.parameters.string("dish") == "soup")
        }
        #expect(throws: WireframeError.self) { try wireframe.routeResult(url: url("https://other.example/menu/soup")) }
        #expect(
            try wireframe.url(forPattern: pattern.text, parameters: ["dish": "soup"]).absoluteString
                == "https://bistro.example/menu/soup")
    }

    @Test("a captured host matches every host of its scheme and stores it, after the patterns naming the host")
    func capturedHost() throws {
        let wireframe = DefaultWireframe()
        try wireframe.add(routePattern: "https://:site/menu/:dish")
        try wireframe.add(routePattern: "https://bistro.example/menu/:dish")
        try wireframe.add(routePattern: "/menu/:dish")
        let pattern = try RoutePattern("https://:site/menu/:dish")
        #expect(pattern.hostParameter == "site" && pattern.hosts.isEmpty && pattern.host == nil)
        #expect(pattern.parameterNames == ["site", "dish"])

        let other = try wireframe.routeResult(url: url("https://Bücher.example/menu/soup?size=2"))
        #expect(other.routePattern == "https://:site/menu/:dish")
        #expect(try other.parameters.string("site") == "xn--bcher-kva.example")
        #expect(try other.parameters.string("size") == "2")
        #expect(
            try wireframe.routeResult(url: url("https://bistro.example/menu/soup")).routePattern
                == "https://bistro.example/menu/:dish")
        #expect(try wireframe.routeResult(url: url("bistro://menu/soup")).routePattern == "/menu/:dish")
        #expect(try wireframe.routeResult(url: url("http://x.example/menu/soup")).routePattern == "/menu/:dish")
    }

    @Test("reverse routing writes a captured host from its parameter, or refuses with a typed error")
    func capturedHostReverse() throws {
        let wireframe = DefaultWireframe()
        try wireframe.add(routePattern: "https://:site/menu/:dish")
        try wireframe.add(routePattern: "https://bistro.example/menu/:dish")
        let built = try wireframe.url(
            forPattern: "https://:site/menu/:dish", parameters: ["site": "shop.example", "dish": "soup"])
        #expect(built.absoluteString == "https://shop.example/menu/soup")
        let missing = refusal { () throws(WireframeError) in
            try wireframe.url(forPattern: "https://:site/menu/:dish", parameters: ["dish": "soup"])
        }
        guard case .missingParameter(_, "site")? = missing else {
            Issue.record("expected missingParameter, got \(String(describing: missing))")
            return
        }
        let empty = refusal { () throws(WireframeError) in
            try wireframe.url(forPattern: "https://:site/menu/:dish", parameters: ["site": "", "dish": "soup"])
        }
        guard case .emptyParameter(_, "site")? = empty else {
            Issue.record("expected emptyParameter, got \(String(describing: empty))")
            return
        }
        // The host a more specific pattern names leads there: building says so.
        let elsewhere = refusal { () throws(WireframeError) in
            try wireframe.url(
                forPattern: "https://:site/menu/:dish", parameters: ["site": "bistro.example", "dish": "soup"])
        }
        guard case .builtURLRoutesElsewhere(_, _, "https://bistro.example/menu/:dish")? = elsewhere else {
            Issue.record("expected builtURLRoutesElsewhere, got \(String(describing: elsewhere))")
            return
        }
        for site in ["a/b.example", "Shop.Example", "x:80", "a b"] {
            #expect(throws: WireframeError.self) {
                try wireframe.url(forPattern: "https://:site/menu/:dish", parameters: ["site": site, "dish": "soup"])
            }
        }
    }

    @Test("malformed host sets and captures are registration errors")
    func malformedHosts() {
        for text in [
            "https://{}/x", "https://{a.example,}/x", "https://{a.example/x", "https://:/x", "https://:si-te/x",
            "https://:site/:site", "https://{a.example,b_c}/x",
        ] {
            #expect(throws: WireframeError.self, "\(text)") { try RoutePattern(text) }
        }
    }

    /// The error `body` throws, or `nil`.
    func refusal(_ body: () throws(WireframeError) -> URL) -> WireframeError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}
