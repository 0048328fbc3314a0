#include "strings.h"

#include <stdlib.h>
#include <string.h>

void daybook_strings_free(daybook_strings *strings) {
    free(strings->bytes);
    free(strings->offsets);
    free(strings->hashes);
    free(strings->slots);
    memset(strings, 0, sizeof *strings);
}

static uint32_t hash(const char *text, size_t length) {
    uint32_t h = 2166136261u;  // FNV-1a
    for (size_t i = 0; i < length; i++) h = (h ^ (unsigned char)text[i]) * 16777619u;
    return h;
}

static size_t length_of(const daybook_strings *strings, int32_t id) {
    size_t end = id + 1 < strings->count ? strings->offsets[id + 1] : strings->used;
    return end - strings->offsets[id] - 1;
}

// Doubles the slots (or makes the first 64), placing every id again.
static int grow_slots(daybook_strings *strings) {
    size_t size = strings->slots == NULL ? 64 : (strings->mask + 1) * 2;
    int32_t *slots = calloc(size, sizeof *slots);
    if (slots == NULL) return 0;
    for (int32_t id = 0; id < strings->count; id++) {
        size_t i = strings->hashes[id] & (size - 1);
        while (slots[i] != 0) i = (i + 1) & (size - 1);
        slots[i] = id + 1;
    }
    free(strings->slots);
    strings->slots = slots;
    strings->mask = size - 1;
    return 1;
}

int32_t daybook_strings_intern(daybook_strings *strings, const char *text, size_t length) {
    if (strings->slots == NULL && !grow_slots(strings)) return -1;
    uint32_t h = hash(text, length);
    size_t i = h & strings->mask;
    for (; strings->slots[i] != 0; i = (i + 1) & strings->mask) {
        int32_t id = strings->slots[i] - 1;
        if (strings->hashes[id] == h && length_of(strings, id) == length &&
            memcmp(strings->bytes + strings->offsets[id], text, length) == 0)
            return id;
    }
    if (strings->count == INT32_MAX) return -1;
    // At most half the slots taken, so that a probe stays short (and always ends).
    if ((size_t)(strings->count + 1) * 2 > strings->mask + 1) {
        if (!grow_slots(strings)) return -1;
        for (i = h & strings->mask; strings->slots[i] != 0;) i = (i + 1) & strings->mask;
    }
    if (strings->count == strings->ids_capacity) {
        int32_t capacity = strings->ids_capacity == 0 ? 32 : strings->ids_capacity * 2;
        size_t *offsets = realloc(strings->offsets, (size_t)capacity * sizeof *offsets);
        if (offsets == NULL) return -1;
        strings->offsets = offsets;
        uint32_t *hashes = realloc(strings->hashes, (size_t)capacity * sizeof *hashes);
        if (hashes == NULL) return -1;
        strings->hashes = hashes;
        strings->ids_capacity = capacity;
    }
    if (strings->used + length + 1 > strings->capacity) {
        size_t capacity = strings->capacity == 0 ? 4096 : strings->capacity;
        while (capacity < strings->used + length + 1) capacity *= 2;
        char *bytes = realloc(strings->bytes, capacity);
        if (bytes == NULL) return -1;
        strings->bytes = bytes;
        strings->capacity = capacity;
    }
    int32_t id = strings->count++;
    strings->offsets[id] = strings->used;
    strings->hashes[id] = h;
    memcpy(strings->bytes + strings->used, text, length);
    strings->bytes[strings->used + length] = 0;
    strings->used += length + 1;
    strings->slots[i] = id + 1;
    return id;
}

const char *daybook_strings_get(const daybook_strings *strings, int32_t id, size_t *length) {
    if (id < 0 || id >= strings->count) {
        *length = 0;
        return "";
    }
    *length = length_of(strings, id);
    return strings->bytes + strings->offsets[id];
}
