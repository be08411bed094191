import BistroKit
import Brigade
import TestHTTPServer
import Testing

@Suite("Bistro's specials load is an effect")
@MainActor
struct SpecialsEffectTests {
    @Test("leaving the specials screen before the API answers cancels the load, and its answer is never applied")
    func leavingCancels() async throws {
        let server = try TestHTTPServer()
        var options = BistroOptions(dataDirectory: dataDirectory())
        options.specialsURL = server.url("/hold/specials")
        let session = try await BistroSession(options: options)
        try await session.app.wireframe.route(to: "/specials", option: .push.animated(false))
        #expect(await server.waitForRequest("/hold/specials"))
        #expect(session.store.runningEffects.map(\.startedBy) == ["Store.run"])

        try await session.app.wireframe.popController(animated: false)  // the screen goes, and its presenters
        server.release("specials")  // the API answers anyway
        await session.store.effectsFinished()
        #expect(session.store.currentState.specials == .loading)
        #expect(session.screen.first == "== Menu ==")
    }
}
