#if canImport(Glibc)
    import Glibc
#endif

/// epoll, eventfd, accept4 and SO_PEERCRED, which Swift's Glibc module does not expose.
///
/// The `CLinux` target wraps them, but its header defines `_GNU_SOURCE` before including the C
/// library's headers, so its copies of those headers differ from Glibc's and no module can import both
/// (clang refuses the two definitions of `fd_set`), nor can any client of a module that imports
/// `CLinux`. Until that header changes, the four functions are looked up in the C library at run time
/// (`dlsym`) and called through their C signatures; the constants are the Linux ABI values from
/// `<sys/epoll.h>` and `<bits/eventfd.h>`. Everything else comes from Glibc.
enum LinuxEventSystemCalls {
    /// `EPOLLIN`: readable.
    static let readable: UInt32 = 0x001
    /// `EPOLLOUT`: writable.
    static let writable: UInt32 = 0x004
    /// `EPOLLERR`: error; always reported.
    static let error: UInt32 = 0x008
    /// `EPOLLHUP`: both directions shut down; always reported.
    static let hangUp: UInt32 = 0x010
    /// `EPOLLRDHUP`: the peer shut down its writing side.
    static let readHangUp: UInt32 = 0x2000

    /// `EPOLL_CTL_ADD`, `EPOLL_CTL_DEL`, `EPOLL_CTL_MOD`.
    enum Control: Int32 {
        case add = 1
        case delete = 2
        case modify = 3
    }

    private typealias CreateFunction = @convention(c) (Int32) -> Int32
    private typealias ControlFunction = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    private typealias WaitFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    private typealias EventFileFunction = @convention(c) (UInt32, Int32) -> Int32
    private typealias AcceptFunction =
        @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32

    private struct Functions {
        let create: CreateFunction
        let control: ControlFunction
        let wait: WaitFunction
        let eventFile: EventFileFunction
        let accept: AcceptFunction
    }

    /// Resolved once, on first use (Swift initialises statics lazily and thread-safely).
    private static let functions: Functions? = {
        guard let library = dlopen(nil, RTLD_NOW),
            let create = dlsym(library, "epoll_create1"), let control = dlsym(library, "epoll_ctl"),
            let wait = dlsym(library, "epoll_wait"), let eventFile = dlsym(library, "eventfd"),
            let accept = dlsym(library, "accept4")
        else { return nil }
        return Functions(
            create: unsafeBitCast(create, to: CreateFunction.self),
            control: unsafeBitCast(control, to: ControlFunction.self),
            wait: unsafeBitCast(wait, to: WaitFunction.self),
            eventFile: unsafeBitCast(eventFile, to: EventFileFunction.self),
            accept: unsafeBitCast(accept, to: AcceptFunction.self)
        )
    }()

    /// Whether the C library provides the functions (any glibc since 2.10 does).
    static var isAvailable: Bool { functions != nil }

    /// `epoll_create1(EPOLL_CLOEXEC)`.
    static func createEpoll() -> Result<Int32, Errno> {
        guard let functions else { return .failure(Errno(rawValue: ENOSYS)) }
        return systemCall { functions.create(Int32(O_CLOEXEC)) }
    }

    /// `epoll_ctl` with an event mask and a 64-bit tag returned with each event.
    static func control(_ epoll: Int32, _ operation: Control, _ descriptor: Int32, events: UInt32, tag: UInt64)
        -> Result<Int32, Errno>
    {
        guard let functions else { return .failure(Errno(rawValue: ENOSYS)) }
        var event: EpollEventBuffer.Storage = (0, 0)
        EpollEventBuffer.store(events: events, tag: tag, at: &event)
        return systemCall {
            withUnsafeMutableBytes(of: &event) {
                functions.control(epoll, operation.rawValue, descriptor, $0.baseAddress)
            }
        }
    }

    /// `epoll_wait` into `buffer`; a negative timeout waits forever. EINTR returns 0 events.
    static func wait(_ epoll: Int32, into buffer: EpollEventBuffer, timeoutMilliseconds: Int32) -> Result<Int, Errno> {
        guard let functions else { return .failure(Errno(rawValue: ENOSYS)) }
        let count = functions.wait(epoll, buffer.base, Int32(buffer.capacity), timeoutMilliseconds)
        if count >= 0 { return .success(Int(count)) }
        let error = Errno.current
        // An interrupted wait is not retried here: the caller recomputes its timeout and waits again.
        return error == .interrupted ? .success(0) : .failure(error)
    }

    /// `eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)`; the flags equal `O_CLOEXEC` and `O_NONBLOCK`.
    static func createEventFile() -> Result<Int32, Errno> {
        guard let functions else { return .failure(Errno(rawValue: ENOSYS)) }
        return systemCall { functions.eventFile(0, Int32(O_CLOEXEC) | Int32(O_NONBLOCK)) }
    }

    /// `accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK)`.
    static func accept(_ listener: Int32) -> Result<Int32, Errno> {
        guard let functions else { return .failure(Errno(rawValue: ENOSYS)) }
        let flags = Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        return systemCall { functions.accept(listener, nil, nil, flags) }
    }

    /// The peer's credentials from `getsockopt(SO_PEERCRED)`, whose `struct ucred` is three 32-bit
    /// integers: pid, uid, gid (socket(7)).
    static func peerCredentials(_ descriptor: Int32) -> VarlinkPeerCredentials? {
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return VarlinkPeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid)
    }
}

/// Storage for the `struct epoll_event` array that `epoll_wait` fills.
///
/// The structure is a 32-bit event mask followed by 64 bits of user data; on x86-64 it is packed
/// (12 bytes, data at offset 4), elsewhere naturally aligned (16 bytes, data at offset 8)
/// (`<bits/epoll.h>`, `__EPOLL_PACKED`).
final class EpollEventBuffer {
    #if arch(x86_64)
        static let stride = 12
        static let dataOffset = 4
    #else
        static let stride = 16
        static let dataOffset = 8
    #endif

    /// One `struct epoll_event`, as raw bytes.
    typealias Storage = (UInt64, UInt64)

    let capacity: Int
    let base: UnsafeMutableRawPointer

    init(capacity: Int) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity * Self.stride, alignment: 8)
    }

    deinit { base.deallocate() }

    /// The event mask and tag of the `index`th ready event.
    func event(at index: Int) -> (events: UInt32, tag: UInt64) {
        let start = base + index * Self.stride
        return (
            start.loadUnaligned(as: UInt32.self), start.loadUnaligned(fromByteOffset: Self.dataOffset, as: UInt64.self)
        )
    }

    static func store(events: UInt32, tag: UInt64, at storage: inout Storage) {
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: tag, toByteOffset: dataOffset, as: UInt64.self)
        }
    }
}
