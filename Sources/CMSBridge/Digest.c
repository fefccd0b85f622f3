#include "Digest.h"

#include <openssl/evp.h>

struct mkpdf_digest {
    EVP_MD_CTX *context;
};

mkpdf_digest *mkpdf_digest_new(mkpdf_digest_kind kind) {
    const EVP_MD *md = kind == MKPDF_DIGEST_SHA1 ? EVP_sha1() : EVP_sha256();
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context == NULL) return NULL;
    if (EVP_DigestInit_ex(context, md, NULL) != 1) {
        EVP_MD_CTX_free(context);
        return NULL;
    }
    mkpdf_digest *digest = OPENSSL_malloc(sizeof *digest);
    if (digest == NULL) {
        EVP_MD_CTX_free(context);
        return NULL;
    }
    digest->context = context;
    return digest;
}

int mkpdf_digest_update(mkpdf_digest *digest, const void *bytes, size_t length) {
    if (length == 0) return 1;
    return EVP_DigestUpdate(digest->context, bytes, length) == 1;
}

size_t mkpdf_digest_final(mkpdf_digest *digest, unsigned char *out) {
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(digest->context, out, &length) != 1) return 0;
    return length;
}

void mkpdf_digest_free(mkpdf_digest *digest) {
    if (digest == NULL) return;
    EVP_MD_CTX_free(digest->context);
    OPENSSL_free(digest);
}
