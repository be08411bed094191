import BrigadeCore
import BrigadeRedux
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Order: Codable, Equatable, Sendable {
    var dish: String
    var status: String
}

struct KitchenState: Codable, Equatable, Sendable {
    var orders: [Order] = []
    var open = true
}

struct PlaceOrder: Action, Codable { let dish: String }
struct Serve: Action, Codable { let index: Int }
struct Close: Action, Codable {}
struct LoadSpecials: Action, Codable {}
struct SpecialsLoaded: Action, Codable { let dish: String }

@MainActor
func makeStore() -> Store<KitchenState> {
    let store = Store(initialState: KitchenState())
    store.reducers.add(on: \KitchenState.orders) { (orders: inout [Order], action: PlaceOrder) in
        orders.append(Order(dish: action.dish, status: "cooking"))
    }
    store.reducers.add(on: \KitchenState.orders) { (orders: inout [Order], action: Serve) in
        if orders.indices.contains(action.index) { orders[action.index].status = "served" }
    }
    store.reducers.add(on: \KitchenState.open) { (open: inout Bool, _: Close) in open = false }
    return store
}

/// A state that is not `Codable`.
struct Opaque: Sendable, CustomStringConvertible {
    var count = 0
    var description: String { "Opaque(count: \(count))" }
}

struct Bump: Action {}

/// A TCP listener on 127.0.0.1 that stands in for `brigade-tool inspect`: it takes one connection at a time,
/// collects the lines the app sends and sends it commands.
///
/// A descriptor number is reused by the next socket the process opens, and every test of the process opens sockets:
/// so `client` is shut down, written to and closed only under the lock, and cleared when closed, and the listener is
/// closed by the accept loop alone, once it has left `accept` (`stop()` shuts it down, which wakes that loop).
final class FakeTool: @unchecked Sendable {
    // `lock` guards `lines`, `client` (the descriptor while it is open), `isStopped` and `isListening` (whether the
    // listener is open).
    private let lock = NSLock()
    private var lines: [String] = []
    private var client: Int32 = -1
    private var isStopped = false
    private var isListening = true
    private let listener: Int32
    let port: UInt16

    /// Listens on `port`, or on a free port when `nil`.
    init(port: UInt16? = nil) throws {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = (port ?? 0).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let descriptor = listener
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else { throw FakeToolError.cannotListen }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    var received: [String] { lock.withLock { lines } }

    /// Sends `line` to the connected app.
    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        lock.withLock {
            guard client >= 0 else { return }
            _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    /// Drops the app's connection, keeping the listener: the app connects again.
    func dropConnection() {
        lock.withLock {
            if client >= 0 {
                shutdown(client, Int32(SHUT_RDWR))  // the accept loop, reading it, closes it
            }
        }
    }

    func stop() {
        lock.withLock {
            isStopped = true
            if isListening {
                shutdown(listener, Int32(SHUT_RDWR))
            }
        }
        dropConnection()
    }

    /// Waits (polling, 1,000 turns of the main actor at least 10 ms apart) until `condition` holds for the lines
    /// received. On the main actor, as the app is: the store's actions reach the tool once the main actor hands them
    /// over (a hand-over the connection asked for runs before the next turn), so a main actor that other tests keep
    /// busy slows both alike.
    @MainActor
    func waitUntil(_ condition: @Sendable ([String]) -> Bool) async -> Bool {
        for _ in 0..<1_000 {
            if condition(received) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(received)
    }

    private func acceptLoop() {
        defer {
            lock.withLock {
                isListening = false
                close(listener)
            }
        }
        while !lock.withLock({ isStopped }) {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            lock.withLock { client = descriptor }
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = recv(descriptor, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[..<count])
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    lock.withLock { lines.append(line) }
                }
            }
            lock.withLock {
                client = -1
                close(descriptor)
            }
        }
    }
}

enum FakeToolError: Error { case cannotListen }

/// An object in a state, to see who holds the state.
final class Token: Sendable {}

/// A state holding a ``Token``.
struct TokenState: Sendable {
    var token = Token()
}

/// Replaces the token.
struct Renew: Action {}
