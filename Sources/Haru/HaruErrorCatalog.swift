// The table of libHaru 2.3.0 error codes, taken from /usr/include/hpdf_error.h, with an English description each.

/// Every error code libHaru 2.3.0 can raise, with its symbolic name and what it means.
///
/// libHaru reports errors as bare numbers; a message that says `HPDF_INVALID_FONT_NAME` and why is what a reader
/// can act on.
enum HaruErrorCatalog {
    /// The symbolic name and description of `code`, or nil for a number libHaru does not define.
    static func entry(for code: UInt32) -> (name: String, summary: String)? {
        entries[code]
    }

    private static let entries: [UInt32: (name: String, summary: String)] = [
        0x1001: ("HPDF_ARRAY_COUNT_ERR", "Internal error: an array holds too many items."),
        0x1002: ("HPDF_ARRAY_ITEM_NOT_FOUND", "Internal error: an array item was not found."),
        0x1003: ("HPDF_ARRAY_ITEM_UNEXPECTED_TYPE", "Internal error: an array item has an unexpected type."),
        0x1004: ("HPDF_BINARY_LENGTH_ERR", "The length of binary data is invalid."),
        0x1005: ("HPDF_CANNOT_GET_PALLET", "Cannot get the palette data from a PNG image."),
        0x1007: ("HPDF_DICT_COUNT_ERR", "Internal error: a dictionary holds too many items."),
        0x1008: ("HPDF_DICT_ITEM_NOT_FOUND", "Internal error: a dictionary item was not found."),
        0x1009: ("HPDF_DICT_ITEM_UNEXPECTED_TYPE", "Internal error: a dictionary item has an unexpected type."),
        0x100A: ("HPDF_DICT_STREAM_LENGTH_NOT_FOUND", "Internal error: a stream dictionary has no length."),
        0x100B: (
            "HPDF_DOC_ENCRYPTDICT_NOT_FOUND",
            "Encryption was configured before a password was set (set the passwords first)."
        ),
        0x100C: ("HPDF_DOC_INVALID_OBJECT", "Internal error: the document holds an invalid object."),
        0x100E: ("HPDF_DUPLICATE_REGISTRATION", "A font with the same name is already registered."),
        0x100F: (
            "HPDF_EXCEED_JWW_CODE_NUM_LIMIT", "Cannot register a character to the Japanese word-wrap characters list."
        ),
        0x1011: (
            "HPDF_ENCRYPT_INVALID_PASSWORD",
            "Invalid password: the owner password is empty or equals the user password."
        ),
        0x1013: ("HPDF_ERR_UNKNOWN_CLASS", "Internal error: an object of an unknown class."),
        0x1014: ("HPDF_EXCEED_GSTATE_LIMIT", "Too many nested graphics-state saves (gsave depth limit exceeded)."),
        0x1015: ("HPDF_FAILD_TO_ALLOC_MEM", "Memory allocation failed."),
        0x1016: ("HPDF_FILE_IO_ERROR", "File input/output failed."),
        0x1017: ("HPDF_FILE_OPEN_ERROR", "Cannot open the file."),
        0x1019: ("HPDF_FONT_EXISTS", "A font with the same name is already loaded."),
        0x101A: ("HPDF_FONT_INVALID_WIDTHS_TABLE", "The font's widths table is invalid."),
        0x101B: ("HPDF_INVALID_AFM_HEADER", "The AFM file's header is invalid."),
        0x101C: ("HPDF_INVALID_ANNOTATION", "The annotation handle is invalid."),
        0x101E: ("HPDF_INVALID_BIT_PER_COMPONENT", "The image's bits per component is invalid."),
        0x101F: ("HPDF_INVALID_CHAR_MATRICS_DATA", "The AFM file's character metrics are invalid."),
        0x1020: ("HPDF_INVALID_COLOR_SPACE", "The colour space is invalid."),
        0x1021: ("HPDF_INVALID_COMPRESSION_MODE", "The compression mode is invalid."),
        0x1022: ("HPDF_INVALID_DATE_TIME", "The date or time is out of range."),
        0x1023: ("HPDF_INVALID_DESTINATION", "The destination handle is invalid."),
        0x1025: ("HPDF_INVALID_DOCUMENT", "The document handle is invalid or carries an earlier, unreset error."),
        0x1026: ("HPDF_INVALID_DOCUMENT_STATE", "The document is in a state that does not allow this operation."),
        0x1027: ("HPDF_INVALID_ENCODER", "The encoder handle is invalid."),
        0x1028: ("HPDF_INVALID_ENCODER_TYPE", "The encoder type does not fit the font."),
        0x102B: (
            "HPDF_INVALID_ENCODING_NAME",
            "The encoding name is not known to libHaru (or its fonts/encodings were not enabled)."
        ),
        0x102C: ("HPDF_INVALID_ENCRYPT_KEY_LEN", "The encryption key length is invalid (R3 takes 5 to 16 bytes)."),
        0x102D: ("HPDF_INVALID_FONTDEF_DATA", "The font definition data is invalid."),
        0x102E: ("HPDF_INVALID_FONTDEF_TYPE", "Internal error: the font definition type is invalid."),
        0x102F: ("HPDF_INVALID_FONT_NAME", "The font name is not known to libHaru."),
        0x1030: ("HPDF_INVALID_IMAGE", "The image data is invalid."),
        0x1031: ("HPDF_INVALID_JPEG_DATA", "The JPEG data is invalid."),
        0x1032: ("HPDF_INVALID_N_DATA", "Cannot read an N-type value from the stream."),
        0x1033: ("HPDF_INVALID_OBJECT", "The object handle is invalid."),
        0x1034: ("HPDF_INVALID_OBJ_ID", "Internal error: an object id is invalid."),
        0x1035: ("HPDF_INVALID_OPERATION", "The operation is not valid here."),
        0x1036: ("HPDF_INVALID_OUTLINE", "The outline handle is invalid."),
        0x1037: ("HPDF_INVALID_PAGE", "The page handle is invalid."),
        0x1038: ("HPDF_INVALID_PAGES", "The pages handle is invalid."),
        0x1039: ("HPDF_INVALID_PARAMETER", "A parameter is invalid."),
        0x103B: ("HPDF_INVALID_PNG_IMAGE", "The PNG image is invalid."),
        0x103C: ("HPDF_INVALID_STREAM", "Internal error: the stream is invalid."),
        0x103D: ("HPDF_MISSING_FILE_NAME_ENTRY", "Internal error: the file name entry is missing."),
        0x103F: ("HPDF_INVALID_TTC_FILE", "The TrueType collection file is invalid."),
        0x1040: ("HPDF_INVALID_TTC_INDEX", "The index into the TrueType collection is out of range."),
        0x1041: ("HPDF_INVALID_WX_DATA", "Cannot read a width value from the AFM file."),
        0x1042: ("HPDF_ITEM_NOT_FOUND", "The item was not found."),
        0x1043: ("HPDF_LIBPNG_ERROR", "libpng reported an error while loading a PNG image."),
        0x1044: ("HPDF_NAME_INVALID_VALUE", "A PDF name is invalid."),
        0x1045: ("HPDF_NAME_OUT_OF_RANGE", "A PDF name is too long."),
        0x1048: (
            "HPDF_PAGE_INVALID_PARAM_COUNT", "The number of parameters is invalid (e.g. a dash pattern longer than 8)."
        ),
        0x1049: ("HPDF_PAGES_MISSING_KIDS_ENTRY", "Internal error: the pages object has no kids."),
        0x104A: ("HPDF_PAGE_CANNOT_FIND_OBJECT", "Internal error: the page object was not found."),
        0x104B: ("HPDF_PAGE_CANNOT_GET_ROOT_PAGES", "Internal error: the root pages object was not found."),
        0x104C: (
            "HPDF_PAGE_CANNOT_RESTORE_GSTATE", "There is no saved graphics state to restore (unbalanced restore)."
        ),
        0x104D: ("HPDF_PAGE_CANNOT_SET_PARENT", "Internal error: cannot set the page's parent."),
        0x104E: (
            "HPDF_PAGE_FONT_NOT_FOUND", "No font is set on the page (set a font before showing or measuring text)."
        ),
        0x104F: ("HPDF_PAGE_INVALID_FONT", "The font handle is invalid."),
        0x1050: ("HPDF_PAGE_INVALID_FONT_SIZE", "The font size is invalid (must be greater than 0 and at most 300)."),
        0x1051: (
            "HPDF_PAGE_INVALID_GMODE",
            "The operation is not allowed in the page's current graphics mode (path or text object open)."
        ),
        0x1052: ("HPDF_PAGE_INVALID_INDEX", "Internal error: the page index is invalid."),
        0x1053: ("HPDF_PAGE_INVALID_ROTATE_VALUE", "The page rotation is not a multiple of 90 degrees."),
        0x1054: ("HPDF_PAGE_INVALID_SIZE", "The page size is out of range (3 to 14400 points)."),
        0x1055: ("HPDF_PAGE_INVALID_XOBJECT", "The image (XObject) handle is invalid."),
        0x1056: ("HPDF_PAGE_OUT_OF_RANGE", "The value is out of range."),
        0x1057: ("HPDF_REAL_OUT_OF_RANGE", "A real number is out of range."),
        0x1058: ("HPDF_STREAM_EOF", "Unexpected end of stream."),
        0x1059: ("HPDF_STREAM_READLN_CONTINUE", "Internal error: a stream line is longer than the buffer."),
        0x105B: ("HPDF_STRING_OUT_OF_RANGE", "The text is too long."),
        0x105C: ("HPDF_THIS_FUNC_WAS_SKIPPED", "The function was skipped because of an earlier error."),
        0x105D: ("HPDF_TTF_CANNOT_EMBEDDING_FONT", "The TrueType font's licence does not allow embedding."),
        0x105E: ("HPDF_TTF_INVALID_CMAP", "The TrueType font has no usable cmap table."),
        0x105F: ("HPDF_TTF_INVALID_FOMAT", "The file is not a TrueType font libHaru can read."),
        0x1060: ("HPDF_TTF_MISSING_TABLE", "The TrueType font lacks a required table."),
        0x1061: ("HPDF_UNSUPPORTED_FONT_TYPE", "The font type is not supported."),
        0x1062: (
            "HPDF_UNSUPPORTED_FUNC",
            "The function is not supported (libHaru may be built without it, e.g. without zlib or libpng)."
        ),
        0x1063: ("HPDF_UNSUPPORTED_JPEG_FORMAT", "The JPEG format is not supported."),
        0x1064: ("HPDF_UNSUPPORTED_TYPE1_FONT", "The Type 1 font cannot be read."),
        0x1065: ("HPDF_XREF_COUNT_ERR", "Internal error: the cross-reference table is too large."),
        0x1066: ("HPDF_ZLIB_ERROR", "zlib failed while compressing data."),
        0x1067: ("HPDF_INVALID_PAGE_INDEX", "The page index is out of range."),
        0x1068: ("HPDF_INVALID_URI", "The URI is invalid."),
        0x1069: ("HPDF_PAGE_LAYOUT_OUT_OF_RANGE", "The page layout value is out of range."),
        0x1070: ("HPDF_PAGE_MODE_OUT_OF_RANGE", "The page mode value is out of range."),
        0x1071: ("HPDF_PAGE_NUM_STYLE_OUT_OF_RANGE", "The page-number style is out of range."),
        0x1072: ("HPDF_ANNOT_INVALID_ICON", "The annotation icon is invalid."),
        0x1073: ("HPDF_ANNOT_INVALID_BORDER_STYLE", "The annotation border style is invalid."),
        0x1074: ("HPDF_PAGE_INVALID_DIRECTION", "The page direction (orientation) is invalid."),
        0x1075: ("HPDF_INVALID_FONT", "The font handle is invalid."),
        0x1076: ("HPDF_PAGE_INSUFFICIENT_SPACE", "There is not enough space on the page for the text."),
        0x1077: ("HPDF_PAGE_INVALID_DISPLAY_TIME", "The slide-show display time is invalid."),
        0x1078: ("HPDF_PAGE_INVALID_TRANSITION_TIME", "The slide-show transition time is invalid."),
        0x1079: ("HPDF_INVALID_PAGE_SLIDESHOW_TYPE", "The slide-show type is invalid."),
        0x1080: (
            "HPDF_EXT_GSTATE_OUT_OF_RANGE", "The extended graphics-state value is out of range (alpha must be 0 to 1)."
        ),
        0x1081: ("HPDF_INVALID_EXT_GSTATE", "The extended graphics-state handle is invalid."),
        0x1082: ("HPDF_EXT_GSTATE_READ_ONLY", "The extended graphics state is already in use and cannot be changed."),
        0x1083: ("HPDF_INVALID_U3D_DATA", "The U3D data is invalid."),
        0x1084: ("HPDF_NAME_CANNOT_GET_NAMES", "Internal error: cannot get the names dictionary."),
        0x1085: ("HPDF_INVALID_ICC_COMPONENT_NUM", "The ICC profile's component count is invalid.")
    ]
}
