/* The bots the table offers by name (levels.h). */
#include "levels.h"

#include <string.h>

/* The levels, then the personalities (a style each: src/ai/registry.c). */
static const char *const level_names[GIN_STATS_LEVELS] = {"easy",  "normal", "hard",    "expert",
                                                          "eager", "waiter", "hoarder", "blocker"};

const char *gin_stats_level_names(void) { return "easy, normal, hard, expert, eager, waiter, hoarder, blocker"; }

int gin_stats_level_index(const char *name)
{
    for (int i = 0; i < GIN_STATS_LEVELS; i++)
        if (name && !strcmp(name, level_names[i]))
            return i;
    return -1;
}

const char *gin_stats_level_name(int i) { return i >= 0 && i < GIN_STATS_LEVELS ? level_names[i] : "?"; }
