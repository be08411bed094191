import BrigadeLocking
import Testing

@Suite("ExclusiveCell")
struct ExclusiveCellTests {
    struct Fields {
        var count = 0
        var names: [String] = []
    }

    @Test("fields are read and changed in place, and the changes are kept")
    func changesInPlace() {
        let cell = _ExclusiveCell(Fields())
        cell._value.count += 2
        cell._value.names.append("soup")
        cell._value.names.append("bread")
        #expect(cell._value.count == 2)
        #expect(cell._value.names == ["soup", "bread"])
    }

    @Test("a round under way makes a second one report that rounds nested; ending it lets the next begin")
    func roundsNest() {
        let cell = _ExclusiveCell(0)
        #expect(cell._beginRound())
        #expect(!cell._beginRound())
        #expect(!cell._endRound())
        #expect(cell._endRound())
        #expect(cell._beginRound())
        #expect(cell._endRound())
        #expect(!cell._endRound())
    }

    @Test("the fields are handed to onRelease when the cell goes away, with their last values")
    func releaseSeesLastFields() {
        final class Seen {
            var names: [String]?
        }
        let seen = Seen()
        do {
            let cell = _ExclusiveCell(Fields(), onRelease: { seen.names = $0.names })
            cell._value.names = ["tea"]
            withExtendedLifetime(cell) { #expect(seen.names == nil) }
        }
        #expect(seen.names == ["tea"])
    }
}
