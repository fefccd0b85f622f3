#ifndef MKPDF_LIBRARY_LOADER_H
#define MKPDF_LIBRARY_LOADER_H

#include <stddef.h>

// What CairoLoader, HarfBuzzLoader, HaruLoader and ZintLoader share: a C library opened on first use instead of at
// start-up, its functions defined under their own names in the executable and forwarded to the library as dlsym
// finds it.
//
// A loader lists its functions as VOID(name, parameters, arguments) or VALUE(type, name, parameters, arguments),
// keeps them in a `static struct { … } functions` made with the FIELD macros, and defines `static void require(void)`
// (stop unless loaded) before expanding the FORWARD macros, which call both.

/// dlopen(`file`) for the loader whose reason for failing is `failure` (`size` bytes): NULL, with dlopen's message
/// written there, when the library cannot be opened or an earlier step already failed.
void *mkpdf_library_open(const char *file, char *failure, size_t size);

/// Points `*function` at `name` in `library` (or in the libraries it needs); when it is missing, says so in `failure`.
/// Does nothing once `failure` holds a reason.
void mkpdf_library_bind(void *library, const char *file, void **function, const char *name, char *failure, size_t size);

/// Stops the process with an internal error naming `what` and `failure` when `failure` is not NULL: a forwarding
/// function was called although its loader's check said the library is missing.
void mkpdf_library_require(const char *failure, const char *what);

#define MKPDF_VOID_FIELD(name, parameters, arguments) void(*name) parameters;
#define MKPDF_VALUE_FIELD(type, name, parameters, arguments) type(*name) parameters;

#define MKPDF_VOID_FORWARD(name, parameters, arguments) \
    void name parameters { \
        require(); \
        functions.name arguments; \
    }
#define MKPDF_VALUE_FORWARD(type, name, parameters, arguments) \
    type name parameters { \
        require(); \
        return functions.name arguments; \
    }

/// Binds one listed function from `library` (named `file`) into `functions`, reasons into `failure`: the BIND
/// macros a loader's `load` expands its list with.
#define MKPDF_LIBRARY_VOID_BIND(name, parameters, arguments) \
    mkpdf_library_bind(library, file, (void **)&functions.name, #name, failure, sizeof failure);
#define MKPDF_LIBRARY_VALUE_BIND(type, name, parameters, arguments) \
    mkpdf_library_bind(library, file, (void **)&functions.name, #name, failure, sizeof failure);

/// Everything a loader of one library defines, for the function list `FUNCTIONS` found in `library_file`: the
/// table of functions, `const char *failure_function(void)` (NULL once loaded, else why not; loads once per process
/// under pthread_once, so `<pthread.h>` must be included), the guard naming `what`, and the forwarding functions.
#define MKPDF_SINGLE_LIBRARY_LOADER(FUNCTIONS, library_file, failure_function, what) \
    static struct { \
        FUNCTIONS(MKPDF_VOID_FIELD, MKPDF_VALUE_FIELD) \
    } functions; \
    static pthread_once_t once = PTHREAD_ONCE_INIT; \
    static char failure[512]; \
    static void load(void) { \
        static const char file[] = library_file; \
        void *library = mkpdf_library_open(file, failure, sizeof failure); \
        if (failure[0] != 0) return; \
        FUNCTIONS(MKPDF_LIBRARY_VOID_BIND, MKPDF_LIBRARY_VALUE_BIND) \
    } \
    const char *failure_function(void) { \
        pthread_once(&once, load); \
        return failure[0] != 0 ? failure : NULL; \
    } \
    static void require(void) { mkpdf_library_require(failure_function(), what); } \
    FUNCTIONS(MKPDF_VOID_FORWARD, MKPDF_VALUE_FORWARD)

#endif
