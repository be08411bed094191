import Foundation

/// The soak's own check (`scripts/soak.sh --self-test`): a load that slows by itself, as a leak of work would. Each
/// operation walks a list one entry longer than the last operation's, so the rate falls as the run goes on while a
/// fresh instance starts fast again. The soak must fail it on throughput.
@MainActor
final class DeclineSoak: SoakWorkload {
    let memoryBoundKiBPerMinute = 512.0
    private let done = Tally()
    private let stopFlag = StopFlag()
    private let workers = Workers()

    func start() async throws {
        let (done, stopFlag) = (done, stopFlag)
        workers.start(1, name: "decline") { _ in
            var list: [Int] = []
            var sum = 0
            while !stopFlag.isRaised {
                list.append(list.count)
                for value in list {
                    sum &+= value
                }
                done.add()
            }
            // Keeps the walk from being optimized away.
            if sum == 42 {
                print("[decline] \(sum)")
            }
        }
    }

    var operations: Int { done.count }

    func stop() async -> Bool {
        stopFlag.raise()
        return await workers.join()
    }

    func verify() async -> [String] { [] }
}
