import BrigadeNavigation

extension NavigationScenario {
    /// The scenario table: every navigation the repository holds `NavigationControllerDouble` and UIKit's
    /// `BrigadeNavigationController` to, with the lifecycle transcript UIKit delivers as the double models it (see
    /// docs/Platforms.md, "What the UIKit double models", for each behaviour's source).
    ///
    /// Scenarios whose steps UIKit cannot be driven through from a test (the interactive pop's and the sheet drag's
    /// phases, see ``Step/isDrivableOnUIKit``) run on the double only.
    public static let standard: [NavigationScenario] = [
        NavigationScenario(
            "the navigator pushes a screen",
            setUp: [.setStack(["list"])], steps: [.push("note")],
            transcript: [
                "note.load", "list.willDisappear(animated) covered", "note.willAppear(animated)",
                "list.didDisappear(animated) covered", "note.didAppear(animated)",
            ],
            stack: ["list", "note"]),
        NavigationScenario(
            "the navigator pops a screen",
            setUp: [.setStack(["list", "note"])], steps: [.pop],
            transcript: [
                "list.load", "note.willDisappear(animated) removed", "list.willAppear(animated)",
                "note.didDisappear(animated) removed", "list.didAppear(animated)",
            ],
            stack: ["list"]),
        NavigationScenario(
            "the user taps back",
            setUp: [.setStack(["list", "note"])], steps: [.tapBackButton],
            transcript: [
                "list.load", "note.willDisappear(animated) removed", "list.willAppear(animated)",
                "note.didDisappear(animated) removed", "list.didAppear(animated)",
            ],
            stack: ["list"]),
        NavigationScenario(
            "a push after the user tapped back does not bring the popped screen back",
            setUp: [.setStack(["list", "note"])], steps: [.tapBackButton, .push("edit")],
            transcript: [
                "list.load", "note.willDisappear(animated) removed", "list.willAppear(animated)",
                "note.didDisappear(animated) removed", "list.didAppear(animated)",
                "edit.load", "list.willDisappear(animated) covered", "edit.willAppear(animated)",
                "list.didDisappear(animated) covered", "edit.didAppear(animated)",
            ],
            stack: ["list", "edit"]),
        NavigationScenario(
            "the user picks a screen in the back menu: one transition, only the top and the new top hear of it",
            setUp: [.setStack(["list", "note", "edit", "photo"])], steps: [.popFromBackMenu(to: "note")],
            transcript: [
                "note.load", "photo.willDisappear(animated) removed", "note.willAppear(animated)",
                "photo.didDisappear(animated) removed", "note.didAppear(animated)",
            ],
            stack: ["list", "note"]),
        NavigationScenario(
            "the user's edge swipe back completes",
            setUp: [.setStack(["list", "note"])], steps: [.beginInteractivePop, .finishInteractivePop],
            transcript: [
                "list.load", "note.willDisappear(animated) removed", "list.willAppear(animated)",
                "note.didDisappear(animated) removed", "list.didAppear(animated)",
            ],
            stack: ["list"]),
        NavigationScenario(
            "the user's edge swipe back is cancelled: the top appears again",
            setUp: [.setStack(["list", "note"])], steps: [.beginInteractivePop, .cancelInteractivePop],
            transcript: [
                "list.load", "note.willDisappear(animated) removed", "list.willAppear(animated)",
                "list.willDisappear(animated) covered", "note.willAppear(animated)",
                "list.didDisappear(animated) covered", "note.didAppear(animated)",
            ],
            stack: ["list", "note"]),
        NavigationScenario(
            "the navigator presents a sheet: the presenter stays on screen",
            setUp: [.setStack(["list"])], steps: [.present("sheet", .sheet)],
            transcript: ["sheet.load", "sheet.willAppear(animated)", "sheet.didAppear(animated)"],
            stack: ["list"], modals: ["sheet"]),
        NavigationScenario(
            "the navigator dismisses a sheet: the presenter hears nothing",
            setUp: [.setStack(["list"]), .present("sheet", .sheet)], steps: [.dismiss],
            transcript: ["sheet.willDisappear(animated) removed", "sheet.didDisappear(animated) removed"],
            stack: ["list"]),
        NavigationScenario(
            "the user swipes the sheet down",
            setUp: [.setStack(["list"]), .present("sheet", .sheet)], steps: [.swipeDownSheet],
            transcript: ["sheet.willDisappear(animated) removed", "sheet.didDisappear(animated) removed"],
            stack: ["list"]),
        NavigationScenario(
            "the user drags the sheet and lets it snap back: it appears again",
            setUp: [.setStack(["list"]), .present("sheet", .sheet)], steps: [.beginSheetSwipe, .cancelSheetSwipe],
            transcript: [
                "sheet.willDisappear(animated) removed", "sheet.willAppear(animated)", "sheet.didAppear(animated)",
            ],
            stack: ["list"], modals: ["sheet"]),
        NavigationScenario(
            "a full-screen modal removes its presenter, which appears again on dismissal",
            setUp: [.setStack(["list"])], steps: [.present("player", .fullScreen), .dismiss],
            transcript: [
                "player.load", "list.willDisappear(animated) covered", "player.willAppear(animated)",
                "list.didDisappear(animated) covered", "player.didAppear(animated)",
                "player.willDisappear(animated) removed", "list.willAppear(animated)",
                "player.didDisappear(animated) removed", "list.didAppear(animated)",
            ],
            stack: ["list"]),
        NavigationScenario(
            "a deep link over a sheet changes the stack and dismisses the sheet in one transition",
            setUp: [.setStack(["list"]), .present("sheet", .sheet)], steps: [.setStack(["list", "note"])],
            transcript: [
                "note.load", "sheet.willDisappear(animated) removed", "list.willDisappear(animated) covered",
                "note.willAppear(animated)", "sheet.didDisappear(animated) removed",
                "list.didDisappear(animated) covered", "note.didAppear(animated)",
            ],
            stack: ["list", "note"]),
        NavigationScenario(
            "the navigator pops to the root: the screens between hear nothing",
            setUp: [.setStack(["list", "note", "edit"])], steps: [.popTo("list")],
            transcript: [
                "list.load", "edit.willDisappear(animated) removed", "list.willAppear(animated)",
                "edit.didDisappear(animated) removed", "list.didAppear(animated)",
            ],
            stack: ["list"]),
        NavigationScenario(
            "the navigator replaces the top",
            setUp: [.setStack(["list", "note"])], steps: [.replaceTop("edit")],
            transcript: [
                "edit.load", "note.willDisappear(animated) removed", "edit.willAppear(animated)",
                "note.didDisappear(animated) removed", "edit.didAppear(animated)",
            ],
            stack: ["list", "edit"]),
        NavigationScenario(
            "a new root replaces a stack and the sheet over it: both leave",
            setUp: [.setStack(["list", "note"]), .present("sheet", .sheet)], steps: [.setRoot("home")],
            transcript: [
                "home.load", "sheet.willDisappear(animated) removed", "note.willDisappear(animated) removed",
                "home.willAppear(animated)", "sheet.didDisappear(animated) removed",
                "note.didDisappear(animated) removed", "home.didAppear(animated)",
            ],
            stack: ["home"]),
        NavigationScenario(
            "a deep link keeps the screens it shares with the stack",
            setUp: [.setStack(["list", "note"])], steps: [.setStack(["list", "edit"])],
            transcript: [
                "edit.load", "note.willDisappear(animated) removed", "edit.willAppear(animated)",
                "note.didDisappear(animated) removed", "edit.didAppear(animated)",
            ],
            stack: ["list", "edit"]),
        NavigationScenario(
            "a deep link to the stack on screen delivers nothing",
            setUp: [.setStack(["list", "note"])], steps: [.setStack(["list", "note"])],
            transcript: [], stack: ["list", "note"]),
        NavigationScenario(
            "a push under a sheet changes the screen under it, which is on screen",
            setUp: [.setStack(["list"]), .present("sheet", .sheet)], steps: [.push("note")],
            transcript: [
                "note.load", "list.willDisappear(animated) covered", "note.willAppear(animated)",
                "list.didDisappear(animated) covered", "note.didAppear(animated)",
            ],
            stack: ["list", "note"], modals: ["sheet"]),
        NavigationScenario(
            "a push under a full-screen modal delivers nothing until the modal is dismissed",
            setUp: [.setStack(["list"]), .present("player", .fullScreen)], steps: [.push("note"), .dismiss],
            transcript: [
                "note.load", "player.willDisappear(animated) removed", "note.willAppear(animated)",
                "player.didDisappear(animated) removed", "note.didAppear(animated)",
            ],
            stack: ["list", "note"]),
        NavigationScenario(
            "a sheet over a sheet: both on screen, and dismissing the top one tells it alone",
            setUp: [.setStack(["list"]), .present("first", .sheet)], steps: [.present("second", .sheet), .dismiss],
            transcript: [
                "second.load", "second.willAppear(animated)", "second.didAppear(animated)",
                "second.willDisappear(animated) removed", "second.didDisappear(animated) removed",
            ],
            stack: ["list"], modals: ["first"]),
        NavigationScenario(
            "a full-screen modal over a sheet covers the sheet and the screen under it",
            setUp: [.setStack(["list"]), .present("sheet", .sheet)], steps: [.present("player", .fullScreen)],
            transcript: [
                "player.load", "sheet.willDisappear(animated) covered", "list.willDisappear(animated) covered",
                "player.willAppear(animated)", "sheet.didDisappear(animated) covered",
                "list.didDisappear(animated) covered", "player.didAppear(animated)",
            ],
            stack: ["list"], modals: ["sheet", "player"]),
        NavigationScenario(
            "a saved state restored: the new top and the sheet over it appear, the old top is covered",
            setUp: [.setStack(["list"])], steps: [.restore(stack: ["list", "note"], modals: ["sheet"])],
            transcript: [
                "note.load", "sheet.load", "list.willDisappear(animated) covered", "note.willAppear(animated)",
                "sheet.willAppear(animated)", "list.didDisappear(animated) covered", "note.didAppear(animated)",
                "sheet.didAppear(animated)",
            ],
            stack: ["list", "note"], modals: ["sheet"]),
    ]
}
