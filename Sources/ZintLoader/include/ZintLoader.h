#ifndef MKPDF_ZINT_LOADER_H
#define MKPDF_ZINT_LOADER_H

/// Opens libzint.so.2.11 and binds the libzint functions Barcodes calls, once per process (later calls return at
/// once); NULL when libzint is ready, else why it is not (dlopen's message, or the function missing).
///
/// mkpdf does not link libzint: a run that draws no barcode (`--version`, `validate`, most reports) never needs it,
/// and loading and binding it cost every run start-up time. Call this before the first libzint function; those
/// functions stop the process if libzint is not loaded.
const char *mkpdf_zint_load_failure(void);

#endif
