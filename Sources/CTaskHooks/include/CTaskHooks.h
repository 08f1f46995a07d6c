#ifndef TRANSITIOND_CTASKHOOKS_H
#define TRANSITIOND_CTASKHOOKS_H
// Routes the Swift concurrency runtime's global executor to the process's own thread pool.
//
// libswift_Concurrency lets a process take over the global executor through hook variables it exports
// (swift_task_enqueueGlobal_hook, declared in the runtime's ConcurrencyHooks.def). The hook uses the
// Swift calling convention, so it is implemented in C here (clang's swiftcall attribute) and forwards
// every job to a callback in the plain C convention, which Swift code provides as a @convention(c)
// function.
//
// Timed jobs (Task.sleep) do not come through here: since Swift 6.2 the runtime hands them to the
// default executor's own scheduling, which is libdispatch's. Code that must not start libdispatch sleeps
// with TaskPool.sleep instead.

#include <stdint.h>

/// Receives a job (an opaque `SwiftJob *`) that should run as soon as possible.
typedef void (*task_hooks_enqueue_callback)(void *job);

/// Installs the hook; from then on every global job of the process goes to `enqueue`. Returns 0, or -1
/// if the hook was installed already (by this function or anyone else) and nothing was changed.
int task_hooks_install(task_hooks_enqueue_callback enqueue);

#endif
