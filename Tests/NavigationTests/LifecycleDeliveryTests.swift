import BrigadeCore
import BrigadeNavigation
import BrigadeWireframe
import Testing

@Suite("LifecycleDelivery: each platform event once")
@MainActor
struct LifecycleDeliveryTests {
    let log = EventLog()

    func screen() -> Screen {
        let screen = Screen("s", log: log)
        screen.attachments.presenters = [LoggingPresenter(log: log), LoggingPresenter(log: log)]
        return screen
    }

    @Test("an event reaches the controller first, then each presenter in order")
    func controllerThenPresenters() {
        let screen = screen()
        #expect(LifecycleDelivery.deliver(.load, to: screen))
        #expect(log.entries == ["s.load", "s/presenter.load", "s/presenter.load"])
    }

    @Test("the same event delivered twice in a row reaches nobody the second time")
    func repeatIgnored() {
        let screen = screen()
        LifecycleDelivery.deliver(.willAppear(animated: true), to: screen)
        log.clear()
        #expect(!LifecycleDelivery.deliver(.willAppear(animated: true), to: screen))
        #expect(!LifecycleDelivery.deliver(.willAppear(animated: false), to: screen))
        #expect(log.entries.isEmpty)
    }

    @Test("load is delivered once in a controller's life")
    func loadOnce() {
        let screen = screen()
        LifecycleDelivery.deliver(.load, to: screen)
        LifecycleDelivery.deliver(.willAppear(animated: false), to: screen)
        LifecycleDelivery.deliver(.didDisappear(animated: false), to: screen)
        log.clear()
        #expect(!LifecycleDelivery.deliver(.load, to: screen))
        #expect(log.entries.isEmpty)
    }

    @Test("an appear event to a controller not loaded delivers load first")
    func loadBeforeAppear() {
        let screen = Screen("s", log: log)
        LifecycleDelivery.deliver(.willAppear(animated: true), to: screen)
        #expect(log.entries == ["s.load", "s.willAppear(animated)"])
    }

    @Test("a full appear / disappear / appear cycle is delivered in full")
    func cycleDelivered() {
        let screen = Screen("s", log: log)
        let events: [LifecycleEvent] = [
            .willAppear(animated: true), .didAppear(animated: true), .willDisappear(animated: true),
            .didDisappear(animated: true), .willAppear(animated: false), .didAppear(animated: false),
        ]
        for event in events {
            #expect(LifecycleDelivery.deliver(event, to: screen))
        }
        #expect(log.entries.count == 7)
    }

    @Test("a transition orders willDisappear, willAppear, the change, didDisappear, didAppear")
    func transitionOrder() {
        let leaving = Screen("a", log: log)
        let arriving = Screen("b", log: log)
        LifecycleTransition(
            from: LifecycleTransition.Shown(stack: [leaving], modals: []),
            to: LifecycleTransition.Shown(stack: [arriving], modals: [])
        ).deliver(animated: false) {
            log.entries.append("change")
        }
        #expect(
            log.entries == [
                "b.load", "a.willDisappear(not animated)", "b.willAppear(not animated)", "change",
                "a.didDisappear(not animated)", "b.didAppear(not animated)",
            ])
    }

    @Test("a transition from a controller to itself delivers nothing")
    func transitionToItself() {
        let screen = Screen("a", log: log)
        let shown = LifecycleTransition.Shown(stack: [screen], modals: [])
        LifecycleTransition(from: shown, to: shown).deliver(animated: true) { log.entries.append("change") }
        #expect(log.entries == ["change"])
    }
}
