import BrigadeGenerator
import Foundation
import Testing

/// The next steps `brigade-tool new-module` prints; scripts/check-generated-module.sh compiles their code lines.
@Suite("Next steps")
struct NextStepsTests {
    /// The code lines of the next steps: those indented by seven spaces.
    private func codeLines(_ arguments: [String]) throws -> [String] {
        let root = try temporaryPackage(targets: ["App"])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try BrigadeCommand.perform(["new-module"] + arguments, currentDirectory: root.path)
        return report.nextSteps.filter { $0.hasPrefix("       ") }
    }

    @Test(
        "the slice's key path names the app state type, so the step compiles (a bare \\.slice is not inferred)",
        arguments: [["Menu"], ["Menu", "--template", "redux"]])
    func sliceNamesTheRoot(arguments: [String]) throws {
        let lines = try codeLines(arguments)
        let slice = try #require(lines.first { $0.contains("slice:") })
        #expect(slice.contains("slice: \\AppState.menu"))
        #expect(!lines.contains { $0.contains("\\.menu") })
    }
}
