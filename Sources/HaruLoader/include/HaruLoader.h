#ifndef MKPDF_HARU_LOADER_H
#define MKPDF_HARU_LOADER_H

/// Opens libhpdf-2.3.0.so and binds the libHaru functions Haru calls, once per process (later calls return at once);
/// NULL when libHaru is ready, else why it is not (dlopen's message, or the function missing).
///
/// mkpdf does not link libHaru: a run that writes no PDF never needs it, and loading it (bound immediately, with
/// libpng) cost every run start-up time. Call this before the first libHaru function; those functions stop the
/// process if libHaru is not loaded.
const char *mkpdf_haru_load_failure(void);

#endif
