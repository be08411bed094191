import BrigadeGenerator
import BrigadeInspectorServer
import Foundation

// `brigade-tool`: Brigade's command-line tool.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "inspect" {
    exit(InspectCommand.main(Array(arguments.dropFirst())))
}
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(BrigadeCommand.usage)
    exit(arguments.isEmpty ? 2 : 0)
}
do {
    let report = try BrigadeCommand.perform(arguments, currentDirectory: FileManager.default.currentDirectoryPath)
    for path in report.created {
        print("created \(path)")
    }
    print("")
    print(report.nextSteps.joined(separator: "\n"))
} catch {
    FileHandle.standardError.write(Data("brigade: \(error)\n".utf8))
    exit(1)
}
