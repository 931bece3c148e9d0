// What include/CStreamsEngine.h declares out of line: the sanitizer switch, the atomics' and
// the lock's out-of-line paths, the globals and the thread-local slots.
#include "CStreamsEngine.h"

// Set before `main` when this file is compiled with ThreadSanitizer (see the header).
int streams_sanitized = 0;

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
__attribute__((constructor)) static void streams_note_sanitizer(void) { streams_sanitized = 1; }
#endif
#endif

intptr_t streams_atomic_load_relaxed_slow(const void *word) {
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_relaxed);
}

intptr_t streams_atomic_load_acquire_slow(const void *word) {
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_acquire);
}

void streams_atomic_store_release_slow(void *word, intptr_t value) {
    atomic_store_explicit((_Atomic(intptr_t) *)word, value, memory_order_release);
}

intptr_t streams_atomic_fetch_or_slow(void *word, intptr_t bits) {
    return atomic_fetch_or_explicit((_Atomic(intptr_t) *)word, bits, memory_order_acq_rel);
}

intptr_t streams_atomic_fetch_and_slow(void *word, intptr_t bits) {
    return atomic_fetch_and_explicit((_Atomic(intptr_t) *)word, bits, memory_order_acq_rel);
}

intptr_t streams_atomic_fetch_add_relaxed_slow(void *word, intptr_t delta) {
    return atomic_fetch_add_explicit((_Atomic(intptr_t) *)word, delta, memory_order_relaxed);
}

intptr_t streams_atomic_exchange_slow(void *word, intptr_t value) {
    return atomic_exchange_explicit((_Atomic(intptr_t) *)word, value, memory_order_acq_rel);
}

bool streams_atomic_compare_exchange_slow(void *word, intptr_t *expected, intptr_t desired) {
    return atomic_compare_exchange_strong_explicit(
        (_Atomic(intptr_t) *)word, expected, desired, memory_order_acq_rel, memory_order_acquire);
}

#if defined(__APPLE__)
#include <os/lock.h>
#elif defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#else
#error "CStreamsEngine: the engine's lock needs futexes (Linux) or os_unfair_lock (Apple platforms)"
#endif

__thread void *streams_current_trampoline __attribute__((tls_model("initial-exec"))) = 0;
__thread void *streams_current_virtual_scheduler __attribute__((tls_model("initial-exec"))) = 0;
__thread void *streams_current_inspection __attribute__((tls_model("initial-exec"))) = 0;
__thread intptr_t streams_held_lock_count __attribute__((tls_model("initial-exec"))) = 0;

_Atomic(intptr_t) streams_live_resources = 0;
_Atomic(intptr_t) streams_live_scopes = 0;
_Atomic(intptr_t) streams_inspector_recording = 0;

#if defined(__APPLE__)

_Static_assert(sizeof(os_unfair_lock) == sizeof(streams_lock_t), "the lock word is an os_unfair_lock");

void streams_lock_acquire_slow(streams_lock_t *lock) { os_unfair_lock_lock((os_unfair_lock_t)lock); }

void streams_lock_release_slow(streams_lock_t *lock) { os_unfair_lock_unlock((os_unfair_lock_t)lock); }

#else

// The word: 0 free, 1 held, 2 held and a thread may be waiting in the kernel. A waiter always
// sets 2 before sleeping, so a release that finds 2 wakes one thread; the woken thread sets 2
// again when it takes the lock, since others may still wait.
enum { streams_lock_free = 0, streams_lock_held = 1, streams_lock_contended = 2 };

static void streams_futex(_Atomic(uint32_t) *word, int operation, uint32_t value) {
    syscall(SYS_futex, (uint32_t *)word, operation, value, NULL, NULL, 0);
}

void streams_lock_acquire_slow(streams_lock_t *lock) {
    uint32_t expected = streams_lock_free;
    if (atomic_compare_exchange_strong_explicit(
            &lock->word, &expected, streams_lock_held, memory_order_acquire, memory_order_relaxed)) {
        return;
    }
    // Contended: spin briefly (the critical sections are a few dozen instructions), then sleep.
    for (int spins = 0; spins < 64; spins++) {
        if (atomic_load_explicit(&lock->word, memory_order_relaxed) == streams_lock_free) {
            expected = streams_lock_free;
            if (atomic_compare_exchange_weak_explicit(
                    &lock->word, &expected, streams_lock_held, memory_order_acquire, memory_order_relaxed)) {
                return;
            }
        }
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__)
        __asm__ __volatile__("yield");
#endif
    }
    while (atomic_exchange_explicit(&lock->word, streams_lock_contended, memory_order_acquire) != streams_lock_free) {
        streams_futex(&lock->word, FUTEX_WAIT_PRIVATE, streams_lock_contended);
    }
}

void streams_lock_release_slow(streams_lock_t *lock) {
    if (atomic_exchange_explicit(&lock->word, streams_lock_free, memory_order_release) == streams_lock_contended) {
        streams_futex(&lock->word, FUTEX_WAKE_PRIVATE, 1);
    }
}

#endif
