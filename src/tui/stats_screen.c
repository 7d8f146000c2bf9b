/* The statistics screen: whether this game counts, the table
 * per bot level and rule preset, and the bars of the last games'
 * margins, in block characters or, without UTF-8, in ASCII. */
#include "play.h"

#include <stdio.h>
#include <string.h>
#include "ui.h"

void gin_play_stats_text(const gin_play *p, char *buf, size_t cap)
{
    const char *why = NULL;
    size_t n;
    buf[0] = '\0';
    if (gin_play_counts(p, &why)) {
        char label[GIN_RULES_LABEL];
        gin_play_rules_label(gin_play_rules_of(p), label, sizeof label);
        snprintf(buf, cap,
                 /* One paragraph: the page wraps it to the window (a break here
                  * fell wherever the level's and rules' names left it). */
                 "This game counts: against the %s bot, %s rules (as %s). Resigning it, or "
                 "not resuming it when asked, counts as a lost game.\n\n",
                 p->level->name, label, gin_play_rules_base(gin_play_rules_of(p), NULL));
    } else {
        snprintf(buf, cap, "This game does not count: %s.\n\n", why);
    }
    /* The rows, the bars of the margins, then what the columns are of. */
    n = strlen(buf);
    if (n + 1 < cap && gin_stats_rows(&p->files.stats, buf + n, cap - n) < 0)
        snprintf(buf + n, cap - n, "(the statistics do not fit here: see gin stats)\n");
    n = strlen(buf);
    if (n + 2 < cap) {
        buf[n++] = '\n';
        buf[n] = '\0';
        int m = gin_stats_margins(&p->files.stats, gin_ui_utf8(), buf + n, cap - n);
        if (m < 0)
            buf[n] = '\0';
        else if (m > 0 && n + (size_t)m + 2 < cap)
            snprintf(buf + n + m, cap - n - (size_t)m, "\n");
    }
    n = strlen(buf);
    if (n + 1 < cap && gin_stats_notes(&p->files.stats, buf + n, cap - n) < 0)
        buf[n] = '\0';
}

int gin_play_stats_screen(gin_play *p)
{
    static char text[GIN_PLAY_PAGE];
    gin_play_stats_text(p, text, sizeof text);
    return gin_ui_text_screen("Statistics", text, "Enter: back   (gin stats --json for scripts)", "\n\033q ") < 0 ? -1
                                                                                                                  : 0;
}
