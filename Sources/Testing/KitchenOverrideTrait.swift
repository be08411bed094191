import BrigadeKitchen
import Testing

/// A Swift Testing trait that applies ``BrigadeKitchen/KitchenOverrides`` to a test (or to each test of a suite): the
/// test's resolutions, in every kitchen, on its task and in the tasks and effects it starts, get the replacements;
/// the tests running beside it do not.
///
/// ```swift
/// @Test(.overriding(APIClient.self) { _ in APIClient(baseURL: stubServer) })
/// func loadsTheMenu() async throws { ... }
/// ```
public struct KitchenOverrideTrait: TestTrait, SuiteTrait, TestScoping {
    /// The replacements.
    public let overrides: KitchenOverrides

    /// On a suite, each of its tests gets the overrides.
    public var isRecursive: Bool { true }

    /// Runs the test inside ``BrigadeKitchen/KitchenOverrides/apply(isolation:_:)``.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await overrides.apply { try await function() }
    }
}

extension Trait where Self == KitchenOverrideTrait {
    /// Replaces `type` in every kitchen for the test: what `factory` makes, once per test.
    public static func overriding<Service: Sendable>(
        _ type: Service.Type, with factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> Self {
        KitchenOverrideTrait(overrides: KitchenOverrides().replacing(type, with: factory))
    }

    /// Applies `overrides` to the test.
    public static func kitchenOverrides(_ overrides: KitchenOverrides) -> Self {
        KitchenOverrideTrait(overrides: overrides)
    }
}
