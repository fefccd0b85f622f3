#include <harfbuzz/hb.h>
#include <harfbuzz/hb-subset.h>
