import BrigadeCore
import BrigadeReactive
import BrigadeRedux
import Testing

/// A value with copy-on-write storage that counts the copies its changes make, as an array of notes would make them.
struct Pages: Sendable, Equatable {
    final class Storage: @unchecked Sendable {
        // Only changed through `Pages.turn()`, after the copy that makes it unique: one owner at a time.
        var count: Int
        init(count: Int) { self.count = count }
    }

    /// Copies made by `turn()` so far, by every value of the type in the test that owns the counter.
    let copies: CopyCounter
    private var storage = Storage(count: 0)

    init(copies: CopyCounter) {
        self.copies = copies
    }

    var count: Int { storage.count }

    /// Adds a page, copying the storage first when it is shared, as a collection does.
    mutating func turn() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(count: storage.count)
            copies.add()
        }
        storage.count += 1
    }

    static func == (lhs: Pages, rhs: Pages) -> Bool { lhs.count == rhs.count }
}

/// Counts copies, for one test.
final class CopyCounter: @unchecked Sendable {
    // Used on the main actor only, by one test.
    private(set) var value = 0
    func add() { value += 1 }
}

struct Book: Sendable, Equatable {
    var pages: Pages
    var title = "draft"
}

struct TurnPage: Action {}
struct TurnPageUndoably: UndoableAction {}
struct Retitle: Action { let title: String }

@MainActor
private func makeBookStore(_ copies: CopyCounter) -> Store<Book> {
    let store = Store(initialState: Book(pages: Pages(copies: copies)))
    store.reducers.add(on: \Book.pages) { (pages: inout Pages, _: TurnPage) in pages.turn() }
    store.reducers.add(on: \Book.pages) { (pages: inout Pages, _: TurnPageUndoably) in pages.turn() }
    store.reducers.add(on: \Book.title) { (title: inout String, action: Retitle) in title = action.title }
    return store
}

@Suite("Reducers change the store's state in place")
@MainActor
struct InPlaceReductionTests {
    @Test("a reducer that changes a collection of the state does not copy it, with a subscriber watching")
    func noCopy() {
        let copies = CopyCounter()
        let store = makeBookStore(copies)
        var told: [Int] = []
        let subscription = store.subscribe(\.title) { _ in told.append(store.currentState.pages.count) }
        store.dispatch(TurnPage())  // the state the store was made with shares the first storage: one copy
        for _ in 0..<100 {
            store.dispatch(TurnPage())
        }
        #expect(store.currentState.pages.count == 101)
        #expect(copies.value == 1)
        store.dispatch(Retitle(title: "final"))
        #expect(told == [0, 101])
        subscription.dispose()
    }

    @Test("reducesInPlace = false reduces a copy: each action copies the collection it changes")
    func onACopy() {
        let copies = CopyCounter()
        let store = makeBookStore(copies)
        store.reducesInPlace = false
        for _ in 0..<10 {
            store.dispatch(TurnPage())
        }
        #expect(store.currentState.pages.count == 10)
        #expect(copies.value == 10)
    }

    @Test("an undoable action copies what it changes, which undo keeps, and undo restores it")
    func undoableCopies() {
        let copies = CopyCounter()
        let store = makeBookStore(copies)
        store.dispatch(TurnPage())
        let before = copies.value
        store.dispatch(TurnPageUndoably())
        #expect(copies.value == before + 1)
        store.dispatch(HistoryAction.Undo())
        #expect(store.currentState.pages.count == 1)
    }

    @Test("a reducer's code reading the store's state is refused, named, and gets the state the store was made with")
    func readRefused() {
        let store = Store(initialState: AppState())
        var diagnostics: [StoreDiagnostic] = []
        store.addDiagnosticHandler { diagnostics.append($0) }
        var read: [Int] = []
        store.reducers.add(on: \AppState.counter.count) { [unowned store] (count: inout Int, action: Add) in
            count += action.amount
            read.append(store.currentState.counter.count)
        }
        store.dispatch(Add(amount: 2))
        store.dispatch(Add(amount: 3))
        #expect(read == [0, 0])
        #expect(store.currentState.counter.count == 5)
        #expect(diagnostics == Array(repeating: .stateReadDuringReduce(action: "Add"), count: 2))
        #expect(diagnostics.first?.description.contains("add(on:reduce:)") == true)
        // Outside a reduce, reads are the state now, and nothing more is reported.
        #expect(store.currentState.counter.count == 5)
        #expect(diagnostics.count == 2)
    }

    @Test("a subscription or the state property made by a reducer's code starts from the refused read, then catches up")
    func subscribeDuringReduce() {
        let store = Store(initialState: AppState())
        var diagnostics: [StoreDiagnostic] = []
        store.addDiagnosticHandler { diagnostics.append($0) }
        var seen: [Int] = []
        var subscription: SubscriptionReference?
        store.reducers.add(on: \AppState.counter.count) { [unowned store] (count: inout Int, action: Add) in
            count += action.amount
            if subscription == nil {
                subscription = store.subscribe(select: { $0.counter.count }) { seen.append($0) }
            }
        }
        store.dispatch(Add(amount: 4))
        #expect(diagnostics == [.stateReadDuringReduce(action: "Add")])
        #expect(seen == [0, 4])  // its first value from the refused read, then the state the round settled on
        store.dispatch(Add(amount: 1))
        #expect(seen == [0, 4, 5])
        subscription?.dispose()
    }

    @Test("in an undoable action, or with reducesInPlace = false, a reducer's code reads the state before the action")
    func readBeforeTheAction() {
        for inPlace in [true, false] {
            let store = Store(initialState: AppState())
            store.reducesInPlace = inPlace
            var diagnostics: [StoreDiagnostic] = []
            store.addDiagnosticHandler { diagnostics.append($0) }
            var read: [Int] = []
            store.reducers.add(on: \AppState.counter.count) {
                [unowned store] (count: inout Int, action: UndoableAdd) in
                count += action.amount
                read.append(store.currentState.counter.count)
            }
            store.reducers.add(on: \AppState.counter.count) { [unowned store] (count: inout Int, action: Add) in
                count += action.amount
                read.append(store.currentState.counter.count)
            }
            store.dispatch(UndoableAdd(amount: 2))
            store.dispatch(UndoableAdd(amount: 3))
            #expect(read == [0, 2])
            store.dispatch(Add(amount: 1))
            #expect(read == [0, 2, inPlace ? 0 : 5])
            #expect(diagnostics == (inPlace ? [.stateReadDuringReduce(action: "Add")] : []))
            #expect(store.currentState.counter.count == 6)
        }
    }
}

struct UndoableAdd: UndoableAction { let amount: Int }
