import BrigadeCore
import BrigadeNavigation
import BrigadeWireframe
import Foundation
import Testing

/// A presenter that runs `action` on the navigator when its controller gets `event`.
@MainActor
final class ReactingPresenter: Presenter {
    let event: LifecycleEvent
    let action: @MainActor () -> Void

    init(on event: LifecycleEvent, _ action: @escaping @MainActor () -> Void) {
        self.event = event
        self.action = action
    }

    func addPresentationLogic(routeResult: RouteResult, controller: any Controller) throws {}

    func lifecycleEvent(_ event: LifecycleEvent, controller: any Controller) {
        if event == self.event { action() }
    }
}

@Suite("ObservableNavigator: every modal level is drawn, and changes made from lifecycle events")
@MainActor
struct ObservableNavigatorLevelTests {
    let routes: NotesRoutes
    let navigator: ObservableNavigator
    var log: EventLog { routes.log }

    init() throws {
        routes = try NotesRoutes()
        navigator = ObservableNavigator(wireframe: routes.wireframe)
        routes.wireframe.navigateOn(navigator)
    }

    func note(_ id: String) -> RouteDescription {
        RouteDescription(pattern: "/notes/:id", parameters: ["id": id])
    }

    func edit(_ id: String) -> RouteDescription {
        RouteDescription(pattern: "/notes/:id/edit", parameters: ["id": id])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("two presents give three levels, and each level's view has the sheet of the next one")
    func everyModalLevelIsDrawn() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        try await routes.wireframe.route(to: "/notes/2/edit", option: .modal)
        #expect(navigator.levels.map(\.route) == [RouteDescription(pattern: "/notes"), edit("1"), edit("2")])
        #expect(navigator.levels.map(\.index) == [0, 1, 2])
        #expect(navigator[sheetAbove: 0] == NavigationLevel(index: 1, route: edit("1")))
        #expect(navigator[sheetAbove: 1] == NavigationLevel(index: 2, route: edit("2")))
        #expect(navigator[sheetAbove: 2] == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("the view of the first sheet is told when a second sheet is presented over it")
    func secondPresentInvalidatesFirstSheetView() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        let firstSheet = ChangeCounter()
        #expect(firstSheet.track { navigator[sheetAbove: 1] } == nil)
        try await routes.wireframe.route(to: "/notes/2/edit", option: .modal)
        #expect(firstSheet.count == 1)
        #expect(navigator[sheetAbove: 1]?.route == edit("2"))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("swiping the second sheet down dismisses it alone; the first sheet, on screen under it, hears nothing")
    func swipingSecondSheetKeepsFirst() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        try await routes.wireframe.route(to: "/notes/2/edit", option: .modal)
        log.clear()
        navigator[sheetAbove: 1] = nil
        #expect(navigator.levels.map(\.route) == [RouteDescription(pattern: "/notes"), edit("1")])
        #expect(log.entries.contains("edit 2.didDisappear(animated)"))
        #expect(!log.entries.contains { $0.hasPrefix("edit 1.") })
        #expect(routes.alive("edit 2") == 0)
        navigator[sheetAbove: 0] = nil
        #expect(navigator.levels.count == 1)
        #expect(names(navigator.modalStack).isEmpty)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("each modal level is offered to the binding of its own style, a sheet or a full-screen cover")
    func levelsAreDrawnInTheirStyle() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: RoutingOption(.modal, modalStyle: .fullScreen))
        try await routes.wireframe.route(to: "/notes/2/edit", option: .modal)
        #expect(navigator.modalStyle(atLevel: 0) == .fullScreen)
        #expect(navigator.modalStyle(atLevel: 1) == .sheet)
        #expect(navigator.modalStyle(atLevel: 2) == nil)
        #expect(navigator[modalAbove: 0, style: .fullScreen] == NavigationLevel(index: 1, route: edit("1")))
        #expect(navigator[modalAbove: 0, style: .sheet] == nil)
        #expect(navigator[modalAbove: 1, style: .sheet] == NavigationLevel(index: 2, route: edit("2")))
        #expect(navigator[modalAbove: 1, style: .fullScreen] == nil)
        // Where there are no covers (macOS), every level is a sheet.
        #expect(navigator[sheetAbove: 0] == NavigationLevel(index: 1, route: edit("1")))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a saved state's full-screen modal is restored as a full-screen cover, its sheet as a sheet")
    func restoredStyles() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        try await routes.wireframe.route(to: "/notes/2/edit", option: RoutingOption(.modal, modalStyle: .fullScreen))
        let saved = try routes.wireframe.navigationState()
        let data = try JSONEncoder().encode(saved)

        let restoredRoutes = try NotesRoutes()
        let restored = ObservableNavigator(wireframe: restoredRoutes.wireframe)
        restoredRoutes.wireframe.navigateOn(restored)
        try await restoredRoutes.wireframe.route(state: try JSONDecoder().decode(NavigationState.self, from: data))
        #expect(restored.modalPath == [edit("1"), edit("2")])
        #expect(restored[modalAbove: 0, style: .sheet]?.route == edit("1"))
        #expect(restored[modalAbove: 1, style: .fullScreen]?.route == edit("2"))
        #expect(restored[modalAbove: 1, style: .sheet] == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a sheet restored as a full-screen cover of the same route tells the cover's view, which then shows it")
    func restyledLevelTellsItsView() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: .modal)
        var state = try routes.wireframe.navigationState()
        state.modals[0].style = .fullScreen
        let cover = ChangeCounter()
        #expect(cover.track { navigator[modalAbove: 0, style: .fullScreen] } == nil)
        try await routes.wireframe.route(state: state)
        #expect(navigator.modalPath == [edit("1")])
        #expect(cover.count == 1)
        #expect(navigator[modalAbove: 0, style: .fullScreen]?.route == edit("1"))
        #expect(navigator[modalAbove: 0, style: .sheet] == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test(
        "dismissing a full-screen cover through its binding delivers the lifecycle events once; the other binding does nothing"
    )
    func dismissingCover() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/1/edit", option: RoutingOption(.modal, modalStyle: .fullScreen))
        log.clear()
        // SwiftUI writes `nil` only to the binding of what it shows; a stray write to the other one is ignored.
        navigator[modalAbove: 0, style: .sheet] = nil
        #expect(navigator.modalPath == [edit("1")])
        #expect(log.entries.isEmpty)

        navigator[modalAbove: 0, style: .fullScreen] = nil
        #expect(navigator.modalPath.isEmpty)
        #expect(routes.alive("edit 1") == 0)
        let screenEvents = log.entries.filter { !$0.contains("/presenter.") }
        #expect(
            screenEvents == [
                "edit 1.willDisappear(animated)", "notes.willAppear(animated)", "edit 1.didDisappear(animated)",
                "notes.didAppear(animated)",
            ])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("no root and no modal: no level")
    func noLevels() {
        #expect(navigator.levels.isEmpty)
        #expect(navigator[sheetAbove: 0] == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a sheet a presenter shows from willAppear is shown after the appearance, not lost")
    func sheetFromWillAppearIsShown() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        let detail = try routes.wireframe.controller(for: note("3"))
        detail.attachments.presenters.append(
            // Weakly: the presenter stays on screen with the navigator, which would keep each other alive.
            ReactingPresenter(on: .willAppear(animated: true)) { [weak navigator, sheet = edit("3")] in
                navigator?.sheet = sheet
            })
        log.clear()
        try await navigator.push(detail, animated: true)
        #expect(navigator.path == [note("3")])
        #expect(navigator.modalPath == [edit("3")])
        #expect(names(navigator.modalStack) == ["edit 3"])
        #expect(navigator.lastError == nil)
        #expect(
            log.entries.filter { !$0.contains("/presenter.") }
                == [
                    "note 3.load", "notes.willDisappear(animated)", "note 3.willAppear(animated)",
                    "notes.didDisappear(animated)",
                    "note 3.didAppear(animated)", "edit 3.load", "edit 3.willAppear(animated)",
                    "edit 3.didAppear(animated)",
                ])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a note its editor pops as the editor sheet is swiped away leaves after the editor, in order")
    func popFromEditorSwipeDeliversInOrder() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        try await routes.wireframe.route(to: "/notes/7")
        let editor = try routes.wireframe.controller(for: edit("7"))
        editor.attachments.presenters.append(
            ReactingPresenter(on: .didDisappear(animated: true)) { [navigator] in navigator.path = [] })
        try await navigator.present(editor, animated: true)
        log.clear()
        navigator.sheet = nil
        #expect(navigator.path.isEmpty)
        #expect(navigator.modalPath.isEmpty)
        #expect(
            log.entries.filter { !$0.contains("/presenter.") }
                == [
                    "edit 7.willDisappear(animated)", "edit 7.didDisappear(animated)",
                    "note 7.willDisappear(animated)", "notes.willAppear(animated)",
                    "note 7.didDisappear(animated)", "notes.didAppear(animated)",
                ])
        #expect(routes.alive("note 7") == 0)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("a path a presenter sets during a change that cannot be made is reported in lastError")
    func deferredErrorIsReported() async throws {
        try await routes.wireframe.route(to: "/notes", option: .root)
        let detail = try routes.wireframe.controller(for: note("4"))
        detail.attachments.presenters.append(
            ReactingPresenter(on: .didAppear(animated: true)) {
                [weak navigator, path = [note("4"), RouteDescription(pattern: "/nowhere")]] in
                try? navigator?.setPath(path, animated: true)
            })
        try await navigator.push(detail, animated: true)
        #expect(navigator.path == [note("4")])
        #expect(navigator.lastError?.description.hasPrefix("cannot show route /nowhere:") == true)
    }
}
