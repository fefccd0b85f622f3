// cairo opened on first use instead of at start-up: the functions of cairo that Render calls, defined here under
// their own names (hidden in the executable), each forwarding to libcairo.so.2 as dlopen finds it.
//
// Why: libcairo.so.2 brings pixman, fontconfig, expat, X11, xcb, Xrender and more; loading and binding them cost
// every mkpdf run start-up time, PDF-only ones included (the one-shot `mkpdf ticket` never draws with cairo).
// Render calls mkpdf_cairo_load_failure() before its first cairo call and throws RenderError if cairo is missing.

#define cairo_public __attribute__((visibility("hidden")))
#include <cairo/cairo.h>

#include "CairoLoader.h"
#include "LibraryLoader.h"

#include <pthread.h>

// Every cairo function Render calls: VOID(name, parameters, arguments) or VALUE(type, name, parameters, arguments).
// A function missing here is a link error (undefined symbol), not a silent fallback.
#define MKPDF_CAIRO_FUNCTIONS(VOID, VALUE) \
    VOID(cairo_arc, (cairo_t *a, double b, double c, double d, double e, double f), (a, b, c, d, e, f)) \
    VOID(cairo_append_path, (cairo_t *a, const cairo_path_t *b), (a, b)) \
    VOID(cairo_clip, (cairo_t *a), (a)) \
    VOID(cairo_close_path, (cairo_t *a), (a)) \
    VALUE(cairo_path_t *, cairo_copy_path, (cairo_t *a), (a)) \
    VALUE(cairo_t *, cairo_create, (cairo_surface_t *a), (a)) \
    VOID(cairo_curve_to, (cairo_t *a, double b, double c, double d, double e, double f, double g), \
        (a, b, c, d, e, f, g)) \
    VOID(cairo_destroy, (cairo_t *a), (a)) \
    VOID(cairo_device_to_user, (cairo_t *a, double *b, double *c), (a, b, c)) \
    VOID(cairo_fill, (cairo_t *a), (a)) \
    VOID(cairo_fill_preserve, (cairo_t *a), (a)) \
    VOID(cairo_font_face_destroy, (cairo_font_face_t *a), (a)) \
    VALUE(cairo_status_t, cairo_font_face_set_user_data, \
        (cairo_font_face_t *a, const cairo_user_data_key_t *b, void *c, cairo_destroy_func_t d), (a, b, c, d)) \
    VALUE(cairo_font_options_t *, cairo_font_options_create, (void), ()) \
    VOID(cairo_font_options_destroy, (cairo_font_options_t *a), (a)) \
    VOID(cairo_font_options_set_antialias, (cairo_font_options_t *a, cairo_antialias_t b), (a, b)) \
    VOID(cairo_font_options_set_hint_metrics, (cairo_font_options_t *a, cairo_hint_metrics_t b), (a, b)) \
    VOID(cairo_font_options_set_hint_style, (cairo_font_options_t *a, cairo_hint_style_t b), (a, b)) \
    VOID(cairo_get_matrix, (cairo_t *a, cairo_matrix_t *b), (a, b)) \
    VALUE(cairo_pattern_t *, cairo_get_source, (cairo_t *a), (a)) \
    VOID(cairo_identity_matrix, (cairo_t *a), (a)) \
    VALUE(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t a, int b, int c), (a, b, c)) \
    VALUE(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *a), (a)) \
    VALUE(int, cairo_image_surface_get_stride, (cairo_surface_t *a), (a)) \
    VOID(cairo_line_to, (cairo_t *a, double b, double c), (a, b, c)) \
    VOID(cairo_move_to, (cairo_t *a, double b, double c), (a, b, c)) \
    VOID(cairo_new_path, (cairo_t *a), (a)) \
    VOID(cairo_new_sub_path, (cairo_t *a), (a)) \
    VOID(cairo_path_destroy, (cairo_path_t *a), (a)) \
    VOID(cairo_pattern_set_extend, (cairo_pattern_t *a, cairo_extend_t b), (a, b)) \
    VOID(cairo_pattern_set_filter, (cairo_pattern_t *a, cairo_filter_t b), (a, b)) \
    VOID(cairo_rectangle, (cairo_t *a, double b, double c, double d, double e), (a, b, c, d, e)) \
    VOID(cairo_restore, (cairo_t *a), (a)) \
    VOID(cairo_rotate, (cairo_t *a, double b), (a, b)) \
    VOID(cairo_save, (cairo_t *a), (a)) \
    VOID(cairo_scale, (cairo_t *a, double b, double c), (a, b, c)) \
    VOID(cairo_set_antialias, (cairo_t *a, cairo_antialias_t b), (a, b)) \
    VOID(cairo_set_font_face, (cairo_t *a, cairo_font_face_t *b), (a, b)) \
    VOID(cairo_set_font_options, (cairo_t *a, const cairo_font_options_t *b), (a, b)) \
    VOID(cairo_set_font_size, (cairo_t *a, double b), (a, b)) \
    VOID(cairo_set_line_cap, (cairo_t *a, cairo_line_cap_t b), (a, b)) \
    VOID(cairo_set_line_width, (cairo_t *a, double b), (a, b)) \
    VOID(cairo_set_matrix, (cairo_t *a, const cairo_matrix_t *b), (a, b)) \
    VOID(cairo_set_source_rgba, (cairo_t *a, double b, double c, double d, double e), (a, b, c, d, e)) \
    VOID(cairo_set_source_surface, (cairo_t *a, cairo_surface_t *b, double c, double d), (a, b, c, d)) \
    VOID(cairo_show_glyphs, (cairo_t *a, const cairo_glyph_t *b, int c), (a, b, c)) \
    VALUE(cairo_status_t, cairo_status, (cairo_t *a), (a)) \
    VALUE(const char *, cairo_status_to_string, (cairo_status_t a), (a)) \
    VOID(cairo_stroke, (cairo_t *a), (a)) \
    VOID(cairo_stroke_preserve, (cairo_t *a), (a)) \
    VOID(cairo_surface_destroy, (cairo_surface_t *a), (a)) \
    VOID(cairo_surface_flush, (cairo_surface_t *a), (a)) \
    VOID(cairo_surface_mark_dirty, (cairo_surface_t *a), (a)) \
    VALUE(cairo_status_t, cairo_surface_status, (cairo_surface_t *a), (a)) \
    VOID(cairo_transform, (cairo_t *a, const cairo_matrix_t *b), (a, b)) \
    VOID(cairo_translate, (cairo_t *a, double b, double c), (a, b, c)) \
    VOID(cairo_user_to_device, (cairo_t *a, double *b, double *c), (a, b, c)) \
    VOID(cairo_user_to_device_distance, (cairo_t *a, double *b, double *c), (a, b, c))

/// The functions as dlsym found them; written once inside `load`.
static struct {
    MKPDF_CAIRO_FUNCTIONS(MKPDF_VOID_FIELD, MKPDF_VALUE_FIELD)
} functions;

/// FreeType's functions and cairo-ft's, found through libcairo.so.2 (dlsym searches a library's dependencies too), so
/// FreeType and the Brotli libraries it needs are not loaded at start-up either. Declared here with FreeType's handles
/// as untyped pointers (FT_Library and FT_Face are pointers, FT_Error an int, FT_Long a long), so no FreeType header
/// is needed, and none of FreeType's include path.
static struct {
    int (*FT_Init_FreeType)(void **library);
    int (*FT_New_Face)(void *library, const char *path, long index, void **face);
    int (*FT_Done_Face)(void *face);
    cairo_font_face_t *(*cairo_ft_font_face_create_for_ft_face)(void *face, int load_flags);
} freetype;

static pthread_once_t once = PTHREAD_ONCE_INIT;
/// Why cairo could not be loaded; empty once it is.
static char failure[512];

static void bind_function(void *library, void **function, const char *name) {
    mkpdf_library_bind(library, "libcairo.so.2", function, name, failure, sizeof failure);
}

static void load(void) {
    void *library = mkpdf_library_open("libcairo.so.2", failure, sizeof failure);
    if (library == NULL) return;
#define MKPDF_VOID_BIND(name, parameters, arguments) bind_function(library, (void **)&functions.name, #name);
#define MKPDF_VALUE_BIND(type, name, parameters, arguments) bind_function(library, (void **)&functions.name, #name);
    MKPDF_CAIRO_FUNCTIONS(MKPDF_VOID_BIND, MKPDF_VALUE_BIND)
    bind_function(library, (void **)&freetype.FT_Init_FreeType, "FT_Init_FreeType");
    bind_function(library, (void **)&freetype.FT_New_Face, "FT_New_Face");
    bind_function(library, (void **)&freetype.FT_Done_Face, "FT_Done_Face");
    bind_function(
        library, (void **)&freetype.cairo_ft_font_face_create_for_ft_face, "cairo_ft_font_face_create_for_ft_face");
}

const char *mkpdf_cairo_load_failure(void) {
    pthread_once(&once, load);
    return failure[0] != 0 ? failure : NULL;
}

/// Every forwarding function's guard. Render checks `mkpdf_cairo_load_failure()` before its first cairo call, so
/// this stops the process only if a new caller skipped that check: a bug, said so, rather than a jump through NULL.
static void require(void) { mkpdf_library_require(mkpdf_cairo_load_failure(), "cairo"); }

MKPDF_CAIRO_FUNCTIONS(MKPDF_VOID_FORWARD, MKPDF_VALUE_FORWARD)

int mkpdf_ft_init_library(void **library) {
    require();
    return freetype.FT_Init_FreeType(library);
}

int mkpdf_ft_new_face(void *library, const char *path, long index, void **face) {
    require();
    return freetype.FT_New_Face(library, path, index, face);
}

void mkpdf_ft_done_face(void *face) {
    require();
    freetype.FT_Done_Face(face);
}

cairo_font_face_t *mkpdf_cairo_ft_font_face_create(void *face, int load_flags) {
    require();
    return freetype.cairo_ft_font_face_create_for_ft_face(face, load_flags);
}
