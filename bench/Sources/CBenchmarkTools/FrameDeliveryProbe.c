#define _GNU_SOURCE
#include "CBenchmarkTools.h"
#include "SocketSupport.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/// Where one subscriber's byte stream stands: how far into the current message, and its first bytes (to
/// tell an error from a frame once the message is whole).
typedef struct {
    int descriptor;
    size_t offset;
    char start[8];
    int framed_in_window;
} subscriber;

static const char error_start[8] = {'{', '"', 'e', 'r', 'r', 'o', 'r', '"'};

/// Formats into a buffer grown as needed; NULL on allocation failure.
static char *format_text(char **text, size_t *capacity, size_t needed) {
    if (needed <= *capacity) return *text;
    char *grown = realloc(*text, needed);
    if (!grown) return NULL;
    *capacity = needed;
    return *text = grown;
}

static int64_t thread_cpu_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/// Splits `length` received bytes of `reader` into messages; counts those that end while `counting`.
static void take_bytes(subscriber *reader, const char *bytes, size_t length, int counting,
                       bench_delivery_result *result) {
    const char *end = bytes + length;
    while (bytes < end) {
        if (reader->offset < sizeof reader->start) {
            size_t copied = sizeof reader->start - reader->offset;
            if (copied > (size_t)(end - bytes)) copied = (size_t)(end - bytes);
            // Stop at a terminator inside the first bytes (a message shorter than the prefix).
            const char *terminator = memchr(bytes, '\0', copied);
            if (terminator) copied = (size_t)(terminator - bytes);
            memcpy(reader->start + reader->offset, bytes, copied);
        }
        const char *terminator = memchr(bytes, '\0', (size_t)(end - bytes));
        if (!terminator) {
            reader->offset += (size_t)(end - bytes);
            return;
        }
        if (counting) {
            if (memcmp(reader->start, error_start, sizeof error_start) == 0) {
                result->error_messages++;
            } else {
                result->frames++;
                reader->framed_in_window = 1;
            }
        }
        reader->offset = 0;
        memset(reader->start, 0, sizeof reader->start);
        bytes = terminator + 1;
    }
}

/// CPU time of the daemon's threads by kind, nanoseconds.
typedef struct {
    int64_t readers, event_loop, shards, other;
} thread_split;

/// Reads every thread's user and system time (fields 14 and 15 of /proc/<pid>/task/<tid>/stat, proc(5)) and
/// adds it to its kind by the thread's name; -1 if the task directory cannot be read.
static int read_thread_split(int32_t pid, thread_split *split) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", pid);
    DIR *directory = opendir(path);
    if (!directory) return -1;
    memset(split, 0, sizeof *split);
    int64_t tick_ns = 1000000000 / sysconf(_SC_CLK_TCK);
    struct dirent *entry;
    while ((entry = readdir(directory))) {
        if (entry->d_name[0] == '.') continue;
        char stat_path[96];
        snprintf(stat_path, sizeof stat_path, "/proc/%d/task/%s/stat", pid, entry->d_name);
        FILE *file = fopen(stat_path, "re");
        if (!file) continue;
        char line[1024];
        size_t length = fread(line, 1, sizeof line - 1, file);
        fclose(file);
        line[length] = '\0';
        // The name is between the first '(' and the last ')': it may itself hold either.
        char *open = strchr(line, '('), *close = strrchr(line, ')');
        if (!open || !close || close < open) continue;
        *close = '\0';
        const char *name = open + 1;
        unsigned long user = 0, system = 0;
        // state, ppid, pgrp, session, tty_nr, tpgid, flags, minflt, cminflt, majflt, cmajflt, utime, stime
        if (sscanf(close + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &user, &system) != 2)
            continue;
        int64_t used = (int64_t)(user + system) * tick_ns;
        // Subscription readers are transitiond-r0, -r1…, shards transitiond-s0, -s1… (a digit: not
        // transitiond-sd or -sig).
        int numbered = strncmp(name, "transitiond-", 12) == 0 && name[12] != '\0' && isdigit((unsigned char)name[13]);
        if (numbered && name[12] == 'r')
            split->readers += used;
        else if (strcmp(name, "varlink") == 0)
            split->event_loop += used;
        else if (numbered && name[12] == 's')
            split->shards += used;
        else
            split->other += used;
    }
    closedir(directory);
    return 0;
}

int bench_frame_delivery_run(const bench_delivery_options *options, bench_delivery_result *result) {
    memset(result, 0, sizeof *result);
    char *failure = result->failure;
    size_t capacity = sizeof result->failure;
    if (options->stacks < 1 || options->stacks > BENCH_LOAD_MAXIMUM_CLIENTS) {
        errno = EINVAL;
        return bench_fail(failure, capacity, "stacks must be 1 ... %d", BENCH_LOAD_MAXIMUM_CLIENTS);
    }
    int stacks = options->stacks;
    subscriber *readers = calloc((size_t)stacks, sizeof *readers);
    size_t chunk_capacity = 256 * 1024;
    char *chunk = malloc(chunk_capacity);
    char *text = NULL;
    size_t text_capacity = 0;
    bench_buffer input = {0};
    int control = -1, poller = -1, status = 0, opened = 0;
    if (!readers || !chunk) status = bench_fail(failure, capacity, "out of memory");
    if (status == 0 && (control = bench_connect_unix(options->socket_path)) < 0)
        status = bench_fail(failure, capacity, "connect to %s", options->socket_path);
    size_t screens = strlen(options->root_screen_json) + strlen(options->top_screen_json);
    size_t needed = screens + strlen(options->animator_json) + strlen(options->stack_prefix) + 512;
    if (status == 0 && !format_text(&text, &text_capacity, needed))
        status = bench_fail(failure, capacity, "out of memory");
    if (status == 0) {
        snprintf(text, text_capacity,
                 "{\"method\":\"io.transitiond.DefineAnimator\",\"parameters\":{\"animator\":%s}}",
                 options->animator_json);
        status = bench_call(control, &input, text, 0, failure, capacity);
    }
    for (int index = 0; status == 0 && index < stacks; index++) {
        snprintf(text, text_capacity,
                 "{\"method\":\"io.transitiond.CreateStack\",\"parameters\":{\"name\":\"%s%d\",\"width\":375,"
                 "\"height\":667,\"root\":%s}}",
                 options->stack_prefix, index, options->root_screen_json);
        status = bench_call(control, &input, text, 0, failure, capacity);
    }
    // Every subscriber first, each answered with the current frame (the stream is live once it arrives),
    // then the pushes: every frame of every transition has a reader waiting for it.
    for (int index = 0; status == 0 && index < stacks; index++) {
        int descriptor = bench_connect_unix(options->socket_path);
        if (descriptor < 0) {
            status = bench_fail(failure, capacity, "connect subscriber %d", index);
            break;
        }
        readers[index].descriptor = descriptor;
        opened++;
        snprintf(text, text_capacity,
                 "{\"method\":\"io.transitiond.Subscribe\",\"parameters\":{\"stack\":\"%s%d\",\"events\":false},"
                 "\"more\":true}",
                 options->stack_prefix, index);
        bench_buffer first = {0};
        status = bench_call(descriptor, &first, text, 0, failure, capacity);
        // A frame that followed the first in the same read is not lost: it is simply not counted.
        bench_buffer_free(&first);
    }
    for (int index = 0; status == 0 && index < stacks; index++) {
        snprintf(text, text_capacity,
                 "{\"method\":\"io.transitiond.Push\",\"parameters\":{\"stack\":\"%s%d\",\"screen\":%s,"
                 "\"animator\":\"%s\"}}",
                 options->stack_prefix, index, options->top_screen_json, options->animator_name);
        status = bench_call(control, &input, text, 0, failure, capacity);
    }
    if (status == 0 && (poller = epoll_create1(EPOLL_CLOEXEC)) < 0) status = bench_fail(failure, capacity, "epoll");
    for (int index = 0; status == 0 && index < stacks; index++) {
        int descriptor = readers[index].descriptor;
        struct epoll_event event = {.events = EPOLLIN, .data.ptr = &readers[index]};
        if (fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) != 0 ||
            epoll_ctl(poller, EPOLL_CTL_ADD, descriptor, &event) != 0)
            status = bench_fail(failure, capacity, "watch subscriber %d", index);
    }
    if (status == 0) {
        int64_t counting_from = bench_now_ns() + (int64_t)(options->warmup_seconds * 1e9);
        int64_t counting_until = counting_from + (int64_t)(options->seconds * 1e9);
        int64_t cpu_from = 0, daemon_cpu_from = -1, started = 0;
        thread_split split_from = {0};
        int split_read = -1;
        struct epoll_event events[256];
        while (status == 0) {
            int64_t now = bench_now_ns();
            if (now >= counting_until) break;
            int counting = now >= counting_from;
            if (counting && started == 0) {
                started = now;
                cpu_from = thread_cpu_ns();
                if (options->daemon_pid > 0) {
                    daemon_cpu_from = bench_process_cpu_ns(options->daemon_pid);
                    split_read = read_thread_split(options->daemon_pid, &split_from);
                }
            }
            int64_t wait_ms = ((counting ? counting_until : counting_from) - now) / 1000000 + 1;
            int ready = epoll_wait(poller, events, 256, (int)wait_ms);
            if (ready < 0) {
                if (errno == EINTR) continue;
                status = bench_fail(failure, capacity, "epoll_wait");
                break;
            }
            for (int event = 0; event < ready; event++) {
                subscriber *reader = events[event].data.ptr;
                ssize_t received;
                while ((received = recv(reader->descriptor, chunk, chunk_capacity, 0)) > 0) {
                    if (counting) result->bytes += (uint64_t)received;
                    take_bytes(reader, chunk, (size_t)received, counting, result);
                    if ((size_t)received < chunk_capacity) break;
                }
                if (received == 0 || (received < 0 && errno != EAGAIN && errno != EINTR)) {
                    errno = received == 0 ? 0 : errno;
                    status = bench_fail(failure, capacity, "subscriber %d's stream ended",
                                        (int)(reader - readers));
                }
            }
        }
        if (status == 0) {
            result->reader_cpu_ns = thread_cpu_ns() - cpu_from;
            int64_t daemon_cpu = options->daemon_pid > 0 ? bench_process_cpu_ns(options->daemon_pid) : -1;
            result->daemon_cpu_ns = daemon_cpu >= 0 && daemon_cpu_from >= 0 ? daemon_cpu - daemon_cpu_from : -1;
            thread_split split_to;
            if (split_read == 0 && read_thread_split(options->daemon_pid, &split_to) == 0) {
                result->readers_cpu_ns = split_to.readers - split_from.readers;
                result->event_loop_cpu_ns = split_to.event_loop - split_from.event_loop;
                result->shards_cpu_ns = split_to.shards - split_from.shards;
                result->other_threads_cpu_ns = split_to.other - split_from.other;
            } else {
                result->readers_cpu_ns = result->event_loop_cpu_ns = -1;
                result->shards_cpu_ns = result->other_threads_cpu_ns = -1;
            }
            result->seconds = (double)(bench_now_ns() - started) / 1e9;
            for (int index = 0; index < stacks; index++)
                if (!readers[index].framed_in_window) result->silent_subscribers++;
        }
    }
    if (poller >= 0) close(poller);
    for (int index = 0; index < opened; index++) close(readers[index].descriptor);
    if (control >= 0) close(control);
    bench_buffer_free(&input);
    free(text);
    free(chunk);
    free(readers);
    return status;
}

int64_t bench_process_cpu_ns(int32_t pid) {
    clockid_t clock;
    struct timespec used;
    if (clock_getcpuclockid(pid, &clock) != 0 || clock_gettime(clock, &used) != 0) return -1;
    return (int64_t)used.tv_sec * 1000000000 + used.tv_nsec;
}
