#ifndef DAYBOOK_HEALTH_STRINGS_H
#define DAYBOOK_HEALTH_STRINGS_H
#include <stddef.h>
#include <stdint.h>

// Interned strings: each distinct byte string gets one id (0, 1, 2, ... in order of first
// appearance), so that a million records of three sources hand on three names.
typedef struct {
    char *bytes;       // every string, each followed by a NUL
    size_t used, capacity;
    size_t *offsets;   // by id
    uint32_t *hashes;  // by id
    int32_t count, ids_capacity;
    int32_t *slots;    // open addressing: id + 1, 0 when free
    size_t mask;
} daybook_strings;

void daybook_strings_free(daybook_strings *strings);
// The id of `text` (`length` bytes), interned when it is new; -1 when memory runs out.
int32_t daybook_strings_intern(daybook_strings *strings, const char *text, size_t length);
// The string of `id` and its length.
const char *daybook_strings_get(const daybook_strings *strings, int32_t id, size_t *length);

#endif
