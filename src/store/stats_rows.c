/* The statistics' rows by name, and the text helper their files share
 * (stats.h, stats_private.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "stats_private.h"

int gin_stats_put(char *buf, size_t cap, size_t *used, const char *fmt, ...)
{
    if (*used >= cap)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, cap - *used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= cap - *used)
        return -1;
    *used += (size_t)n;
    return 0;
}

gin_stats_row *gin_stats_row_of(gin_stats *s, const char *level, const char *rules, int make)
{
    for (int i = 0; i < s->n_rows; i++)
        if (!strcmp(s->row[i].level, level) && !strcmp(s->row[i].rules, rules))
            return &s->row[i];
    if (!make || s->n_rows >= GIN_STATS_ROWS || !gin_kept_name_ok(level) || !gin_kept_name_ok(rules))
        return NULL;
    gin_stats_row *r = &s->row[s->n_rows++];
    memset(r, 0, sizeof *r);
    snprintf(r->level, sizeof r->level, "%s", level);
    snprintf(r->rules, sizeof r->rules, "%s", rules);
    return r;
}

const gin_level_stats *gin_stats_get(const gin_stats *s, const char *level, const char *rules)
{
    for (int i = 0; level && rules && i < s->n_rows; i++)
        if (!strcmp(s->row[i].level, level) && !strcmp(s->row[i].rules, rules))
            return s->row[i].n.games ? &s->row[i].n : NULL;
    return NULL;
}

int gin_stats_has_game(const gin_stats *s, const char *game)
{
    for (int i = 0; game && game[0] && i < s->n_games; i++)
        if (!strcmp(s->game[i], game))
            return 1;
    return 0;
}
