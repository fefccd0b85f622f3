// The shared steps of CairoLoader, HarfBuzzLoader, HaruLoader and ZintLoader (see include/LibraryLoader.h).

#include "LibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void *mkpdf_library_open(const char *file, char *failure, size_t size) {
    if (failure[0] != 0) return NULL;
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        if (reason != NULL) {
            snprintf(failure, size, "%s", reason);
        } else {
            snprintf(failure, size, "dlopen(%s) failed", file);
        }
    }
    return library;
}

void mkpdf_library_bind(void *library, const char *file, void **function, const char *name, char *failure, size_t size) {
    if (failure[0] != 0) return;
    *function = dlsym(library, name);
    if (*function == NULL) snprintf(failure, size, "%s has no function %s", file, name);
}

void mkpdf_library_require(const char *failure, const char *what) {
    if (failure == NULL) return;
    fprintf(stderr, "mkpdf: internal error: %s called without checking that it loaded (%s)\n", what, failure);
    abort();
}
