// The thread-local slots declared in include/CStreamsEngine.h; everything else there is inline.
#include "CStreamsEngine.h"

__thread void *streams_current_trampoline __attribute__((tls_model("initial-exec"))) = 0;
__thread intptr_t streams_held_lock_count __attribute__((tls_model("initial-exec"))) = 0;
