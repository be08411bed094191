import BrigadeCore
import BrigadeRedux
import Foundation
import Testing

// One test per row of docs/BadInput.md for BrigadeRedux's errors: the trigger, through the public API, and the exact
// text the user sees. A reason that quotes Foundation's own error text is checked up to that quote.

@Suite("Bad input: BrigadeRedux")
@MainActor
struct ReduxBadInputTests {
    /// The error of replaying `json` with `Cursor` registered; the store is left unchanged.
    func replayError(_ json: String) -> String? {
        let registry = ActionRegistry()
        registry.register(Cursor.self)
        let store = makeEditor()
        let error = #expect(throws: ReduxError.self) {
            try ActionLog.replay(Data(json.utf8), registry: registry, into: store)
        }
        #expect(store.currentState == Editor())
        return error?.description
    }

    @Test("ReduxError.stateTypeMismatch")
    func stateTypeMismatch() {
        let app = ReduxApp(initialState: AppState())
        let error = #expect(throws: AppError.self) { try app.add(feature: WrongWatcher()) }
        guard case .observerFailed(_, _, let underlying) = error else { return }
        #expect(
            String(describing: underlying)
                == "feature WrongWatcher observes state of type Counter, but the app's state is AppState")
    }

    @Test("ReduxError.unknownActionType")
    func unknownActionType() {
        #expect(
            replayError(#"[{"type": "Erase", "time": 0, "action": {}}]"#)
                == "cannot replay action type 'Erase': it is not registered in the ActionRegistry")
    }

    @Test("ReduxError.actionDecodingFailed")
    func actionDecodingFailed() {
        let wrongShape = replayError(#"[{"type": "Cursor", "time": 0, "action": {"position": "x"}}]"#)
        #expect(wrongShape?.hasPrefix("cannot decode action 'Cursor': ") == true)
        let notJSON = replayError("{not json")
        #expect(notJSON?.hasPrefix("cannot decode action 'log': ") == true)
    }

    @Test("ReduxError.actionEncodingFailed")
    func actionEncodingFailed() {
        struct Refused: Error {}
        struct Unwritable: Action, Codable {
            init() {}
            init(from decoder: any Decoder) throws { throw Refused() }
            func encode(to encoder: any Encoder) throws { throw Refused() }
        }
        let log = ActionLog()
        log.record(Unwritable())
        let error = #expect(throws: ReduxError.self) { try log.exportJSON() }
        #expect(error?.description == "cannot encode action 'Unwritable': Refused()")
        #expect(log.entries.count == 1)
    }

    @Test("ReduxError.serviceNotProvided")
    func serviceNotProvided() async {
        struct Fetch: Action {}
        struct Failed: Action { let message: String }
        let store = Store(initialState: "")
        store.reducers.add(effectsOn: \String.self) { (_: inout String, _: Fetch) -> Effect in
            .run { send in
                _ = try await send.services.resolve(Int.self)
            } catch: { error, send in
                await send(Failed(message: "\(error)"))
            }
        }
        store.reducers.add(on: \String.self) { (text: inout String, action: Failed) in text = action.message }
        store.dispatch(Fetch())
        await store.effectsFinished()
        #expect(
            store.currentState
                == "no service Swift.Int for the effect: the store's EffectServices neither replace it nor provide it")
    }
}
