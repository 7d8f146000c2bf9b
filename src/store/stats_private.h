/* gin — what the statistics' files share inside the store (stats.c,
 * stats_text.c, stats_table.c); not for other modules. */
#ifndef GIN_STATS_PRIVATE_H
#define GIN_STATS_PRIVATE_H

#include <stddef.h>
#include "stats.h"

/* Counts never exceed this (points STATS_POINTS_CAP): one more game can
 * never overflow, and what we write we can read back. */
#define STATS_CAP 1000000000
#define STATS_POINTS_CAP 1000000000000000LL

/* The row of (level, rules) in *s, made (zeros) when make is set and
 * there is room; NULL otherwise. */
gin_stats_row *gin_stats_row_of(gin_stats *s, const char *level, const char *rules, int make);

/* printf-style onto buf[*used..cap); 0, or -1 when it does not fit. */
int gin_stats_put(char *buf, size_t cap, size_t *used, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
