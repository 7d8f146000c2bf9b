/* gin — who sits where at the table, and how the table names them: the
 * seats ("You", "Bot", "Bot 2"), and the rules in play ("classic,
 * max-hands 2"), never a bare "custom". Pure: no curses, no game state. */
#ifndef GIN_TUI_SEATING_H
#define GIN_TUI_SEATING_H

#include <stddef.h>
#include "gin/rules.h"
#include "narrate.h"

typedef struct gin_seating {
    int human; /* the player's seat */
    int bot;   /* the first bot, on the player's left (the only one at two) */
    int seats; /* 2, 3 or 4 */
} gin_seating;

/* A seat's name as a sentence starts it: "You", "Bot" (two players), "Bot 2"
 * (a ring; bots are numbered clockwise from your left). */
const char *gin_seat_name(const gin_seating *s, int seat);
/* Inside a sentence: "you", "the bot" (two players), "Bot 2". */
const char *gin_seat_name_in(const gin_seating *s, int seat);
/* A narrator that names the seats so, cards as the terminal draws them. */
void gin_seating_narrator(const gin_seating *s, gin_narrator *n);

/* The preset rules r come from: the one they differ from in fewest knobs
 * (a preset made a ring by gin_rules_ring counts as that preset); the
 * number of knobs changed in *changes (may be NULL; GIN_RULES_NO_PRESET
 * when no preset can be made these rules' ring). Static storage. */
enum { GIN_RULES_NO_PRESET = 1 << 20 };
const char *gin_play_rules_base(const gin_rules *r, int *changes);
/* The rules as the table names them: "standard", "classic, max-hands 2",
 * "oklahoma, knock 7, gin-bonus 20", "standard + 3 changes"; in at most
 * GIN_RULES_LABEL bytes. */
enum { GIN_RULES_LABEL = 96 };
void gin_play_rules_label(const gin_rules *r, char *buf, size_t cap);

#endif
