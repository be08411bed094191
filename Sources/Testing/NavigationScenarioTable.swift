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
    ]
}
