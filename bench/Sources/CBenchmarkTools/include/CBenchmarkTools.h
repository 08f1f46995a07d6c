#ifndef C_BENCHMARK_TOOLS_H
#define C_BENCHMARK_TOOLS_H

#include <stdbool.h>
#include <stdint.h>

// The C side of the `engine` and `sockets` benchmark groups, built -O2: a socket load generator, an
// update-to-frame latency probe, a sleeper on absolute deadlines (the kernel's floor for a timer thread)
// and a busy loop. Everything runs on threads of the calling process; nothing here allocates per request.

// MARK: Threads

/// The calling thread's id (gettid(2)), as /proc/<pid>/task lists it.
int32_t bench_thread_id(void);

// MARK: Sockets

/// Connects a blocking SOCK_STREAM socket (close-on-exec) to the Unix socket `path`; -1 with errno on
/// failure (ENAMETOOLONG for a path too long for sockaddr_un).
int bench_connect_unix(const char *path);

/// Whether a connection to the Unix stream socket `path` succeeds now (it is closed again at once).
bool bench_socket_accepts(const char *path);

/// Sends `count` Varlink calls (JSON texts without their NUL) one after another on one connection to
/// `path`, each waiting for its reply (at most 10 s). Returns the number of error replies, or -1 with
/// `failure` (of `failure_capacity` bytes) saying what failed.
int bench_varlink_script(const char *path, const char *const *calls, int count, char *failure,
                         int failure_capacity);

// MARK: Load generator

/// How requests are framed on the wire.
typedef enum {
    /// Varlink: JSON texts, each followed by one NUL byte; a reply starting `{"error"` is an error.
    bench_protocol_varlink = 0,
    /// Redis inline commands: lines ending "\r\n"; a reply starting '-' is an error.
    bench_protocol_redis = 1,
} bench_protocol;

/// What each connection sends.
typedef enum {
    /// One request, wait for its reply, the next request, and so on (no pipelining).
    bench_pattern_request_reply = 0,
    /// A stream of calls that get no reply (Varlink `oneway`), written as fast as the socket takes them,
    /// closed by one ordinary call whose reply says the server has handled everything before it.
    bench_pattern_oneway_stream = 1,
} bench_pattern;

/// The most connections one run opens.
#define BENCH_LOAD_MAXIMUM_CLIENTS 4096

/// A load run. Message templates are printf formats given two arguments, the connection's stack name
/// (`const char *`, "<stack_prefix><connection index>") and a fraction (`double` in [0.1, 0.9], different
/// from one streamed message to the next); a template may use neither, either or both.
typedef struct {
    /// The server's Unix socket.
    const char *socket_path;
    bench_protocol protocol;
    bench_pattern pattern;
    /// Connections, 1 ... BENCH_LOAD_MAXIMUM_CLIENTS, all served by the calling thread (one epoll set).
    int clients;
    /// Request-reply: replies in this first interval are not counted (connections warm up).
    double warmup_seconds;
    /// Request-reply: the counted interval. Oneway: how long the streams are written.
    double seconds;
    /// Prefix of each connection's stack name.
    const char *stack_prefix;
    /// Calls sent one at a time on every connection before the run, each waiting for its reply (create
    /// the stack, begin an interactive transition). A reply that is an error fails the run unless its
    /// text contains `setup_error_allowed` (for instance "StackExists"); NULL allows none.
    const char *const *setup_templates;
    int setup_count;
    const char *setup_error_allowed;
    /// The measured request (request-reply) or the streamed message (oneway: every one the same length
    /// once formatted, which "%.6f" fractions guarantee).
    const char *request_template;
    /// Oneway: the closing call, which must get exactly one reply.
    const char *final_template;
} bench_load_options;

/// What a load run measured.
typedef struct {
    /// Request-reply: replies received in the counted interval. Oneway: messages written (streamed plus
    /// the closing calls), every one of them handled by the server when the run ends.
    uint64_t requests;
    /// Replies that were errors (request-reply: in the counted interval; oneway: closing calls).
    uint64_t error_replies;
    /// The interval the requests were counted over, in seconds. Oneway: from the first byte written to
    /// the last closing reply received.
    double seconds;
    /// Empty on success; otherwise what failed, with errno's text.
    char failure[256];
} bench_load_result;

/// Runs a load and fills `result`; returns 0 on success, -1 with `result->failure` set otherwise.
int bench_load_run(const bench_load_options *options, bench_load_result *result);

// MARK: Update-to-frame latency

/// An update-to-frame latency run against transitiond: a driver connection creates `stack` (a root and a
/// second screen pushed without animation) and begins an interactive pop; a subscriber connection calls
/// `Subscribe` (frames only, `more`). Then, `updates` times: wait a random delay in [0, 1 / frames per
/// second) so updates fall at every phase of the display link's period, note the time, send
/// `UpdateInteractive` oneway with a new fraction, and read the subscription until a frame whose
/// `"progress"` is that fraction (six decimals) arrives.
///
/// With `pointer`, the pop begins with a pan and its touch-down (`gesture` {edge: left, distance: 1000},
/// `pointer` at x = 0) and each update is a oneway `MovePointer` to x = 1000 × the fraction (a whole
/// number of points, so the daemon's fraction is the one written), stamped with the probe's monotonic
/// clock: the daemon computes the fraction from the pointer.
typedef struct {
    const char *socket_path;
    const char *stack;
    /// The screens as JSON objects (docs/screens.md): the root, and the screen pushed on top of it.
    const char *root_screen_json;
    const char *top_screen_json;
    int updates;
    /// The daemon's display-link rate (sets the range of the random delay).
    double frames_per_second;
    /// Seed of the delays (reproducible runs).
    uint32_t seed;
    /// How long to wait for the frame of one update before counting it lost.
    double timeout_seconds;
    /// Nonzero: drive the pop with pointer samples (`MovePointer`) instead of fractions.
    int pointer;
} bench_latency_options;

/// What a latency run measured.
typedef struct {
    /// Updates whose frame arrived; their latencies fill the caller's array from the start.
    int received;
    /// Updates whose frame did not arrive within the timeout.
    int lost;
    /// Empty on success; otherwise what failed.
    char failure[256];
} bench_latency_result;

/// Runs the probe; `latencies_ns` must hold `options->updates` values. Returns 0, or -1 with a failure.
int bench_update_latency_run(const bench_latency_options *options, int64_t *latencies_ns,
                             bench_latency_result *result);

/// One request-reply round trip's median over `count` calls of `request_template` (formatted with
/// `stack`) on one Varlink connection, in nanoseconds; -1 on failure.
int64_t bench_round_trip_median(const char *socket_path, const char *request_template, const char *stack,
                                int count);

// MARK: Frame delivery

/// A frame-delivery run: `stacks` stacks on the daemon, each pushed with a long transition and watched by
/// one subscriber on a connection of its own (`Subscribe`, events off), every frame read by the calling
/// thread (one epoll set, as one client process serving its screens would).
typedef struct {
    /// The daemon's Unix socket.
    const char *socket_path;
    /// Stacks "<stack_prefix><index>", 1 ... BENCH_LOAD_MAXIMUM_CLIENTS.
    const char *stack_prefix;
    int stacks;
    /// The screens as clients send them: each stack is created with the root and pushed the top one.
    const char *root_screen_json;
    const char *top_screen_json;
    /// `DefineAnimator`'s `animator` object, defined before the stacks, and its name, used by every push.
    const char *animator_json;
    const char *animator_name;
    /// Frames are read but not counted for this long after the last push has been answered.
    double warmup_seconds;
    /// The counted interval.
    double seconds;
    /// The daemon's process id, whose CPU time over the interval is measured (0: not measured).
    int32_t daemon_pid;
} bench_delivery_options;

/// What a frame-delivery run measured over its counted interval.
typedef struct {
    /// Whole messages (frames) received.
    uint64_t frames;
    /// Bytes received.
    uint64_t bytes;
    /// The interval's length, seconds.
    double seconds;
    /// Subscribers that received no frame in the interval.
    int silent_subscribers;
    /// Messages that were errors (a stream the daemon ended).
    uint64_t error_messages;
    /// CPU time of the reading thread in the interval, nanoseconds.
    int64_t reader_cpu_ns;
    /// CPU time of the daemon (all its threads) in the interval, nanoseconds; -1 if not measured.
    int64_t daemon_cpu_ns;
    /// The same split by thread (/proc/<pid>/task/*/stat, clock-tick resolution): the subscription readers
    /// (`transitiond-r0`, `-r1`…), the event loop (`varlink`), the shard executors (`transitiond-s0`…:
    /// ticks) and every other thread; all -1 if not measured.
    int64_t readers_cpu_ns;
    int64_t event_loop_cpu_ns;
    int64_t shards_cpu_ns;
    int64_t other_threads_cpu_ns;
    /// Empty on success; otherwise what failed, with errno's text.
    char failure[256];
} bench_delivery_result;

/// Runs the set-up, the warm-up and the counted interval, then closes every connection. Returns 0, or -1
/// with `result->failure` set.
int bench_frame_delivery_run(const bench_delivery_options *options, bench_delivery_result *result);

/// The CPU time process `pid` has consumed (all threads, clock_getcpuclockid(3)), nanoseconds; -1 if it
/// cannot be read.
int64_t bench_process_cpu_ns(int32_t pid);

// MARK: Deadline sleeper

/// A thread that sleeps with clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) to the deadlines
/// `origin_ns + floor(k * 1e9 / frames_per_second)` for k = first_frame ... first_frame + count - 1 (the
/// display link's grid, computed the same way) and records wake-up minus deadline for each.
typedef struct {
    int64_t origin_ns;
    int frames_per_second;
    int64_t first_frame;
    int count;
    /// SCHED_FIFO priority for the thread, or 0 to stay SCHED_OTHER.
    int fifo_priority;
    /// Timer slack for the thread in nanoseconds (prctl PR_SET_TIMERSLACK); 0 leaves the default.
    unsigned long timer_slack_ns;
} bench_sleeper_options;

typedef struct bench_sleeper bench_sleeper;

/// Starts the thread; NULL if it could not be started.
bench_sleeper *bench_sleeper_start(const bench_sleeper_options *options);

/// Waits for the thread to finish and copies up to `capacity` latenesses (nanoseconds) into
/// `lateness_ns`; returns how many were copied. Also says whether SCHED_FIFO was granted. Frees the
/// sleeper.
int bench_sleeper_join(bench_sleeper *sleeper, int64_t *lateness_ns, int capacity, bool *real_time);

// MARK: Busy loop

typedef struct bench_busy_loop bench_busy_loop;

/// Starts `threads` threads that spin (SCHED_OTHER, nice 0) until stopped; NULL on failure.
bench_busy_loop *bench_busy_loop_start(int threads);

/// Stops and joins the threads; returns the spin iterations they did (to show they ran). Frees the loop.
uint64_t bench_busy_loop_stop(bench_busy_loop *loop);

#endif
