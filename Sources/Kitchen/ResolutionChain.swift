/// The registrations being made by the factories running now, outermost first, in every kitchen: what lets the
/// kitchen see a factory resolve, through its resolver or a kitchen it captured, a registration it is itself making (a
/// cycle, which would otherwise recurse until the stack overflows), and name the whole chain in its errors.
///
/// Kept in a `@TaskLocal`, bound with the synchronous `withValue` around each factory (outside a task, Swift keeps
/// it per thread). A factory is synchronous, so it runs on one thread from start to end, and its chain counts only
/// there and only while it runs: a task made inside a factory (`Task { }`) inherits the task-locals of the moment,
/// so each frame names its thread and is held weakly, and a chain read on another thread, or after its factory
/// returned, is empty. Otherwise such a task resolving the service its factory is making would be a false cycle.
enum ResolutionChain {
    /// The chain of the factory running on this thread, if any.
    @TaskLocal private static var innermost: WeakFrame?

    /// The chain of the current thread; empty outside every factory.
    static var current: [Kitchen.Link] {
        guard let frame = innermost?.frame, frame.thread == WaitForGraph.currentThread else { return [] }
        return frame.links
    }

    /// Runs `body` with `chain` as the current thread's chain, and restores the previous one after.
    static func making<Result>(_ chain: [Kitchen.Link], _ body: () throws -> Result) rethrows -> Result {
        let frame = Frame(links: chain, thread: WaitForGraph.currentThread)
        return try withExtendedLifetime(frame) {
            try $innermost.withValue(WeakFrame(frame: frame)) {
                try body()
            }
        }
    }

    /// One running factory's chain, and the thread it runs on.
    private final class Frame: Sendable {
        let links: [Kitchen.Link]
        let thread: UInt

        init(links: [Kitchen.Link], thread: UInt) {
            self.links = links
            self.thread = thread
        }
    }

    /// A frame, held only while its factory runs.
    private struct WeakFrame: Sendable {
        weak var frame: Frame?
    }
}
