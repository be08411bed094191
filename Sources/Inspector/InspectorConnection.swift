import BrigadeLocking
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The app's side of the link to `brigade-tool inspect`: a TCP connection made on a thread of its own, which sends the
/// hello, then every event the recorder keeps (so a tool started late, or restarted, catches up), then each new one as
/// JSON lines, and reads the tool's commands. It connects again after a failure, waiting a little longer each time
/// (up to 2 s), and never blocks the main actor; what it sends comes from the recorder's bounded ring, so a slow or
/// absent tool costs no memory. While connected, it has the recorder encode what was recorded every 50 ms.
///
/// Nothing recorded is lost when the process ends: ``flush(upTo:timeout:)`` waits until the tool has every event up
/// to a seq, and every started connection is flushed so at exit (an `atexit` handler, at most ``exitTimeout`` in all).
final class InspectorConnection: Sendable {
    private struct State {
        var isStopped = false
        var isConnected = false
        /// The seq of the newest event sent to the tool on the current connection; 0 before any.
        var sent = 0
        /// How many threads wait in ``flush(upTo:timeout:)``: the connection signals `progress` for each.
        var waiters = 0
        /// Whether an attempt to connect failed: the tool is not there (yet), and the exit does not wait for it.
        var failedToConnect = false
        /// Whether the connection ends after one more round of sending (``finish(then:)``).
        var isFinishing = false
        /// Run when the thread ends, after a ``finish(then:)``.
        var onEnd: (@Sendable () -> Void)?
    }

    /// How long the exit handler waits, in all, for the connections to send what was recorded.
    static let exitTimeout = 2.0

    private let host: String
    private let port: UInt16
    private let hello: InspectorHello
    private let recorder: InspectorRecorder
    private let onCommand: @Sendable (InspectorCommand) -> Void
    private let state = Locked(State())
    /// Signalled after each round of sending while someone waits in ``flush(upTo:timeout:)``.
    private let progress = DispatchSemaphore(value: 0)

    init(
        host: String, port: UInt16, hello: InspectorHello, recorder: InspectorRecorder,
        onCommand: @escaping @Sendable (InspectorCommand) -> Void
    ) {
        self.host = host
        self.port = port
        self.hello = hello
        self.recorder = recorder
        self.onCommand = onCommand
    }

    /// Whether a connection is up now.
    var isConnected: Bool { state.withLock { $0.isConnected } }

    func start() {
        Self.registerExitFlush()
        Self.live.withLock { $0[ObjectIdentifier(self)] = self }
        let thread = Thread { [self] in run() }
        thread.name = "brigade.inspector.connection"
        thread.start()
    }

    /// Ends the connection; the thread ends within one poll interval.
    func stop() {
        state.withLock { $0.isStopped = true }
        _ = Self.live.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
    }

    /// Ends the connection once what the recorder holds is sent (a connection being made is waited for; a tool that
    /// is not there is not), then runs `end` on the connection's thread. Never blocks the caller.
    func finish(then end: @escaping @Sendable () -> Void) {
        state.withLock {
            $0.isFinishing = true
            $0.onEnd = end
        }
    }

    /// Blocks the calling thread (never the main actor's work: the connection runs on its own thread) until the tool
    /// has been sent every event up to `seq`, or `timeout` seconds have passed, or the connection is stopped, or the
    /// tool is not there (the last attempt to connect failed); returns whether everything up to `seq` was sent. A
    /// first connection still being made is waited for within the same bound.
    func flush(upTo seq: Int, timeout: Double) -> Bool {
        let deadline = DispatchTime.now() + timeout
        state.withLock { $0.waiters += 1 }
        defer { state.withLock { $0.waiters -= 1 } }
        while true {
            let (sent, stopped, absent) = state.withLock { ($0.sent, $0.isStopped, $0.failedToConnect) }
            if sent >= seq {
                return true
            }
            if stopped || absent || progress.wait(timeout: deadline) == .timedOut {
                return state.withLock { $0.sent >= seq }
            }
        }
    }

    /// The connections started and not stopped, flushed at exit.
    private static let live = Locked<[ObjectIdentifier: InspectorConnection]>([:])

    /// Registers, once per process, the exit handler that flushes every live connection.
    private static let exitFlushRegistered: Bool = {
        atexit { InspectorConnection.flushLiveConnections() }
        return true
    }()

    private static func registerExitFlush() {
        _ = exitFlushRegistered
    }

    /// Sends what each live connection's recorder holds before the process ends, within ``exitTimeout`` in all.
    static func flushLiveConnections() {
        let connections = live.withLock { Array($0.values) }
        let deadline = DispatchTime.now() + exitTimeout
        for connection in connections {
            let now = DispatchTime.now().uptimeNanoseconds
            let left = Double(deadline.uptimeNanoseconds - min(deadline.uptimeNanoseconds, now)) / 1e9
            // At exit on the main thread, the store's log is handed over now.
            connection.recorder.requestBatch()
            _ = connection.flush(upTo: connection.recorder.lastSeq, timeout: left)
        }
    }

    /// Wakes each thread waiting in ``flush(upTo:timeout:)`` to look at what was sent; returns whether the
    /// connection is finishing (``finish(then:)``), and so is done once this round is sent.
    private func reportProgress(sent seq: Int) -> Bool {
        let (waiters, finishing) = state.withLock { state -> (Int, Bool) in
            state.sent = seq
            return (state.waiters, state.isFinishing)
        }
        for _ in 0..<waiters {
            progress.signal()
        }
        return finishing
    }

    /// Marks the connection stopped after its last round.
    private func stopAfterFinishing() {
        state.withLock { $0.isStopped = true }
    }

    private var isStopped: Bool { state.withLock { $0.isStopped } }

    private func run() {
        defer {
            _ = Self.live.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
            let end = state.withLock { state -> (@Sendable () -> Void)? in
                defer { state.onEnd = nil }
                return state.onEnd
            }
            end?()
            progress.signal()
        }
        var delay = 0.05
        while !isStopped {
            if let descriptor = Self.open(host: host, port: port) {
                delay = 0.05
                state.withLock {
                    $0.isConnected = true
                    $0.failedToConnect = false
                }
                serve(descriptor)
                state.withLock {
                    $0.isConnected = false
                    $0.sent = 0
                }
                close(descriptor)
            } else {
                let finishing = state.withLock { state -> Bool in
                    state.failedToConnect = true
                    return state.isFinishing
                }
                progress.signal()  // a flush waiting for a connection stops waiting
                if finishing {
                    break  // no tool to send the rest to
                }
            }
            guard !isStopped else { break }
            Thread.sleep(forTimeInterval: delay)
            delay = min(delay * 2, 2)
        }
    }

    /// Sends the hello and the ring, then new events, and reads commands, until the tool goes or ``stop()``.
    private func serve(_ descriptor: Int32) {
        guard let helloLine = try? InspectorSession.line(hello), SocketWriter.write(helloLine, to: descriptor) else {
            return
        }
        var sent = 0
        var received = Data()
        while !isStopped {
            let newest = recorder.lastSeq
            for event in recorder.events(after: sent) {
                guard let line = try? InspectorSession.line(InspectorEventLine(event: event)),
                    SocketWriter.write(line, to: descriptor)
                else { return }
                sent = event.seq
            }
            // Every event recorded up to `newest` was encoded into the ring and is sent (but those the ring dropped,
            // never to be sent): a flush waiting for them is done.
            // Finishing, the recorder records nothing more: once its newest event is sent, the connection is done.
            if reportProgress(sent: newest), newest >= recorder.lastSeq {
                stopAfterFinishing()
                return
            }
            var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&polled, 1, 50)
            if ready < 0, errno != EINTR {
                return
            }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[..<count])
            if received.count > 1 << 20 {
                return  // a tool that sends a megabyte without a newline is no tool of ours
            }
            while let newline = received.firstIndex(of: 0x0A) {
                let line = received[received.startIndex..<newline]
                received = Data(received[(newline + 1)...])
                if let command = try? JSONDecoder().decode(InspectorCommand.self, from: line) {
                    onCommand(command)
                }
            }
        }
    }

    private static func open(host: String, port: UInt16) -> Int32? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        // brigade:allow-unsafe getaddrinfo is a C API that returns a linked list of pointers; no safe way to call it.
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &results) == 0, let first = results else { return nil }
        defer { freeaddrinfo(results) }
        // brigade:allow-unsafe walking getaddrinfo's list, freed once by the defer above.
        var current: UnsafeMutablePointer<addrinfo>? = first
        while let info = current {
            // brigade:allow-unsafe reading a node of getaddrinfo's list, alive until the defer above frees it.
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if descriptor >= 0 {
                // brigade:allow-unsafe as above
                if connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                    var one: Int32 = 1
                    let size = socklen_t(MemoryLayout<Int32>.size)
                    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, size)
                    #if canImport(Darwin)
                    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, size)
                    #endif
                    return descriptor
                }
                close(descriptor)
            }
            // brigade:allow-unsafe reading a node of getaddrinfo's list, alive until the defer above frees it.
            current = info.pointee.ai_next
        }
        return nil
    }
}

/// Writes to a socket, for the app's connection and for `brigade-tool inspect`'s server.
package enum SocketWriter {
    /// Writes all of `data` to `descriptor`, again after an interruption; `false` when the peer is gone. A closed
    /// peer raises no SIGPIPE.
    package static func write(_ data: Data, to descriptor: Int32) -> Bool {
        // brigade:allow-unsafe send is a C API that takes the bytes' address; the buffer lives for the call.
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let written = send(descriptor, base + offset, buffer.count - offset, noSignal)
                if written < 0, errno == EINTR {
                    continue
                }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}

/// `send`'s flag that keeps a closed connection from raising SIGPIPE (Darwin sets `SO_NOSIGPIPE` on the socket).
#if canImport(Glibc)
private let noSignal = Int32(MSG_NOSIGNAL)
#else
private let noSignal: Int32 = 0
#endif
