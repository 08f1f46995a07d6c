#define _GNU_SOURCE
#include "CBenchmarkTools.h"
#include "SocketSupport.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/// One call on `descriptor`, failures written into the result.
static int call(int descriptor, bench_buffer *input, const char *text, int oneway, bench_latency_result *result) {
    return bench_call(descriptor, input, text, oneway, result->failure, sizeof result->failure);
}

/// xorshift32 (Marsaglia, "Xorshift RNGs", 2003): reproducible delays without libc's global state.
static uint32_t next_random(uint32_t *state) {
    uint32_t value = *state;
    value ^= value << 13;
    value ^= value >> 17;
    value ^= value << 5;
    return *state = value;
}

static void sleep_nanoseconds(int64_t nanoseconds) {
    struct timespec duration = {.tv_sec = nanoseconds / 1000000000, .tv_nsec = nanoseconds % 1000000000};
    while (clock_nanosleep(CLOCK_MONOTONIC, 0, &duration, &duration) == EINTR) {
    }
}

/// Whether the frame's transition progress is written as `expected` ("0.123000").
static int frame_shows(const char *frame, size_t length, const char *expected) {
    static const char key[] = "\"progress\":";
    const char *found = memmem(frame, length, key, sizeof key - 1);
    if (!found) return 0;
    const char *value = found + sizeof key - 1;
    size_t expected_length = strlen(expected);
    return (size_t)(frame + length - value) > expected_length && memcmp(value, expected, expected_length) == 0 &&
           (value[expected_length] == ',' || value[expected_length] == '}');
}

int bench_update_latency_run(const bench_latency_options *options, int64_t *latencies_ns,
                             bench_latency_result *result) {
    memset(result, 0, sizeof *result);
    int driver = bench_connect_unix(options->socket_path);
    if (driver < 0) return bench_fail(result->failure, sizeof result->failure, "connect to %s", options->socket_path);
    int subscriber = bench_connect_unix(options->socket_path);
    if (subscriber < 0) {
        close(driver);
        return bench_fail(result->failure, sizeof result->failure, "connect to %s", options->socket_path);
    }
    bench_buffer driver_input = {0}, frames = {0};
    size_t size = strlen(options->root_screen_json) + strlen(options->top_screen_json) + 512;
    char *text = malloc(size);
    int status = text ? 0 : bench_fail(result->failure, sizeof result->failure, "out of memory");
    if (status == 0) {
        snprintf(text, size,
                 "{\"method\":\"io.transitiond.CreateStack\",\"parameters\":{\"name\":\"%s\",\"width\":375,"
                 "\"height\":667,\"root\":%s}}",
                 options->stack, options->root_screen_json);
        status = call(driver, &driver_input, text, 0, result);
    }
    if (status == 0) {
        snprintf(text, size,
                 "{\"method\":\"io.transitiond.Push\",\"parameters\":{\"stack\":\"%s\",\"screen\":%s,"
                 "\"animated\":false}}",
                 options->stack, options->top_screen_json);
        status = call(driver, &driver_input, text, 0, result);
    }
    if (status == 0) {
        snprintf(text, size,
                 "{\"method\":\"io.transitiond.Subscribe\",\"parameters\":{\"stack\":\"%s\",\"events\":false},"
                 "\"more\":true}",
                 options->stack);
        // The first reply is the current frame: the subscription is live once it arrives.
        status = call(subscriber, &frames, text, 0, result);
    }
    // The pan of the pointer run: its fraction is the pointer's x over 1000 points from the touch-down at 0.
    static const double pan_distance = 1000;
    int64_t touch_down = bench_now_ns();
    if (status == 0 && options->pointer) {
        snprintf(text, size,
                 "{\"method\":\"io.transitiond.BeginInteractive\",\"parameters\":{\"stack\":\"%s\","
                 "\"operation\":\"pop\",\"gesture\":{\"edge\":\"left\",\"distance\":%.0f},"
                 "\"pointer\":{\"x\":0,\"y\":300,\"timestamp\":0}}}",
                 options->stack, pan_distance);
        status = call(driver, &driver_input, text, 0, result);
    } else if (status == 0) {
        snprintf(text, size,
                 "{\"method\":\"io.transitiond.BeginInteractive\",\"parameters\":{\"stack\":\"%s\","
                 "\"operation\":\"pop\"}}",
                 options->stack);
        status = call(driver, &driver_input, text, 0, result);
    }
    int64_t period = (int64_t)(1e9 / options->frames_per_second);
    int64_t timeout = (int64_t)(options->timeout_seconds * 1e9);
    uint32_t random = options->seed ? options->seed : 1;
    for (int update = 0; status == 0 && update < options->updates; update++) {
        sleep_nanoseconds((int64_t)(next_random(&random) % (uint32_t)period));
        // 0.100 ... 0.899: 337 is coprime with 800, so 800 updates in a row all differ.
        int permille = 100 + (update * 337) % 800;
        double fraction = permille / 1000.0;
        char expected[32];
        snprintf(expected, sizeof expected, "%.6f", fraction);
        if (options->pointer) {
            double seconds = (double)(bench_now_ns() - touch_down) / 1e9;
            snprintf(text, size,
                     "{\"method\":\"io.transitiond.MovePointer\",\"parameters\":{\"stack\":\"%s\","
                     "\"pointer\":{\"x\":%.0f,\"y\":300,\"timestamp\":%.9f}},\"oneway\":true}",
                     options->stack, fraction * pan_distance, seconds);
        } else {
            snprintf(text, size,
                     "{\"method\":\"io.transitiond.UpdateInteractive\",\"parameters\":{\"stack\":\"%s\","
                     "\"fraction\":%s},\"oneway\":true}",
                     options->stack, expected);
        }
        int64_t sent = bench_now_ns();
        status = call(driver, &driver_input, text, 1, result);
        int64_t deadline = sent + timeout;
        while (status == 0) {
            int64_t left = deadline - bench_now_ns();
            long length = left > 0 ? bench_receive_message(subscriber, &frames, '\0', left) : 0;
            if (length < 0) {
                status = bench_fail(result->failure, sizeof result->failure, "the subscription ended");
                break;
            }
            if (length == 0) {
                result->lost++;
                break;
            }
            int64_t received = bench_now_ns();
            int shows = frame_shows(frames.bytes, (size_t)length, expected);
            bench_buffer_consume(&frames, (size_t)length);
            if (shows) {
                latencies_ns[result->received++] = received - sent;
                break;
            }
        }
    }
    free(text);
    bench_buffer_free(&driver_input);
    bench_buffer_free(&frames);
    close(driver);
    close(subscriber);
    return status;
}

static int compare_int64(const void *left, const void *right) {
    int64_t a = *(const int64_t *)left, b = *(const int64_t *)right;
    return (a > b) - (a < b);
}

int64_t bench_round_trip_median(const char *socket_path, const char *request_template, const char *stack,
                                int count) {
    if (count < 1) return -1;
    int descriptor = bench_connect_unix(socket_path);
    if (descriptor < 0) return -1;
    size_t length;
    char *request = bench_format_message(request_template, stack, 0.5, 1, &length);
    int64_t *samples = malloc(sizeof(int64_t) * (size_t)count);
    bench_buffer input = {0};
    int64_t median = -1;
    if (request && samples) {
        int done = 0;
        for (; done < count; done++) {
            int64_t start = bench_now_ns();
            if (bench_send_all(descriptor, request, length) != 0) break;
            long reply = bench_receive_message(descriptor, &input, '\0', 10 * 1000000000LL);
            if (reply <= 0) break;
            samples[done] = bench_now_ns() - start;
            bench_buffer_consume(&input, (size_t)reply);
        }
        if (done == count) {
            qsort(samples, (size_t)count, sizeof *samples, compare_int64);
            median = samples[count / 2];
        }
    }
    free(request);
    free(samples);
    bench_buffer_free(&input);
    close(descriptor);
    return median;
}
