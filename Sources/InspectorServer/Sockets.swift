import BrigadeInspector
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few socket calls the inspector's server makes, each with its error named.
enum Sockets {
    /// A listening TCP socket on `host` (an IPv4 address) and `port` (0: a free one), and the port it got.
    static func listener(host: String, port: UInt16) throws(InspectorServerError) -> (descriptor: Int32, port: UInt16) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else {
            throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno)))
        }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(descriptor)
            throw .cannotListen(host: host, port: port, reason: "not an IPv4 address")
        }
        // brigade:allow-unsafe bind and getsockname are C APIs that take a sockaddr's address; no safe way to call them.
        let bound = withUnsafePointer(to: &address) {
            // brigade:allow-unsafe a sockaddr_in is read as the sockaddr bind takes, as the C API defines.
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotListen(host: host, port: port, reason: reason)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        // brigade:allow-unsafe as above: getsockname writes the bound address.
        _ = withUnsafeMutablePointer(to: &address) {
            // brigade:allow-unsafe as above, for getsockname.
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Writes all of `data`; `false` when the peer is gone.
    static func write(_ data: Data, to descriptor: Int32) -> Bool {
        SocketWriter.write(data, to: descriptor)
    }

    /// Reads what is there, up to 64 KiB; `nil` at the end of the stream or on an error.
    static func read(_ descriptor: Int32) -> Data? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR {
                continue
            }
            return count > 0 ? Data(buffer[..<count]) : nil
        }
    }

    /// The next connection to `listener`; `nil` once `isStopped` holds (asked at least every quarter of a second, so
    /// that a stop ends the wait on every system, whether or not shutting the listener down wakes `accept`) or the
    /// listener fails.
    static func accept(_ listener: Int32, until isStopped: () -> Bool) -> Int32? {
        while !isStopped() {
            var polled = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&polled, 1, 250)
            if ready < 0, errno != EINTR {
                return nil
            }
            guard ready > 0, !isStopped() else { continue }
            #if canImport(Glibc)
            let descriptor = Glibc.accept(listener, nil, nil)
            #else
            let descriptor = Darwin.accept(listener, nil, nil)
            #endif
            if descriptor >= 0 {
                return descriptor
            }
            guard errno == EINTR || errno == ECONNABORTED || errno == EAGAIN || errno == EWOULDBLOCK else {
                return nil
            }
        }
        return nil
    }

    /// Ends both directions of `descriptor`, which wakes a thread blocked on it, then closes it.
    static func shut(_ descriptor: Int32) {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    /// Gives a blocked read on `descriptor` at most `seconds` before it fails.
    static func setReadTimeout(_ descriptor: Int32, seconds: Int) {
        setTimeout(descriptor, SO_RCVTIMEO, seconds: seconds)
    }

    /// Gives a blocked write on `descriptor` at most `seconds` before it fails.
    static func setWriteTimeout(_ descriptor: Int32, seconds: Int) {
        setTimeout(descriptor, SO_SNDTIMEO, seconds: seconds)
    }

    private static func setTimeout(_ descriptor: Int32, _ option: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Starts `body` on a thread of its own.
    static func spawn(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}

/// The errors of `brigade-tool inspect`'s server.
package enum InspectorServerError: Error, Equatable, CustomStringConvertible {
    /// A port could not be listened on.
    case cannotListen(host: String, port: UInt16, reason: String)

    /// What went wrong, with the port.
    package var description: String {
        switch self {
        case .cannotListen(let host, let port, let reason):
            return "cannot listen on \(host):\(port): \(reason) (is another brigade-tool inspect running? use --port)"
        }
    }
}
