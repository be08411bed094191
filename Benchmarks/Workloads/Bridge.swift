import BrigadeCore
import BrigadeNavigation
import BrigadeRedux
import Foundation
import Observation

// The SwiftUI bridge (issue 32 §2): a dispatch through `ObservedState` beside Apple's Observation doing the same
// mutation in an `Observable` model (written as the `@Observable` macro expands: a registrar and `withMutation`), with
// 0, 100 and 1,000 views watching, and after 10,000 members were read by views that are gone.
//
// A view is simulated as SwiftUI runs a body: it reads inside `withObservationTracking`. The watching views read a
// member the dispatch does not change (`owner.city`; the dispatch increments `count`), so neither side re-evaluates
// them and each figure is the cost of a change while views watch. How many views each kind of change re-evaluates is
// counted exactly by Tests/NavigationTests/ObservedStateFollowingTests.swift.

/// The bridge's state.
struct BridgeState: Sendable, Equatable {
    var count = 0
    var city = "London"
    var rows = (0..<100).map { BridgeRow(id: $0) }
}

/// A row of the bridge's list.
struct BridgeRow: Sendable, Equatable, Identifiable {
    var id: Int
    var title = "row"
}

/// A profile screen's state: its views read five members that the dispatch does not change.
struct BridgeProfile: Sendable, Equatable {
    var count = 0
    var name = "Ada Lovelace"
    var email = "ada@example.com"
    var city = "London"
    var street = "12 St James's Square"
    var phone = "+44 20 7946 0000"
}

/// Increments the count.
struct BridgeIncrement: Action {}

/// Changes the city: ends every tracking that read it.
struct BridgeMove: Action {}

/// The same state as an `Observable` model, as the `@Observable` macro writes it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class AppleBridgeModel: Observable, @unchecked Sendable {
    // Read and written on the workload's thread only; the registrar is Sendable.
    private let registrar = ObservationRegistrar()
    private var _count = 0
    private var _city = "London"

    var count: Int {
        get {
            registrar.access(self, keyPath: \.count)
            return _count
        }
        set {
            registrar.withMutation(of: self, keyPath: \.count) { _count = newValue }
        }
    }

    var city: String {
        get {
            registrar.access(self, keyPath: \.city)
            return _city
        }
        set {
            registrar.withMutation(of: self, keyPath: \.city) { _city = newValue }
        }
    }
}

/// A view that reads `read` once, inside `withObservationTracking`, and then stays (it is never re-armed here).
func watch(_ read: () -> Void) {
    withObservationTracking(read) {}
}

@MainActor
private func bridgeStore() -> Store<BridgeState> {
    let store = Store(initialState: BridgeState())
    store.reducers.add(on: \BridgeState.count) { (count: inout Int, _: BridgeIncrement) in count &+= 1 }
    store.reducers.add(on: \BridgeState.city) { (city: inout String, _: BridgeMove) in city += "!" }
    return store
}

/// One dispatch (or Apple mutation) per operation.
func bridgeWorkloads() -> [Workload] {
    guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return [] }
    let sizes = [0, 100, 1_000]
    let brigade = sizes.map { views in
        Workload("Bridge/ObservedState dispatch, \(views) views watching") {
            let store = bridgeStore()
            let state = ObservedState(store: store)
            for _ in 0..<views {
                watch { _ = state[\.city] }
            }
            return Runner { n in
                for _ in 0..<n {
                    store.dispatch(BridgeIncrement())
                }
                consume(state)
            }
        }
    }
    let apple = sizes.map { views in
        Workload("Bridge/@Observable mutation, \(views) views watching") {
            let model = AppleBridgeModel()
            for _ in 0..<views {
                watch { _ = model.city }
            }
            return Runner { n in
                for _ in 0..<n {
                    model.count &+= 1
                }
                consume(model)
            }
        }
    }
    // Like with like (issue 32): the store's own dispatch (reduce, settle, notify), without the bridge, and Apple's
    // mutation behind the plain-Swift counterpart of a dispatch (the action's reducer found by its type in a
    // dictionary and called). The budgets above compare the whole dispatch with the bare mutation.
    let storeAlone = Workload("Bridge/Store dispatch, no bridge") {
        let store = bridgeStore()
        return Runner { n in
            for _ in 0..<n {
                store.dispatch(BridgeIncrement())
            }
            consume(store)
        }
    }
    let appleReduced = sizes.map { views in
        Workload("Bridge/@Observable mutation by a plain-Swift reducer, \(views) views watching") {
            let model = AppleBridgeModel()
            for _ in 0..<views {
                watch { _ = model.city }
            }
            let reducers: [ObjectIdentifier: (AppleBridgeModel, any Action) -> Void] = [
                ObjectIdentifier(BridgeIncrement.self): { model, _ in model.count &+= 1 },
                ObjectIdentifier(BridgeMove.self): { model, _ in model.city += "!" },
            ]
            return Runner { n in
                for _ in 0..<n {
                    let action: any Action = BridgeIncrement()
                    reducers[ObjectIdentifier(type(of: opaque(action)))]?(model, action)
                }
                consume(model)
            }
        }
    }
    // A screen whose views read several members: each delivery compares five members in the old and new state.
    let profile = Workload("Bridge/ObservedState dispatch, 100 views watching 5 members") {
        let store = Store(initialState: BridgeProfile())
        store.reducers.add(on: \BridgeProfile.count) { (count: inout Int, _: BridgeIncrement) in count &+= 1 }
        let state = ObservedState(store: store)
        let members: [KeyPath<BridgeProfile, String>] = [\.name, \.email, \.city, \.street, \.phone]
        for index in 0..<100 {
            let member = members[index % members.count]
            watch { _ = state[member] }
        }
        return Runner { n in
            for _ in 0..<n {
                store.dispatch(BridgeIncrement())
            }
            consume(state)
        }
    }
    let gone = Workload("Bridge/ObservedState dispatch after 10,000 members read and gone") {
        let store = bridgeStore()
        let state = ObservedState(store: store)
        // 10,000 rows read their item by id (ids past the end read nil: rows of a list still loading) and the
        // city; the city changes (the screen closes): every row's tracking ends, and no row is re-armed.
        for index in 0..<10_000 {
            watch {
                _ = state[\.rows, id: index]
                _ = state[\.city]
            }
        }
        store.dispatch(BridgeMove())
        return Runner { n in
            for _ in 0..<n {
                store.dispatch(BridgeIncrement())
            }
            consume(state)
        }
    }
    return brigade + apple + [gone, storeAlone, profile] + appleReduced + reEvaluatedWorkloads()
}

/// A change every watching view reads (issue 41): each operation changes the member and re-evaluates every view, as
/// SwiftUI re-runs an invalidated body: it reads again inside a new tracking. A top-level member (`count`) and an
/// element read by id (row 0's title, read by each view through `state[\.rows, id: 0]`; Apple's side reads the row
/// through a model that holds it).
func reEvaluatedWorkloads() -> [Workload] {
    guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return [] }
    var workloads: [Workload] = []
    for views in [100, 1_000] {
        workloads.append(
            Workload("Bridge/ObservedState change, \(views) views re-evaluated") {
                let store = bridgeStore()
                let state = ObservedState(store: store)
                let body = { _ = state.count }
                for _ in 0..<views { watch(body) }
                return Runner { n in
                    for _ in 0..<n {
                        store.dispatch(BridgeIncrement())
                        for _ in 0..<views { watch(body) }
                    }
                    consume(state)
                }
            })
        workloads.append(
            Workload("Bridge/@Observable change, \(views) views re-evaluated") {
                let model = AppleBridgeModel()
                let body = { _ = model.count }
                for _ in 0..<views { watch(body) }
                return Runner { n in
                    for _ in 0..<n {
                        model.count &+= 1
                        for _ in 0..<views { watch(body) }
                    }
                    consume(model)
                }
            })
        workloads.append(
            Workload("Bridge/ObservedState element change, \(views) views re-evaluated") {
                let store = bridgeStore()
                store.reducers.add(on: \BridgeState.rows) { (rows: inout [BridgeRow], _: BridgeRename) in
                    rows[0].title += "!"
                }
                let state = ObservedState(store: store)
                let body = { _ = state[\.rows, id: 0]?.title }
                for _ in 0..<views { watch(body) }
                return Runner { n in
                    for _ in 0..<n {
                        store.dispatch(BridgeRename())
                        for _ in 0..<views { watch(body) }
                    }
                    consume(state)
                }
            })
        workloads.append(
            Workload("Bridge/@Observable element change, \(views) views re-evaluated") {
                let rows = (0..<100).map { AppleBridgeRow(id: $0) }
                let body = { _ = rows[0].title }
                for _ in 0..<views { watch(body) }
                return Runner { n in
                    for _ in 0..<n {
                        rows[0].title += "!"
                        for _ in 0..<views { watch(body) }
                    }
                    consume(rows)
                }
            })
    }
    return workloads
}

/// Renames row 0.
struct BridgeRename: Action {}

/// A row as an `Observable` model, as the `@Observable` macro writes it: Apple's way to observe one element.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class AppleBridgeRow: Observable, @unchecked Sendable {
    // Read and written on the workload's thread only; the registrar is Sendable.
    private let registrar = ObservationRegistrar()
    let id: Int
    private var _title = "row"

    init(id: Int) {
        self.id = id
    }

    var title: String {
        get {
            registrar.access(self, keyPath: \.title)
            return _title
        }
        set {
            registrar.withMutation(of: self, keyPath: \.title) { _title = newValue }
        }
    }
}
