import BrigadeNavigation
import Testing

/// An entry of a host's stack: a Brigade controller, or a view controller the app pushed itself (`foreign`).
private final class Entry {
    let name: String
    let foreign: Bool

    init(_ name: String, foreign: Bool = false) {
        self.name = name
        self.foreign = foreign
    }
}

@Suite("HostStack: the view controllers the app pushed itself are kept")
struct HostStackTests {
    private func merge(_ requested: [Entry], into current: [Entry]) -> [String] {
        HostStack.merging(requested, into: current, isForeign: \.foreign, isSame: { $0 === $1 }).map(\.name)
    }

    @Test("an app's screen stays above the Brigade screen it was pushed on, while that screen stays")
    func keptAboveItsBase() {
        let list = Entry("list")
        let own = Entry("own", foreign: true)
        let note = Entry("note")
        #expect(merge([list, note, Entry("edit")], into: [list, own, note]) == ["list", "own", "note", "edit"])
        #expect(merge([list], into: [list, note, own]) == ["list"])
        #expect(merge([Entry("home")], into: [list, own]) == ["home"])
    }

    @Test("an app's screens below every Brigade screen stay at the bottom")
    func leadingKept() {
        let base = Entry("base", foreign: true)
        let list = Entry("list")
        #expect(merge([Entry("home")], into: [base, list]) == ["base", "home"])
    }
}
