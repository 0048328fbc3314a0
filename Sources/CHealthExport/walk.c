// The walk over an Apple Health export.xml: libxml2's reader in streaming mode, fed from a
// file or a zip entry, handing on one item per top-level Record, Workout, ActivitySummary and
// ExportDate.
#define _GNU_SOURCE
#include "CHealthExport.h"
#include "libraries.h"
#include "strings.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { BUFFER_SIZE = 1 << 18, PROGRESS_BYTES = 4 << 20, PROGRESS_RECORDS = 1 << 16, CARRY = 15 };

struct daybook_health_walk {
    daybook_strings strings;
    locale_t c_locale;
    // The input: a file descriptor read through `buffer`, or a zip entry.
    int fd;
    daybook_zip *zip;
    unsigned char *buffer;
    size_t buffered, taken;
    int64_t bytes_read;
    // Line breaks read so far and the last byte, for the line where a file cut short ends.
    int64_t newlines;
    unsigned char last_byte;
    int at_end, read_failed;
    // Until the root element starts (prolog_done): the last bytes read, to find `<!ENTITY`
    // across reads.
    int prolog_done, entity;
    unsigned char carry[CARRY];
    size_t carried;
    // The first error libxml2 reported, and whether the root element was closed.
    int error_seen, root_closed;
    // The reader, while the walk runs (its errors ask it for the parser's line).
    xmlTextReaderPtr reader;
    long line;
    char message[512];
};

daybook_health_walk *daybook_health_walk_new(void) {
    daybook_health_walk *walk = calloc(1, sizeof *walk);
    if (walk == NULL) return NULL;
    walk->fd = -1;
    // Numbers are read the same whatever the person's locale.
    walk->c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    if (walk->c_locale == (locale_t)0) {
        free(walk);
        return NULL;
    }
    return walk;
}

void daybook_health_walk_free(daybook_health_walk *walk) {
    if (walk == NULL) return;
    daybook_strings_free(&walk->strings);
    freelocale(walk->c_locale);
    free(walk->buffer);
    free(walk);
}

const char *daybook_health_string(const daybook_health_walk *walk, int32_t id, size_t *length) {
    return daybook_strings_get(&walk->strings, id, length);
}

const char *daybook_health_message(const daybook_health_walk *walk) { return walk->message; }
long daybook_health_line(const daybook_health_walk *walk) { return walk->line; }
int daybook_health_cut_short(const daybook_health_walk *walk) { return walk->at_end && !walk->root_closed; }

// Counts the line breaks in what was read (memchr: far faster than the parsing).
static void count_lines(daybook_health_walk *walk, const char *bytes, size_t count) {
    if (count == 0) return;
    for (const char *at = bytes, *end = bytes + count; (at = memchr(at, '\n', (size_t)(end - at))) != NULL; at++)
        walk->newlines++;
    walk->last_byte = (unsigned char)bytes[count - 1];
}

// Whether `bytes` (the next `count` read) declare an entity. Every byte read before the root
// element starts is looked at, so the whole document type is, before libxml2 parses it.
static int declares_entity(daybook_health_walk *walk, const unsigned char *bytes, size_t count) {
    static const char entity[] = "<!ENTITY";
    // Across the previous read and this one, then within this one.
    unsigned char edge[2 * CARRY];
    size_t head = count < CARRY ? count : CARRY;
    memcpy(edge, walk->carry, walk->carried);
    memcpy(edge + walk->carried, bytes, head);
    if (memmem(edge, walk->carried + head, entity, sizeof entity - 1) != NULL ||
        memmem(bytes, count, entity, sizeof entity - 1) != NULL)
        return 1;
    // Keep the last bytes read for the next edge.
    size_t keep = walk->carried + count < CARRY ? walk->carried + count : CARRY;
    unsigned char last[CARRY];
    size_t from_bytes = count < keep ? count : keep;
    size_t from_carry = keep - from_bytes;
    memcpy(last, walk->carry + walk->carried - from_carry, from_carry);
    memcpy(last + from_carry, bytes + count - from_bytes, from_bytes);
    memcpy(walk->carry, last, keep);
    walk->carried = keep;
    return 0;
}

// libxml2's input: the file or the zip entry, with the prolog checked for entities first.
static int input(void *context, char *out, int size) {
    daybook_health_walk *walk = context;
    if (size <= 0) return 0;
    long count;
    if (walk->zip != NULL) {
        count = daybook_zip_read(walk->zip, out, (size_t)size);
        if (count < 0) {
            snprintf(walk->message, sizeof walk->message, "%s", daybook_zip_error(walk->zip));
            walk->read_failed = 1;
            return -1;
        }
        walk->bytes_read = daybook_zip_bytes_read(walk->zip);
    } else {
        if (walk->taken == walk->buffered) {
            ssize_t got;
            do got = read(walk->fd, walk->buffer, BUFFER_SIZE);
            while (got < 0 && errno == EINTR);
            if (got < 0) {
                snprintf(walk->message, sizeof walk->message, "%s", strerror(errno));
                walk->read_failed = 1;
                return -1;
            }
            walk->buffered = (size_t)got;
            walk->taken = 0;
            walk->bytes_read += got;
        }
        count = (long)(walk->buffered - walk->taken);
        if (count > size) count = size;
        memcpy(out, walk->buffer + walk->taken, (size_t)count);
        walk->taken += (size_t)count;
    }
    if (count == 0) walk->at_end = 1;
    count_lines(walk, out, (size_t)count);
    if (!walk->prolog_done && declares_entity(walk, (const unsigned char *)out, (size_t)count)) {
        walk->entity = 1;
        return -1;
    }
    return (int)count;
}

static void on_error(void *context, const char *message, int severity, void *locator) {
    (void)locator;  // It would give the line of the element being read, not of the error.
    daybook_health_walk *walk = context;
    if (walk->error_seen ||
        (severity != DAYBOOK_XML_SEVERITY_ERROR && severity != DAYBOOK_XML_SEVERITY_VALIDITY_ERROR))
        return;
    walk->error_seen = 1;
    walk->line = daybook_libxml2.xmlTextReaderGetParserLineNumber(walk->reader);
    snprintf(walk->message, sizeof walk->message, "%s", message != NULL ? message : "");
    size_t length = strlen(walk->message);
    while (length > 0 && (walk->message[length - 1] == '\n' || walk->message[length - 1] == ' '))
        walk->message[--length] = 0;
}

// `digits` decimal digits at `text`, or -1.
static int number(const xmlChar *text, int digits) {
    int value = 0;
    for (int i = 0; i < digits; i++) {
        if (text[i] < '0' || text[i] > '9') return -1;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
static int64_t days_from_civil(int64_t year, int month, int day) {
    year -= month <= 2;
    int64_t era = (year >= 0 ? year : year - 399) / 400;
    int64_t of_era = year - era * 400;
    int64_t of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    int64_t of_cycle = of_era * 365 + of_era / 4 - of_era / 100 + of_year;
    return era * 146097 + of_cycle - 719468;
}

// `YYYY-MM-DD` at `text`: 1 with the date, else 0.
static int read_day(const xmlChar *text, int *year, int *month, int *day) {
    *year = number(text, 4);
    *month = *year >= 0 && text[4] == '-' ? number(text + 5, 2) : -1;
    *day = *month >= 0 && text[7] == '-' ? number(text + 8, 2) : -1;
    if (*year < 0 || *month < 1 || *month > 12 || *day < 1) return 0;
    static const int days_in[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (*year % 4 == 0 && *year % 100 != 0) || *year % 400 == 0;
    return *day <= days_in[*month - 1] + (*month == 2 && leap);
}

// `YYYY-MM-DD hh:mm:ss ±hhmm` (or `±hh:mm`): 1 with the instant and the offset, else 0.
static int read_date(const xmlChar *text, int64_t *seconds, int32_t *offset) {
    int year, month, day;
    if (strlen((const char *)text) < 24 || !read_day(text, &year, &month, &day) || text[10] != ' ') return 0;
    int hour = number(text + 11, 2), minute = number(text + 14, 2), second = number(text + 17, 2);
    if (text[13] != ':' || text[16] != ':' || text[19] != ' ' || hour < 0 || hour > 23 || minute < 0 ||
        minute > 59 || second < 0 || second > 60)
        return 0;
    const xmlChar *zone = text + 20;
    int sign = zone[0] == '+' ? 1 : zone[0] == '-' ? -1 : 0;
    int zone_hours = number(zone + 1, 2);
    int colon = zone[3] == ':';
    int zone_minutes = number(zone + 3 + colon, 2);
    if (sign == 0 || zone_hours < 0 || zone_hours > 23 || zone_minutes < 0 || zone_minutes > 59 ||
        zone[5 + colon] != 0)
        return 0;
    *offset = sign * (zone_hours * 3600 + zone_minutes * 60);
    *seconds = days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - *offset;
    return 1;
}

// A finite decimal number filling `text`: 1 with it, else 0.
static int read_number(daybook_health_walk *walk, const xmlChar *text, double *value) {
    char *end = NULL;
    *value = strtod_l((const char *)text, &end, walk->c_locale);
    return end != (const char *)text && *end == 0 && isfinite(*value);
}

static int32_t intern(daybook_health_walk *walk, const xmlChar *text) {
    return daybook_strings_intern(&walk->strings, (const char *)text, strlen((const char *)text));
}

// The names compared by address: libxml2's reader keeps each name once in its dictionary.
typedef struct {
    const xmlChar *health_data, *record, *workout, *activity_summary, *export_date;
    const xmlChar *type, *source_name, *unit, *value, *start_date, *end_date;
    const xmlChar *activity_type, *duration, *duration_unit, *date_components, *stand_hours;
    const xmlChar *correlation, *energy, *energy_unit, *exercise, *metadata_entry, *key, *user_entered;
} names;

static names look_up_names(xmlTextReaderPtr reader) {
#define NAME(text) daybook_libxml2.xmlTextReaderConstString(reader, (const xmlChar *)text)
    return (names){NAME("HealthData"), NAME("Record"), NAME("Workout"), NAME("ActivitySummary"),
                   NAME("ExportDate"), NAME("type"), NAME("sourceName"), NAME("unit"), NAME("value"),
                   NAME("startDate"), NAME("endDate"), NAME("workoutActivityType"), NAME("duration"),
                   NAME("durationUnit"), NAME("dateComponents"), NAME("appleStandHours"), NAME("Correlation"),
                   NAME("activeEnergyBurned"), NAME("activeEnergyBurnedUnit"), NAME("appleExerciseTime"),
                   NAME("MetadataEntry"), NAME("key"), NAME("HKWasUserEntered")};
#undef NAME
}

// Reads the current element's attributes into `item` (each value is used before the next is
// asked for: libxml2 may build them in one buffer).
static void read_attributes(daybook_health_walk *walk, xmlTextReaderPtr reader, const names *n,
                            daybook_health_item *item) {
    int kind = item->kind;
    while (daybook_libxml2.xmlTextReaderMoveToNextAttribute(reader) == 1) {
        const xmlChar *name = daybook_libxml2.xmlTextReaderConstLocalName(reader);
        const xmlChar *value;
#define VALUE() (value = daybook_libxml2.xmlTextReaderConstValue(reader)) != NULL
        if (kind == DAYBOOK_HEALTH_ACTIVITY) {
            if (name == n->date_components && VALUE()) {
                int year, month, day;
                if (read_day(value, &year, &month, &day) && value[10] == 0)
                    item->year = year, item->month = month, item->day = day;
            } else if (name == n->stand_hours && VALUE()) {
                item->has_value = read_number(walk, value, &item->value);
            } else if (name == n->energy && VALUE()) {
                item->has_energy = read_number(walk, value, &item->energy);
            } else if (name == n->energy_unit && VALUE()) {
                item->unit = intern(walk, value);
            } else if (name == n->exercise && VALUE()) {
                item->has_exercise = read_number(walk, value, &item->exercise);
            }
            continue;
        }
        if (name == n->start_date && VALUE()) {
            item->has_start = read_date(value, &item->start, &item->offset);
        } else if (kind == DAYBOOK_HEALTH_EXPORT_DATE) {
            if (name == n->value && VALUE()) item->has_start = read_date(value, &item->start, &item->offset);
        } else if (name == n->end_date && VALUE()) {
            int32_t offset;
            item->has_end = read_date(value, &item->end, &offset);
        } else if (name == n->source_name && VALUE()) {
            item->source = intern(walk, value);
        } else if (kind == DAYBOOK_HEALTH_NESTED_RECORD) {
            if (name == n->type && VALUE()) item->type = intern(walk, value);
        } else if (kind == DAYBOOK_HEALTH_RECORD) {
            if (name == n->type && VALUE()) {
                item->type = intern(walk, value);
            } else if (name == n->unit && VALUE()) {
                item->unit = intern(walk, value);
            } else if (name == n->value && VALUE()) {
                item->has_value = read_number(walk, value, &item->value);
                // A category's value (a few dozen names); not every word a broken file holds.
                if (!item->has_value && strlen((const char *)value) <= 64 && walk->strings.count < 1 << 16)
                    item->text = intern(walk, value);
            }
        } else if (name == n->activity_type && VALUE()) {
            item->type = intern(walk, value);
        } else if (name == n->duration && VALUE()) {
            item->has_value = read_number(walk, value, &item->value);
        } else if (name == n->duration_unit && VALUE()) {
            item->unit = intern(walk, value);
        }
#undef VALUE
    }
    daybook_libxml2.xmlTextReaderMoveToElement(reader);
}

// A Record's <MetadataEntry key="HKWasUserEntered" value="1"/>: the sample was entered by hand.
static void read_metadata(xmlTextReaderPtr reader, const names *n, daybook_health_item *item) {
    int is_user_entered = 0, is_one = 0;
    while (daybook_libxml2.xmlTextReaderMoveToNextAttribute(reader) == 1) {
        const xmlChar *name = daybook_libxml2.xmlTextReaderConstLocalName(reader);
        const xmlChar *value = daybook_libxml2.xmlTextReaderConstValue(reader);
        if (value == NULL) continue;
        if (name == n->key) is_user_entered = strcmp((const char *)value, (const char *)n->user_entered) == 0;
        else if (name == n->value) is_one = strcmp((const char *)value, "1") == 0;
    }
    daybook_libxml2.xmlTextReaderMoveToElement(reader);
    if (is_user_entered && is_one) item->user_entered = 1;
}

// How the walk ended, once libxml2's reader has stopped with `status`.
static int ending(daybook_health_walk *walk, int status, xmlTextReaderPtr reader) {
    if (walk->entity) return DAYBOOK_HEALTH_ENTITY;
    if (walk->read_failed) return DAYBOOK_HEALTH_READ_ERROR;
    if (status == 0 && !walk->error_seen && walk->root_closed) return DAYBOOK_HEALTH_DONE;
    if (daybook_health_cut_short(walk)) {
        // The last line, which libxml2 does not always say (it may still be in the document type).
        walk->line = (long)walk->newlines + (walk->last_byte != '\n');
        return DAYBOOK_HEALTH_XML_ERROR;
    }
    if (!walk->error_seen) {
        walk->line = daybook_libxml2.xmlTextReaderGetParserLineNumber(reader);
        snprintf(walk->message, sizeof walk->message, "%s", status == 0 ? "no root element" : "unreadable XML");
    }
    return DAYBOOK_HEALTH_XML_ERROR;
}

static int walk_reader(daybook_health_walk *walk, daybook_health_callback callback, void *context) {
    walk->buffered = walk->taken = 0;
    walk->bytes_read = 0;
    walk->at_end = walk->read_failed = walk->prolog_done = walk->entity = 0;
    walk->error_seen = walk->root_closed = 0;
    walk->carried = 0;
    walk->newlines = 0;
    walk->last_byte = 0;
    walk->line = 0;
    walk->message[0] = 0;
    int options = DAYBOOK_XML_PARSE_NONET | DAYBOOK_XML_PARSE_IGNORE_ENC | DAYBOOK_XML_PARSE_NOWARNING |
                  DAYBOOK_XML_PARSE_COMPACT;
    xmlTextReaderPtr reader = daybook_libxml2.xmlReaderForIO(input, NULL, walk, NULL, "UTF-8", options);
    if (reader == NULL) {
        return walk->entity ? DAYBOOK_HEALTH_ENTITY : walk->read_failed ? DAYBOOK_HEALTH_READ_ERROR : DAYBOOK_HEALTH_NO_READER;
    }
    walk->reader = reader;
    daybook_libxml2.xmlTextReaderSetErrorHandler(reader, on_error, walk);
    names n = look_up_names(reader);
    int64_t records = 0, reported_records = 0, reported_bytes = 0;
    int status = 0, result = -1, in_correlation = 0;
    // A Record with children, handed on once they are read (its MetadataEntry elements).
    daybook_health_item pending;
    int has_pending = 0;
#define DELIVER(item)                                                                                   \
    if (callback(context, &item) != 0) result = DAYBOOK_HEALTH_STOPPED;                                 \
    else if (records - reported_records >= PROGRESS_RECORDS || walk->bytes_read - reported_bytes >= PROGRESS_BYTES) { \
        reported_records = records;                                                                     \
        reported_bytes = walk->bytes_read;                                                              \
        daybook_health_item progress = {.kind = DAYBOOK_HEALTH_PROGRESS, .records = records, .bytes_read = walk->bytes_read}; \
        if (callback(context, &progress) != 0) result = DAYBOOK_HEALTH_STOPPED;                         \
    }
    while (result < 0 && (status = daybook_libxml2.xmlTextReaderRead(reader)) == 1) {
        int type = daybook_libxml2.xmlTextReaderNodeType(reader);
        if (has_pending) {
            int at = daybook_libxml2.xmlTextReaderDepth(reader);
            if (at <= 1) {
                has_pending = 0;
                DELIVER(pending)
                if (result >= 0) break;
            } else if (at == 2 && type == DAYBOOK_XML_ELEMENT &&
                       daybook_libxml2.xmlTextReaderConstLocalName(reader) == n.metadata_entry) {
                read_metadata(reader, &n, &pending);
                continue;
            }
        }
        if (type != DAYBOOK_XML_ELEMENT) {
            if (type == DAYBOOK_XML_END_ELEMENT && daybook_libxml2.xmlTextReaderDepth(reader) == 0)
                walk->root_closed = 1;
            continue;
        }
        int depth = daybook_libxml2.xmlTextReaderDepth(reader);
        if (depth == 0) {
            const xmlChar *name = daybook_libxml2.xmlTextReaderConstLocalName(reader);
            walk->prolog_done = 1;
            if (daybook_libxml2.xmlTextReaderIsEmptyElement(reader) == 1) walk->root_closed = 1;
            if (name != n.health_data) {
                snprintf(walk->message, sizeof walk->message, "%s", name != NULL ? (const char *)name : "");
                result = DAYBOOK_HEALTH_NOT_HEALTH;
            }
            continue;
        }
        const xmlChar *name = daybook_libxml2.xmlTextReaderConstLocalName(reader);
        daybook_health_item item = {.type = -1, .source = -1, .unit = -1, .text = -1};
        if (depth == 2 && in_correlation && name == n.record) {
            item.kind = DAYBOOK_HEALTH_NESTED_RECORD;
            read_attributes(walk, reader, &n, &item);
            item.records = records;
            item.bytes_read = walk->bytes_read;
            if (callback(context, &item) != 0) result = DAYBOOK_HEALTH_STOPPED;
            continue;
        }
        if (depth != 1) continue;
        in_correlation = name == n.correlation && daybook_libxml2.xmlTextReaderIsEmptyElement(reader) != 1;
        if (name == n.record) item.kind = DAYBOOK_HEALTH_RECORD;
        else if (name == n.workout) item.kind = DAYBOOK_HEALTH_WORKOUT;
        else if (name == n.activity_summary) item.kind = DAYBOOK_HEALTH_ACTIVITY;
        else if (name == n.export_date) item.kind = DAYBOOK_HEALTH_EXPORT_DATE;
        else continue;
        if (item.kind != DAYBOOK_HEALTH_EXPORT_DATE) records++;
        read_attributes(walk, reader, &n, &item);
        item.records = records;
        item.bytes_read = walk->bytes_read;
        if (item.kind == DAYBOOK_HEALTH_RECORD && daybook_libxml2.xmlTextReaderIsEmptyElement(reader) != 1) {
            pending = item;
            has_pending = 1;
            continue;
        }
        DELIVER(item)
    }
#undef DELIVER
    if (result < 0) result = ending(walk, status, reader);
    daybook_libxml2.xmlFreeTextReader(reader);
    walk->reader = NULL;
    return result;
}

int daybook_health_walk_file(daybook_health_walk *walk, const char *path, daybook_health_callback callback,
                             void *context) {
    if (walk->buffer == NULL && (walk->buffer = malloc(BUFFER_SIZE)) == NULL) {
        snprintf(walk->message, sizeof walk->message, "out of memory");
        return DAYBOOK_HEALTH_READ_ERROR;
    }
    walk->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (walk->fd < 0) {
        snprintf(walk->message, sizeof walk->message, "%s", strerror(errno));
        return DAYBOOK_HEALTH_READ_ERROR;
    }
    walk->zip = NULL;
    int result = walk_reader(walk, callback, context);
    close(walk->fd);
    walk->fd = -1;
    return result;
}

int daybook_health_walk_zip(daybook_health_walk *walk, daybook_zip *zip, daybook_health_callback callback,
                            void *context) {
    walk->zip = zip;
    int result = walk_reader(walk, callback, context);
    walk->zip = NULL;
    return result;
}
