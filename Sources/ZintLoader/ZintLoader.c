// libzint opened on first use instead of at start-up: the functions of libzint that Barcodes calls, defined here
// under their own names (hidden in the executable), each forwarding to libzint.so.2.11 as dlopen finds it. The same
// pattern as CairoLoader and HarfBuzzLoader.
//
// Why: a run that draws no barcode never needs libzint, yet loading and binding it (and its own libpng and zlib
// references) cost every mkpdf run start-up time. Barcodes calls mkpdf_zint_load_failure() before it creates a
// symbol (every other libzint call needs one) and throws BarcodeError if libzint is missing.

#include "LibraryLoader.h"
#include "ZintLoader.h"

#include <pthread.h>

// zint.h declares its functions plain `extern`: hidden from here on, so that the executable never exports the
// forwarding functions and libzint's own calls between its functions cannot bind to them.
#pragma GCC visibility push(hidden)
#include <zint.h>

// Every libzint function Barcodes calls: VOID(name, parameters, arguments) or VALUE(type, name, parameters,
// arguments). A function missing here is a link error (undefined symbol), not a silent fallback.
#define MKPDF_ZINT_FUNCTIONS(VOID, VALUE) \
    VALUE(struct zint_symbol *, ZBarcode_Create, (void), ()) \
    VOID(ZBarcode_Delete, (struct zint_symbol *a), (a)) \
    VALUE(int, ZBarcode_Encode_Segs, (struct zint_symbol *a, const struct zint_seg b[], const int c), (a, b, c)) \
    VALUE(int, ZBarcode_Buffer_Vector, (struct zint_symbol *a, int b), (a, b))

/// The functions as dlsym found them; written once inside `load`.
static struct {
    MKPDF_ZINT_FUNCTIONS(MKPDF_VOID_FIELD, MKPDF_VALUE_FIELD)
} functions;

static pthread_once_t once = PTHREAD_ONCE_INIT;
/// Why libzint could not be loaded; empty once it is.
static char failure[512];

static void load(void) {
    static const char file[] = "libzint.so.2.11";
    void *library = mkpdf_library_open(file, failure, sizeof failure);
    if (failure[0] != 0) return;
#define MKPDF_VOID_BIND(name, parameters, arguments) \
    mkpdf_library_bind(library, file, (void **)&functions.name, #name, failure, sizeof failure);
#define MKPDF_VALUE_BIND(type, name, parameters, arguments) \
    mkpdf_library_bind(library, file, (void **)&functions.name, #name, failure, sizeof failure);
    MKPDF_ZINT_FUNCTIONS(MKPDF_VOID_BIND, MKPDF_VALUE_BIND)
}

const char *mkpdf_zint_load_failure(void) {
    pthread_once(&once, load);
    return failure[0] != 0 ? failure : NULL;
}

/// Every forwarding function's guard. Barcodes checks `mkpdf_zint_load_failure()` before it creates a symbol, so
/// this stops the process only if a new caller skipped that check: a bug, said so, rather than a jump through NULL.
static void require(void) { mkpdf_library_require(mkpdf_zint_load_failure(), "libzint"); }

MKPDF_ZINT_FUNCTIONS(MKPDF_VOID_FORWARD, MKPDF_VALUE_FORWARD)

#pragma GCC visibility pop
