#ifndef TRANSITIOND_CLINUX_H
#define TRANSITIOND_CLINUX_H
// Thin wrappers over Linux system calls that Swift's Glibc module does not expose
// (epoll, eventfd, prctl, accept4, SO_PEERCRED). Each is a static inline pass-through
// that returns what the system call returns and leaves errno as the call left it.

#define _GNU_SOURCE 1
#include <errno.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

/// epoll_create1(EPOLL_CLOEXEC).
static inline int clinux_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

/// epoll_ctl with the event mask and a 64-bit user value.
static inline int clinux_epoll_ctl(int epoll, int operation, int fd, uint32_t events, uint64_t data) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = data;
    return epoll_ctl(epoll, operation, fd, &event);
}

/// One ready event as returned by clinux_epoll_wait.
typedef struct {
    uint32_t events;
    uint64_t data;
} clinux_epoll_ready;

/// epoll_wait into a caller-provided array of at most `capacity` (<= 256) entries.
static inline int clinux_epoll_wait(int epoll, clinux_epoll_ready *ready, int capacity, int timeout_ms) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epoll, events, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        ready[i].events = events[i].events;
        ready[i].data = events[i].data.u64;
    }
    return count;
}

static const uint32_t CLINUX_EPOLLIN = EPOLLIN;
static const uint32_t CLINUX_EPOLLOUT = EPOLLOUT;
static const uint32_t CLINUX_EPOLLERR = EPOLLERR;
static const uint32_t CLINUX_EPOLLHUP = EPOLLHUP;
static const uint32_t CLINUX_EPOLLRDHUP = EPOLLRDHUP;
static const uint32_t CLINUX_EPOLLET = EPOLLET;
static const int CLINUX_EPOLL_CTL_ADD = EPOLL_CTL_ADD;
static const int CLINUX_EPOLL_CTL_MOD = EPOLL_CTL_MOD;
static const int CLINUX_EPOLL_CTL_DEL = EPOLL_CTL_DEL;

/// eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK).
static inline int clinux_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

/// Adds one to an eventfd counter (wakes a poller).
static inline int clinux_eventfd_signal(int fd) { return eventfd_write(fd, 1); }

/// Reads and resets an eventfd counter; returns 0 on success.
static inline int clinux_eventfd_drain(int fd) {
    eventfd_t value;
    return eventfd_read(fd, &value);
}

/// accept4 with SOCK_CLOEXEC | SOCK_NONBLOCK.
static inline int clinux_accept(int listener) {
    return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

/// socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0), or blocking when `blocking` is non-zero.
static inline int clinux_unix_stream_socket(int blocking) {
    return socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | (blocking ? 0 : SOCK_NONBLOCK), 0);
}

/// The peer credentials of a connected Unix socket (SO_PEERCRED).
static inline int clinux_peer_credentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid) {
    struct ucred credentials;
    socklen_t length = sizeof(credentials);
    int result = getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length);
    if (result == 0) {
        *pid = credentials.pid;
        *uid = credentials.uid;
        *gid = credentials.gid;
    }
    return result;
}

/// prctl(PR_SET_TIMERSLACK, nanoseconds) for the calling thread.
static inline int clinux_set_timer_slack(unsigned long nanoseconds) {
    return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0);
}

/// prctl(PR_SET_NAME) for the calling thread (at most 15 bytes are kept).
static inline int clinux_set_thread_name(const char *name) { return prctl(PR_SET_NAME, name, 0, 0, 0); }

/// The calling thread's kernel id.
static inline int32_t clinux_thread_id(void) { return (int32_t)gettid(); }

/// send() with MSG_NOSIGNAL so a vanished peer gives EPIPE instead of SIGPIPE.
static inline ssize_t clinux_send(int fd, const void *bytes, size_t count) {
    return send(fd, bytes, count, MSG_NOSIGNAL | MSG_DONTWAIT);
}

#endif
