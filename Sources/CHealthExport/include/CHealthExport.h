#ifndef DAYBOOK_CHEALTHEXPORT_H
#define DAYBOOK_CHEALTHEXPORT_H
#include <stddef.h>
#include <stdint.h>

// Apple Health's export (export.xml, alone or in export.zip) read as a stream with libxml2's
// reader, and zip archives read entry by entry with libarchive. Both libraries are loaded with
// dlopen on first use, so that no other command pays for loading them (libxml2 pulls in ICU).
// The walk over the XML is done here, in C: it hands on one item per element daybook reads,
// with the attributes it needs already parsed (dates, numbers) or interned (names), and never
// builds a string for the others.

// Loads libxml2 / libarchive (once; later calls return the first answer): 1 when it is there,
// else 0, with the reason in the matching _error function.
int daybook_xml_load(void);
const char *daybook_xml_error(void);
int daybook_archive_load(void);
const char *daybook_archive_error(void);

// Up to `capacity` first bytes of the file at `path` into `buffer`, and its size: the count
// read, or -errno when the file cannot be opened or read.
long daybook_file_head(const char *path, unsigned char *buffer, size_t capacity, int64_t *size);

// A zip archive read with libarchive, one entry after the other (daybook_archive_load first).
typedef struct daybook_zip daybook_zip;
// Opens the archive at `path`; NULL when it cannot, with the reason in `error`.
daybook_zip *daybook_zip_open(const char *path, char *error, size_t error_size);
// Moves to the next entry: 1 with its path in `path` (valid until the next call), 0 after the
// last, -1 on an error (daybook_zip_error).
int daybook_zip_next(daybook_zip *zip, const char **path);
// Whether the current entry is a regular file, a symbolic link.
int daybook_zip_entry_is_file(daybook_zip *zip);
int daybook_zip_entry_is_link(daybook_zip *zip);
// Reads on in the current entry's data: the count of bytes, 0 at its end, -1 on an error.
long daybook_zip_read(daybook_zip *zip, void *buffer, size_t size);
const char *daybook_zip_error(daybook_zip *zip);
// 0 when the archive is cut short: its last bytes hold no end of central directory.
int daybook_zip_complete(daybook_zip *zip);
// The archive's bytes read so far (compressed), and the archive file's size.
int64_t daybook_zip_bytes_read(daybook_zip *zip);
int64_t daybook_zip_size(daybook_zip *zip);
void daybook_zip_close(daybook_zip *zip);

// What an item is.
enum {
    // A top-level <Record>: type, source, unit, value or text, start, end, offset.
    DAYBOOK_HEALTH_RECORD = 1,
    // A <Workout>: type (workoutActivityType), source, unit (durationUnit), value (duration),
    // start, end, offset.
    DAYBOOK_HEALTH_WORKOUT = 2,
    // An <ActivitySummary>: year, month, day (dateComponents), value (appleStandHours),
    // energy, exercise and unit.
    DAYBOOK_HEALTH_ACTIVITY = 3,
    // <ExportDate>: start and offset.
    DAYBOOK_HEALTH_EXPORT_DATE = 4,
    // No element: bytes_read has moved on (every 64K records or 4 MB).
    DAYBOOK_HEALTH_PROGRESS = 5,
    // A <Record> inside a <Correlation>: type only (Apple writes a copy at the top level too,
    // or ought to).
    DAYBOOK_HEALTH_NESTED_RECORD = 6,
};

// One element, as the walk hands it on. Names are ids of interned strings
// (daybook_health_string), -1 when the attribute is absent.
typedef struct {
    int32_t kind;
    int32_t type, source, unit;
    // The value's id when it is there but not a number (a category's value such as
    // HKCategoryValueSleepAnalysisAsleepCore), else -1 (also for a value over 64 bytes, or
    // once 65,536 strings are interned).
    int32_t text;
    // 1 when the value (duration, appleStandHours) read as a finite number.
    int32_t has_value;
    double value;
    // 1 when startDate / endDate read as `YYYY-MM-DD hh:mm:ss ±hhmm`, a day of the calendar.
    int32_t has_start, has_end;
    // Seconds since 1970-01-01 UTC; `offset` is the start's offset from UTC in seconds.
    int64_t start, end;
    int32_t offset;
    // dateComponents, 0 when absent or not a date.
    int32_t year, month, day;
    // An <ActivitySummary>'s activeEnergyBurned (in the unit `unit`, activeEnergyBurnedUnit)
    // and appleExerciseTime (minutes), when they read as finite numbers.
    int32_t has_energy, has_exercise;
    double energy, exercise;
    // 1 for a Record with <MetadataEntry key="HKWasUserEntered" value="1"/>: entered by hand.
    int32_t user_entered;
    // Top-level elements read so far (every Record, Workout and ActivitySummary, this one
    // included), and bytes of the file (of a zip: of the archive) read so far.
    int64_t records, bytes_read;
} daybook_health_item;

// Called for each item; a nonzero answer stops the walk (DAYBOOK_HEALTH_STOPPED).
typedef int (*daybook_health_callback)(void *context, const daybook_health_item *item);

// How a walk ended.
enum {
    DAYBOOK_HEALTH_DONE = 0,
    DAYBOOK_HEALTH_STOPPED = 1,
    // The document type declares entities: refused before any element is read.
    DAYBOOK_HEALTH_ENTITY = 2,
    // The root element is not <HealthData> (its name: daybook_health_message).
    DAYBOOK_HEALTH_NOT_HEALTH = 3,
    // libxml2 found the XML wrong; daybook_health_line and daybook_health_message say where
    // and what, daybook_health_cut_short whether the data ended inside the root element.
    DAYBOOK_HEALTH_XML_ERROR = 4,
    // The file or the zip entry could not be read (daybook_health_message).
    DAYBOOK_HEALTH_READ_ERROR = 5,
    // libxml2 could not start a reader.
    DAYBOOK_HEALTH_NO_READER = 6,
};

typedef struct daybook_health_walk daybook_health_walk;
daybook_health_walk *daybook_health_walk_new(void);
void daybook_health_walk_free(daybook_health_walk *walk);
// Walks the XML file at `path` (daybook_xml_load first).
int daybook_health_walk_file(daybook_health_walk *walk, const char *path, daybook_health_callback callback,
                             void *context);
// Walks the current entry of `zip` (daybook_xml_load first).
int daybook_health_walk_zip(daybook_health_walk *walk, daybook_zip *zip, daybook_health_callback callback,
                            void *context);
// The interned string `id` (NUL-terminated; `length` bytes), valid until the walk is freed.
const char *daybook_health_string(const daybook_health_walk *walk, int32_t id, size_t *length);
const char *daybook_health_message(const daybook_health_walk *walk);
long daybook_health_line(const daybook_health_walk *walk);
int daybook_health_cut_short(const daybook_health_walk *walk);

#endif
