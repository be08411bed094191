import BrigadeCore
import BrigadeWireframe
import Foundation
import Testing

@Suite("Typed parameters: a placeholder that matches only its type")
@MainActor
struct TypedParameterTests {
    let wireframe = DefaultWireframe()

    func result(_ text: String) throws -> RouteResult {
        try wireframe.routeResult(url: #require(URL(string: text)))
    }

    @Test("an int parameter does not take text, so another pattern can; its value reaches the screen as an Int")
    func intParameterLeavesTextToAnotherPattern() throws {
        try wireframe.add(routePattern: "/user/:id<int>")
        try wireframe.add(routePattern: "/user/:name")
        let byID = try result("/user/42")
        #expect(byID.routePattern == "/user/:id<int>")
        #expect(try byID.parameters.value("id", as: Int.self) == 42)
        let byName = try result("/user/devxoul")
        #expect(byName.routePattern == "/user/:name")
        #expect(try byName.parameters.string("name") == "devxoul")
    }

    @Test("a uuid parameter matches only a UUID and gives a UUID")
    func uuidParameter() throws {
        try wireframe.add(routePattern: "/orders/:id<uuid>")
        let id = UUID()
        #expect(try result("/orders/\(id.uuidString)").parameters.value("id", as: UUID.self) == id)
        #expect(throws: WireframeError.self) { try result("/orders/latest") }
    }

    @Test("a typed parameter that fails further on backtracks to a parameter of any text")
    func typedBranchBacktracks() throws {
        try wireframe.add(routePattern: "/a/:x<int>/b")
        try wireframe.add(routePattern: "/a/:y/c")
        #expect(try result("/a/1/c").routePattern == "/a/:y/c")
        #expect(try result("/a/1/b").routePattern == "/a/:x<int>/b")
    }

    @Test("patterns that differ only in a parameter's type do not conflict; the same type does")
    func typesAndConflicts() throws {
        try wireframe.add(routePattern: "/p/:id<int>")
        try wireframe.add(routePattern: "/p/:id<uuid>")
        try wireframe.add(routePattern: "/p/:id")
        #expect(throws: WireframeError.self) { try wireframe.add(routePattern: "/p/:number<int>") }
    }

    @Test("a parameter type without a converter is a registration error naming it")
    func unknownType() {
        let error = #expect(throws: WireframeError.self) { try wireframe.add(routePattern: "/user/:id<integer>") }
        #expect(
            error?.description
                == "pattern '/user/:id<integer>' has an invalid segment at position 6: parameter type 'integer' has no "
                + "converter (register it with add(parameterType:converter:))")
        #expect(throws: WireframeError.self) { try RoutePattern("/user/:id<in teger>") }
    }

    enum Dish: String, Sendable {
        case soup, salad
    }

    @Test("a custom parameter type takes what its converter reads, gives the converted value, and round-trips")
    func customType() throws {
        wireframe.add(parameterType: "dish") { Dish(rawValue: $0) }
        try wireframe.add(routePattern: "/menu/:dish<dish>")
        try wireframe.add(routePattern: "/menu/:other")
        let soup = try result("/menu/soup")
        #expect(soup.routePattern == "/menu/:dish<dish>")
        #expect(try soup.parameters.value("dish", as: Dish.self) == .soup)
        #expect(try result("/menu/pizza").routePattern == "/menu/:other")
        let url = try wireframe.url(forPattern: "/menu/:dish<dish>", parameters: ["dish": Dish.salad])
        #expect(url.absoluteString == "/menu/salad")
        #expect(try wireframe.routeResult(url: url).parameters.value("dish", as: Dish.self) == .salad)
    }

    @Test("reverse routing writes a typed value, and refuses text the typed parameter would not take")
    func reverseRoutingTypedValues() throws {
        try wireframe.add(routePattern: "/user/:id<int>")
        let url = try wireframe.url(forPattern: "/user/:id<int>", parameters: ["id": 42])
        #expect(url.absoluteString == "/user/42")
        #expect(try wireframe.routeResult(url: url).parameters.value("id", as: Int.self) == 42)
        #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/user/:id<int>", parameters: ["id": "devxoul"])
        }
        #expect(throws: WireframeError.self) {
            try wireframe.url(forPattern: "/user/:id<int>", parameters: ["id": "007"])
        }
    }
}
