// libzint opened on first use instead of at start-up: the functions of libzint that Barcodes calls, defined here
// under their own names (hidden in the executable), each forwarding to libzint.so.2.11 as dlopen finds it. The same
// pattern as CairoLoader, HarfBuzzLoader and HaruLoader.
//
// Why: a run that draws no barcode never needs libzint, yet loading and binding it (with the libpng16.so it needs)
// cost every mkpdf run start-up time. Barcodes calls mkpdf_zint_load_failure() before it creates a
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

// The table, `mkpdf_zint_load_failure` and the forwarding functions. Barcodes checks it before it creates a symbol;
// their guard stops the process only if a new caller skipped that check: a bug, said so, rather than a jump through
// NULL.
MKPDF_SINGLE_LIBRARY_LOADER(MKPDF_ZINT_FUNCTIONS, "libzint.so.2.11", mkpdf_zint_load_failure, "libzint")

#pragma GCC visibility pop
