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

#endif
