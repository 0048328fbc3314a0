#ifndef DAYBOOK_HEALTH_LIBRARIES_H
#define DAYBOOK_HEALTH_LIBRARIES_H
// The libxml2 and libarchive functions the walk and the zip reader call, found with dlsym.
// libxml2's are declared here with opaque pointers (its headers need their own include path);
// libarchive's types come from <archive.h>.
#include <archive.h>
#include <archive_entry.h>

typedef unsigned char xmlChar;
typedef struct daybook_xml_reader *xmlTextReaderPtr;
typedef int (*xmlInputReadCallback)(void *context, char *buffer, int len);
typedef int (*xmlInputCloseCallback)(void *context);
typedef void (*xmlTextReaderErrorFunc)(void *arg, const char *msg, int severity, void *locator);
typedef void (*xmlGenericErrorFunc)(void *context, const char *msg, ...);

// xmlParserOption values (libxml/parser.h).
enum {
    DAYBOOK_XML_PARSE_NOWARNING = 1 << 6,
    DAYBOOK_XML_PARSE_NONET = 1 << 11,
    DAYBOOK_XML_PARSE_COMPACT = 1 << 16,
    DAYBOOK_XML_PARSE_IGNORE_ENC = 1 << 21,
};
// xmlParserSeverities and xmlReaderTypes.
enum { DAYBOOK_XML_SEVERITY_ERROR = 4, DAYBOOK_XML_SEVERITY_VALIDITY_ERROR = 2 };
enum { DAYBOOK_XML_ELEMENT = 1, DAYBOOK_XML_END_ELEMENT = 15 };

extern struct daybook_libxml2 {
    xmlTextReaderPtr (*xmlReaderForIO)(xmlInputReadCallback, xmlInputCloseCallback, void *, const char *,
                                       const char *, int);
    void (*xmlFreeTextReader)(xmlTextReaderPtr);
    int (*xmlTextReaderRead)(xmlTextReaderPtr);
    int (*xmlTextReaderNodeType)(xmlTextReaderPtr);
    int (*xmlTextReaderDepth)(xmlTextReaderPtr);
    int (*xmlTextReaderIsEmptyElement)(xmlTextReaderPtr);
    int (*xmlTextReaderMoveToNextAttribute)(xmlTextReaderPtr);
    int (*xmlTextReaderMoveToElement)(xmlTextReaderPtr);
    const xmlChar *(*xmlTextReaderConstLocalName)(xmlTextReaderPtr);
    const xmlChar *(*xmlTextReaderConstValue)(xmlTextReaderPtr);
    const xmlChar *(*xmlTextReaderConstString)(xmlTextReaderPtr, const xmlChar *);
    void (*xmlTextReaderSetErrorHandler)(xmlTextReaderPtr, xmlTextReaderErrorFunc, void *);
    int (*xmlTextReaderGetParserLineNumber)(xmlTextReaderPtr);
    void (*xmlSetGenericErrorFunc)(void *, xmlGenericErrorFunc);
} daybook_libxml2;

extern struct daybook_libarchive {
    __typeof__(archive_read_new) *archive_read_new;
    __typeof__(archive_read_support_format_zip) *archive_read_support_format_zip;
    __typeof__(archive_read_open_filename) *archive_read_open_filename;
    __typeof__(archive_read_next_header) *archive_read_next_header;
    __typeof__(archive_read_data) *archive_read_data;
    __typeof__(archive_read_free) *archive_read_free;
    __typeof__(archive_error_string) *archive_error_string;
    __typeof__(archive_filter_bytes) *archive_filter_bytes;
    __typeof__(archive_entry_pathname) *archive_entry_pathname;
    __typeof__(archive_entry_pathname_utf8) *archive_entry_pathname_utf8;
    __typeof__(archive_entry_filetype) *archive_entry_filetype;
} daybook_libarchive;

#endif
