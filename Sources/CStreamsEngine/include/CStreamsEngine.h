// The four things Streams' engine needs from C: its lock (Sources/Streams/Engine/Lock.swift),
// word-sized C11 atomics (Sources/Streams/Engine/AtomicWord.swift), two process-wide counters,
// and thread-local slots (the current-thread trampoline, the running virtual-time scheduler, and
// the debug count of held locks).
//
// Swift's `Synchronization.Atomic` needs macOS 15 / iOS 18; these functions work wherever C11
// does, so the library can support older Apple platforms. They take the address of a word that
// Swift owns (the first stored property of an engine object).
//
// ThreadSanitizer: Swift compiles these `static inline` functions into its own code without
// instrumenting them (the Clang importer does not know the build is sanitized), so TSan would
// not see their atomics and would report false races on what they guard. The C target itself
// is instrumented, and it sets `streams_sanitized` at load time when it is: every function
// below then calls its out-of-line twin in CStreamsEngine.c, which TSan sees. Otherwise the
// inline path is taken: one atomic instruction, behind a branch that is never taken.
#ifndef C_STREAMS_ENGINE_H
#define C_STREAMS_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/// Nonzero when the C target was built with ThreadSanitizer (set before `main`).
extern int streams_sanitized;

#define STREAMS_SANITIZED __builtin_expect(streams_sanitized != 0, 0)

// The engine's lock: one 32-bit word, 0 when free. On Linux a futex-based mutex (free, held,
// held with waiters): taking a free lock is one compare-and-swap and releasing it one exchange,
// with a system call only when threads contend. On Apple platforms the word is an
// `os_unfair_lock`, always taken out of line. Not recursive.
typedef struct {
    _Atomic(uint32_t) word;
} streams_lock_t;

/// Takes the lock, waiting while another thread holds it (the out-of-line path).
void streams_lock_acquire_slow(streams_lock_t *lock);

/// Releases the lock, waking one waiter if any (the out-of-line path).
void streams_lock_release_slow(streams_lock_t *lock);

// While the process has one thread, glibc says so in `__libc_single_threaded` (glibc 2.32 and
// later; it becomes false when a second thread starts and stays false), and its own mutexes then
// lock and unlock with plain stores. The engine's lock does the same: with no other thread, no
// one else can hold the lock or wait for it, and no thread can start while an engine lock is
// held (nothing calls out under it), so the flag cannot change between lock and unlock. A plain
// store costs about a tenth of a locked instruction on a virtual machine. The read-modify-write
// atomics below take the same shortcut (a load and a store) for the same reason. Elsewhere the
// flag is 0.
#if defined(__linux__) && defined(__GLIBC__) \
    && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
#include <sys/single_threaded.h>
#define STREAMS_SINGLE_THREADED (__libc_single_threaded != 0)
#else
#define STREAMS_SINGLE_THREADED 0
#endif

/// Takes the lock, waiting while another thread holds it.
static inline void streams_lock_acquire(streams_lock_t *lock) {
#if defined(__linux__)
    if (!STREAMS_SANITIZED) {
        if (STREAMS_SINGLE_THREADED) {
            // The only thread: a free word is taken with a plain store. A held word (this thread
            // re-entering, which the engine never does) goes to the slow path, as before.
            if (atomic_load_explicit(&lock->word, memory_order_relaxed) == 0) {
                atomic_store_explicit(&lock->word, 1, memory_order_relaxed);
                return;
            }
        } else {
            uint32_t expected = 0;
            if (atomic_compare_exchange_strong_explicit(
                    &lock->word, &expected, 1, memory_order_acquire, memory_order_relaxed)) {
                return;
            }
        }
    }
#endif
    streams_lock_acquire_slow(lock);
}

/// Releases the lock, waking one waiter if any.
static inline void streams_lock_release(streams_lock_t *lock) {
#if defined(__linux__)
    if (!STREAMS_SANITIZED) {
        if (STREAMS_SINGLE_THREADED) {
            // The only thread: nobody waits, so nobody needs waking.
            atomic_store_explicit(&lock->word, 0, memory_order_relaxed);
            return;
        }
        // 1: held without waiters, so nobody needs waking. Otherwise the slow path wakes one.
        uint32_t expected = 1;
        if (atomic_compare_exchange_strong_explicit(
                &lock->word, &expected, 0, memory_order_release, memory_order_relaxed)) {
            return;
        }
    }
#endif
    streams_lock_release_slow(lock);
}

// Out-of-line twins of the atomics below, for sanitized builds.
intptr_t streams_atomic_load_relaxed_slow(const void *word);
intptr_t streams_atomic_load_acquire_slow(const void *word);
void streams_atomic_store_release_slow(void *word, intptr_t value);
intptr_t streams_atomic_fetch_or_slow(void *word, intptr_t bits);
intptr_t streams_atomic_fetch_and_slow(void *word, intptr_t bits);
intptr_t streams_atomic_fetch_add_relaxed_slow(void *word, intptr_t delta);
intptr_t streams_atomic_exchange_slow(void *word, intptr_t value);
bool streams_atomic_compare_exchange_slow(void *word, intptr_t *expected, intptr_t desired);

static inline intptr_t streams_atomic_load_relaxed(const void *word) {
    if (STREAMS_SANITIZED) return streams_atomic_load_relaxed_slow(word);
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_relaxed);
}

// The per-delivery "disposed yet?" read: relaxed, so it orders nothing and needs no sanitizer
// twin. It stays inline in every build: one plain load on the path every element takes.
static inline intptr_t streams_atomic_peek(const void *word) {
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_relaxed);
}

static inline intptr_t streams_atomic_load_acquire(const void *word) {
    if (STREAMS_SANITIZED) return streams_atomic_load_acquire_slow(word);
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_acquire);
}

static inline void streams_atomic_store_release(void *word, intptr_t value) {
    if (STREAMS_SANITIZED) return streams_atomic_store_release_slow(word, value);
    atomic_store_explicit((_Atomic(intptr_t) *)word, value, memory_order_release);
}

static inline intptr_t streams_atomic_fetch_or(void *word, intptr_t bits) {
    if (STREAMS_SANITIZED) return streams_atomic_fetch_or_slow(word, bits);
    if (STREAMS_SINGLE_THREADED) {
        intptr_t old = atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_relaxed);
        atomic_store_explicit((_Atomic(intptr_t) *)word, old | bits, memory_order_relaxed);
        return old;
    }
    return atomic_fetch_or_explicit((_Atomic(intptr_t) *)word, bits, memory_order_acq_rel);
}

static inline intptr_t streams_atomic_fetch_and(void *word, intptr_t bits) {
    if (STREAMS_SANITIZED) return streams_atomic_fetch_and_slow(word, bits);
    if (STREAMS_SINGLE_THREADED) {
        intptr_t old = atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_relaxed);
        atomic_store_explicit((_Atomic(intptr_t) *)word, old & bits, memory_order_relaxed);
        return old;
    }
    return atomic_fetch_and_explicit((_Atomic(intptr_t) *)word, bits, memory_order_acq_rel);
}

static inline intptr_t streams_atomic_fetch_add_relaxed(void *word, intptr_t delta) {
    if (STREAMS_SANITIZED) return streams_atomic_fetch_add_relaxed_slow(word, delta);
    if (STREAMS_SINGLE_THREADED) {
        intptr_t old = atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_relaxed);
        atomic_store_explicit((_Atomic(intptr_t) *)word, old + delta, memory_order_relaxed);
        return old;
    }
    return atomic_fetch_add_explicit((_Atomic(intptr_t) *)word, delta, memory_order_relaxed);
}

static inline intptr_t streams_atomic_exchange(void *word, intptr_t value) {
    if (STREAMS_SANITIZED) return streams_atomic_exchange_slow(word, value);
    if (STREAMS_SINGLE_THREADED) {
        intptr_t old = atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_relaxed);
        atomic_store_explicit((_Atomic(intptr_t) *)word, value, memory_order_relaxed);
        return old;
    }
    return atomic_exchange_explicit((_Atomic(intptr_t) *)word, value, memory_order_acq_rel);
}

static inline bool streams_atomic_compare_exchange(void *word, intptr_t *expected, intptr_t desired) {
    if (STREAMS_SANITIZED) return streams_atomic_compare_exchange_slow(word, expected, desired);
    if (STREAMS_SINGLE_THREADED) {
        intptr_t current = atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_relaxed);
        if (current != *expected) {
            *expected = current;
            return false;
        }
        atomic_store_explicit((_Atomic(intptr_t) *)word, desired, memory_order_relaxed);
        return true;
    }
    return atomic_compare_exchange_strong_explicit(
        (_Atomic(intptr_t) *)word, expected, desired, memory_order_acq_rel, memory_order_acquire);
}

// Process-wide counters (the live-resource count of Sources/Streams/Core/LiveResources.swift):
// plain C globals, so reading or bumping one is one instruction, with no lazy-initialisation
// check of a Swift global on the per-subscription path.

/// Live engine resources, process-wide.
extern _Atomic(intptr_t) streams_live_resources;
/// How many `LiveResources.withScope` calls are running, process-wide.
extern _Atomic(intptr_t) streams_live_scopes;

static inline intptr_t streams_live_resources_add(intptr_t delta) {
    return atomic_fetch_add_explicit(&streams_live_resources, delta, memory_order_relaxed);
}

static inline intptr_t streams_live_resources_load(void) {
    return atomic_load_explicit(&streams_live_resources, memory_order_relaxed);
}

static inline intptr_t streams_live_scopes_add(intptr_t delta) {
    return atomic_fetch_add_explicit(&streams_live_scopes, delta, memory_order_relaxed);
}

static inline intptr_t streams_live_scopes_load(void) {
    return atomic_load_explicit(&streams_live_scopes, memory_order_relaxed);
}

/// Why the inspector records: 1 while `Inspector.isEnabled`, plus one per running recording scope
/// (a leak check). Every operator reads it once when applied.
extern _Atomic(intptr_t) streams_inspector_recording;

static inline intptr_t streams_inspector_recording_add(intptr_t delta) {
    return atomic_fetch_add_explicit(&streams_inspector_recording, delta, memory_order_relaxed);
}

// `pure`: Swift imports it as reading memory only, so the retain and release around an operator
// application (the new observable's reference to its source, the caller's temporary) still cancel
// across this check. Without it the call is opaque to Swift's optimizer, which must assume it may
// release anything, and every operator applied costs a retain/release pair (Docs/Performance.md).
__attribute__((pure)) static inline intptr_t streams_inspector_recording_load(void) {
    return atomic_load_explicit(&streams_inspector_recording, memory_order_relaxed);
}

// Thread-local slots. `__thread` compiles to a direct access of the thread's block, far cheaper
// than pthread_getspecific on the per-subscription path.

/// The trampoline running on this thread (an unretained object pointer), or NULL.
/// Initial-exec: the library is linked into the program, so the slot's offset is fixed at load
/// time and an access needs no call to __tls_get_addr.
extern __thread void *streams_current_trampoline __attribute__((tls_model("initial-exec")));

/// The virtual-time scheduler running work on this thread (an unretained object pointer), or NULL.
extern __thread void *streams_current_virtual_scheduler __attribute__((tls_model("initial-exec")));

/// The inspector's current parent on this thread (an unretained object pointer whose low bit says
/// "delivering", not "subscribing"), or NULL.
extern __thread void *streams_current_inspection __attribute__((tls_model("initial-exec")));

/// How many engine locks this thread holds (debug builds count them).
extern __thread intptr_t streams_held_lock_count __attribute__((tls_model("initial-exec")));

static inline void *streams_trampoline_get(void) { return streams_current_trampoline; }

static inline void streams_trampoline_set(void *trampoline) { streams_current_trampoline = trampoline; }

static inline void *streams_virtual_scheduler_get(void) { return streams_current_virtual_scheduler; }

static inline void streams_virtual_scheduler_set(void *scheduler) { streams_current_virtual_scheduler = scheduler; }

static inline void *streams_inspection_get(void) { return streams_current_inspection; }

static inline void streams_inspection_set(void *inspection) { streams_current_inspection = inspection; }

static inline intptr_t streams_held_locks_get(void) { return streams_held_lock_count; }

static inline void streams_held_locks_add(intptr_t delta) { streams_held_lock_count += delta; }

#endif
