#include <hpdf.h>
/* zlib, which libHaru links: page contents and font programs are deflated with windows sized to them. */
#include <zlib.h>
/* libHaru's object layer (pinned to 2.3.0's struct layout): the Type0 font builder writes dictionaries, arrays and
   streams itself and reaches the page content stream through HPDF_PageAttr. */
#include <hpdf_doc.h>
#include <hpdf_objects.h>
#include <hpdf_streams.h>
#include <hpdf_pages.h>
#include <hpdf_font.h>
#include <hpdf_fontdef.h>
#include <hpdf_list.h>
