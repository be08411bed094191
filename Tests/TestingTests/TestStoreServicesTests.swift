import BrigadeCore
import BrigadeRedux
import BrigadeTesting
import Testing

private protocol Weather: Sendable {
    func forecast() async throws -> String
}

private struct Forecast: Action {}
private struct Forecasted: Action { let text: String }

private struct WeatherState: Sendable, Equatable {
    var text = ""
}

private struct SunnyWeather: Weather {
    func forecast() async throws -> String { "sunny" }
}

@Suite("TestStore replaces services")
@MainActor
struct TestStoreServicesTests {
    @Test("a replaced service reaches the effects of the test's store")
    func replaced() async {
        let store = TestStore(initialState: WeatherState()) { reducers in
            reducers.add(effectsOn: \WeatherState.self) { (_: inout WeatherState, _: Forecast) -> Effect in
                .run { send in
                    let weather = try await send.services.resolve((any Weather).self)
                    await send(Forecasted(text: try await weather.forecast()))
                }
            }
            reducers.add(on: \WeatherState.text) { (text: inout String, action: Forecasted) in text = action.text }
        }
        store.replace((any Weather).self, with: SunnyWeather())
        await store.send(Forecast())
        await store.receive(Forecasted.self) { $0.text = "sunny" }
        await store.finish()
    }
}
