#ifndef MKPDF_CAIRO_LOADER_H
#define MKPDF_CAIRO_LOADER_H

#include <cairo/cairo.h>

/// Opens libcairo.so.2 and binds the cairo functions Render calls, once per process (later calls return at once);
/// NULL when cairo is ready, else why it is not (dlopen's message, or the function missing).
///
/// mkpdf does not link cairo: PDF output never needs it, and loading it with its dependencies cost every run
/// start-up time. Call this before the first cairo function; those functions stop the process if cairo is not loaded.
const char *mkpdf_cairo_load_failure(void);

/// FreeType, loaded with cairo (call `mkpdf_cairo_load_failure` first), its handles (FT_Library, FT_Face) as untyped
/// pointers so that neither this header nor Render needs FreeType's headers. 0 for success, else FreeType's error.
int mkpdf_ft_init_library(void **library);
/// FT_New_Face: face `index` of the font file at `path`.
int mkpdf_ft_new_face(void *library, const char *path, long index, void **face);
/// FT_Done_Face.
void mkpdf_ft_done_face(void *face);
/// cairo_ft_font_face_create_for_ft_face for a face from `mkpdf_ft_new_face`.
cairo_font_face_t *mkpdf_cairo_ft_font_face_create(void *face, int load_flags);

#endif
