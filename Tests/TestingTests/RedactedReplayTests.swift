import BrigadeCore
import BrigadeInspector
import BrigadeRedux
import BrigadeTesting
import Foundation
import Testing

/// An account whose session token is kept out of records.
struct Account: Codable, Equatable, Sendable {
    var user = ""
    @Redacted var token: String = ""
    var signIns = 0
}

struct LogIn: Action, Codable {
    var user: String
    @Redacted var password: String
}

struct SetToken: RedactedAction, Codable { let token: String }

@MainActor
func makeAccountStore() -> Store<Account> {
    let store = Store(initialState: Account())
    store.reducers.add(on: \Account.self) { (account: inout Account, action: LogIn) in
        account.user = action.user
        account.token = "session-" + action.password
        account.signIns += 1
    }
    store.reducers.add(on: \Account.self) { (account: inout Account, action: SetToken) in
        account.token = action.token
    }
    return store
}

/// A session of the account app, recorded through the inspector, with its secrets redacted.
@MainActor
func recordAccountSession() async -> InspectorSession {
    let store = makeAccountStore()
    let inspector = Inspector(app: "Account")
    inspector.attach(to: store)
    store.dispatch(LogIn(user: "ada", password: "hunter2"))
    store.dispatch(SetToken(token: "tok-8f3a"))
    store.dispatch(LogIn(user: "bob", password: "swordfish"))
    return await inspector.session()
}

@Suite("InspectorReplay: sessions with redacted values")
@MainActor
struct RedactedReplayTests {
    @Test("a session replays with the redacted action values the test gives; redacted state is not compared")
    func replaysWithValues() async throws {
        let session = await recordAccountSession()
        #expect(!String(decoding: try session.data(), as: UTF8.self).contains("hunter2"))
        let store = TestStore(store: makeAccountStore())
        let outcome = try await InspectorReplay.check(
            session: session, store: store,
            redactedValues: ["LogIn.password": "test-password", "SetToken.token": "test-token"])
        #expect(outcome.divergence == nil)
        #expect(outcome.replayed == 3)
        #expect(store.store.currentState.user == "bob" && store.store.currentState.signIns == 2)
        // The replay used the test's values: the redacted state is what they made.
        #expect(store.store.currentState.token == "session-test-password")
        await store.finish()
    }

    @Test("a redacted value the test does not give is an error naming the key to give, and nothing is replayed")
    func missingValue() async throws {
        let session = await recordAccountSession()
        let store = TestStore(store: makeAccountStore())
        let error = await #expect(throws: InspectorError.self) {
            try await InspectorReplay.check(session: session, store: store, redactedValues: ["LogIn.password": "pw"])
        }
        guard case .invalidLine(_, let reason) = error else {
            Issue.record("expected invalidLine, got \(String(describing: error))")
            return
        }
        #expect(reason.contains(#"redactedValues: ["SetToken.token": ...]"#))
        #expect(store.store.currentState == Account())
        await store.finish()
    }

    @Test("a divergence outside the redacted members is still found")
    func divergenceFound() async throws {
        let session = await recordAccountSession()
        let live = makeAccountStore()
        live.reducers.add(on: \Account.signIns) { (signIns: inout Int, _: SetToken) in signIns += 10 }
        let store = TestStore(store: live)
        let captured = Captured()
        store.reporter = FailureReporter { message, _ in captured.messages.append(message) }
        let outcome = try await InspectorReplay.check(
            session: session, store: store, redactedValues: ["LogIn.password": "pw", "SetToken.token": "t"])
        #expect(outcome.divergence?.changes.map(\.path) == ["signIns"])
        #expect(outcome.divergence?.seq == 3)
        #expect(captured.messages.count == 1)
    }
}
