/* gin — the bots the table offers by name: the four levels and the
 * personalities. One list for the table, its settings and its saved game
 * until src/ai's catalogue of opponents is read instead; nothing else in
 * the store depends on it: the statistics and the history keep whatever
 * name they are given. */
#ifndef GIN_LEVELS_H
#define GIN_LEVELS_H

enum {
    GIN_STATS_LEVELS = 8 /* easy, normal, hard, expert, and the personalities eager, waiter,
                            hoarder, blocker */
};

/* Level index for a name, exactly "easy", "normal", ... (0..7), or -1
 * (also for NULL). */
int gin_stats_level_index(const char *name);
/* The table's bots, as one text ("easy, normal, hard, expert, eager,
 * waiter, hoarder, blocker"), for messages. Static storage. */
const char *gin_stats_level_names(void);
/* The name of level i, or "?" when i is out of range. Static storage. */
const char *gin_stats_level_name(int i);

#endif
