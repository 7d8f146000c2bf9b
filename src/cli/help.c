/* Help texts (help.h). */
#include "help.h"

#include <string.h>

void cli_help_wrap(FILE *f, int at, int indent, const char *text)
{
    int col = at, fresh = 1; /* fresh: nothing of text on this line yet */
    const char *p = text + strspn(text, " ");
    while (*p) {
        int len = (int)strcspn(p, " ");
        if (!fresh && col + 1 + len > CLI_HELP_WIDTH) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
            fresh = 1;
        }
        fprintf(f, "%s%.*s", fresh ? "" : " ", len, p);
        col += (fresh ? 0 : 1) + len;
        fresh = 0;
        p += len;
        p += strspn(p, " ");
    }
    fputc('\n', f);
}
