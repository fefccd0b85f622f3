/* The CMS signature of a signed PDF, built by Debian's OpenSSL (libcrypto) behind a small C interface: a signing
 * identity read from a PKCS#12 file, a CAdES detached SignedData over a SHA-256 digest (signed attributes
 * content-type, message-digest and signing-certificate-v2; no signing-time, which PAdES leaves to the signature
 * dictionary's /M), and the RFC 3161 time-stamp request, exchange and token that make it B-T.
 * No ASN.1 is written here: every structure is OpenSSL's. Buffers and strings handed out are malloc'ed and belong
 * to the caller (free()); an identity is freed once with mkpdf_signer_free. */
#ifndef MKPDF_CMS_BRIDGE_H
#define MKPDF_CMS_BRIDGE_H
#include <stddef.h>
#include <stdint.h>

#include "Digest.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A private key, its certificate and the chain that came with it, owned by whoever opened it. */
typedef struct mkpdf_signer mkpdf_signer;

/** Why a PKCS#12 file could not be opened. */
typedef enum {
    MKPDF_SIGNER_OK = 0,
    MKPDF_SIGNER_NOT_PKCS12 = 1,    /* the bytes are not a PKCS#12 (.p12/.pfx) file */
    MKPDF_SIGNER_BAD_PASSWORD = 2,  /* the password does not open it (its MAC does not verify) */
    MKPDF_SIGNER_UNREADABLE = 3,    /* it opens but cannot be decrypted (e.g. legacy RC2-40 encryption) */
    MKPDF_SIGNER_NO_KEY = 4,        /* it holds no private key and certificate */
    MKPDF_SIGNER_KEY_MISMATCH = 5   /* the private key does not belong to the certificate */
} mkpdf_signer_status;

/** Opens a PKCS#12 file's bytes with `password` (NUL-terminated UTF-8; "" for none). NULL with *status and, when
 *  OpenSSL gave one, *error (its reason, never the password) on failure. */
mkpdf_signer *mkpdf_signer_open(const unsigned char *bytes, size_t length, const char *password,
                                mkpdf_signer_status *status, char **error);
void mkpdf_signer_free(mkpdf_signer *signer);

/** The certificate's subject common name (or its whole subject when it has none), malloc'ed UTF-8. */
char *mkpdf_signer_name(const mkpdf_signer *signer);

/** The certificate's validity period, notBefore and notAfter, as seconds since 1970-01-01 UTC. 0 on success, -1 when
 *  either date cannot be read. */
int mkpdf_signer_validity(const mkpdf_signer *signer, int64_t *not_before, int64_t *not_after);

/** A detached CAdES SignedData (DER) over content whose SHA-256 digest is `digest` (32 bytes), with the signer's
 *  certificate and chain. The signature value (what a time-stamp covers) is copied to *signature. 0 on success,
 *  -1 with *error. Safe to call from several threads on one signer. */
int mkpdf_signer_sign(const mkpdf_signer *signer, const unsigned char *digest, size_t digest_length,
                      unsigned char **der, size_t *der_length, unsigned char **signature,
                      size_t *signature_length, char **error);

/** An RFC 3161 TimeStampReq (DER) for `signature`: version 1, a SHA-256 message imprint of it, `nonce`, and
 *  certReq true. 0 on success, -1 with *error. */
int mkpdf_timestamp_request(const unsigned char *signature, size_t signature_length, uint64_t nonce,
                            unsigned char **request, size_t *request_length, char **error);

/** POSTs `request` to the http:// time-stamp authority at `url` (application/timestamp-query) and returns its
 *  reply's bytes, at most 1 MiB, waiting at most `timeout` seconds. 0 on success, -1 with *error. */
int mkpdf_timestamp_exchange(const char *url, const unsigned char *request, size_t request_length, int timeout,
                             unsigned char **response, size_t *response_length, char **error);

/** `der` (a SignedData from mkpdf_signer_sign) with the reply's time-stamp token added as the signer's unsigned
 *  signature-time-stamp attribute, after checking that the reply grants the request (status, imprint, nonce). The
 *  TSA's own signature is not verified here (its trust is the reader's). 0 on success, -1 with *error. */
int mkpdf_timestamp_attach(const unsigned char *der, size_t der_length, const unsigned char *request,
                           size_t request_length, const unsigned char *response, size_t response_length,
                           unsigned char **stamped, size_t *stamped_length, char **error);

#ifdef __cplusplus
}
#endif
#endif
