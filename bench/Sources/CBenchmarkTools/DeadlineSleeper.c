#define _GNU_SOURCE
#include "CBenchmarkTools.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

// The floor for a timer thread: the same sleep as the display link's (clock_nanosleep, CLOCK_MONOTONIC,
// TIMER_ABSTIME, to the same grid), with nothing else to do, so its lateness is what the kernel and the
// machine's load give any sleeper.

struct bench_sleeper {
    pthread_t thread;
    bench_sleeper_options options;
    int64_t *lateness;
    int recorded;
    bool real_time;
};

static int64_t monotonic_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/// The grid time of frame `index`: origin + floor(index * 1e9 / rate), with a full-width product so the
/// grid never drifts (the display link's FrameGrid does the same).
static int64_t grid_time(const bench_sleeper_options *options, int64_t index) {
    __int128 product = (__int128)index * 1000000000;
    return options->origin_ns + (int64_t)(product / options->frames_per_second);
}

static void *sleep_to_deadlines(void *argument) {
    bench_sleeper *sleeper = argument;
    const bench_sleeper_options *options = &sleeper->options;
    if (options->timer_slack_ns > 0) prctl(PR_SET_TIMERSLACK, options->timer_slack_ns, 0, 0, 0);
    if (options->fifo_priority > 0) {
        struct sched_param parameter = {.sched_priority = options->fifo_priority};
        sleeper->real_time = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameter) == 0;
    }
    for (int step = 0; step < options->count; step++) {
        int64_t deadline = grid_time(options, options->first_frame + step);
        struct timespec wake = {.tv_sec = deadline / 1000000000, .tv_nsec = deadline % 1000000000};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, NULL) == EINTR) {
        }
        sleeper->lateness[sleeper->recorded++] = monotonic_now() - deadline;
    }
    return NULL;
}

bench_sleeper *bench_sleeper_start(const bench_sleeper_options *options) {
    if (options->count < 1 || options->frames_per_second < 1) return NULL;
    bench_sleeper *sleeper = calloc(1, sizeof *sleeper);
    if (!sleeper) return NULL;
    sleeper->options = *options;
    sleeper->lateness = malloc(sizeof(int64_t) * (size_t)options->count);
    if (!sleeper->lateness || pthread_create(&sleeper->thread, NULL, sleep_to_deadlines, sleeper) != 0) {
        free(sleeper->lateness);
        free(sleeper);
        return NULL;
    }
    return sleeper;
}

int bench_sleeper_join(bench_sleeper *sleeper, int64_t *lateness_ns, int capacity, bool *real_time) {
    pthread_join(sleeper->thread, NULL);
    int count = sleeper->recorded < capacity ? sleeper->recorded : capacity;
    memcpy(lateness_ns, sleeper->lateness, sizeof(int64_t) * (size_t)count);
    if (real_time) *real_time = sleeper->real_time;
    free(sleeper->lateness);
    free(sleeper);
    return count;
}
