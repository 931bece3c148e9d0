// See include/malloc_counter.h. Thread safety: counters and the enable flag are C11 atomics;
// the real function pointers are resolved once (racing resolvers store the same values).
#define _GNU_SOURCE
#include "malloc_counter.h"

// Under a sanitizer the runtime owns malloc: build the counter as stubs (it reports nothing).
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define STREAMS_NO_INTERPOSE 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define STREAMS_NO_INTERPOSE 1
#endif

#ifdef STREAMS_NO_INTERPOSE

#include <malloc.h>

void streams_alloc_reset(void) {}
int64_t streams_alloc_count(void) { return 0; }
int64_t streams_alloc_bytes(void) { return 0; }
void streams_alloc_enable(bool enabled) { (void)enabled; }
bool streams_alloc_interposed(void) { return false; }
int64_t streams_mallinfo_used(void) {
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
}

#else

#include <dlfcn.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

static atomic_llong alloc_count;
static atomic_llong alloc_bytes;
static atomic_bool counting;
static atomic_bool reached;

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);

// dlsym itself may call calloc before the real functions are known: serve those requests from
// a static buffer that is never freed.
static _Alignas(16) char bootstrap[8192];
static atomic_size_t bootstrap_used;
static _Thread_local int resolving;

static int in_bootstrap(const void *p) {
    return (const char *)p >= bootstrap && (const char *)p < bootstrap + sizeof bootstrap;
}

static void *bootstrap_alloc(size_t size) {
    size_t rounded = (size + 15) & ~(size_t)15;
    size_t offset = atomic_fetch_add(&bootstrap_used, rounded);
    if (offset + rounded > sizeof bootstrap) return NULL;
    return bootstrap + offset;  // static storage is zeroed, so this also serves calloc
}

static void resolve(void) {
    if (real_free) return;
    resolving = 1;
    real_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
    real_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
    real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
    real_posix_memalign = (int (*)(void **, size_t, size_t))dlsym(RTLD_NEXT, "posix_memalign");
    real_aligned_alloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "aligned_alloc");
    real_memalign = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "memalign");
    real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
    resolving = 0;
}

__attribute__((constructor)) static void streams_alloc_init(void) { resolve(); }

static inline void count(size_t size) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&alloc_count, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&alloc_bytes, (long long)size, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    if (!real_malloc) {
        if (resolving) return bootstrap_alloc(size);
        resolve();
    }
    atomic_store_explicit(&reached, 1, memory_order_relaxed);
    count(size);
    return real_malloc(size);
}

void *calloc(size_t n, size_t size) {
    if (!real_calloc) {
        if (resolving) return bootstrap_alloc(n * size);
        resolve();
    }
    count(n * size);
    return real_calloc(n, size);
}

void *realloc(void *ptr, size_t size) {
    if (!real_realloc) {
        if (resolving) return bootstrap_alloc(size);
        resolve();
    }
    if (in_bootstrap(ptr)) {
        void *moved = malloc(size);
        if (moved) {
            size_t available = (size_t)(bootstrap + sizeof bootstrap - (char *)ptr);
            memcpy(moved, ptr, size < available ? size : available);
        }
        return moved;
    }
    count(size);
    return real_realloc(ptr, size);
}

void free(void *ptr) {
    if (ptr == NULL || in_bootstrap(ptr)) return;
    if (!real_free) resolve();
    real_free(ptr);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (!real_posix_memalign) resolve();
    count(size);
    return real_posix_memalign(out, alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!real_aligned_alloc) resolve();
    count(size);
    return real_aligned_alloc(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    if (!real_memalign) resolve();
    count(size);
    return real_memalign(alignment, size);
}

void streams_alloc_reset(void) {
    atomic_store(&alloc_count, 0);
    atomic_store(&alloc_bytes, 0);
}

int64_t streams_alloc_count(void) { return atomic_load(&alloc_count); }
int64_t streams_alloc_bytes(void) { return atomic_load(&alloc_bytes); }
void streams_alloc_enable(bool enabled) { atomic_store(&counting, enabled); }
bool streams_alloc_interposed(void) { return atomic_load(&reached); }

int64_t streams_mallinfo_used(void) {
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
}

#endif  // STREAMS_NO_INTERPOSE
