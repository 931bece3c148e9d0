// Interposed allocation counter for the benchmarks.
//
// The target defines malloc/calloc/realloc/free/posix_memalign/aligned_alloc/memalign. Linked
// statically into the benchmark executable, these definitions take precedence over libc's for
// every module of the process (the Swift runtime included), count, and forward to libc's
// implementations found with dlsym(RTLD_NEXT, ...). Counting is off until enabled.
#ifndef STREAMS_MALLOC_COUNTER_H
#define STREAMS_MALLOC_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Zeroes the allocation call and byte counters.
void streams_alloc_reset(void);
/// Allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) counted so far.
int64_t streams_alloc_count(void);
/// Bytes requested by the counted calls.
int64_t streams_alloc_bytes(void);
/// Turns counting on or off (off at start).
void streams_alloc_enable(bool enabled);
/// Whether the interposed functions were reached at all (set by the first malloc through them).
bool streams_alloc_interposed(void);
/// Bytes in use according to mallinfo2: uordblks + hblkhd.
int64_t streams_mallinfo_used(void);

#endif
