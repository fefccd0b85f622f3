#ifndef MKPDF_CAIRO_LOADER_H
#define MKPDF_CAIRO_LOADER_H

/// Opens libcairo.so.2 and binds the cairo functions Render calls, once per process (later calls return at once);
/// NULL when cairo is ready, else why it is not (dlopen's message, or the function missing).
///
/// mkpdf does not link cairo: PDF output never needs it, and loading it with its dependencies cost every run
/// start-up time. Call this before the first cairo function; those functions stop the process if cairo is not loaded.
const char *mkpdf_cairo_load_failure(void);

#endif
