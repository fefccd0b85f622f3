/* SHA-1 and SHA-256 from the same libcrypto the signatures use, so no second crypto library is compiled into
 * mkpdf for its digests. A context is made by mkpdf_digest_new and freed once by mkpdf_digest_free. */
#ifndef MKPDF_DIGEST_H
#define MKPDF_DIGEST_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The digests mkpdf computes. */
typedef enum { MKPDF_DIGEST_SHA1 = 1, MKPDF_DIGEST_SHA256 = 2 } mkpdf_digest_kind;

/** An incremental digest, owned by whoever made it. */
typedef struct mkpdf_digest mkpdf_digest;

/** A new digest of `kind`; NULL when memory cannot be had. */
mkpdf_digest *mkpdf_digest_new(mkpdf_digest_kind kind);
/** Adds `length` bytes; 0 on failure (which OpenSSL does not report for these digests). */
int mkpdf_digest_update(mkpdf_digest *digest, const void *bytes, size_t length);
/** Writes the digest (20 or 32 bytes) to `out`, which has room for 32; returns its length, 0 on failure. */
size_t mkpdf_digest_final(mkpdf_digest *digest, unsigned char *out);
/** Frees the digest; NULL is allowed. */
void mkpdf_digest_free(mkpdf_digest *digest);

#ifdef __cplusplus
}
#endif
#endif
