#define _GNU_SOURCE
#include "CBenchmarkTools.h"
#include "SocketSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

// One thread, one epoll set, every connection non-blocking: the shape of redis-benchmark's own event loop
// (one thread by default), so the two load generators cost the machine about the same.

/// Messages in one connection's repeating oneway stream (fractions differ between neighbours).
enum { stream_messages = 32 };
/// Epoll events handled per wait.
enum { events_per_wait = 256 };

typedef enum { streaming, finishing_message, sending_final, awaiting_final, finished } stream_state;

typedef struct {
    int descriptor;
    char stack[96];
    char *request;
    size_t request_length;
    size_t request_written;  // request-reply: bytes of the current request already sent
    bench_buffer input;
    char *stream;            // oneway: the repeating stream
    size_t stream_length;
    size_t message_length;
    uint64_t stream_written;  // oneway: bytes written in total
    char *final_call;
    size_t final_length;
    size_t final_written;
    stream_state state;
} connection;

static int fail(bench_load_result *result, const char *format, ...) {
    int saved = errno;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(result->failure, sizeof result->failure, format, arguments);
    va_end(arguments);
    if (saved) {
        size_t used = strlen(result->failure);
        snprintf(result->failure + used, sizeof result->failure - used, ": %s", strerror(saved));
    }
    return -1;
}

static int is_error_reply(const char *reply, size_t length, bench_protocol protocol) {
    if (protocol == bench_protocol_redis) return length > 0 && reply[0] == '-';
    static const char prefix[] = "{\"error\"";
    return length >= sizeof prefix - 1 && memcmp(reply, prefix, sizeof prefix - 1) == 0;
}

static char terminator_of(bench_protocol protocol) { return protocol == bench_protocol_redis ? '\n' : '\0'; }

/// Sends the setup calls on a blocking connection, one at a time, checking each reply.
static int set_up(connection *client, const bench_load_options *options, bench_load_result *result) {
    for (int index = 0; index < options->setup_count; index++) {
        size_t length;
        char *call = bench_format_message(options->setup_templates[index], client->stack, 0.5,
                                          options->protocol == bench_protocol_varlink, &length);
        if (!call) return fail(result, "out of memory");
        int sent = bench_send_all(client->descriptor, call, length);
        free(call);
        if (sent != 0) return fail(result, "setup call %d of %s", index, client->stack);
        long reply = bench_receive_message(client->descriptor, &client->input, terminator_of(options->protocol),
                                           10 * 1000000000LL);
        if (reply <= 0) return fail(result, "no reply to setup call %d of %s", index, client->stack);
        if (is_error_reply(client->input.bytes, (size_t)reply, options->protocol)) {
            int allowed = options->setup_error_allowed &&
                          memmem(client->input.bytes, (size_t)reply, options->setup_error_allowed,
                                 strlen(options->setup_error_allowed)) != NULL;
            if (!allowed) {
                errno = 0;
                return fail(result, "setup call %d of %s failed: %.150s", index, client->stack, client->input.bytes);
            }
        }
        bench_buffer_consume(&client->input, (size_t)reply);
    }
    return 0;
}

/// Writes what is left of the current request; 1 when it is all out, 0 when the socket is full, -1 on
/// error.
static int write_pending(int descriptor, const char *bytes, size_t length, size_t *written) {
    while (*written < length) {
        ssize_t count = send(descriptor, bytes + *written, length - *written, MSG_NOSIGNAL);
        if (count < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) return 0;
            return -1;
        }
        *written += (size_t)count;
    }
    return 1;
}

/// Reads what the socket holds into the connection's buffer; -1 on error or end of stream.
static int read_available(connection *client) {
    bench_buffer *input = &client->input;
    if (input->capacity - input->length < 65536) {
        size_t capacity = input->capacity ? input->capacity * 2 : 131072;
        char *bytes = realloc(input->bytes, capacity);
        if (!bytes) {
            errno = ENOMEM;
            return -1;
        }
        input->bytes = bytes;
        input->capacity = capacity;
    }
    ssize_t count = recv(client->descriptor, input->bytes + input->length, input->capacity - input->length, 0);
    if (count < 0) return errno == EAGAIN || errno == EINTR ? 0 : -1;
    if (count == 0) {
        errno = ECONNRESET;
        return -1;
    }
    input->length += (size_t)count;
    return 0;
}

static int run_request_reply(connection *clients, int epoll, const bench_load_options *options,
                             bench_load_result *result) {
    char terminator = terminator_of(options->protocol);
    for (int index = 0; index < options->clients; index++) {
        connection *client = &clients[index];
        client->request_written = 0;
        if (write_pending(client->descriptor, client->request, client->request_length, &client->request_written) < 0)
            return fail(result, "send to %s", client->stack);
    }
    int64_t start = bench_now_ns();
    int64_t counting = start + (int64_t)(options->warmup_seconds * 1e9);
    int64_t end = counting + (int64_t)(options->seconds * 1e9);
    uint64_t replies = 0, errors = 0;
    struct epoll_event events[events_per_wait];
    int64_t now = start;
    while (now < end) {
        int ready = epoll_wait(epoll, events, events_per_wait, 100);
        if (ready < 0 && errno != EINTR) return fail(result, "epoll_wait");
        now = bench_now_ns();
        int counted = now >= counting && now < end;
        for (int event = 0; event < ready; event++) {
            connection *client = &clients[events[event].data.u32];
            if (client->request_written < client->request_length) {
                int sent =
                    write_pending(client->descriptor, client->request, client->request_length, &client->request_written);
                if (sent < 0) return fail(result, "send to %s", client->stack);
                if (sent == 1) {
                    struct epoll_event change = {.events = EPOLLIN, .data.u32 = events[event].data.u32};
                    epoll_ctl(epoll, EPOLL_CTL_MOD, client->descriptor, &change);
                }
            }
            if (!(events[event].events & (EPOLLIN | EPOLLHUP | EPOLLERR))) continue;
            if (read_available(client) != 0) return fail(result, "receive from %s", client->stack);
            char *message = client->input.bytes;
            size_t left = client->input.length;
            char *stop;
            while (left > 0 && (stop = memchr(message, terminator, left)) != NULL) {
                size_t length = (size_t)(stop - message) + 1;
                if (counted) {
                    replies++;
                    if (is_error_reply(message, length, options->protocol)) errors++;
                }
                message += length;
                left -= length;
                // The next request; a socket too full to take it all is finished on EPOLLOUT.
                client->request_written = 0;
                int sent =
                    write_pending(client->descriptor, client->request, client->request_length, &client->request_written);
                if (sent < 0) return fail(result, "send to %s", client->stack);
                if (sent == 0) {
                    struct epoll_event change = {.events = EPOLLIN | EPOLLOUT, .data.u32 = events[event].data.u32};
                    epoll_ctl(epoll, EPOLL_CTL_MOD, client->descriptor, &change);
                }
            }
            bench_buffer_consume(&client->input, (size_t)(message - client->input.bytes));
        }
    }
    result->requests = replies;
    result->error_replies = errors;
    result->seconds = (double)(now - counting) / 1e9;
    return 0;
}

static int run_oneway_stream(connection *clients, int epoll, const bench_load_options *options,
                             bench_load_result *result) {
    char terminator = terminator_of(options->protocol);
    int64_t start = bench_now_ns();
    int64_t stream_end = start + (int64_t)(options->seconds * 1e9);
    int64_t give_up = stream_end + 60LL * 1000000000;
    int remaining = options->clients;
    uint64_t errors = 0;
    int64_t last_reply = start;
    struct epoll_event events[events_per_wait];
    while (remaining > 0) {
        int ready = epoll_wait(epoll, events, events_per_wait, 100);
        if (ready < 0 && errno != EINTR) return fail(result, "epoll_wait");
        int64_t now = bench_now_ns();
        if (now > give_up) {
            errno = 0;
            return fail(result, "the closing replies did not arrive within 60 s");
        }
        for (int event = 0; event < ready; event++) {
            connection *client = &clients[events[event].data.u32];
            if (client->state == streaming && now >= stream_end) client->state = finishing_message;
            if (client->state == streaming || client->state == finishing_message) {
                for (int round = 0; round < 16; round++) {
                    size_t offset = (size_t)(client->stream_written % client->stream_length);
                    size_t length = client->stream_length - offset;
                    if (client->state == finishing_message) {
                        size_t partial = (size_t)(client->stream_written % client->message_length);
                        if (partial == 0) {
                            client->state = sending_final;
                            break;
                        }
                        length = client->message_length - partial;
                    }
                    ssize_t count = send(client->descriptor, client->stream + offset, length, MSG_NOSIGNAL);
                    if (count < 0) {
                        if (errno == EAGAIN || errno == EINTR) break;
                        return fail(result, "send to %s", client->stack);
                    }
                    client->stream_written += (uint64_t)count;
                }
            }
            if (client->state == sending_final) {
                int sent = write_pending(client->descriptor, client->final_call, client->final_length,
                                         &client->final_written);
                if (sent < 0) return fail(result, "send to %s", client->stack);
                if (sent == 1) {
                    client->state = awaiting_final;
                    struct epoll_event change = {.events = EPOLLIN, .data.u32 = events[event].data.u32};
                    epoll_ctl(epoll, EPOLL_CTL_MOD, client->descriptor, &change);
                }
            }
            if (events[event].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) {
                if (read_available(client) != 0) return fail(result, "receive from %s", client->stack);
                char *stop = memchr(client->input.bytes, terminator, client->input.length);
                if (stop) {
                    size_t length = (size_t)(stop - client->input.bytes) + 1;
                    // Only the closing call is answered; anything earlier is an unexpected reply.
                    if (client->state != awaiting_final || is_error_reply(client->input.bytes, length, options->protocol))
                        errors++;
                    if (client->state == awaiting_final) {
                        client->state = finished;
                        remaining--;
                        last_reply = now;
                        epoll_ctl(epoll, EPOLL_CTL_DEL, client->descriptor, NULL);
                    }
                    bench_buffer_consume(&client->input, length);
                }
            }
        }
    }
    uint64_t messages = 0;
    for (int index = 0; index < options->clients; index++)
        messages += clients[index].stream_written / clients[index].message_length + 1;
    result->requests = messages;
    result->error_replies = errors;
    result->seconds = (double)(last_reply - start) / 1e9;
    return 0;
}

/// Formats the connection's messages: its request, or its stream and closing call.
static int prepare(connection *client, const bench_load_options *options, bench_load_result *result) {
    int varlink = options->protocol == bench_protocol_varlink;
    if (options->pattern == bench_pattern_request_reply) {
        client->request = bench_format_message(options->request_template, client->stack, 0.5, varlink,
                                               &client->request_length);
        return client->request ? 0 : fail(result, "out of memory");
    }
    char *messages[stream_messages];
    size_t total = 0;
    for (int index = 0; index < stream_messages; index++) {
        // 0.1 ... 0.9 in an order where neighbours differ, so every update moves the transition.
        double fraction = 0.1 + 0.8 * (double)((index * 13) % stream_messages) / (stream_messages - 1);
        size_t length;
        messages[index] = bench_format_message(options->request_template, client->stack, fraction, varlink, &length);
        if (!messages[index]) return fail(result, "out of memory");
        if (index == 0) client->message_length = length;
        if (length != client->message_length) {
            errno = 0;
            return fail(result, "streamed messages differ in length; use fixed-width numbers in the template");
        }
        total += length;
    }
    client->stream = malloc(total);
    if (!client->stream) return fail(result, "out of memory");
    for (int index = 0; index < stream_messages; index++) {
        memcpy(client->stream + (size_t)index * client->message_length, messages[index], client->message_length);
        free(messages[index]);
    }
    client->stream_length = total;
    client->final_call =
        bench_format_message(options->final_template, client->stack, 0.5, varlink, &client->final_length);
    return client->final_call ? 0 : fail(result, "out of memory");
}

int bench_load_run(const bench_load_options *options, bench_load_result *result) {
    memset(result, 0, sizeof *result);
    if (options->clients < 1 || options->clients > BENCH_LOAD_MAXIMUM_CLIENTS)
        return fail(result, "clients must be 1 to %d", BENCH_LOAD_MAXIMUM_CLIENTS);
    connection *clients = calloc((size_t)options->clients, sizeof *clients);
    if (!clients) return fail(result, "out of memory");
    int epoll = epoll_create1(EPOLL_CLOEXEC);
    int status = epoll < 0 ? fail(result, "epoll_create1") : 0;
    int opened = 0;
    for (; status == 0 && opened < options->clients; opened++) {
        connection *client = &clients[opened];
        snprintf(client->stack, sizeof client->stack, "%s%d", options->stack_prefix ? options->stack_prefix : "",
                 opened);
        client->descriptor = bench_connect_unix(options->socket_path);
        if (client->descriptor < 0) {
            status = fail(result, "connect to %s", options->socket_path);
            break;
        }
        status = set_up(client, options, result);
        if (status == 0) status = prepare(client, options, result);
        if (status != 0) {
            opened++;
            break;
        }
        fcntl(client->descriptor, F_SETFL, fcntl(client->descriptor, F_GETFL) | O_NONBLOCK);
        uint32_t watched = options->pattern == bench_pattern_oneway_stream ? EPOLLIN | EPOLLOUT : EPOLLIN;
        struct epoll_event event = {.events = watched, .data.u32 = (uint32_t)opened};
        if (epoll_ctl(epoll, EPOLL_CTL_ADD, client->descriptor, &event) != 0) {
            status = fail(result, "epoll_ctl");
            opened++;
            break;
        }
    }
    if (status == 0) {
        status = options->pattern == bench_pattern_request_reply ? run_request_reply(clients, epoll, options, result)
                                                                   : run_oneway_stream(clients, epoll, options, result);
    }
    for (int index = 0; index < opened; index++) {
        if (clients[index].descriptor >= 0) close(clients[index].descriptor);
        free(clients[index].request);
        free(clients[index].stream);
        free(clients[index].final_call);
        bench_buffer_free(&clients[index].input);
    }
    if (epoll >= 0) close(epoll);
    free(clients);
    return status;
}
