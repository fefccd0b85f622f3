/* timegm (glibc) */
#define _DEFAULT_SOURCE
#include "CMSBridge.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ess.h>
#include <openssl/evp.h>
#include <openssl/http.h>
#include <openssl/pkcs12.h>
#include <openssl/pkcs7.h>
#include <openssl/ts.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct mkpdf_signer {
    EVP_PKEY *key;
    X509 *certificate;
    STACK_OF(X509) *chain;
};

/* "what: OpenSSL's reason" (or just "what"), malloc'ed; the error queue is emptied. */
static char *failure(const char *what) {
    char reason[256] = "";
    unsigned long code = ERR_peek_last_error();
    if (code != 0) ERR_error_string_n(code, reason, sizeof reason);
    ERR_clear_error();
    size_t size = strlen(what) + strlen(reason) + 3;
    char *text = malloc(size);
    if (text != NULL) snprintf(text, size, code != 0 ? "%s: %s" : "%s", what, reason);
    return text;
}

static int fail(char **error, const char *what) {
    if (error != NULL) *error = failure(what);
    return -1;
}

/* Copies `length` bytes into a new malloc'ed buffer. */
static int copy_out(const unsigned char *bytes, size_t length, unsigned char **out, size_t *out_length) {
    *out = malloc(length > 0 ? length : 1);
    if (*out == NULL) return 0;
    memcpy(*out, bytes, length);
    *out_length = length;
    return 1;
}

/* i2d of a PKCS7 into a malloc'ed buffer. */
static int encode_pkcs7(PKCS7 *p7, unsigned char **der, size_t *der_length) {
    unsigned char *encoded = NULL;
    int length = i2d_PKCS7(p7, &encoded);
    if (length <= 0) return 0;
    int copied = copy_out(encoded, (size_t)length, der, der_length);
    OPENSSL_free(encoded);
    return copied;
}

mkpdf_signer *mkpdf_signer_open(const unsigned char *bytes, size_t length, const char *password,
                                mkpdf_signer_status *status, char **error) {
    ERR_clear_error();
    *status = MKPDF_SIGNER_OK;
    const unsigned char *cursor = bytes;
    PKCS12 *p12 = d2i_PKCS12(NULL, &cursor, (long)length);
    if (p12 == NULL) {
        *status = MKPDF_SIGNER_NOT_PKCS12;
        *error = failure("not a PKCS#12 file");
        return NULL;
    }
    if (PKCS12_mac_present(p12) && !PKCS12_verify_mac(p12, password, -1)) {
        PKCS12_free(p12);
        *status = MKPDF_SIGNER_BAD_PASSWORD;
        ERR_clear_error();
        *error = NULL;
        return NULL;
    }
    EVP_PKEY *key = NULL;
    X509 *certificate = NULL;
    STACK_OF(X509) *chain = NULL;
    int parsed = PKCS12_parse(p12, password, &key, &certificate, &chain);
    PKCS12_free(p12);
    if (!parsed) {
        *status = MKPDF_SIGNER_UNREADABLE;
        *error = failure("cannot decrypt its contents");
        return NULL;
    }
    if (key == NULL || certificate == NULL) {
        *status = MKPDF_SIGNER_NO_KEY;
        *error = NULL;
    } else if (X509_check_private_key(certificate, key) != 1) {
        *status = MKPDF_SIGNER_KEY_MISMATCH;
        *error = failure("the key does not match the certificate");
    }
    if (*status != MKPDF_SIGNER_OK) {
        EVP_PKEY_free(key);
        X509_free(certificate);
        sk_X509_pop_free(chain, X509_free);
        return NULL;
    }
    mkpdf_signer *signer = malloc(sizeof *signer);
    if (signer == NULL) {
        EVP_PKEY_free(key);
        X509_free(certificate);
        sk_X509_pop_free(chain, X509_free);
        *status = MKPDF_SIGNER_UNREADABLE;
        *error = failure("out of memory");
        return NULL;
    }
    signer->key = key;
    signer->certificate = certificate;
    signer->chain = chain;
    return signer;
}

void mkpdf_signer_free(mkpdf_signer *signer) {
    if (signer == NULL) return;
    EVP_PKEY_free(signer->key);
    X509_free(signer->certificate);
    sk_X509_pop_free(signer->chain, X509_free);
    free(signer);
}

char *mkpdf_signer_name(const mkpdf_signer *signer) {
    X509_NAME *subject = X509_get_subject_name(signer->certificate);
    int index = X509_NAME_get_index_by_NID(subject, NID_commonName, -1);
    if (index >= 0) {
        unsigned char *utf8 = NULL;
        int length = ASN1_STRING_to_UTF8(&utf8, X509_NAME_ENTRY_get_data(X509_NAME_get_entry(subject, index)));
        if (length >= 0) {
            char *name = malloc((size_t)length + 1);
            if (name != NULL) {
                memcpy(name, utf8, (size_t)length);
                name[length] = '\0';
            }
            OPENSSL_free(utf8);
            return name;
        }
    }
    ERR_clear_error();
    char *line = X509_NAME_oneline(subject, NULL, 0);
    char *name = line != NULL ? strdup(line) : strdup("");
    OPENSSL_free(line);
    return name;
}

/* An ASN.1 time as seconds since 1970 UTC: OpenSSL reads it into a struct tm (UTC), glibc's timegm counts it. */
static int seconds_since_epoch(const ASN1_TIME *time, int64_t *seconds) {
    struct tm parts;
    memset(&parts, 0, sizeof parts);
    if (time == NULL || ASN1_TIME_to_tm(time, &parts) != 1) {
        ERR_clear_error();
        return -1;
    }
    *seconds = (int64_t)timegm(&parts);
    return 0;
}

int mkpdf_signer_validity(const mkpdf_signer *signer, int64_t *not_before, int64_t *not_after) {
    if (seconds_since_epoch(X509_get0_notBefore(signer->certificate), not_before) != 0) return -1;
    return seconds_since_epoch(X509_get0_notAfter(signer->certificate), not_after);
}

/* The signing-certificate-v2 attribute (ESS, RFC 5035): the certificate's SHA-256 hash and issuer/serial. */
static int add_signing_certificate(PKCS7_SIGNER_INFO *info, X509 *certificate) {
    ESS_SIGNING_CERT_V2 *value = OSSL_ESS_signing_cert_v2_new_init(EVP_sha256(), certificate, NULL, 1);
    if (value == NULL) return 0;
    unsigned char *encoded = NULL;
    int length = i2d_ESS_SIGNING_CERT_V2(value, &encoded);
    ESS_SIGNING_CERT_V2_free(value);
    if (length <= 0) return 0;
    ASN1_STRING *sequence = ASN1_STRING_new();
    if (sequence == NULL) {
        OPENSSL_free(encoded);
        return 0;
    }
    ASN1_STRING_set0(sequence, encoded, length);
    if (!PKCS7_add_signed_attribute(info, NID_id_smime_aa_signingCertificateV2, V_ASN1_SEQUENCE, sequence)) {
        ASN1_STRING_free(sequence);
        return 0;
    }
    return 1;
}

int mkpdf_signer_sign(const mkpdf_signer *signer, const unsigned char *digest, size_t digest_length,
                      unsigned char **der, size_t *der_length, unsigned char **signature,
                      size_t *signature_length, char **error) {
    ERR_clear_error();
    /* PKCS#7's SignedData API rather than CMS_sign: OpenSSL 3.0's CMS_SignerInfo_sign always adds a signing-time
     * attribute, which PAdES baseline signatures must not carry. The DER is the same CMS SignedData (version 1). */
    PKCS7 *p7 = PKCS7_new();
    if (p7 == NULL || !PKCS7_set_type(p7, NID_pkcs7_signed)) {
        PKCS7_free(p7);
        return fail(error, "cannot start the SignedData");
    }
    PKCS7_SIGNER_INFO *info = PKCS7_add_signature(p7, signer->certificate, signer->key, EVP_sha256());
    int ok = info != NULL && PKCS7_add_certificate(p7, signer->certificate);
    for (int index = 0; ok && index < sk_X509_num(signer->chain); index++) {
        ok = PKCS7_add_certificate(p7, sk_X509_value(signer->chain, index));
    }
    ok = ok && PKCS7_content_new(p7, NID_pkcs7_data) && PKCS7_set_detached(p7, 1);
    ok = ok && PKCS7_add_attrib_content_type(info, NULL)
        && PKCS7_add1_attrib_digest(info, digest, (int)digest_length)
        && add_signing_certificate(info, signer->certificate);
    ok = ok && PKCS7_SIGNER_INFO_sign(info) == 1;
    ok = ok && encode_pkcs7(p7, der, der_length);
    if (ok) {
        ASN1_OCTET_STRING *value = info->enc_digest;
        ok = copy_out(ASN1_STRING_get0_data(value), (size_t)ASN1_STRING_length(value), signature,
                      signature_length);
        if (!ok) free(*der);
    }
    PKCS7_free(p7);
    return ok ? 0 : fail(error, "cannot sign");
}

int mkpdf_timestamp_request(const unsigned char *signature, size_t signature_length, uint64_t nonce,
                            unsigned char **request, size_t *request_length, char **error) {
    ERR_clear_error();
    unsigned char hash[EVP_MAX_MD_SIZE];
    unsigned int hash_length = 0;
    TS_REQ *query = TS_REQ_new();
    TS_MSG_IMPRINT *imprint = TS_MSG_IMPRINT_new();
    X509_ALGOR *algorithm = X509_ALGOR_new();
    ASN1_INTEGER *number = ASN1_INTEGER_new();
    int ok = query != NULL && imprint != NULL && algorithm != NULL && number != NULL
        && EVP_Digest(signature, signature_length, hash, &hash_length, EVP_sha256(), NULL)
        && X509_ALGOR_set0(algorithm, OBJ_nid2obj(NID_sha256), V_ASN1_NULL, NULL)
        && TS_MSG_IMPRINT_set_algo(imprint, algorithm) && TS_MSG_IMPRINT_set_msg(imprint, hash, (int)hash_length)
        && TS_REQ_set_version(query, 1) && TS_REQ_set_msg_imprint(query, imprint)
        && ASN1_INTEGER_set_uint64(number, nonce) && TS_REQ_set_nonce(query, number)
        && TS_REQ_set_cert_req(query, 1);
    unsigned char *encoded = NULL;
    int length = ok ? i2d_TS_REQ(query, &encoded) : -1;
    ok = length > 0 && copy_out(encoded, (size_t)length, request, request_length);
    OPENSSL_free(encoded);
    ASN1_INTEGER_free(number);
    X509_ALGOR_free(algorithm);
    TS_MSG_IMPRINT_free(imprint);
    TS_REQ_free(query);
    return ok ? 0 : fail(error, "cannot build the time-stamp request");
}

int mkpdf_timestamp_exchange(const char *url, const unsigned char *request, size_t request_length, int timeout,
                             unsigned char **response, size_t *response_length, char **error) {
    ERR_clear_error();
    int tls = 0;
    char *host = NULL, *port = NULL, *path = NULL;
    if (!OSSL_HTTP_parse_url(url, &tls, NULL, &host, &port, NULL, &path, NULL, NULL)) {
        return fail(error, "the time-stamp authority's URL cannot be read");
    }
    if (tls) {
        OPENSSL_free(host);
        OPENSSL_free(port);
        OPENSSL_free(path);
        if (error != NULL) *error = strdup("https is not supported: give the authority's http:// URL "
                                           "(a time-stamp token is signed, so it needs no TLS)");
        return -1;
    }
    BIO *body = BIO_new_mem_buf(request, (int)request_length);
    BIO *reply = body == NULL ? NULL
                              : OSSL_HTTP_transfer(NULL, host, port, path, 0, NULL, NULL, NULL, NULL, NULL, NULL,
                                                   0, NULL, "application/timestamp-query", body,
                                                   "application/timestamp-reply", 1, 1 << 20, timeout, 0);
    OPENSSL_free(host);
    OPENSSL_free(port);
    OPENSSL_free(path);
    BIO_free(body);
    if (reply == NULL) return fail(error, "the time-stamp authority did not answer");
    char *data = NULL;
    long length = BIO_get_mem_data(reply, &data);
    int ok = length > 0 && copy_out((const unsigned char *)data, (size_t)length, response, response_length);
    BIO_free(reply);
    return ok ? 0 : fail(error, "the time-stamp authority's answer is empty");
}

int mkpdf_timestamp_attach(const unsigned char *der, size_t der_length, const unsigned char *request,
                           size_t request_length, const unsigned char *response, size_t response_length,
                           unsigned char **stamped, size_t *stamped_length, char **error) {
    ERR_clear_error();
    const unsigned char *cursor = request;
    TS_REQ *query = d2i_TS_REQ(NULL, &cursor, (long)request_length);
    cursor = response;
    TS_RESP *reply = d2i_TS_RESP(NULL, &cursor, (long)response_length);
    if (query == NULL || reply == NULL) {
        TS_REQ_free(query);
        TS_RESP_free(reply);
        return fail(error, "the time-stamp authority's answer is not an RFC 3161 reply");
    }
    /* Status, version, imprint and nonce against the request; the TSA's signature is the reader's to trust. */
    TS_VERIFY_CTX *check = TS_REQ_to_TS_VERIFY_CTX(query, NULL);
    int granted = check != NULL;
    if (granted) {
        TS_VERIFY_CTX_set_flags(check, TS_VFY_VERSION | TS_VFY_IMPRINT | TS_VFY_NONCE);
        granted = TS_RESP_verify_response(check, reply) == 1;
    }
    TS_VERIFY_CTX_free(check);
    TS_REQ_free(query);
    if (!granted) {
        TS_RESP_free(reply);
        return fail(error, "the time-stamp authority refused the request or answered another one");
    }
    cursor = der;
    PKCS7 *p7 = d2i_PKCS7(NULL, &cursor, (long)der_length);
    STACK_OF(PKCS7_SIGNER_INFO) *infos = p7 != NULL ? PKCS7_get_signer_info(p7) : NULL;
    PKCS7_SIGNER_INFO *info = sk_PKCS7_SIGNER_INFO_num(infos) == 1 ? sk_PKCS7_SIGNER_INFO_value(infos, 0) : NULL;
    unsigned char *token = NULL;
    int token_length = info != NULL ? i2d_PKCS7(TS_RESP_get_token(reply), &token) : -1;
    TS_RESP_free(reply);
    ASN1_STRING *sequence = token_length > 0 ? ASN1_STRING_new() : NULL;
    int ok = sequence != NULL;
    if (ok) {
        ASN1_STRING_set0(sequence, token, token_length);
        token = NULL;
        ok = PKCS7_add_attribute(info, NID_id_smime_aa_timeStampToken, V_ASN1_SEQUENCE, sequence);
        if (!ok) ASN1_STRING_free(sequence);
    }
    OPENSSL_free(token);
    ok = ok && encode_pkcs7(p7, stamped, stamped_length);
    PKCS7_free(p7);
    return ok ? 0 : fail(error, "cannot add the time-stamp token to the signature");
}
