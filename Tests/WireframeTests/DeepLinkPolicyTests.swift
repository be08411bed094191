import BrigadeCore
import BrigadeWireframe
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
}
