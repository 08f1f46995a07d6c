#include "CTaskHooks.h"

// The runtime's declarations (swift/Runtime/ConcurrencyHooks.def): a hook receives the job and the
// runtime's own implementation, both in the Swift calling convention.
typedef __attribute__((swiftcall)) void (*enqueue_global_original)(void *job);
extern __attribute__((swiftcall)) void (*swift_task_enqueueGlobal_hook)(
    void *job, enqueue_global_original original);

static task_hooks_enqueue_callback enqueue_callback;

static __attribute__((swiftcall)) void enqueue_global(void *job, enqueue_global_original original) {
    (void)original;
    enqueue_callback(job);
}

int task_hooks_install(task_hooks_enqueue_callback enqueue) {
    if (swift_task_enqueueGlobal_hook != 0) {
        return -1;
    }
    enqueue_callback = enqueue;
    swift_task_enqueueGlobal_hook = enqueue_global;
    return 0;
}
