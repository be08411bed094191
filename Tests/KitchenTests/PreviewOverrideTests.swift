import BrigadeKitchen
import Testing

/// A service only this test resolves: the overrides it installs for the whole process touch nothing else.
final class PreviewWeather: Sendable {
    let forecast: String
    init(_ forecast: String) { self.forecast = forecast }
}

@Suite("KitchenOverrides.installForPreviews")
struct PreviewOverrideTests {
    @Test("installed overrides reach every later resolution of the process, detached tasks too; a new install replaces")
    func processWide() async throws {
        let kitchen = Kitchen()
        try kitchen.registerNonisolated(PreviewWeather.self) { _ in PreviewWeather("real") }
        KitchenOverrides().replacing(PreviewWeather.self) { _ in PreviewWeather("sunny") }.installForPreviews()
        #expect(try kitchen.resolve(PreviewWeather.self).forecast == "sunny")
        #expect(try await Task.detached { try kitchen.resolve(PreviewWeather.self).forecast }.value == "sunny")
        // A scope applied later still wins for its work.
        let rainy = KitchenOverrides().replacing(PreviewWeather.self) { _ in PreviewWeather("rain") }
        #expect(try rainy.apply { try kitchen.resolve(PreviewWeather.self).forecast } == "rain")
        KitchenOverrides().replacing(PreviewWeather.self) { _ in PreviewWeather("snow") }.installForPreviews()
        #expect(try kitchen.resolve(PreviewWeather.self).forecast == "snow")
    }
}
