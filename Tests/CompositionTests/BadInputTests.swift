import BrigadeComposition
import BrigadeCore
import BrigadeKitchen
import BrigadeRedux
import Testing

// One test per row of docs/BadInput.md for BrigadeComposition's errors: the trigger, through the public API, and the
// exact text the user sees.

/// A feature of no kind Brigade's observers install.
@MainActor
private final class Orphan: Feature {}

private final class Ledger: Sendable {}
private final class Vault: Sendable {}

@Suite("Bad input: BrigadeComposition")
@MainActor
struct CompositionBadInputTests {
    @Test("AppVerificationError.invalid")
    func invalid() throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Ledger.self, dependsOn: [Vault.self]) { _ in Ledger() }
        let app = BrigadeApp(redux: Redux(initialState: 0), kitchen: kitchen)
        try app.add(feature: Orphan())
        let error = #expect(throws: AppVerificationError.self) { try app.verify() }
        guard case .invalid(let features, let problems) = error else { return }
        #expect(features.count == 1 && problems == [.notRegistered(chain: ["Ledger", "Vault"])])
        #expect(
            error?.description == """
                the app has 2 problem(s):
                  \(features[0].description)
                  Ledger -> Vault (not registered)
                """)
        #expect(features[0].description.contains("Orphan"))
    }

    @Test("a debug build's BrigadeApp.make checks the app before it returns; a sound app passes")
    func makeVerifies() throws {
        #if DEBUG
        #expect(throws: AppVerificationError.self) { try BrigadeApp.make(initialState: 0, features: [Orphan()]) }
        #endif
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(Vault.self) { _ in Vault() }
        try kitchen.registerNonisolated(Ledger.self, dependsOn: [Vault.self]) { _ in Ledger() }
        let app = try BrigadeApp.make(initialState: 0, features: [], kitchen: kitchen)
        #expect(try app.verify().checked == 1)
    }
}
