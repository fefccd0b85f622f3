// glibc's allocator controls (mallopt, mallinfo2), which the Glibc module does not carry.
#include <malloc.h>
