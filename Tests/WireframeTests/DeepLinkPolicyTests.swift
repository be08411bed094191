import BrigadeCore
import BrigadeWireframe
import Foundation
import Testing

@Suite("Untrusted deep links")
@MainActor
struct DeepLinkPolicyTests {
    let policy = DeepLinkPolicy(
        allowedSchemes: ["bistro", "https"], allowedHosts: ["bistro.example"], maximumLength: 120, maximumSegments: 4,
        maximumParameterLength: 12)

    @Test(
        "links that break the policy are typed errors",
        arguments: [
            ("javascript://alert(1)", "scheme 'javascript' is not allowed"),
            ("http://bistro.example/menu", "scheme 'http' is not allowed"),
            ("https://evil.example/menu", "host 'evil.example' is not allowed"),
            ("bistro://a/b/c/d/e", "it has more than 4 path segments"),
            (
                "bistro://menu/" + String(repeating: "x", count: 13),
                "a segment or query item is longer than 12 characters"
            ),
            (
                "bistro://menu?note=" + String(repeating: "y", count: 20),
                "a segment or query item is longer than 12 characters"
            ),
            ("bistro://menu/" + String(repeating: "%41", count: 40), "it is longer than 120 characters"),
        ])
    func rejected(link: String, reason: String) {
        let error = #expect(throws: WireframeError.self) {
            try policy.check(url(link))
        }
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    }

    @Test(
        "hostile links that a lenient reading would send to the allowed host are rejected",
        arguments: [
            ("https://bistro.example@evil.example/menu", "it carries user information"),
            ("https://evil.example@bistro.example/menu", "it carries user information"),
            ("https://user:secret@bistro.example/menu", "it carries user information"),
            ("bistro://someone@menu/soup", "it carries user information"),
            ("https://bistro.example\\@evil.example/menu", "it contains a backslash"),
            ("https://bistro.example%5C@evil.example/menu", "it contains a backslash"),
            ("bistro://menu/a%5Cb", "it contains a backslash"),
            ("https://%62istro.example/menu", "host '%62istro.example' is not a plain host name"),
            ("https://bistro%2Eexample/menu", "host 'bistro%2Eexample' is not a plain host name"),
            ("https://bistro.example%00/menu", "host 'bistro.example%00' is not a plain host name"),
            ("https://bistro.example./menu", "host 'bistro.example.' is not allowed"),
            ("https://bistro.example.evil.example/menu", "host 'bistro.example.evil.example' is not allowed"),
            ("https:///bistro.example/menu", "host '' is not a plain host name"),
        ])
    func hostile(link: String, reason: String) throws {
        let parsed = try #require(URL(string: link), "the platform parses \(link)")
        let error = #expect(throws: WireframeError.self) {
            try policy.check(parsed)
        }
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
    }

    @Test("an allowed host is compared after lowercasing, and a port does not change it")
    func hostCase() throws {
        try policy.check(url("https://BISTRO.example/menu"))
        try policy.check(url("https://bistro.example:443/menu"))
    }

    @Test("links within the policy pass", arguments: ["bistro://menu/soup", "https://bistro.example/menu?size=2"])
    func accepted(link: String) throws {
        try policy.check(url(link))
    }

    @Test("a rejected link is never routed")
    func neverRouted() async throws {
        let wireframe = DefaultWireframe()
        let navigator = HeadlessNavigator()
        wireframe.navigateOn(navigator)
        try wireframe.add(routePattern: "/menu/:dish")
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.deepLinkPolicy = policy
        await #expect(throws: WireframeError.self) {
            try await wireframe.routeExternal(url: url("bistro://menu/" + String(repeating: "x", count: 50)))
        }
        #expect(navigator.stack.isEmpty)
        try await wireframe.routeExternal(url: url("bistro://menu/soup"))
        #expect(navigator.stack.count == 1)
    }

    @Test("an external stack is checked link by link: one rejected link routes none of them")
    func externalStack() async throws {
        let wireframe = DefaultWireframe()
        let navigator = HeadlessNavigator()
        wireframe.navigateOn(navigator)
        for pattern in ["/menu", "/menu/:dish"] {
            try wireframe.add(routePattern: pattern)
        }
        wireframe.add(controllerProvider: ScreenProvider())
        wireframe.deepLinkPolicy = policy
        let error = await #expect(throws: WireframeError.self) {
            try await wireframe.routeExternal(stack: [url("bistro://menu"), url("https://evil@bistro.example/menu")])
        }
        #expect(error?.description.contains("it carries user information") == true)
        #expect(navigator.stack.isEmpty)
        try await wireframe.routeExternal(stack: [url("bistro://menu"), url("bistro://menu/soup")])
        #expect(navigator.stack.map { ($0 as? Screen)?.name } == ["/menu", "/menu/:dish"])
    }
}
