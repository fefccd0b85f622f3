/* The few libqpdf C++ calls the C API does not reach, behind a C interface: qpdf's linearization check,
 * stream and page-content sizes measured through a counter (a compression bomb is measured, never held in memory)
 * and the object-stream header check viewers make.
 * Every function traps C++ exceptions; no exception leaves this file. Strings handed out are malloc'ed and
 * belong to the caller (free()). */
#ifndef MKPDF_QPDF_BRIDGE_H
#define MKPDF_QPDF_BRIDGE_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One open document (a QPDF object), owned by whoever opened it and freed once with mkpdf_qpdf_close. */
typedef struct mkpdf_qpdf mkpdf_qpdf;

/** Opens a file (or, when bytes is not NULL, `length` bytes in memory named `path`); NULL with *error on failure. */
mkpdf_qpdf *mkpdf_qpdf_open(const char *path, const unsigned char *bytes, size_t length, const char *password,
                            char **error);
void mkpdf_qpdf_close(mkpdf_qpdf *document);

/** qpdf's own linearization check (what `qpdf --check` runs): 0 when the file is not linearized, 1 when its
 *  linearization data is sound, 2 when qpdf found problems; *messages then holds them, one a line. */
int mkpdf_qpdf_check_linearization(mkpdf_qpdf *document, char **messages);

/** Decodes every stream (generalized filters) into a counter that gives up at `limit` bytes. Returns how many
 *  streams exceed the limit; the first one's object number goes to *object. -1 with *error when the objects
 *  cannot be listed. */
int mkpdf_qpdf_find_oversized_streams(mkpdf_qpdf *document, uint64_t limit, int *object, char **error);

/** Checks each compressed object against its object stream's header, as viewers such as poppler do: the pair
 *  at the object's index must name the object's number. Object streams decoding to more than `limit` bytes are
 *  skipped. Returns the number of mismatches (the first described in *problem), or -1 with *problem on error. */
int mkpdf_qpdf_check_object_streams(mkpdf_qpdf *document, uint64_t limit, char **problem);

/** Measures each page's decoded content (its streams together) through a counter that stops past `limit`;
 *  writes up to `capacity` sizes (limit + 1 meaning "more than the limit", UINT64_MAX "cannot be decoded") and
 *  returns the page count, or -1 with *error when the pages cannot be listed. */
int mkpdf_qpdf_page_content_sizes(mkpdf_qpdf *document, uint64_t limit, uint64_t *sizes, int capacity, char **error);

#ifdef __cplusplus
}
#endif
#endif
