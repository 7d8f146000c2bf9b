/* What the table says, in the small: texts built by appending to bounded
 * buffers, the message line, a move in words. (A leaf: the pages and the
 * player's seat all use these, and use nothing of each other here.) */
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

void gin_play_msg(gin_play *p, int error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->table.msg, sizeof p->table.msg, fmt, ap);
    va_end(ap);
    p->table.msg_err = error;
}

void gin_play_action_text(gin_action a, char *buf, size_t cap)
{
    char c[GIN_UI_CARD_TEXT];
    gin_ui_card_text(a.card, c, sizeof c);
    switch (a.kind) {
    case GIN_ACT_TAKE_UPCARD:
        snprintf(buf, cap, "take the upcard");
        break;
    case GIN_ACT_PASS:
        snprintf(buf, cap, "pass");
        break;
    case GIN_ACT_DRAW_STOCK:
        snprintf(buf, cap, "draw from the stock");
        break;
    case GIN_ACT_DRAW_DISCARD:
        snprintf(buf, cap, "take the discard");
        break;
    case GIN_ACT_DISCARD:
        snprintf(buf, cap, "throw %s", c);
        break;
    case GIN_ACT_KNOCK:
        if (a.card == GIN_NO_CARD)
            snprintf(buf, cap, "go big gin");
        else
            snprintf(buf, cap, "knock, throwing %s", c);
        break;
    default:
        snprintf(buf, cap, "?");
        break;
    }
}
