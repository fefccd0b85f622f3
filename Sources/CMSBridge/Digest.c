/* OpenSSL's one-shot-free digest routines (SHA1_Init and SHA256_Init), not EVP: EVP_sha1() fetches its method from
 * the default provider, which makes the first digest of a process initialise OpenSSL's library context (reading
 * openssl.cnf, building the method store) — millions of instructions a one-ticket run paid for one /ID.
 * They are deprecated in OpenSSL 3 in favour of EVP, but present and unchanged in libcrypto 3. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "Digest.h"

#include <openssl/crypto.h>
#include <openssl/sha.h>

struct mkpdf_digest {
    mkpdf_digest_kind kind;
    union {
        SHA_CTX sha1;
        SHA256_CTX sha256;
    } context;
};

mkpdf_digest *mkpdf_digest_new(mkpdf_digest_kind kind) {
    mkpdf_digest *digest = OPENSSL_malloc(sizeof *digest);
    if (digest == NULL) return NULL;
    digest->kind = kind;
    int started = kind == MKPDF_DIGEST_SHA1 ? SHA1_Init(&digest->context.sha1) : SHA256_Init(&digest->context.sha256);
    if (started != 1) {
        OPENSSL_free(digest);
        return NULL;
    }
    return digest;
}

int mkpdf_digest_update(mkpdf_digest *digest, const void *bytes, size_t length) {
    if (length == 0) return 1;
    return digest->kind == MKPDF_DIGEST_SHA1 ? SHA1_Update(&digest->context.sha1, bytes, length)
                                             : SHA256_Update(&digest->context.sha256, bytes, length);
}

size_t mkpdf_digest_final(mkpdf_digest *digest, unsigned char *out) {
    if (digest->kind == MKPDF_DIGEST_SHA1) return SHA1_Final(out, &digest->context.sha1) == 1 ? SHA_DIGEST_LENGTH : 0;
    return SHA256_Final(out, &digest->context.sha256) == 1 ? SHA256_DIGEST_LENGTH : 0;
}

void mkpdf_digest_free(mkpdf_digest *digest) { OPENSSL_free(digest); }
