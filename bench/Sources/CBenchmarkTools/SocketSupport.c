#define _GNU_SOURCE
#include "SocketSupport.h"
#include "CBenchmarkTools.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

int64_t bench_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

int bench_connect_unix(const char *path) {
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(address.sun_path, path);
    int descriptor = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (descriptor < 0) return -1;
    if (connect(descriptor, (struct sockaddr *)&address, sizeof address) != 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    return descriptor;
}

bool bench_socket_accepts(const char *path) {
    int descriptor = bench_connect_unix(path);
    if (descriptor < 0) return false;
    close(descriptor);
    return true;
}

int bench_send_all(int descriptor, const void *bytes, size_t length) {
    const char *next = bytes;
    while (length > 0) {
        ssize_t written = send(descriptor, next, length, MSG_NOSIGNAL);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        next += written;
        length -= (size_t)written;
    }
    return 0;
}

static int reserve(bench_buffer *buffer, size_t free_bytes) {
    if (buffer->capacity - buffer->length >= free_bytes) return 0;
    size_t capacity = buffer->capacity ? buffer->capacity : 65536;
    while (capacity - buffer->length < free_bytes) capacity *= 2;
    char *bytes = realloc(buffer->bytes, capacity);
    if (!bytes) return -1;
    buffer->bytes = bytes;
    buffer->capacity = capacity;
    return 0;
}

long bench_receive_message(int descriptor, bench_buffer *buffer, char terminator, int64_t timeout_ns) {
    int64_t deadline = timeout_ns < 0 ? -1 : bench_now_ns() + timeout_ns;
    size_t scanned = 0;
    for (;;) {
        char *end = buffer->length > scanned ? memchr(buffer->bytes + scanned, terminator, buffer->length - scanned)
                                             : NULL;
        if (end) return (long)(end - buffer->bytes + 1);
        scanned = buffer->length;
        if (deadline >= 0) {
            int64_t left = deadline - bench_now_ns();
            if (left <= 0) return 0;
            struct pollfd waiting = {.fd = descriptor, .events = POLLIN};
            int ready = poll(&waiting, 1, (int)((left + 999999) / 1000000));
            if (ready < 0 && errno != EINTR) return -1;
            if (ready <= 0) continue;
        }
        if (reserve(buffer, 65536) != 0) {
            errno = ENOMEM;
            return -1;
        }
        ssize_t count = recv(descriptor, buffer->bytes + buffer->length, buffer->capacity - buffer->length, 0);
        if (count < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        if (count == 0) {
            errno = 0;
            return -1;
        }
        buffer->length += (size_t)count;
    }
}

void bench_buffer_consume(bench_buffer *buffer, size_t length) {
    memmove(buffer->bytes, buffer->bytes + length, buffer->length - length);
    buffer->length -= length;
}

void bench_buffer_free(bench_buffer *buffer) {
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->capacity = buffer->length = 0;
}

char *bench_format_message(const char *template, const char *stack, double fraction, int varlink, size_t *length) {
    // The template is ours (the benchmark's own message text), given two arguments it may not use.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
    int size = snprintf(NULL, 0, template, stack, fraction);
    if (size < 0) return NULL;
    char *text = malloc((size_t)size + 2);
    if (!text) return NULL;
    snprintf(text, (size_t)size + 1, template, stack, fraction);
#pragma GCC diagnostic pop
    text[size + 1] = 0;
    *length = (size_t)size + (varlink ? 1 : 0);
    return text;
}

int bench_varlink_script(const char *path, const char *const *calls, int count, char *failure,
                         int failure_capacity) {
    int descriptor = bench_connect_unix(path);
    if (descriptor < 0) {
        snprintf(failure, (size_t)failure_capacity, "connect to %s: %s", path, strerror(errno));
        return -1;
    }
    bench_buffer input = {0};
    int errors = 0;
    for (int index = 0; index < count; index++) {
        if (bench_send_all(descriptor, calls[index], strlen(calls[index]) + 1) != 0) {
            snprintf(failure, (size_t)failure_capacity, "send call %d: %s", index, strerror(errno));
            errors = -1;
            break;
        }
        long length = bench_receive_message(descriptor, &input, '\0', 10 * 1000000000LL);
        if (length <= 0) {
            snprintf(failure, (size_t)failure_capacity, "no reply to call %d", index);
            errors = -1;
            break;
        }
        if (strncmp(input.bytes, "{\"error\"", 8) == 0) errors++;
        bench_buffer_consume(&input, (size_t)length);
    }
    bench_buffer_free(&input);
    close(descriptor);
    return errors;
}

int bench_fail(char *failure, size_t capacity, const char *format, ...) {
    int saved = errno;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(failure, capacity, format, arguments);
    va_end(arguments);
    if (saved) {
        size_t used = strlen(failure);
        snprintf(failure + used, capacity - used, ": %s", strerror(saved));
    }
    return -1;
}

int bench_call(int descriptor, bench_buffer *input, const char *text, int oneway, char *failure, size_t capacity) {
    if (bench_send_all(descriptor, text, strlen(text) + 1) != 0)
        return bench_fail(failure, capacity, "send %.60s", text);
    if (oneway) return 0;
    long length = bench_receive_message(descriptor, input, '\0', 10 * 1000000000LL);
    if (length <= 0) return bench_fail(failure, capacity, "no reply to %.60s", text);
    if (strncmp(input->bytes, "{\"error\"", 8) == 0) {
        errno = 0;
        return bench_fail(failure, capacity, "%.60s failed: %.150s", text, input->bytes);
    }
    bench_buffer_consume(input, (size_t)length);
    return 0;
}
