#ifndef MKPDF_GNUTLS_LOADER_H
#define MKPDF_GNUTLS_LOADER_H

/// Why libgnutls.so.30 could not be opened, or NULL once it is (opening it on first call, once per process).
///
/// mkpdf links libqpdf statically and does not link GnuTLS, which libqpdf's crypto provider uses when a PDF is read
/// (validate loads it for any file), so the commands that only write PDFs never load it (its start-up, with p11-kit, nettle, gmp, libtasn1, libidn2 and libunistring, cost every run more than
/// a millisecond). The GnuTLS functions libqpdf calls are defined in this target and forward to the library opened
/// here; when it cannot be opened they return GnuTLS's error code, which libqpdf reports as an exception.
const char *mkpdf_gnutls_load_failure(void);

#endif
