import BrigadeReactive
import BrigadeServices
import Foundation
import Testing

@Suite("Translations missing keys")
struct TranslationsMissingKeysTests {
    /// The sizes of `missingKeys` a subscriber saw, in order.
    final class Sizes: @unchecked Sendable {
        // `lock` guards `sizes`.
        private let lock = NSLock()
        private var sizes: [Int] = []
        func append(_ size: Int) { lock.withLock { sizes.append(size) } }
        var all: [Int] { lock.withLock { sizes } }
    }

    @Test("missingKeys only grows while many threads report keys at once, and ends with every key")
    func onlyGrows() {
        for _ in 0..<20 {
            let translations = Translations(table: Translations.Table([:]), log: { _ in })
            let sizes = Sizes()
            let bag = SubscriptionReferenceBag()
            translations.missingKeys.subscribe { sizes.append($0.count) }.add(to: bag)
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for index in 0..<100 {
                    _ = translations.text("missing \(thread)-\(index)")
                }
            }
            let seen = sizes.all
            let shrinks = zip(seen, seen.dropFirst()).filter { $0.1 <= $0.0 }
            #expect(shrinks.isEmpty, "sizes seen: \(seen)")
            #expect(seen.last == 800)
            #expect(translations.missingKeys.value.count == 800)
        }
    }

    @Test("a subscriber that asks for a missing text while missingKeys is being set gets its key published too")
    func reentrantSubscriber() {
        let translations = Translations(table: Translations.Table([:]), log: { _ in })
        let bag = SubscriptionReferenceBag()
        translations.missingKeys.subscribe { keys in
            if keys.contains("first") {
                _ = translations.text("second")
            }
        }.add(to: bag)
        #expect(translations.text("first") == "first")
        #expect(translations.missingKeys.value == ["first", "second"])
    }
}
