#define _GNU_SOURCE
#include "CBenchmarkTools.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

// Load for "the other core busy": threads that spin on a flag, SCHED_OTHER at nice 0, like any
// compute-bound process sharing the machine.

struct bench_busy_loop {
    int count;
    volatile int stop;
    uint64_t iterations;
    pthread_t threads[];
};

static void *spin(void *argument) {
    bench_busy_loop *loop = argument;
    uint64_t iterations = 0;
    while (!__atomic_load_n(&loop->stop, __ATOMIC_RELAXED)) iterations++;
    __atomic_fetch_add(&loop->iterations, iterations, __ATOMIC_RELAXED);
    return NULL;
}

bench_busy_loop *bench_busy_loop_start(int threads) {
    if (threads < 1) return NULL;
    bench_busy_loop *loop = calloc(1, sizeof *loop + sizeof(pthread_t) * (size_t)threads);
    if (!loop) return NULL;
    for (; loop->count < threads; loop->count++) {
        if (pthread_create(&loop->threads[loop->count], NULL, spin, loop) != 0) break;
    }
    if (loop->count == 0) {
        free(loop);
        return NULL;
    }
    return loop;
}

uint64_t bench_busy_loop_stop(bench_busy_loop *loop) {
    __atomic_store_n(&loop->stop, 1, __ATOMIC_RELAXED);
    for (int index = 0; index < loop->count; index++) pthread_join(loop->threads[index], NULL);
    uint64_t iterations = loop->iterations;
    free(loop);
    return iterations;
}

int32_t bench_thread_id(void) { return (int32_t)gettid(); }
