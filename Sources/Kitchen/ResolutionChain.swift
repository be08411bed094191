#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The registrations each thread is making now, outermost first, in every kitchen: what lets the kitchen see a
/// factory resolve, through its resolver or a kitchen it captured, a registration it is itself making (a cycle, which
/// would otherwise recurse until the stack overflows). Factories are synchronous, so a factory runs on one thread
/// from start to end, and the chain of a thread is exactly the factories running on it.
///
/// Not a `@TaskLocal`: a task made inside a factory (`Task { }`) inherits the task-locals of the moment, so a chain
/// kept there would outlive its factory and turn a later resolution into a false cycle.
enum ResolutionChain {
    /// The chain of the current thread; empty outside every factory.
    static var current: [Kitchen.Link] {
        guard let raw = pthread_getspecific(chainKey) else { return [] }
        return Unmanaged<Box>.fromOpaque(raw).takeUnretainedValue().chain
    }

    /// Runs `body` with `chain` as the current thread's chain, and restores the previous one after.
    static func making<Result>(_ chain: [Kitchen.Link], _ body: () throws -> Result) rethrows -> Result {
        let previous = pthread_getspecific(chainKey)
        let box = Unmanaged.passRetained(Box(chain))
        pthread_setspecific(chainKey, box.toOpaque())
        defer {
            pthread_setspecific(chainKey, previous)
            box.release()
        }
        return try body()
    }

    private final class Box {
        let chain: [Kitchen.Link]

        init(_ chain: [Kitchen.Link]) {
            self.chain = chain
        }
    }
}

/// The thread-specific key of ``ResolutionChain``; a value set under it is always reset before its thread leaves
/// the factory, so no destructor is needed.
private let chainKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
