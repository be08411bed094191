import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Which thread is making which shared instance, and which thread waits for which, across every kitchen: the
/// graph that lets a resolution refuse a wait that would never end.
///
/// A thread that finds a cell being made by another thread follows the waits from that thread: the one it waits
/// for, the one that one waits for, and so on. If the walk comes back to the asking thread, waiting would close a
/// cycle of threads each waiting for the next (two shared services that need each other, resolved at the same
/// moment from two threads), so the asking thread gets ``KitchenError/cycle(chain:)`` instead, and the cells it
/// makes are released as its factories fail. Every check and the wait it allows happen under one lock, so of the
/// threads in a cycle exactly the last to arrive sees it; once it has given up, the others go on and meet the cycle
/// themselves, in their own chain or here again. A cycle in the services is a cycle error on every thread; a wait
/// that closes no cycle is a wait for a factory that is running.
final class WaitForGraph: @unchecked Sendable {
    /// The graph of every kitchen: a cycle may go through several (a factory resolving from a captured kitchen).
    static let shared = WaitForGraph()

    /// What ``start(making:for:)`` found.
    enum Start {
        /// The instance was made (now or while this thread waited).
        case made(SharedInstance)
        /// This thread is now making the instance, and must call ``finish(making:with:)`` when done.
        case making
        /// Waiting would close a cycle: the chain of it, from the resolution that asked.
        case cycle([String])
    }

    /// A thread waiting for a cell, and the chain of its resolution at that moment (ending with the cell).
    private struct Wait {
        let cell: ObjectIdentifier
        let path: [Kitchen.Link]
    }

    // `condition`'s lock guards `makers`, `waits` and every `OnceCell.keep`; `condition` is broadcast, under its
    // lock, whenever a cell stops being made.
    private let condition = NSCondition()
    /// The thread making each cell that is being made.
    private var makers: [ObjectIdentifier: UInt] = [:]
    /// The cell each waiting thread waits for.
    private var waits: [UInt: Wait] = [:]

    /// The instance of `cell` if it is made; else makes this thread its maker, or waits for the thread making it
    /// unless that closes a cycle.
    ///
    /// - Parameter path: The chain of the asking resolution, ending with `cell`'s registration.
    func start(making cell: OnceCell, for path: [Kitchen.Link]) -> Start {
        let thread = Self.currentThread
        let key = ObjectIdentifier(cell)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let made = cell.instance {
                return .made(made)
            }
            guard let maker = makers[key] else {
                makers[key] = thread
                return .making
            }
            if let rest = cycle(from: key, madeBy: maker, backTo: thread) {
                return .cycle(path.map(\.name) + rest)
            }
            waits[thread] = Wait(cell: key, path: path)
            condition.wait()
            waits[thread] = nil
        }
    }

    /// Ends this thread's making of `cell`, keeping `instance` in it if one was made, and wakes the waiting threads.
    func finish(making cell: OnceCell, with instance: SharedInstance?) {
        condition.lock()
        defer { condition.unlock() }
        if let instance {
            cell.keep(instance)
        }
        makers[ObjectIdentifier(cell)] = nil
        condition.broadcast()
    }

    /// The names that close the cycle if `thread` waited for `cell`, which `maker` is making: the chain of each
    /// waiting thread on the way, from the cell it makes to the cell it waits for; `nil` when the walk does not come
    /// back to `thread`.
    private func cycle(from cell: ObjectIdentifier, madeBy maker: UInt, backTo thread: UInt) -> [String]? {
        var cell = cell
        var maker = maker
        var names: [String] = []
        // The waits form no cycle (each was checked when it began), so the walk ends within `waits.count` steps.
        for _ in 0...waits.count {
            if maker == thread {
                return names
            }
            guard let wait = waits[maker], let next = makers[wait.cell] else {
                return nil
            }
            let start = wait.path.lastIndex { $0.registration == cell }.map { $0 + 1 } ?? wait.path.startIndex
            names += wait.path[start...].map(\.name)
            cell = wait.cell
            maker = next
        }
        return nil
    }

    /// The calling thread, as a number unique among running threads.
    static var currentThread: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }
}
