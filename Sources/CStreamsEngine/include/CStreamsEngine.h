// The two things Streams' engine needs from C: word-sized C11 atomics
// (Sources/Streams/Engine/AtomicWord.swift) and thread-local slots (the current-thread
// trampoline, and the debug count of held locks).
//
// Swift's `Synchronization.Atomic` needs macOS 15 / iOS 18; these functions work wherever C11
// does, so the library can support older Apple platforms. They take the address of an
// `intptr_t`-sized word that Swift owns (the first stored property of an engine object) and are
// `static inline`, so a call compiles to the one atomic instruction. ThreadSanitizer sees them
// as atomics.
#ifndef C_STREAMS_ENGINE_H
#define C_STREAMS_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

static inline intptr_t streams_atomic_load_relaxed(const void *word) {
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_relaxed);
}

static inline intptr_t streams_atomic_load_acquire(const void *word) {
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_acquire);
}

static inline void streams_atomic_store_release(void *word, intptr_t value) {
    atomic_store_explicit((_Atomic(intptr_t) *)word, value, memory_order_release);
}

static inline intptr_t streams_atomic_fetch_or(void *word, intptr_t bits) {
    return atomic_fetch_or_explicit((_Atomic(intptr_t) *)word, bits, memory_order_acq_rel);
}

static inline intptr_t streams_atomic_fetch_and(void *word, intptr_t bits) {
    return atomic_fetch_and_explicit((_Atomic(intptr_t) *)word, bits, memory_order_acq_rel);
}

static inline intptr_t streams_atomic_fetch_add_relaxed(void *word, intptr_t delta) {
    return atomic_fetch_add_explicit((_Atomic(intptr_t) *)word, delta, memory_order_relaxed);
}

static inline intptr_t streams_atomic_exchange(void *word, intptr_t value) {
    return atomic_exchange_explicit((_Atomic(intptr_t) *)word, value, memory_order_acq_rel);
}

static inline bool streams_atomic_compare_exchange(void *word, intptr_t *expected, intptr_t desired) {
    return atomic_compare_exchange_strong_explicit(
        (_Atomic(intptr_t) *)word, expected, desired, memory_order_acq_rel, memory_order_acquire);
}

// Thread-local slots. `__thread` compiles to a direct access of the thread's block, far cheaper
// than pthread_getspecific on the per-subscription path.

/// The trampoline running on this thread (an unretained object pointer), or NULL.
/// Initial-exec: the library is linked into the program, so the slot's offset is fixed at load
/// time and an access needs no call to __tls_get_addr.
extern __thread void *streams_current_trampoline __attribute__((tls_model("initial-exec")));

/// How many engine locks this thread holds (debug builds count them).
extern __thread intptr_t streams_held_lock_count __attribute__((tls_model("initial-exec")));

static inline void *streams_trampoline_get(void) { return streams_current_trampoline; }

static inline void streams_trampoline_set(void *trampoline) { streams_current_trampoline = trampoline; }

static inline intptr_t streams_held_locks_get(void) { return streams_held_lock_count; }

static inline void streams_held_locks_add(intptr_t delta) { streams_held_lock_count += delta; }

#endif
