import BrigadeServices
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// (e) HTTP against the loopback server `scripts/soak.sh` starts: rounds of three identical GETs at once, a GET
/// answered 503 once then 200, and a GET cancelled while the server delays it.
///
/// With `plain: false` the calls go through an `APIClient` (the identical GETs share one call, the 503 is retried);
/// with `plain: true` through a plain `URLSession` (each GET its own, the 503 fetched again): the reference for what
/// FoundationNetworking itself costs.
@MainActor
final class APISoak: SoakWorkload {
    let memoryBoundKiBPerMinute: Double
    private let base: URL
    private let plain: Bool
    private let tasks = 4
    private let rounds = (0..<4).map { _ in Tally() }
    private let requests = (0..<4).map { _ in Tally() }
    private let cancelled = Tally()
    private let unexpected = Tally()
    private let lastError = LastError()
    private let stopFlag = StopFlag()
    private let workers = Workers()

    /// The last unexpected error, to report.
    // Unchecked Sendable: `lock` guards `text`.
    final class LastError: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""

        func record(_ error: Any) {
            lock.lock()
            text = "\(error)"
            lock.unlock()
        }

        var description: String {
            lock.lock()
            defer { lock.unlock() }
            return text
        }
    }

    init?(port: Int, plain: Bool) {
        guard let base = URL(string: "http://127.0.0.1:\(port)") else { return nil }
        self.base = base
        self.plain = plain
        // The plain run is the reference: it measures FoundationNetworking's own growth, and has no bound.
        memoryBoundKiBPerMinute = plain ? .infinity : 512
    }

    /// FoundationNetworking keeps about 160 bytes per request for good (the `urlsession` run measures it); a round's
    /// six calls make four requests (the three identical GETs share one, the 503 is retried once), and 256 bytes are
    /// allowed per request.
    var memoryAllowanceKiBPerOperation: Double { plain ? 0 : 0.25 * 4 / 6 }

    func start() async throws {
        let (base, rounds, requests, cancelled, unexpected, lastError, stopFlag) = (
            base, rounds, requests, cancelled, unexpected, lastError, stopFlag
        )
        let runID = UUID().uuidString.prefix(8)
        if plain {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            let session = URLSession(configuration: configuration)
            workers.task(tasks) { worker in
                var round = 0
                while !stopFlag.isRaised {
                    let key = "\(runID)-\(worker)-\(round)"
                    do {
                        let url = base.appendingPathComponent("json")
                        async let first = session.data(from: url)
                        async let second = session.data(from: url)
                        async let third = session.data(from: url)
                        let statuses = try await [first, second, third].map { ($0.1 as? HTTPURLResponse)?.statusCode }
                        let flaky = base.appendingPathComponent("flaky/\(key)/1")
                        let failed = try await session.data(from: flaky)
                        let recovered = try await session.data(from: flaky)
                        requests[worker].add(5)
                        if statuses != [200, 200, 200] || (failed.1 as? HTTPURLResponse)?.statusCode != 503
                            || (recovered.1 as? HTTPURLResponse)?.statusCode != 200
                        {
                            unexpected.add()
                            lastError.record("statuses \(statuses)")
                        }
                    } catch {
                        unexpected.add()
                        lastError.record(error)
                    }
                    let late = Task { try await session.data(from: base.appendingPathComponent("delay/2000")) }
                    await Task.yield()
                    late.cancel()
                    if case .failure = await late.result {
                        cancelled.add()
                    } else {
                        unexpected.add()
                        lastError.record("a cancelled request succeeded")
                    }
                    requests[worker].add()
                    rounds[worker].add()
                    round += 1
                }
            }
        } else {
            let client = APIClient(
                baseURL: base, retryPolicy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(1)))
            workers.task(tasks) { worker in
                var round = 0
                while !stopFlag.isRaised {
                    let key = "\(runID)-\(worker)-\(round)"
                    do {
                        async let first = client.data(for: .get("/json"))
                        async let second = client.data(for: .get("/json"))
                        async let third = client.data(for: .get("/json"))
                        _ = try await [first, second, third]
                        let recovered = try await client.response(for: .get("/flaky/\(key)/1"))
                        requests[worker].add(5)
                        if recovered.status != 200 {
                            unexpected.add()
                            lastError.record("status \(recovered.status) after a retry")
                        }
                    } catch {
                        unexpected.add()
                        lastError.record(error)
                    }
                    let late = Task { () throws(APIError) -> APIResponse in
                        try await client.response(for: .get("/delay/2000"))
                    }
                    await Task.yield()
                    late.cancel()
                    do {
                        _ = try await late.value
                        unexpected.add()
                        lastError.record("a cancelled request succeeded")
                    } catch let error as APIError {
                        if case .cancelled = error {
                            cancelled.add()
                        } else {
                            unexpected.add()
                            lastError.record(error)
                        }
                    } catch {
                        unexpected.add()
                        lastError.record(error)
                    }
                    requests[worker].add()
                    rounds[worker].add()
                    round += 1
                }
            }
        }
    }

    var operations: Int { requests.map(\.count).reduce(0, +) }

    func stop() async -> Bool {
        stopFlag.raise()
        return await workers.join()
    }

    func verify() async -> [String] {
        var failures: [String] = []
        let total = rounds.map(\.count).reduce(0, +)
        if unexpected.count != 0 {
            failures.append("data: \(unexpected.count) unexpected outcomes, the last: \(lastError.description)")
        }
        if cancelled.count != total {
            failures.append("data: \(cancelled.count) of \(total) cancelled requests reported cancelled")
        }
        print(
            "[\(plain ? "urlsession" : "api")] \(total) rounds of 3 identical GETs, a 503 then 200, a cancelled GET;"
                + " \(operations) requests")
        return failures
    }
}
