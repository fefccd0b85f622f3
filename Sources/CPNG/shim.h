#include <png.h>
#include <zlib.h>
#include <stdio.h>
#include <bits/types/cookie_io_functions_t.h>

/* glibc's fopencookie (a GNU extension, declared by <stdio.h> only under _GNU_SOURCE): a FILE whose writes call a
   function of ours, so the PNG encoder can end libpng's one-call write when a job's time is up. */
extern FILE *fopencookie(void *cookie, const char *mode, cookie_io_functions_t functions);
