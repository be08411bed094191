import BrigadeCore
import BrigadeInspector
import BrigadeRedux
import Foundation
import Testing

/// A state with a secret in it, made from the secrets of two actions.
struct Vault: Codable, Equatable, Sendable {
    var user = ""
    @Redacted var token: String = ""
    var signIns = 0
}

struct SignIn: Action, Codable {
    var user: String
    @Redacted var password: String
}

/// A whole action kept out of records.
struct StoreToken: RedactedAction, Codable { let token: String }

/// The secrets the vault's actions carry: none of them may be in any byte the inspector writes.
let vaultSecrets = ["hunter2", "tok-8f3a"]

@MainActor
func makeVaultStore(log: ActionLog? = nil) -> Store<Vault> {
    let store = Store(initialState: Vault(), middleware: log.map { [$0.middleware()] } ?? [])
    store.reducers.add(on: \Vault.self) { (vault: inout Vault, action: SignIn) in
        vault.user = action.user
        vault.token = "session-" + action.password
        vault.signIns += 1
    }
    store.reducers.add(on: \Vault.self) { (vault: inout Vault, action: StoreToken) in vault.token = action.token }
    return store
}

@Suite("Inspector: redacted values never leave the app")
@MainActor
struct RedactionTests {
    @Test("no secret is in a socket frame, the session file or the action log's export; the rest is all there")
    func nothingWritten() async throws {
        let log = ActionLog()
        let store = makeVaultStore(log: log)
        let inspector = Inspector(app: "Vault")
        inspector.attach(to: store)
        let tool = try FakeTool()
        defer { tool.stop() }
        inspector.connect(port: tool.port)
        store.dispatch(SignIn(user: "ada", password: "hunter2"))
        store.dispatch(StoreToken(token: "tok-8f3a"))
        #expect(await tool.waitUntil { $0.count >= 4 })  // the hello and three actions

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vault-\(UUID()).brigade-session")
        defer { try? FileManager.default.removeItem(at: file) }
        try await inspector.exportSession(to: file)
        let written = [
            ("socket", Data(tool.received.joined(separator: "\n").utf8)),
            ("session file", try Data(contentsOf: file)),
            ("action log", try log.exportJSON()),
        ]
        for (place, bytes) in written {
            for secret in vaultSecrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) in the \(place)")
            }
            #expect(bytes.range(of: Data("<redacted>".utf8)) != nil, "no marker in the \(place)")
        }
        inspector.disconnect()

        let events = await inspector.events()
        let signIn = try #require(events.first { $0.action == "SignIn" })
        #expect(signIn.payload == ["user": "ada", "password": "<redacted>"])
        #expect(signIn.description == #"SignIn(user: "ada", _password: <redacted>)"#)
        #expect(signIn.state == ["user": "ada", "token": "<redacted>", "signIns": 1])
        // The diff names the redacted member, never its values.
        #expect(signIn.diff?.map(\.path).sorted() == ["signIns", "user"])
        let token = try #require(events.first { $0.action == "StoreToken" })
        #expect(token.payload == ["token": "<redacted>"])
        #expect(token.description == "StoreToken(<redacted>)")
        // The app itself keeps every value.
        #expect(store.currentState.token == "tok-8f3a")
    }

    @Test("an action log exported without redaction replays; a redacted one names what was left out")
    func actionLogReplay() throws {
        let log = ActionLog()
        let store = makeVaultStore(log: log)
        store.dispatch(SignIn(user: "ada", password: "hunter2"))
        let registry = ActionRegistry(reducers: store.reducers)
        let replayed = makeVaultStore()
        try ActionLog.replay(try log.exportJSON(redacting: false), registry: registry, into: replayed)
        #expect(replayed.currentState == store.currentState)

        store.dispatch(StoreToken(token: "tok-8f3a"))
        let error = #expect(throws: ReduxError.self) {
            try ActionLog.replay(try log.exportJSON(), registry: registry, into: makeVaultStore())
        }
        #expect(error?.description.contains("redacted") == true)
    }
}
