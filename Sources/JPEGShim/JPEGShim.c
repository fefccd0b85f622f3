// libjpeg's error handling kept inside C (see JPEGShim.h): every libjpeg call runs under a setjmp in this file.

#include "JPEGShim.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t message_size;
} shim_error;

static void shim_fail(j_common_ptr cinfo) {
    shim_error *error = (shim_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(error->message, error->message_size, "%s", text);
    longjmp(error->jump, 1);
}

// Level -1 is a warning about the data (corrupt or truncated scans): fail rather than show a partly grey picture.
// Higher levels are trace messages: ignored.
static void shim_message(j_common_ptr cinfo, int level) {
    if (level < 0) shim_fail(cinfo);
}

static void shim_describe(struct jpeg_decompress_struct *cinfo, mkpdf_jpeg_info *info) {
    info->width = (int)cinfo->image_width;
    info->height = (int)cinfo->image_height;
    info->adobe = cinfo->saw_Adobe_marker ? 1 : 0;
    info->progressive = cinfo->progressive_mode ? 1 : 0;
    info->precision = cinfo->data_precision;
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: info->components = 1; break;
    case JCS_YCbCr:
    case JCS_RGB: info->components = 3; break;
    case JCS_CMYK:
    case JCS_YCCK: info->components = 4; break;
    default: info->components = 0; break;
    }
}

// The header read, with the out colour space set from the file's; returns 0 or -1 (message set).
static int shim_start(struct jpeg_decompress_struct *cinfo, const unsigned char *data, size_t size,
                      mkpdf_jpeg_info *info, char *message, size_t message_size) {
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    shim_describe(cinfo, info);
    switch (info->components) {
    case 1: cinfo->out_color_space = JCS_GRAYSCALE; break;
    case 3: cinfo->out_color_space = JCS_RGB; break;
    case 4: cinfo->out_color_space = JCS_CMYK; break;
    default:
        snprintf(message, message_size, "unsupported colour space with %d components", cinfo->num_components);
        return -1;
    }
    return 0;
}

// Reads the header and, when `pixels` is not NULL, decodes every row into it; every libjpeg call runs under the one
// setjmp here.
static int shim_run(const unsigned char *data, size_t size, unsigned char *pixels, size_t pixels_size,
                    mkpdf_jpeg_info *info, char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    shim_error error;
    memset(info, 0, sizeof *info);
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = shim_fail;
    error.base.emit_message = shim_message;
    error.message = message;
    error.message_size = message_size;
    jpeg_create_decompress(&cinfo);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    if (shim_start(&cinfo, data, size, info, message, message_size) != 0 || pixels == NULL) {
        int status = pixels == NULL && info->components != 0 ? 0 : -1;
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    jpeg_start_decompress(&cinfo);
    size_t row_bytes = (size_t)cinfo.output_width * (size_t)cinfo.output_components;
    if (cinfo.output_components != info->components || row_bytes * (size_t)cinfo.output_height > pixels_size) {
        snprintf(message, message_size, "the decoded image (%u×%u, %d components) does not fit the buffer",
                 cinfo.output_width, cinfo.output_height, cinfo.output_components);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * row_bytes;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int mkpdf_jpeg_read_info(const unsigned char *data, size_t size, mkpdf_jpeg_info *info, char *message,
                         size_t message_size) {
    return shim_run(data, size, NULL, 0, info, message, message_size);
}

int mkpdf_jpeg_decode(const unsigned char *data, size_t size, unsigned char *pixels, size_t pixels_size,
                      mkpdf_jpeg_info *info, char *message, size_t message_size) {
    if (pixels == NULL) {
        snprintf(message, message_size, "no pixel buffer");
        return -1;
    }
    return shim_run(data, size, pixels, pixels_size, info, message, message_size);
}
