#ifndef TRANSITIOND_CLIBMICROHTTPD_SHIM_H
#define TRANSITIOND_CLIBMICROHTTPD_SHIM_H
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <netinet/in.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic, which Swift cannot call: these fixed-argument wrappers pass the
   options transitionctl web uses. `address` is the one address to listen on (MHD_OPTION_SOCK_ADDR);
   pass MHD_USE_IPv6 in `flags` for an IPv6 address. `connection_memory_limit` bounds each
   connection's memory pool (MHD_OPTION_CONNECTION_MEMORY_LIMIT), which also bounds how many bytes
   of a stream one write sends. */
static inline struct MHD_Daemon *transitiond_mhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context, unsigned int connection_limit,
    size_t connection_memory_limit) {
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        MHD_OPTION_END);
}

/* The port a daemon listens on (MHD_DAEMON_INFO_BIND_PORT), or 0 when it cannot say. */
static inline uint16_t transitiond_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
#endif
