// libHaru opened on first use instead of at start-up: the functions of libHaru that Haru calls, defined here under
// their own names (hidden in the executable), each forwarding to libhpdf-2.3.0.so as dlopen finds it. The same
// pattern as CairoLoader, HarfBuzzLoader and ZintLoader.
//
// Why: libhpdf-2.3.0.so is linked with immediate binding, so loading it resolved all its symbols at every start,
// runs that write no PDF (`--version`, `--help`, PNG output, `validate`) included. Haru calls
// mkpdf_haru_load_failure() before it creates a document (every other libHaru call needs one) and throws HaruError
// if libHaru is missing.

// The C library's and zlib's headers first: the visibility below applies to libHaru's declarations only.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "HaruLoader.h"
#include "LibraryLoader.h"

// libHaru declares its functions plain `extern`: hidden from here on, so that the executable never exports the
// forwarding functions and libHaru's own calls between its functions cannot bind to them.
#pragma GCC visibility push(hidden)
#include <hpdf.h>
#include <hpdf_doc.h>
#include <hpdf_mmgr.h>
#include <hpdf_objects.h>
#include <hpdf_pages.h>
#include <hpdf_streams.h>

// Every libHaru function Haru calls: VOID(name, parameters, arguments) or VALUE(type, name, parameters, arguments).
// A function missing here is a link error (undefined symbol), not a silent fallback.
#define MKPDF_HARU_FUNCTIONS(VOID, VALUE) \
    VALUE(HPDF_Page, HPDF_AddPage, (HPDF_Doc a), (a)) \
    VALUE(HPDF_STATUS, HPDF_AddPageLabel, \
        (HPDF_Doc a, HPDF_UINT b, HPDF_PageNumStyle c, HPDF_UINT d, const char *e), (a, b, c, d, e)) \
    VALUE(HPDF_STATUS, HPDF_Array_Add, (HPDF_Array a, void *b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Array_AddName, (HPDF_Array a, const char *b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Array_AddNumber, (HPDF_Array a, HPDF_INT32 b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Array_AddReal, (HPDF_Array a, HPDF_REAL b), (a, b)) \
    VALUE(void*, HPDF_Array_GetItem, (HPDF_Array a, HPDF_UINT b, HPDF_UINT16 c), (a, b, c)) \
    VALUE(HPDF_Array, HPDF_Array_New, (HPDF_MMgr a), (a)) \
    VALUE(HPDF_Binary, HPDF_Binary_New, (HPDF_MMgr a, HPDF_BYTE *b, HPDF_UINT c), (a, b, c)) \
    VALUE(HPDF_Boolean, HPDF_Boolean_New, (HPDF_MMgr a, HPDF_BOOL b), (a, b)) \
    VALUE(HPDF_Stream, HPDF_CallbackWriter_New, (HPDF_MMgr a, HPDF_Stream_Write_Func b, void *c), (a, b, c)) \
    VALUE(HPDF_ExtGState, HPDF_CreateExtGState, (HPDF_Doc a), (a)) \
    VALUE(HPDF_Outline, HPDF_CreateOutline, \
        (HPDF_Doc a, HPDF_Outline b, const char *c, HPDF_Encoder d), (a, b, c, d)) \
    VALUE(HPDF_STATUS, HPDF_Destination_SetXYZ, \
        (HPDF_Destination a, HPDF_REAL b, HPDF_REAL c, HPDF_REAL d), (a, b, c, d)) \
    VALUE(HPDF_Dict, HPDF_DictStream_New, (HPDF_MMgr a, HPDF_Xref b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Dict_Add, (HPDF_Dict a, const char *b, void *c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_Dict_AddBoolean, (HPDF_Dict a, const char *b, HPDF_BOOL c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_Dict_AddName, (HPDF_Dict a, const char *b, const char *c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_Dict_AddNumber, (HPDF_Dict a, const char *b, HPDF_INT32 c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_Dict_AddReal, (HPDF_Dict a, const char *b, HPDF_REAL c), (a, b, c)) \
    VALUE(void*, HPDF_Dict_GetItem, (HPDF_Dict a, const char *b, HPDF_UINT16 c), (a, b, c)) \
    VALUE(HPDF_Dict, HPDF_Dict_New, (HPDF_MMgr a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Dict_RemoveElement, (HPDF_Dict a, const char *b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Error_GetCode, (HPDF_Error a), (a)) \
    VALUE(HPDF_STATUS, HPDF_ExtGState_SetAlphaFill, (HPDF_ExtGState a, HPDF_REAL b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_ExtGState_SetAlphaStroke, (HPDF_ExtGState a, HPDF_REAL b), (a, b)) \
    VALUE(HPDF_TextWidth, HPDF_Font_TextWidth, (HPDF_Font a, const HPDF_BYTE *b, HPDF_UINT c), (a, b, c)) \
    VOID(HPDF_Free, (HPDF_Doc a), (a)) \
    VOID(HPDF_FreeMem, (HPDF_MMgr a, void *b), (a, b)) \
    VALUE(HPDF_Encoder, HPDF_GetCurrentEncoder, (HPDF_Doc a), (a)) \
    VALUE(HPDF_Encoder, HPDF_GetEncoder, (HPDF_Doc a, const char *b), (a, b)) \
    VALUE(HPDF_Font, HPDF_GetFont, (HPDF_Doc a, const char *b, const char *c), (a, b, c)) \
    VALUE(HPDF_FontDef, HPDF_GetFontDef, (HPDF_Doc a, const char *b), (a, b)) \
    VALUE(void*, HPDF_GetMem, (HPDF_MMgr a, HPDF_UINT b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Image_AddSMask, (HPDF_Image a, HPDF_Image b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_LinkAnnot_SetBorderStyle, \
        (HPDF_Annotation a, HPDF_REAL b, HPDF_UINT16 c, HPDF_UINT16 d), (a, b, c, d)) \
    VALUE(HPDF_STATUS, HPDF_List_Add, (HPDF_List a, void *b), (a, b)) \
    VALUE(HPDF_Image, HPDF_LoadJpegImageFromMem, (HPDF_Doc a, const HPDF_BYTE *b, HPDF_UINT c), (a, b, c)) \
    VALUE(HPDF_Image, HPDF_LoadRawImageFromMem, \
        (HPDF_Doc a, const HPDF_BYTE *b, HPDF_UINT c, HPDF_UINT d, HPDF_ColorSpace e, HPDF_UINT f), \
        (a, b, c, d, e, f)) \
    VALUE(const char*, HPDF_LoadTTFontFromFile, (HPDF_Doc a, const char *b, HPDF_BOOL c), (a, b, c)) \
    VALUE(HPDF_UINT, HPDF_MemStream_GetBufCount, (HPDF_Stream a), (a)) \
    VALUE(HPDF_BYTE*, HPDF_MemStream_GetBufPtr, (HPDF_Stream a, HPDF_UINT b, HPDF_UINT *c), (a, b, c)) \
    VALUE(HPDF_Stream, HPDF_MemStream_New, (HPDF_MMgr a, HPDF_UINT b), (a, b)) \
    VALUE(HPDF_Name, HPDF_Name_New, (HPDF_MMgr a, const char *b), (a, b)) \
    VALUE(HPDF_Doc, HPDF_New, (HPDF_Error_Handler a, void *b), (a, b)) \
    VALUE(HPDF_Number, HPDF_Number_New, (HPDF_MMgr a, HPDF_INT32 b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Outline_SetOpened, (HPDF_Outline a, HPDF_BOOL b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Page_Arc, \
        (HPDF_Page a, HPDF_REAL b, HPDF_REAL c, HPDF_REAL d, HPDF_REAL e, HPDF_REAL f), (a, b, c, d, e, f)) \
    VALUE(HPDF_STATUS, HPDF_Page_BeginText, (HPDF_Page a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Page_Circle, (HPDF_Page a, HPDF_REAL b, HPDF_REAL c, HPDF_REAL d), (a, b, c, d)) \
    VALUE(HPDF_STATUS, HPDF_Page_Clip, (HPDF_Page a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Page_ClosePath, (HPDF_Page a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Page_Concat, \
        (HPDF_Page a, HPDF_REAL b, HPDF_REAL c, HPDF_REAL d, HPDF_REAL e, HPDF_REAL f, HPDF_REAL g), \
        (a, b, c, d, e, f, g)) \
    VALUE(HPDF_Destination, HPDF_Page_CreateDestination, (HPDF_Page a), (a)) \
    VALUE(HPDF_Annotation, HPDF_Page_CreateLinkAnnot, (HPDF_Page a, HPDF_Rect b, HPDF_Destination c), (a, b, c)) \
    VALUE(HPDF_Annotation, HPDF_Page_CreateURILinkAnnot, (HPDF_Page a, HPDF_Rect b, const char *c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_Page_CurveTo, \
        (HPDF_Page a, HPDF_REAL b, HPDF_REAL c, HPDF_REAL d, HPDF_REAL e, HPDF_REAL f, HPDF_REAL g), \
        (a, b, c, d, e, f, g)) \
    VALUE(HPDF_STATUS, HPDF_Page_DrawImage, \
        (HPDF_Page a, HPDF_Image b, HPDF_REAL c, HPDF_REAL d, HPDF_REAL e, HPDF_REAL f), (a, b, c, d, e, f)) \
    VALUE(HPDF_STATUS, HPDF_Page_Ellipse, \
        (HPDF_Page a, HPDF_REAL b, HPDF_REAL c, HPDF_REAL d, HPDF_REAL e), (a, b, c, d, e)) \
    VALUE(HPDF_STATUS, HPDF_Page_EndPath, (HPDF_Page a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Page_EndText, (HPDF_Page a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Page_Fill, (HPDF_Page a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Page_FillStroke, (HPDF_Page a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Page_GRestore, (HPDF_Page a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Page_GSave, (HPDF_Page a), (a)) \
    VALUE(HPDF_UINT16, HPDF_Page_GetGMode, (HPDF_Page a), (a)) \
    VALUE(const char*, HPDF_Page_GetLocalFontName, (HPDF_Page a, HPDF_Font b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Page_LineTo, (HPDF_Page a, HPDF_REAL b, HPDF_REAL c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_Page_MoveTo, (HPDF_Page a, HPDF_REAL b, HPDF_REAL c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_Page_Rectangle, \
        (HPDF_Page a, HPDF_REAL b, HPDF_REAL c, HPDF_REAL d, HPDF_REAL e), (a, b, c, d, e)) \
    VALUE(HPDF_STATUS, HPDF_Page_SetDash, \
        (HPDF_Page a, const HPDF_UINT16 *b, HPDF_UINT c, HPDF_UINT d), (a, b, c, d)) \
    VALUE(HPDF_STATUS, HPDF_Page_SetExtGState, (HPDF_Page a, HPDF_ExtGState b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Page_SetFontAndSize, (HPDF_Page a, HPDF_Font b, HPDF_REAL c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_Page_SetHeight, (HPDF_Page a, HPDF_REAL b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Page_SetLineCap, (HPDF_Page a, HPDF_LineCap b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Page_SetLineJoin, (HPDF_Page a, HPDF_LineJoin b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Page_SetLineWidth, (HPDF_Page a, HPDF_REAL b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Page_SetRGBFill, (HPDF_Page a, HPDF_REAL b, HPDF_REAL c, HPDF_REAL d), (a, b, c, d)) \
    VALUE(HPDF_STATUS, HPDF_Page_SetWidth, (HPDF_Page a, HPDF_REAL b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_Page_Stroke, (HPDF_Page a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Page_TextOut, (HPDF_Page a, HPDF_REAL b, HPDF_REAL c, const char *d), (a, b, c, d)) \
    VOID(HPDF_ResetError, (HPDF_Doc a), (a)) \
    VALUE(HPDF_STATUS, HPDF_SaveToStream, (HPDF_Doc a), (a)) \
    VALUE(HPDF_STATUS, HPDF_SetCompressionMode, (HPDF_Doc a, HPDF_UINT b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_SetCurrentEncoder, (HPDF_Doc a, const char *b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_SetEncryptionMode, (HPDF_Doc a, HPDF_EncryptMode b, HPDF_UINT c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_SetInfoAttr, (HPDF_Doc a, HPDF_InfoType b, const char *c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_SetInfoDateAttr, (HPDF_Doc a, HPDF_InfoType b, HPDF_Date c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_SetPassword, (HPDF_Doc a, const char *b, const char *c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_SetPermission, (HPDF_Doc a, HPDF_UINT b), (a, b)) \
    VOID(HPDF_Stream_Free, (HPDF_Stream a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Stream_Write, (HPDF_Stream a, const HPDF_BYTE *b, HPDF_UINT c), (a, b, c)) \
    VALUE(HPDF_STATUS, HPDF_Stream_WriteStr, (HPDF_Stream a, const char *b), (a, b)) \
    VALUE(HPDF_String, HPDF_String_New, (HPDF_MMgr a, const char *b, HPDF_Encoder c), (a, b, c)) \
    VALUE(HPDF_UINT16, HPDF_TTFontDef_GetGlyphid, (HPDF_FontDef a, HPDF_UINT16 b), (a, b)) \
    VALUE(HPDF_STATUS, HPDF_UseJPEncodings, (HPDF_Doc a), (a)) \
    VALUE(HPDF_STATUS, HPDF_UseJPFonts, (HPDF_Doc a), (a)) \
    VALUE(HPDF_STATUS, HPDF_UseUTFEncodings, (HPDF_Doc a), (a)) \
    VALUE(HPDF_STATUS, HPDF_Xref_Add, (HPDF_Xref a, void *b), (a, b))

// The table, `mkpdf_haru_load_failure` and the forwarding functions. Haru checks it before it creates a document;
// their guard stops the process only if a new caller skipped that check: a bug, said so, rather than a jump through
// NULL.
MKPDF_SINGLE_LIBRARY_LOADER(MKPDF_HARU_FUNCTIONS, "libhpdf-2.3.0.so", mkpdf_haru_load_failure, "libHaru")

#pragma GCC visibility pop
