// HarfBuzz opened on first use instead of at start-up: the functions of HarfBuzz that Fonts calls, defined here under
// their own names (hidden in the executable), each forwarding to libharfbuzz.so.0 or libharfbuzz-subset.so.0 as
// dlopen finds them. The same pattern as CairoLoader.
//
// Why: libharfbuzz.so.0 brings GLib, PCRE2, Graphite2 and Brotli; loading and binding them cost every mkpdf run
// start-up time, runs that open no font included. Fonts calls mkpdf_harfbuzz_load_failure() before it opens a font
// (every other HarfBuzz call needs a face) and throws FontError if HarfBuzz is missing.

#define HB_EXTERN __attribute__((visibility("hidden"))) extern
#include <harfbuzz/hb-subset.h>
#include <harfbuzz/hb.h>

#include "HarfBuzzLoader.h"
#include "LibraryLoader.h"

#include <pthread.h>

// Every HarfBuzz function Fonts calls: VOID(name, parameters, arguments) or VALUE(type, name, parameters, arguments).
// A function missing here is a link error (undefined symbol), not a silent fallback.
#define MKPDF_HARFBUZZ_FUNCTIONS(VOID, VALUE) \
    VALUE(hb_blob_t *, hb_blob_create_from_file_or_fail, (const char *a), (a)) \
    VOID(hb_blob_destroy, (hb_blob_t *a), (a)) \
    VALUE(const char *, hb_blob_get_data, (hb_blob_t *a, unsigned int *b), (a, b)) \
    VALUE(unsigned int, hb_blob_get_length, (hb_blob_t *a), (a)) \
    VOID(hb_buffer_add_codepoints, \
        (hb_buffer_t *a, const hb_codepoint_t *b, int c, unsigned int d, int e), (a, b, c, d, e)) \
    VALUE(hb_buffer_t *, hb_buffer_create, (void), ()) \
    VOID(hb_buffer_destroy, (hb_buffer_t *a), (a)) \
    VALUE(hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t *a, unsigned int *b), (a, b)) \
    VALUE(hb_glyph_position_t *, hb_buffer_get_glyph_positions, (hb_buffer_t *a, unsigned int *b), (a, b)) \
    VOID(hb_buffer_guess_segment_properties, (hb_buffer_t *a), (a)) \
    VOID(hb_buffer_set_cluster_level, (hb_buffer_t *a, hb_buffer_cluster_level_t b), (a, b)) \
    VOID(hb_buffer_set_direction, (hb_buffer_t *a, hb_direction_t b), (a, b)) \
    VALUE(hb_bool_t, hb_face_builder_add_table, (hb_face_t *a, hb_tag_t b, hb_blob_t *c), (a, b, c)) \
    VALUE(hb_face_t *, hb_face_builder_create, (void), ()) \
    VOID(hb_face_collect_unicodes, (hb_face_t *a, hb_set_t *b), (a, b)) \
    VALUE(hb_face_t *, hb_face_create, (hb_blob_t *a, unsigned int b), (a, b)) \
    VOID(hb_face_destroy, (hb_face_t *a), (a)) \
    VALUE(unsigned int, hb_face_get_glyph_count, (const hb_face_t *a), (a)) \
    VALUE(unsigned int, hb_face_get_table_tags, \
        (const hb_face_t *a, unsigned int b, unsigned int *c, hb_tag_t *d), (a, b, c, d)) \
    VALUE(unsigned int, hb_face_get_upem, (const hb_face_t *a), (a)) \
    VOID(hb_face_make_immutable, (hb_face_t *a), (a)) \
    VALUE(hb_blob_t *, hb_face_reference_blob, (hb_face_t *a), (a)) \
    VALUE(hb_blob_t *, hb_face_reference_table, (const hb_face_t *a, hb_tag_t b), (a, b)) \
    VALUE(hb_bool_t, hb_feature_from_string, (const char *a, int b, hb_feature_t *c), (a, b, c)) \
    VALUE(hb_font_t *, hb_font_create, (hb_face_t *a), (a)) \
    VOID(hb_font_destroy, (hb_font_t *a), (a)) \
    VALUE(hb_position_t, hb_font_get_glyph_h_advance, (hb_font_t *a, hb_codepoint_t b), (a, b)) \
    VALUE(hb_bool_t, hb_font_get_h_extents, (hb_font_t *a, hb_font_extents_t *b), (a, b)) \
    VALUE(hb_bool_t, hb_font_get_nominal_glyph, (hb_font_t *a, hb_codepoint_t b, hb_codepoint_t *c), (a, b, c)) \
    VALUE(hb_bool_t, hb_font_get_variation_glyph, \
        (hb_font_t *a, hb_codepoint_t b, hb_codepoint_t c, hb_codepoint_t *d), (a, b, c, d)) \
    VOID(hb_font_make_immutable, (hb_font_t *a), (a)) \
    VALUE(hb_codepoint_t, hb_map_get, (const hb_map_t *a, hb_codepoint_t b), (a, b)) \
    VALUE(hb_bool_t, hb_ot_metrics_get_position, (hb_font_t *a, hb_ot_metrics_tag_t b, hb_position_t *c), (a, b, c)) \
    VALUE(unsigned int, hb_ot_name_get_utf8, \
        (hb_face_t *a, hb_ot_name_id_t b, hb_language_t c, unsigned int *d, char *e), (a, b, c, d, e)) \
    VOID(hb_set_add, (hb_set_t *a, hb_codepoint_t b), (a, b)) \
    VOID(hb_set_clear, (hb_set_t *a), (a)) \
    VALUE(hb_set_t *, hb_set_create, (void), ()) \
    VOID(hb_set_destroy, (hb_set_t *a), (a)) \
    VALUE(hb_bool_t, hb_set_next, (const hb_set_t *a, hb_codepoint_t *b), (a, b)) \
    VOID(hb_shape, (hb_font_t *a, hb_buffer_t *b, const hb_feature_t *c, unsigned int d), (a, b, c, d))

#define MKPDF_HARFBUZZ_SUBSET_FUNCTIONS(VOID, VALUE) \
    VALUE(hb_subset_input_t *, hb_subset_input_create_or_fail, (void), ()) \
    VOID(hb_subset_input_destroy, (hb_subset_input_t *a), (a)) \
    VALUE(hb_set_t *, hb_subset_input_glyph_set, (hb_subset_input_t *a), (a)) \
    VALUE(hb_set_t *, hb_subset_input_set, (hb_subset_input_t *a, hb_subset_sets_t b), (a, b)) \
    VOID(hb_subset_input_set_flags, (hb_subset_input_t *a, unsigned b), (a, b)) \
    VALUE(hb_set_t *, hb_subset_input_unicode_set, (hb_subset_input_t *a), (a)) \
    VALUE(hb_face_t *, hb_subset_or_fail, (hb_face_t *a, const hb_subset_input_t *b), (a, b)) \
    VALUE(hb_subset_plan_t *, hb_subset_plan_create_or_fail, (hb_face_t *a, const hb_subset_input_t *b), (a, b)) \
    VOID(hb_subset_plan_destroy, (hb_subset_plan_t *a), (a)) \
    VALUE(hb_face_t *, hb_subset_plan_execute_or_fail, (hb_subset_plan_t *a), (a)) \
    VALUE(const hb_map_t*, hb_subset_plan_old_to_new_glyph_mapping, (const hb_subset_plan_t *a), (a))

/// The functions as dlsym found them; written once inside `load`.
static struct {
    MKPDF_HARFBUZZ_FUNCTIONS(MKPDF_VOID_FIELD, MKPDF_VALUE_FIELD)
    MKPDF_HARFBUZZ_SUBSET_FUNCTIONS(MKPDF_VOID_FIELD, MKPDF_VALUE_FIELD)
} functions;

static pthread_once_t once = PTHREAD_ONCE_INIT;
/// Why HarfBuzz could not be loaded; empty once it is.
static char failure[512];

static void bind_function(void *library, const char *file, void **function, const char *name) {
    mkpdf_library_bind(library, file, function, name, failure, sizeof failure);
}

static void load(void) {
    void *library = mkpdf_library_open("libharfbuzz.so.0", failure, sizeof failure);
    void *subset = mkpdf_library_open("libharfbuzz-subset.so.0", failure, sizeof failure);
    if (failure[0] != 0) return;
#define MKPDF_VOID_BIND(name, parameters, arguments) \
    bind_function(library, "libharfbuzz.so.0", (void **)&functions.name, #name);
#define MKPDF_VALUE_BIND(type, name, parameters, arguments) \
    bind_function(library, "libharfbuzz.so.0", (void **)&functions.name, #name);
    MKPDF_HARFBUZZ_FUNCTIONS(MKPDF_VOID_BIND, MKPDF_VALUE_BIND)
#define MKPDF_VOID_BIND_SUBSET(name, parameters, arguments) \
    bind_function(subset, "libharfbuzz-subset.so.0", (void **)&functions.name, #name);
#define MKPDF_VALUE_BIND_SUBSET(type, name, parameters, arguments) \
    bind_function(subset, "libharfbuzz-subset.so.0", (void **)&functions.name, #name);
    MKPDF_HARFBUZZ_SUBSET_FUNCTIONS(MKPDF_VOID_BIND_SUBSET, MKPDF_VALUE_BIND_SUBSET)
}

const char *mkpdf_harfbuzz_load_failure(void) {
    pthread_once(&once, load);
    return failure[0] != 0 ? failure : NULL;
}

/// Every forwarding function's guard. Fonts checks `mkpdf_harfbuzz_load_failure()` before it opens a font, so this
/// stops the process only if a new caller skipped that check: a bug, said so, rather than a jump through NULL.
static void require(void) { mkpdf_library_require(mkpdf_harfbuzz_load_failure(), "HarfBuzz"); }

MKPDF_HARFBUZZ_FUNCTIONS(MKPDF_VOID_FORWARD, MKPDF_VALUE_FORWARD)
MKPDF_HARFBUZZ_SUBSET_FUNCTIONS(MKPDF_VOID_FORWARD, MKPDF_VALUE_FORWARD)
