int streams_malloc_counter_placeholder(void);
