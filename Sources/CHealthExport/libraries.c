#define _GNU_SOURCE
#include "CHealthExport.h"
#include "libraries.h"

#include <dlfcn.h>
#include <locale.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct daybook_libxml2 daybook_libxml2;
struct daybook_libarchive daybook_libarchive;

typedef struct daybook_zip daybook_zip;
static int zip_next(daybook_zip *zip, const char **path);

static void *open_library(const char *const *names, size_t count, char *failure, size_t size) {
    void *library = NULL;
    for (size_t i = 0; i < count && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        const char *why = library == NULL ? dlerror() : NULL;
        // Say why the run-time name failed, which is the one that matters.
        if (i == 0 && why != NULL) snprintf(failure, size, "%s", why);
    }
    return library;
}

#define FIND(table, name, failure)                                                          \
    if ((table.name = (__typeof__(table.name))dlsym(library, #name)) == NULL) {             \
        snprintf(failure, sizeof failure, "%s has no %s", &#table[sizeof "daybook_" - 1], #name); \
        return;                                                                             \
    }

static pthread_once_t xml_once = PTHREAD_ONCE_INIT;
static int xml_loaded = 0;
static char xml_failure[256] = "libxml2 was not loaded";

static void silent(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static void load_xml(void) {
    // The run-time name first (package libxml2); the development link as a fallback.
    const char *names[] = {"libxml2.so.2", "libxml2.so"};
    void *library = open_library(names, 2, xml_failure, sizeof xml_failure);
    if (library == NULL) return;
    FIND(daybook_libxml2, xmlReaderForIO, xml_failure)
    FIND(daybook_libxml2, xmlFreeTextReader, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderRead, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderNodeType, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderDepth, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderIsEmptyElement, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderMoveToNextAttribute, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderMoveToElement, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderConstLocalName, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderConstValue, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderConstString, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderSetErrorHandler, xml_failure)
    FIND(daybook_libxml2, xmlTextReaderGetParserLineNumber, xml_failure)
    FIND(daybook_libxml2, xmlSetGenericErrorFunc, xml_failure)
    // Errors are taken by each reader's handler; nothing else of libxml2's reaches stderr.
    daybook_libxml2.xmlSetGenericErrorFunc(NULL, silent);
    xml_loaded = 1;
}

int daybook_xml_load(void) {
    pthread_once(&xml_once, load_xml);
    return xml_loaded;
}

const char *daybook_xml_error(void) { return xml_loaded ? NULL : xml_failure; }

static pthread_once_t archive_once = PTHREAD_ONCE_INIT;
static int archive_loaded = 0;
static char archive_failure[256] = "libarchive was not loaded";

static void load_archive(void) {
    const char *names[] = {"libarchive.so.13", "libarchive.so"};
    void *library = open_library(names, 2, archive_failure, sizeof archive_failure);
    if (library == NULL) return;
    FIND(daybook_libarchive, archive_read_new, archive_failure)
    FIND(daybook_libarchive, archive_read_support_format_zip, archive_failure)
    FIND(daybook_libarchive, archive_read_open_filename, archive_failure)
    FIND(daybook_libarchive, archive_read_next_header, archive_failure)
    FIND(daybook_libarchive, archive_read_data, archive_failure)
    FIND(daybook_libarchive, archive_read_free, archive_failure)
    FIND(daybook_libarchive, archive_error_string, archive_failure)
    FIND(daybook_libarchive, archive_filter_bytes, archive_failure)
    FIND(daybook_libarchive, archive_entry_pathname, archive_failure)
    FIND(daybook_libarchive, archive_entry_pathname_utf8, archive_failure)
    FIND(daybook_libarchive, archive_entry_filetype, archive_failure)
    archive_loaded = 1;
}
#undef FIND

int daybook_archive_load(void) {
    pthread_once(&archive_once, load_archive);
    return archive_loaded;
}

const char *daybook_archive_error(void) { return archive_loaded ? NULL : archive_failure; }

long daybook_file_head(const char *path, unsigned char *buffer, size_t capacity, int64_t *size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -errno;
    struct stat status;
    if (fstat(fd, &status) != 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    if (S_ISDIR(status.st_mode)) {
        close(fd);
        return -EISDIR;
    }
    *size = status.st_size;
    size_t count = 0;
    while (count < capacity) {
        ssize_t got = read(fd, buffer + count, capacity - count);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            int error = errno;
            close(fd);
            return -error;
        }
        if (got == 0) break;
        count += (size_t)got;
    }
    close(fd);
    return (long)count;
}

struct daybook_zip {
    struct archive *archive;
    int64_t size;
    int complete;
    // The current entry's type (AE_IFREG...), 0 before the first.
    int entry_type;
    char error[512];
};

// Whether the file ends as a zip archive does: the end of its central directory (`PK 5 6`) in
// its last 64 KiB and 22 bytes (the record and the longest comment it may have).
static int has_end_record(const char *path, int64_t size) {
    enum { TAIL = 65535 + 22 };
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    unsigned char *tail = malloc(TAIL);
    int64_t from = size > TAIL ? size - TAIL : 0;
    ssize_t count = tail != NULL ? pread(fd, tail, (size_t)(size - from), from) : -1;
    close(fd);
    int found = count > 0 && memmem(tail, (size_t)count, "PK\x05\x06", 4) != NULL;
    free(tail);
    return found;
}

static void keep_error(daybook_zip *zip) {
    const char *why = daybook_libarchive.archive_error_string(zip->archive);
    snprintf(zip->error, sizeof zip->error, "%s", why != NULL ? why : "unknown error");
}

daybook_zip *daybook_zip_open(const char *path, char *error, size_t error_size) {
    daybook_zip *zip = calloc(1, sizeof *zip);
    if (zip == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    struct stat status;
    zip->size = stat(path, &status) == 0 ? status.st_size : 0;
    zip->complete = has_end_record(path, zip->size);
    zip->archive = daybook_libarchive.archive_read_new();
    if (zip->archive == NULL) {
        free(zip);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    daybook_libarchive.archive_read_support_format_zip(zip->archive);
    // A file is seekable: the zip reader starts from the central directory at the end.
    if (daybook_libarchive.archive_read_open_filename(zip->archive, path, 1 << 16) != ARCHIVE_OK) {
        const char *why = daybook_libarchive.archive_error_string(zip->archive);
        snprintf(error, error_size, "%s", why != NULL ? why : "unknown error");
        daybook_libarchive.archive_read_free(zip->archive);
        free(zip);
        return NULL;
    }
    return zip;
}

// libarchive gives names in the locale's encoding: under the "C" locale (a program that never
// calls setlocale) a UTF-8 name has none, and comes back empty. Names are read under a UTF-8
// locale of this thread's own, whatever the program's.
static locale_t zip_utf8 = (locale_t)0;
static void make_utf8(void) { zip_utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0); }

int daybook_zip_next(daybook_zip *zip, const char **path) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_utf8);
    locale_t before = zip_utf8 != (locale_t)0 ? uselocale(zip_utf8) : (locale_t)0;
    int result = zip_next(zip, path);
    if (before != (locale_t)0) uselocale(before);
    return result;
}

static int zip_next(daybook_zip *zip, const char **path) {
    struct archive_entry *entry = NULL;
    int status = daybook_libarchive.archive_read_next_header(zip->archive, &entry);
    if (status == ARCHIVE_EOF) return 0;
    if (status < ARCHIVE_WARN) {
        keep_error(zip);
        return -1;
    }
    // The name as UTF-8 whatever the locale (a zip marks UTF-8 names as such); in the
    // locale's encoding when it has no UTF-8 form.
    const char *name = daybook_libarchive.archive_entry_pathname_utf8(entry);
    if (name == NULL) name = daybook_libarchive.archive_entry_pathname(entry);
    *path = name != NULL ? name : "";
    zip->entry_type = (int)daybook_libarchive.archive_entry_filetype(entry);
    return 1;
}

int daybook_zip_entry_is_file(daybook_zip *zip) { return zip->entry_type == AE_IFREG; }

int daybook_zip_entry_is_link(daybook_zip *zip) { return zip->entry_type == AE_IFLNK; }

long daybook_zip_read(daybook_zip *zip, void *buffer, size_t size) {
    la_ssize_t count = daybook_libarchive.archive_read_data(zip->archive, buffer, size);
    if (count < 0) {
        keep_error(zip);
        return -1;
    }
    return (long)count;
}

const char *daybook_zip_error(daybook_zip *zip) { return zip->error; }

int daybook_zip_complete(daybook_zip *zip) { return zip->complete; }

int64_t daybook_zip_bytes_read(daybook_zip *zip) {
    int64_t bytes = daybook_libarchive.archive_filter_bytes(zip->archive, -1);
    return bytes < 0 ? 0 : (bytes > zip->size ? zip->size : bytes);
}

int64_t daybook_zip_size(daybook_zip *zip) { return zip->size; }

void daybook_zip_close(daybook_zip *zip) {
    if (zip == NULL) return;
    daybook_libarchive.archive_read_free(zip->archive);
    free(zip);
}
