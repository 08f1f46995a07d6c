#ifndef TRANSITIOND_CLINUX_H
#define TRANSITIOND_CLINUX_H
// Linux system calls that Swift's Glibc module does not expose (epoll, eventfd, accept4, pipe2, prctl,
// SO_PEERCRED, gettid). The header includes only headers Glibc's module also sees, with no feature
// macros, so any module can import it beside Glibc; the implementations live in CLinux.c, which is
// compiled with _GNU_SOURCE, but for the two prefetch hints at the end, inline so that they cost no call.
// Each function returns what the system call returns and leaves errno set.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// One ready event as returned by clinux_epoll_wait (independent of the C library's packed layout).
typedef struct {
    uint32_t events;
    uint64_t data;
} clinux_epoll_ready;

/// Linux ABI values of <sys/epoll.h>.
static const uint32_t CLINUX_EPOLLIN = 0x001u;
static const uint32_t CLINUX_EPOLLOUT = 0x004u;
static const uint32_t CLINUX_EPOLLERR = 0x008u;
static const uint32_t CLINUX_EPOLLHUP = 0x010u;
static const uint32_t CLINUX_EPOLLRDHUP = 0x2000u;
static const int CLINUX_EPOLL_CTL_ADD = 1;
static const int CLINUX_EPOLL_CTL_DEL = 2;
static const int CLINUX_EPOLL_CTL_MOD = 3;

/// epoll_create1(EPOLL_CLOEXEC).
int clinux_epoll_create(void);
/// epoll_ctl with an event mask and a 64-bit user value.
int clinux_epoll_ctl(int epoll, int operation, int fd, uint32_t events, uint64_t data);
/// epoll_wait into `ready` (at most `capacity` entries, at most 256 per call).
int clinux_epoll_wait(int epoll, clinux_epoll_ready *ready, int capacity, int timeout_ms);
/// eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK).
int clinux_eventfd(void);
/// Adds one to an eventfd counter (wakes a poller).
int clinux_eventfd_signal(int fd);
/// Reads and resets an eventfd counter; returns 0 on success.
int clinux_eventfd_drain(int fd);
/// accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK).
int clinux_accept(int listener);
/// pipe2(descriptors, O_CLOEXEC): both ends close-on-exec from the start, so a child another thread
/// spawns meanwhile never inherits them (with pipe() and then fcntl there is a window in which it can).
/// `descriptors[0]` is the read end, `descriptors[1]` the write end.
int clinux_pipe(int descriptors[2]);
/// The peer credentials of a connected Unix socket (SO_PEERCRED); returns 0 on success.
int clinux_peer_credentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid);
/// The supplementary groups of a connected Unix socket's peer at connect time (SO_PEERGROUPS, Linux
/// 4.13): writes at most `capacity` ids to `groups` and returns how many the peer has (more than
/// `capacity` when they did not fit: call again with room for that many), or -1 with errno set.
int clinux_peer_groups(int fd, uint32_t *groups, int capacity);
/// prctl(PR_SET_TIMERSLACK, nanoseconds) for the calling thread.
int clinux_set_timer_slack(unsigned long nanoseconds);
/// prctl(PR_SET_NAME, name) for the calling thread (at most 15 bytes are kept).
int clinux_set_thread_name(const char *name);
/// The calling thread's kernel id (gettid).
int32_t clinux_thread_id(void);
/// send() with MSG_NOSIGNAL | MSG_DONTWAIT, so a vanished peer gives EPIPE instead of SIGPIPE.
ssize_t clinux_send(int fd, const void *bytes, size_t count);

/// Starts loading the cache line holding `address` into this processor's caches, to be read: a hint (no
/// fault for any address, no change to memory), defined here so that callers inline it to one instruction.
static inline void clinux_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
/// The same for a line about to be written (PREFETCHW on x86-64), so that it arrives owned by this
/// processor rather than shared with the one that wrote it last.
static inline void clinux_prefetch_for_write(const void *address) { __builtin_prefetch(address, 1, 3); }

#endif
