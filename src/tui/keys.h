/* gin — the keys of the table. One table says, for every key, when it
 * applies, what it does, how the key line shows it and how the help page
 * and the README describe it; the human agent dispatches from it, so the
 * keys, the key line, the help and the README cannot disagree. Pure: no
 * curses (key codes are the ui layer's GIN_KEY_* values). */
#ifndef GIN_TUI_KEYS_H
#define GIN_TUI_KEYS_H

#include <stddef.h>

/* What a key does. The moves become a gin_action the core must find legal;
 * the rest act on the table. */
enum gin_key_cmd {
    GIN_CMD_TAKE = 0, /* the upcard offer: take it */
    GIN_CMD_PASS,     /* the upcard offer: pass */
    GIN_CMD_STOCK,    /* draw from the stock */
    GIN_CMD_PILE,     /* take the top of the discard pile */
    GIN_CMD_THROW,    /* throw the picked card */
    GIN_CMD_KNOCK,    /* knock with the picked card (a second k confirms) */
    GIN_CMD_GIN,      /* go gin */
    GIN_CMD_STEP,     /* pick the card left / right of the picked one */
    GIN_CMD_PICK,     /* pick card 1..11 by its number */
    GIN_CMD_MOVE,     /* move the picked card left / right */
    GIN_CMD_SORT,
    GIN_CMD_HINT,
    GIN_CMD_UNDO,
    GIN_CMD_POSITION,   /* write the position in play to a file, for gin advise */
    GIN_CMD_LOG_SCROLL, /* scroll the move log back (first half) or on */
    GIN_CMD_LOG_VIEW,   /* the whole hand's moves on a page */
    GIN_CMD_PILE_VIEW,
    GIN_CMD_TRACKER, /* the card tracker: every card, where it is known to be */
    GIN_CMD_SHEET,
    GIN_CMD_HELP,
    GIN_CMD_MENU,
    GIN_CMD_QUIT
};

/* When a key applies, as bits: the player's three decisions, and while a
 * bot plays (the key acts at once; any other key ends the bot's pause). */
enum {
    GIN_WHEN_OFFER = 1,
    GIN_WHEN_DRAW = 2,
    GIN_WHEN_DISCARD = 4,
    GIN_WHEN_WAIT = 8,
    GIN_WHEN_TURN = GIN_WHEN_OFFER | GIN_WHEN_DRAW | GIN_WHEN_DISCARD,
    GIN_WHEN_ALWAYS = GIN_WHEN_TURN | GIN_WHEN_WAIT
};

enum { GIN_KEY_CODES = 12 };

typedef struct gin_key {
    int cmd;                  /* enum gin_key_cmd */
    unsigned when;            /* GIN_WHEN_* bits where the key acts */
    unsigned shown;           /* GIN_WHEN_* bits where the key line shows it */
    int prio;                 /* 0: always on the key line; higher ones are left
                                 to the help first when the line is short */
    int codes[GIN_KEY_CODES]; /* the key codes, 0-terminated; for STEP and MOVE
                                 the first half goes left, the second right;
                                 for PICK the n-th code picks card n + 1 */
    const char *names;        /* the keys as the help writes them */
    const char *line;         /* the key line's label (UTF-8), or NULL */
    const char *line_ascii;   /* the label without UTF-8, or NULL: as `line` */
    const char *help;         /* what it does, for the help page and README */
} gin_key;

/* The whole table, in the order of the help page. Static storage. */
const gin_key *gin_keys(size_t *n);
/* The entry for key code `code` when `when` (one GIN_WHEN_* bit) holds, or
 * NULL. */
const gin_key *gin_key_find(int code, unsigned when);
/* The first entry for `code` whatever the moment (to say why a key does
 * nothing now), or NULL. */
const gin_key *gin_key_any(int code);
/* The position of `code` in k->codes, or -1. */
int gin_key_index(const gin_key *k, int code);
/* The keys that pick cards 1, 2, ... in order ("1234567890-"), written
 * under the cards. */
void gin_keys_pick(char *buf, size_t cap);
/* The printable keys that act while a bot plays (the help lists them). */
void gin_keys_waiting(char *buf, size_t cap);
/* The help page's key list: one line per entry, the names in a column.
 * Returns the length written, or -1 if cap is too small. */
int gin_keys_help(char *buf, size_t cap);
/* The README's key list: a markdown table. Returns as gin_keys_help. */
int gin_keys_markdown(char *buf, size_t cap);

#endif
