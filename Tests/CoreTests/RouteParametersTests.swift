import BrigadeCore
import Foundation
import Testing

@Suite("RouteParameters")
struct RouteParametersTests {
    let parameters: RouteParameters = [
        "id": "42", "price": "3.5", "flag": "Yes", "token": "6BA7B810-9DAD-11D1-80B4-00C04FD430C8",
        "*": ["a", "b"], "word": "tea",
    ]

    @Test("typed accessors convert strings")
    func typedAccessors() throws {
        #expect(try parameters.string("word") == "tea")
        #expect(try parameters.int("id") == 42)
        #expect(try parameters.double("price") == 3.5)
        #expect(try parameters.bool("flag"))
        #expect(try parameters.uuid("token") == UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"))
        #expect(try parameters.strings(RouteParameters.wildcard) == ["a", "b"])
    }

    @Test("a missing parameter is an error naming it")
    func missing() {
        #expect(throws: RouteParameterError.missing(name: "dish")) {
            try parameters.string("dish")
        }
    }

    @Test("a malformed parameter is an error naming it and its value", arguments: ["word", "price"])
    func malformed(name: String) {
        let error = #expect(throws: RouteParameterError.self) {
            try parameters.int(name)
        }
        #expect(error?.description.hasPrefix("route parameter '\(name)' is '") == true)
        #expect(error?.description.hasSuffix("expected an integer") == true)
    }

    @Test("merging lets the other side win")
    func merging() throws {
        let merged = parameters.merging(["id": "7"])
        #expect(try merged.int("id") == 7)
        #expect(try merged.string("word") == "tea")
    }

    @Test("caller values of any Sendable type are kept")
    func callerValues() throws {
        struct Dish: Sendable, Equatable { let name: String }
        let parameters: RouteParameters = ["dish": Dish(name: "soup")]
        #expect(try parameters.value("dish", as: Dish.self) == Dish(name: "soup"))
    }
}

@Suite("RoutingOption")
struct RoutingOptionTests {
    @Test("animated(_:) keeps the presentation")
    func animated() {
        let option = RoutingOption.modal.animated(false)
        #expect(option.presentation == .modal)
        #expect(!option.animated)
        #expect(option.description == "modal (not animated)")
    }
}
