import BrigadeCore
import BrigadeNavigation
import BrigadeRedux
import Foundation
import Observation
import Testing

/// A view as SwiftUI runs it: its body reads inside `withObservationTracking`; a change marks it dirty, and it is
/// re-evaluated (re-armed) after the change, once per change however many of its members changed.
final class SimulatedView: @unchecked Sendable {
    // `lock` guards `isDirty` and `evaluations`.
    private let lock = NSLock()
    private var isDirty = false
    private var evaluations = 0
    private let body: () -> Void

    init(body: @escaping () -> Void) {
        self.body = body
        evaluate()
    }

    /// How many times the body ran after the first.
    var reevaluations: Int { lock.withLock { evaluations - 1 } }

    /// Runs the body if a change marked the view; returns whether it ran.
    @discardableResult
    func settle() -> Bool {
        guard lock.withLock({ isDirty }) else { return false }
        evaluate()
        return true
    }

    private func evaluate() {
        lock.withLock {
            isDirty = false
            evaluations += 1
        }
        // Weakly: the state's registrar keeps this closure while the tracking lives, and the body reads the state,
        // so a strong capture would make a cycle (LeakSanitizer).
        withObservationTracking(body) { [weak self] in
            guard let self else { return }
            lock.withLock { isDirty = true }
        }
    }
}

struct Board: Sendable, Equatable {
    var owner = Owner()
    var items = (0..<100).map { Item(id: $0, value: 0) }
}

struct Item: Sendable, Equatable, Identifiable {
    var id: Int
    var value: Int
}

struct BumpItem: Action {
    let id: Int
}

/// The same board as Apple's `@Observable` model.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class AppleBoard: @unchecked Sendable {
    // Mutated on the test's thread only.
    var owner = Owner()
    var items = (0..<100).map { Item(id: $0, value: 0) }
}

@MainActor
func boardStore() -> Store<Board> {
    let store = Store(initialState: Board())
    store.reducers.add(on: \Board.owner.name) { (name: inout String, action: RenameOwner) in name = action.name }
    store.reducers.add(on: \Board.items) { (items: inout [Item], action: BumpItem) in
        if let index = items.firstIndex(where: { $0.id == action.id }) { items[index].value += 1 }
    }
    return store
}

/// Runs `change`, settles `views` and returns how many were re-evaluated.
func reevaluated(_ views: [SimulatedView], by change: () -> Void) -> Int {
    change()
    return views.filter { $0.settle() }.count
}

@Suite("ObservedState: exact re-evaluation and following the views alive")
@MainActor
struct ObservedStateFollowingTests {
    let store = boardStore()

    // Half the 100 views read the owner's name, half the city; the name changes: 50 views need a re-evaluation.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a nested member read through the key-path subscript re-evaluates only its views (50 of 100)")
    func nestedMemberByKeyPathIsExact() {
        let state = ObservedState(store: store)
        let views = (0..<100).map { index in
            SimulatedView { _ = index.isMultiple(of: 2) ? state[\.owner.name] : state[\.owner.city] }
        }
        #expect(reevaluated(views) { store.dispatch(RenameOwner(name: "Grace")) } == 50)
        #expect(reevaluated(views) { store.dispatch(RenameOwner(name: "Grace")) } == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a nested member read as a chain registers its first member: every view of the parent (100 of 100), as Apple")
    func nestedMemberAsChainIsCoarse() {
        let state = ObservedState(store: store)
        let views = (0..<100).map { index in
            SimulatedView { _ = index.isMultiple(of: 2) ? state.owner.name : state.owner.city }
        }
        #expect(reevaluated(views) { store.dispatch(RenameOwner(name: "Grace")) } == 100)
        let apple = AppleBoard()
        let appleViews = (0..<100).map { index in
            SimulatedView { _ = index.isMultiple(of: 2) ? apple.owner.name : apple.owner.city }
        }
        #expect(reevaluated(appleViews) { apple.owner.name = "Grace" } == 100)
    }

    // View i reads the item whose id is i; item 7 changes: one view needs a re-evaluation.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("an element read by id re-evaluates only its view (1 of 100); read by index, every view, as Apple")
    func elementByIdIsExact() {
        let state = ObservedState(store: store)
        let byID = (0..<100).map { index in SimulatedView { _ = state[\.items, id: index] } }
        let byIndex = (0..<100).map { index in SimulatedView { _ = state.items[index] } }
        store.dispatch(BumpItem(id: 7))
        #expect(byID.filter { $0.settle() }.count == 1)
        #expect(byIndex.filter { $0.settle() }.count == 100)
        let apple = AppleBoard()
        let appleViews = (0..<100).map { index in SimulatedView { _ = apple.items[index] } }
        #expect(reevaluated(appleViews) { apple.items[7].value += 1 } == 100)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a member read outside any view is not tracked")
    func readOutsideAViewIsNotTracked() {
        let state = ObservedState(store: store)
        _ = state[\.owner.city]
        _ = state[\.items, id: 3]
        #expect(state.trackedMemberCount == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("once the views that read 1,000 members are gone, none is tracked and a dispatch evaluates none of them")
    func goneViewsAreForgotten() {
        let state = ObservedState(store: store)
        // 1,000 rows, each reading an item by id (ids past the end are nil: rows of a list not loaded yet) and the
        // owner's name; they go when the owner changes (the screen closes) and are not re-armed.
        let rows = (0..<1_000).map { index in
            SimulatedView {
                _ = state[\.items, id: index]
                _ = state[\.owner.name]
            }
        }
        #expect(state.trackedMemberCount == 1_001)
        store.dispatch(RenameOwner(name: "Grace"))
        #expect(state.trackedMemberCount == 0)
        store.dispatch(BumpItem(id: 7))
        #expect(state.trackedMemberCount == 0)
        #expect(rows.allSatisfy { $0.reevaluations == 0 })
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a member a live view still follows stays tracked and tells it")
    func liveViewsStayTracked() {
        let state = ObservedState(store: store)
        let city = SimulatedView { _ = state[\.owner.city] }
        let item = SimulatedView { _ = state[\.items, id: 3] }
        for _ in 0..<3 {
            store.dispatch(RenameOwner(name: "Grace"))
        }
        #expect(state.trackedMemberCount == 2)
        store.dispatch(BumpItem(id: 3))
        #expect(item.settle())
        #expect(!city.settle())
        #expect(state.trackedMemberCount == 2)
    }
}
