#ifndef BENCH_SOCKET_SUPPORT_H
#define BENCH_SOCKET_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "CBenchmarkTools.h"

// Helpers shared by the load generator and the latency probe (not part of the public header).

/// CLOCK_MONOTONIC in nanoseconds.
int64_t bench_now_ns(void);

/// Writes all of `length` bytes to a blocking socket; 0, or -1 with errno.
int bench_send_all(int descriptor, const void *bytes, size_t length);

/// A receive buffer that splits a byte stream into messages ending with `terminator`.
typedef struct {
    char *bytes;
    size_t capacity;
    size_t length;
} bench_buffer;

/// Reads from a blocking socket until one whole message is in `buffer`, waiting at most `timeout_ns`
/// (-1: forever). Returns the message's length including the terminator (the message starts at
/// `buffer->bytes`), 0 on timeout, -1 on error or end of stream (errno set; 0 for a clean end).
long bench_receive_message(int descriptor, bench_buffer *buffer, char terminator, int64_t timeout_ns);

/// Removes the first `length` bytes of `buffer`.
void bench_buffer_consume(bench_buffer *buffer, size_t length);

/// Frees the buffer's storage.
void bench_buffer_free(bench_buffer *buffer);

/// Formats `template` with (stack, fraction) into a new NUL-terminated string of `*length` bytes plus,
/// for Varlink, the NUL message terminator counted in `*length`. Returns NULL on allocation failure.
char *bench_format_message(const char *template, const char *stack, double fraction, int varlink, size_t *length);

/// Writes `format`'s text into `failure` (of `capacity` bytes), followed by ": " and errno's text when errno
/// was set on entry. Returns -1, so that `return bench_fail(...)` reports a failure.
int bench_fail(char *failure, size_t capacity, const char *format, ...) __attribute__((format(printf, 3, 4)));

/// Sends one Varlink call (`text` plus its NUL) and, unless `oneway`, waits (at most 10 s) for one reply
/// that is not an error, which it consumes from `input`. Returns 0, or -1 with `failure` written.
int bench_call(int descriptor, bench_buffer *input, const char *text, int oneway, char *failure, size_t capacity);

#endif
