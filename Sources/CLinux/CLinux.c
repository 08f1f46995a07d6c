// Implementations of CLinux.h. Compiled with _GNU_SOURCE for accept4, pipe2, struct ucred and gettid; the
// header itself stays free of feature macros so Swift modules can import it beside Glibc.
#define _GNU_SOURCE 1
#include "CLinux.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

int clinux_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int clinux_epoll_ctl(int epoll, int operation, int fd, uint32_t events, uint64_t data) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = data;
    return epoll_ctl(epoll, operation, fd, &event);
}

int clinux_epoll_wait(int epoll, clinux_epoll_ready *ready, int capacity, int timeout_ms) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    if (capacity < 1) {
        errno = EINVAL;
        return -1;
    }
    int count = epoll_wait(epoll, events, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        ready[i].events = events[i].events;
        ready[i].data = events[i].data.u64;
    }
    return count;
}

int clinux_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

int clinux_eventfd_signal(int fd) { return eventfd_write(fd, 1); }

int clinux_eventfd_drain(int fd) {
    eventfd_t value;
    return eventfd_read(fd, &value);
}

int clinux_accept(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); }

int clinux_pipe(int descriptors[2]) { return pipe2(descriptors, O_CLOEXEC); }

int clinux_peer_credentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid) {
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

#ifndef SO_PEERGROUPS
// Linux 4.13 (asm-generic/socket.h); older C library headers lack the name.
#define SO_PEERGROUPS 59
#endif

int clinux_peer_groups(int fd, uint32_t *groups, int capacity) {
    socklen_t length = (socklen_t)((capacity > 0 ? capacity : 0) * sizeof(gid_t));
    if (getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, groups, &length) == 0 || errno == ERANGE) {
        return (int)(length / sizeof(gid_t));
    }
    return -1;
}

int clinux_set_timer_slack(unsigned long nanoseconds) { return prctl(PR_SET_TIMERSLACK, nanoseconds, 0, 0, 0); }

int clinux_set_thread_name(const char *name) { return prctl(PR_SET_NAME, name, 0, 0, 0); }

int32_t clinux_thread_id(void) { return (int32_t)gettid(); }

ssize_t clinux_send(int fd, const void *bytes, size_t count) {
    return send(fd, bytes, count, MSG_NOSIGNAL | MSG_DONTWAIT);
}
