#ifndef MKPDF_HARFBUZZ_LOADER_H
#define MKPDF_HARFBUZZ_LOADER_H

/// Opens libharfbuzz.so.0 and libharfbuzz-subset.so.0 and binds the HarfBuzz functions Fonts calls, once per process
/// (later calls return at once); NULL when HarfBuzz is ready, else why it is not (dlopen's message, or the function
/// missing).
///
/// mkpdf does not link HarfBuzz: a run that opens no font (`--version`, `--help`, `validate`) never needs it, and
/// loading it with GLib, PCRE2, Graphite2 and Brotli cost every run start-up time. Call this before the first
/// HarfBuzz function; those functions stop the process if HarfBuzz is not loaded.
const char *mkpdf_harfbuzz_load_failure(void);

#endif
