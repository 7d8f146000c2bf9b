/* The table's texts are built by appending to bounded buffers. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "play.h"

void gin_play_add(char *buf, size_t cap, const char *fmt, ...)
{
    size_t n = strlen(buf);
    if (n + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
}
