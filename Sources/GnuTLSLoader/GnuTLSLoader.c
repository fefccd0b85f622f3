// GnuTLS opened on first use instead of at start-up: the ten GnuTLS functions libqpdf's crypto provider
// (QPDFCrypto_gnutls) calls, defined here under their own names (hidden in the executable), each forwarding to
// libgnutls.so.30 as dlopen finds it. libqpdf calls them when it reads a PDF (`mkpdf validate` loads GnuTLS for any
// file, encrypted or not); the commands that only write PDFs (ticket, render, report, batch) never load GnuTLS and
// its seven libraries (StartupLibrariesTests checks the start-up).
//
// Failures stay errors, never a stop: when GnuTLS cannot be opened, the functions returning a code return
// GNUTLS_E_CRYPTO_INIT_FAILED (libqpdf throws, the QPDF bridge reports it), gnutls_strerror returns the reason.

#pragma GCC visibility push(hidden)
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#pragma GCC visibility pop

#include "GnuTLSLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// The functions as dlsym found them; written once inside `load`.
static struct {
    int (*cipher_init)(gnutls_cipher_hd_t *, gnutls_cipher_algorithm_t, const gnutls_datum_t *,
                       const gnutls_datum_t *);
    int (*cipher_decrypt2)(gnutls_cipher_hd_t, const void *, size_t, void *, size_t);
    int (*cipher_encrypt2)(gnutls_cipher_hd_t, const void *, size_t, void *, size_t);
    void (*cipher_deinit)(gnutls_cipher_hd_t);
    size_t (*cipher_get_key_size)(gnutls_cipher_algorithm_t);
    int (*hash_init)(gnutls_hash_hd_t *, gnutls_digest_algorithm_t);
    int (*hash)(gnutls_hash_hd_t, const void *, size_t);
    void (*hash_deinit)(gnutls_hash_hd_t, void *);
    int (*rnd)(gnutls_rnd_level_t, void *, size_t);
    const char *(*strerror)(int);
} functions;

static pthread_once_t once = PTHREAD_ONCE_INIT;
/// Why GnuTLS could not be loaded; empty once it is.
static char failure[512];

static void bind_function(void *library, void **function, const char *name) {
    if (failure[0] != 0) return;
    *function = dlsym(library, name);
    if (*function == NULL) snprintf(failure, sizeof failure, "libgnutls.so.30 has no function %s", name);
}

static void load(void) {
    void *library = dlopen("libgnutls.so.30", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason != NULL ? reason : "dlopen(libgnutls.so.30) failed");
        return;
    }
    bind_function(library, (void **)&functions.cipher_init, "gnutls_cipher_init");
    bind_function(library, (void **)&functions.cipher_decrypt2, "gnutls_cipher_decrypt2");
    bind_function(library, (void **)&functions.cipher_encrypt2, "gnutls_cipher_encrypt2");
    bind_function(library, (void **)&functions.cipher_deinit, "gnutls_cipher_deinit");
    bind_function(library, (void **)&functions.cipher_get_key_size, "gnutls_cipher_get_key_size");
    bind_function(library, (void **)&functions.hash_init, "gnutls_hash_init");
    bind_function(library, (void **)&functions.hash, "gnutls_hash");
    bind_function(library, (void **)&functions.hash_deinit, "gnutls_hash_deinit");
    bind_function(library, (void **)&functions.rnd, "gnutls_rnd");
    bind_function(library, (void **)&functions.strerror, "gnutls_strerror");
}

const char *mkpdf_gnutls_load_failure(void) {
    pthread_once(&once, load);
    return failure[0] != 0 ? failure : NULL;
}

static int loaded(void) { return mkpdf_gnutls_load_failure() == NULL; }

int gnutls_cipher_init(gnutls_cipher_hd_t *handle, gnutls_cipher_algorithm_t cipher, const gnutls_datum_t *key,
                       const gnutls_datum_t *iv) {
    return loaded() ? functions.cipher_init(handle, cipher, key, iv) : GNUTLS_E_CRYPTO_INIT_FAILED;
}

int gnutls_cipher_decrypt2(gnutls_cipher_hd_t handle, const void *ciphertext, size_t ciphertextlen, void *text,
                           size_t textlen) {
    return loaded() ? functions.cipher_decrypt2(handle, ciphertext, ciphertextlen, text, textlen)
                    : GNUTLS_E_CRYPTO_INIT_FAILED;
}

int gnutls_cipher_encrypt2(gnutls_cipher_hd_t handle, const void *text, size_t textlen, void *ciphertext,
                           size_t ciphertextlen) {
    return loaded() ? functions.cipher_encrypt2(handle, text, textlen, ciphertext, ciphertextlen)
                    : GNUTLS_E_CRYPTO_INIT_FAILED;
}

void gnutls_cipher_deinit(gnutls_cipher_hd_t handle) {
    if (loaded()) functions.cipher_deinit(handle);
}

size_t gnutls_cipher_get_key_size(gnutls_cipher_algorithm_t algorithm) {
    return loaded() ? functions.cipher_get_key_size(algorithm) : 0;
}

int gnutls_hash_init(gnutls_hash_hd_t *handle, gnutls_digest_algorithm_t algorithm) {
    return loaded() ? functions.hash_init(handle, algorithm) : GNUTLS_E_CRYPTO_INIT_FAILED;
}

int gnutls_hash(gnutls_hash_hd_t handle, const void *text, size_t textlen) {
    return loaded() ? functions.hash(handle, text, textlen) : GNUTLS_E_CRYPTO_INIT_FAILED;
}

void gnutls_hash_deinit(gnutls_hash_hd_t handle, void *digest) {
    if (loaded()) functions.hash_deinit(handle, digest);
}

int gnutls_rnd(gnutls_rnd_level_t level, void *data, size_t len) {
    return loaded() ? functions.rnd(level, data, len) : GNUTLS_E_CRYPTO_INIT_FAILED;
}

const char *gnutls_strerror(int error) { return loaded() ? functions.strerror(error) : failure; }
