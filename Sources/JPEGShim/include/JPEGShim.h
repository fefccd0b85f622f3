// libjpeg's decoder behind two calls that return errors instead of longjmp-ing: libjpeg reports a corrupt file by
// calling error_exit, which must not return; here it longjmps back to a setjmp in this file, so the jump never
// crosses a Swift frame, and the message comes back as text.
#ifndef MKPDF_JPEG_SHIM_H
#define MKPDF_JPEG_SHIM_H

#include <stddef.h>

/// What the frame header says, and how the pixels come out of mkpdf_jpeg_decode.
typedef struct {
    /// Pixels across and down, as stored.
    int width;
    int height;
    /// Components per decoded pixel: 1 gray, 3 RGB (from YCbCr or RGB), 4 CMYK (from CMYK or YCCK).
    int components;
    /// 1 when an Adobe APP14 marker is present: a CMYK file's values are then stored inverted (Photoshop's way).
    int adobe;
    /// 1 for a progressive file.
    int progressive;
    /// Bits per sample (8 is all this library decodes).
    int precision;
} mkpdf_jpeg_info;

/// Reads the header of `size` bytes at `data` into `info`. Returns 0, or -1 with a message in `message`.
int mkpdf_jpeg_read_info(const unsigned char *data, size_t size, mkpdf_jpeg_info *info, char *message,
                         size_t message_size);

/// Decodes the whole image into `pixels` (width × height × components bytes, rows top to bottom). A warning
/// (corrupt or cut-short entropy data) fails like an error: no grey fill is passed off as the picture.
/// Returns 0, or -1 with a message in `message`.
int mkpdf_jpeg_decode(const unsigned char *data, size_t size, unsigned char *pixels, size_t pixels_size,
                      mkpdf_jpeg_info *info, char *message, size_t message_size);

#endif
