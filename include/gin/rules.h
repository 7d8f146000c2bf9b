/* gin — the rule set: every knob where the rule texts disagree.
 * A preset is a filled-in struct; a player may override any single knob.
 * See docs/rules.md and docs/rules.md. */
#ifndef GIN_RULES_H
#define GIN_RULES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { GIN_MAX_SEATS = 4 };

enum gin_cut { GIN_CUT_LOW_DEALS = 0, GIN_CUT_HIGH_DEALS = 1 };
enum gin_next_dealer { GIN_NEXT_WINNER_DEALS = 0, GIN_NEXT_LOSER_DEALS = 1, GIN_NEXT_ALTERNATE = 2 };
enum gin_first_turn {
    GIN_FIRST_TURN_OFFER = 0, /* non-dealer may take the upcard or pass, then dealer, then
                                 non-dealer draws from stock */
    GIN_FIRST_TURN_FREE = 1   /* non-dealer simply draws from either pile */
};
enum gin_stock_low {
    GIN_STOCK_VOID = 0,     /* hand void once a discard leaves `stock_void_at` cards without a knock */
    GIN_STOCK_RESHUFFLE = 1 /* when the stock is empty, all but the top discard become a new stock */
};
enum gin_shutout {
    GIN_SHUTOUT_DOUBLE_TOTAL = 0, /* winner's total, bonuses included, doubled */
    GIN_SHUTOUT_DOUBLE_NO_BOX = 1 /* classic: winner's score (points + game bonus) doubled, no boxes */
};

/* Knock limit taken from the first upcard's value (Oklahoma; ace = gin only). */
#define GIN_KNOCK_LIMIT_UPCARD (-1)

typedef struct gin_rules {
    const char *name; /* preset name, or "custom" after an override */
    int seats;        /* 2, or 3-4 for a ring (the Oklahoma rules: 7 cards each, penalty scoring) */
    int cut;          /* enum gin_cut */
    int next_dealer;  /* enum gin_next_dealer */
    int first_turn;   /* enum gin_first_turn */
    int knock_limit;  /* 0..10, or GIN_KNOCK_LIMIT_UPCARD; 0 = gin only */
    int gin_bonus;
    int big_gin_bonus; /* 0 = big gin not allowed */
    int undercut_bonus;
    int stock_low;     /* enum gin_stock_low */
    int stock_void_at; /* GIN_STOCK_VOID: 2 (standard) or 0 (classic: stock empty) */
    int target;        /* game ends when a player reaches this */
    int max_hands;     /* 0 = no limit; classic may agree a number of hands */
    int game_bonus;
    int box_bonus;
    int shutout;   /* enum gin_shutout */
    int hollywood; /* 1 = three games scored at once (two seats only) */
    /* Added for the table of three or four (the Oklahoma rules); last so every existing
     * initializer stays valid. Penalty points a knocker who is undercut takes
     * on top of the difference. 0 in every preset; a ring usually plays 10
     * (gin_rules_ring). Not used with two seats. */
    int undercut_penalty;
    /* A common Oklahoma option, off in every preset: when the hand's first
     * upcard is a spade the hand counts double (its points, bonuses
     * included; a ring's penalties). */
    int spade_double;
} gin_rules;

enum {
    GIN_DEALT = 10,     /* cards dealt to each of two seats */
    GIN_RING_DEALT = 7, /* to each seat of a ring of three or four */
    /* The most cards a seat holds: ten dealt and the one drawn, at its
     * discard (a big gin shows all eleven). Room for any hand's cards. */
    GIN_HELD_MAX = GIN_DEALT + 1
};

/* Cards dealt to each seat: ten with two seats, seven with three or four. */
static inline int gin_cards_dealt(int seats) { return seats == 2 ? GIN_DEALT : GIN_RING_DEALT; }

/* The undercut penalty the Oklahoma rules gives a ring of three or four. */
enum { GIN_RING_UNDERCUT_PENALTY = 10 };

/* Make *r a rule set for `seats` (2..4): sets seats and, for 3-4 seats, the
 * undercut penalty of the Oklahoma rules (GIN_RING_UNDERCUT_PENALTY) when it is 0;
 * going back to 2 seats leaves it alone (unused there). The name becomes
 * "custom" when anything changed. Returns GIN_OK, GIN_EINVAL (NULL), or
 * GIN_ERULES (bad seat count, or the result fails gin_rules_check, e.g.
 * Hollywood with more than two seats); *r is unchanged on error. */
int gin_rules_ring(gin_rules *r, int seats);

/* The presets, in documentation order; "standard" is first and the default. */
size_t gin_rules_preset_count(void);
const gin_rules *gin_rules_preset_at(size_t i);
/* Look up a preset by name (case-free). Returns GIN_OK and copies it into
 * *out, or GIN_ENAME. */
int gin_rules_preset(const char *name, gin_rules *out);
/* "standard, classic, oklahoma, straight" — for error messages. */
const char *gin_rules_preset_names(void);

/* Check every knob. Returns GIN_OK, or GIN_ERULES and a static message
 * naming the bad knob in *why (if why is non-NULL). */
int gin_rules_check(const gin_rules *r, const char **why);

/* The knock limit of a hand whose first upcard is `upcard` (only consulted
 * for GIN_KNOCK_LIMIT_UPCARD: the card's value, and 0 for an ace). Never
 * negative: a NULL r, or an invalid upcard under the upcard rule, gives 0
 * (gin only), so an error can never read as "skip the knock check". */
int gin_rules_knock_limit(const gin_rules *r, int upcard);

/* What a hand whose first upcard is `upcard` counts for: 2 when the rules
 * double a hand dealt a spade first (spade_double) and upcard is one, else
 * 1 (also for a NULL r or an invalid upcard). Every point of the hand is
 * multiplied, bonuses included, as the hand's own showdown does. */
int gin_rules_hand_factor(const gin_rules *r, int upcard);

/* Override one knob by name from text, as the command line does
 * (`--gin-bonus 20` is gin_rules_set(r, "gin-bonus", "20", &why)). Knobs:
 * see gin_rules_knob_names(); numbers in decimal, enums by word
 * (cut low|high, next-dealer winner|loser|alternate, first-turn offer|free,
 * knock 0-10|upcard, stock void|reshuffle, shutout total|no-box,
 * hollywood on|off). The result must pass gin_rules_check; on success
 * r->name becomes "custom" if the value changed. Returns GIN_OK; GIN_ENAME
 * for an unknown knob; GIN_ERULES for a bad value (r unchanged); GIN_EINVAL
 * for NULL r, knob or value. *why (if non-NULL) gets a static message. */
int gin_rules_set(gin_rules *r, const char *knob, const char *value, const char **why);
/* "seats, cut, next-dealer, ..." — every knob name, for help and errors. */
const char *gin_rules_knob_names(void);

/* The knobs one at a time, for the formats that spell out every knob (game
 * records, the bot protocol): knob i, 0 <= i < gin_rules_knob_count(), in
 * the order of gin_rules_knob_names(). */
int gin_rules_knob_count(void);
/* Knob i's name ("gin-bonus"), or NULL when i is out of range. */
const char *gin_rules_knob_name(int i);
/* The version of the written formats (records, the bot protocol) that
 * knob i came with: 1 for the first sixteen, 2 for undercut-penalty, 3 for
 * spade-double. Knobs of version 3 on are written only when they are not 0,
 * so everything written before reads and writes as it always did. */
int gin_rules_knob_since(int i);
/* Knob i's value in r; 0 for a NULL r or i out of range. */
int gin_rules_knob_get(const gin_rules *r, int i);
/* Store v as knob i of r, unchecked (gin_rules_check is the caller's) and
 * with r->name untouched. Returns GIN_OK, or GIN_EINVAL (NULL r, bad i). */
int gin_rules_knob_put(gin_rules *r, int i, int v);
/* The word that spells value v of knob i ("low" for cut 0, "upcard" for
 * knock GIN_KNOCK_LIMIT_UPCARD), or NULL when v is written as a decimal
 * number (every value of a numeric knob, or a word knob's value out of its
 * range). Static storage. */
const char *gin_rules_knob_word(int i, int v);
/* The reverse, exact to the letter: 1 and *v when text is one of knob i's
 * words; 0 when it is not but knob i takes numbers (parse text as one);
 * -1 when it is not and knob i takes words only (or i is out of range). */
int gin_rules_knob_value(int i, const char *text, int *v);

#ifdef __cplusplus
}
#endif
#endif
