// Prints every reference recorded in a Swift index store from source files under a prefix, one per
// line: USR, name, path relative to the prefix and line, tab-separated. Part of run.sh.
#include <indexstore/indexstore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static indexstore_t store;
static const char *prefix;
static const char *current_file;
static char **seen_records;
static size_t seen_count, seen_capacity;

static bool already_seen(const char *record) {
    for (size_t i = 0; i < seen_count; i++) {
        if (strcmp(seen_records[i], record) == 0) return true;
    }
    if (seen_count == seen_capacity) {
        seen_capacity = seen_capacity ? seen_capacity * 2 : 256;
        seen_records = realloc(seen_records, seen_capacity * sizeof *seen_records);
    }
    seen_records[seen_count++] = strdup(record);
    return false;
}

static bool print_reference(void *context, indexstore_occurrence_t occurrence) {
    (void)context;
    uint64_t roles = indexstore_occurrence_get_roles(occurrence);
    if (!(roles & (INDEXSTORE_SYMBOL_ROLE_REFERENCE | INDEXSTORE_SYMBOL_ROLE_CALL))) return true;
    indexstore_symbol_t symbol = indexstore_occurrence_get_symbol(occurrence);
    indexstore_string_ref_t usr = indexstore_symbol_get_usr(symbol);
    indexstore_string_ref_t name = indexstore_symbol_get_name(symbol);
    unsigned line, column;
    indexstore_occurrence_get_line_col(occurrence, &line, &column);
    printf("%.*s\t%.*s\t%s:%u\n", (int)usr.length, usr.data, (int)name.length, name.data, current_file, line);
    return true;
}

static bool read_dependency(void *context, indexstore_unit_dependency_t dependency) {
    (void)context;
    if (indexstore_unit_dependency_get_kind(dependency) != INDEXSTORE_UNIT_DEPENDENCY_RECORD) return true;
    indexstore_string_ref_t file = indexstore_unit_dependency_get_filepath(dependency);
    char path[4096];
    snprintf(path, sizeof path, "%.*s", (int)file.length, file.data);
    if (strncmp(path, prefix, strlen(prefix)) != 0) return true;
    indexstore_string_ref_t name = indexstore_unit_dependency_get_name(dependency);
    char record_name[1024];
    snprintf(record_name, sizeof record_name, "%.*s", (int)name.length, name.data);
    if (already_seen(record_name)) return true;
    indexstore_error_t error = NULL;
    indexstore_record_reader_t record = indexstore_record_reader_create(store, record_name, &error);
    if (!record) return true;
    current_file = path + strlen(prefix);
    indexstore_record_reader_occurrences_apply_f(record, NULL, print_reference);
    indexstore_record_reader_dispose(record);
    return true;
}

static bool read_unit(void *context, indexstore_string_ref_t unit_name) {
    (void)context;
    char name[1024];
    snprintf(name, sizeof name, "%.*s", (int)unit_name.length, unit_name.data);
    indexstore_error_t error = NULL;
    indexstore_unit_reader_t unit = indexstore_unit_reader_create(store, name, &error);
    if (!unit) return true;
    indexstore_unit_reader_dependencies_apply_f(unit, NULL, read_dependency);
    indexstore_unit_reader_dispose(unit);
    return true;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s INDEX-STORE SOURCE-PREFIX/\n", argv[0]);
        return 2;
    }
    indexstore_error_t error = NULL;
    store = indexstore_store_create(argv[1], &error);
    if (!store) {
        fprintf(stderr, "%s\n", indexstore_error_get_description(error));
        return 1;
    }
    prefix = argv[2];
    indexstore_store_units_apply_f(store, 0, NULL, read_unit);
    return 0;
}
