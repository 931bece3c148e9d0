#include "malloc_counter.h"
int streams_malloc_counter_placeholder(void) { return 0; }
