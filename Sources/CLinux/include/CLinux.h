#ifndef TRANSITIOND_CLINUX_H
#define TRANSITIOND_CLINUX_H
// Thin wrappers over Linux system calls that Swift's Glibc module does not expose
// (epoll, eventfd, timerfd, prctl, accept4). Each is a static inline pass-through.
#endif
