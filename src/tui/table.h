/* gin — the screen's state at the table: the player's hand in its display
 * order, the card picked, the move log, the pile's history, each seat's
 * last move, the message line and its prompts; and the table screen built
 * from it. Everything here comes from the player's own view and the events
 * the player's seat received (redacted): nothing in this part can reach the
 * other hands or the stock, so the screen cannot show them. In a practice
 * game the session adds the practice reveal (gin_table_facts.open), named
 * as such. */
#ifndef GIN_TUI_TABLE_H
#define GIN_TUI_TABLE_H

#include "gin/view.h"
#include "scene.h"
#include "seating.h"

enum { GIN_TABLE_LOG_MAX = 640, GIN_TABLE_MSG = 160, GIN_TABLE_LAST = 48 };

/* Sort modes of the hand on screen. */
enum { GIN_SORT_MELDS = 0, GIN_SORT_RANK = 1, GIN_SORT_SUIT = 2, GIN_SORT_MANUAL = 3 };

/* One card as it went on the discard pile this hand, and what became of it. */
enum { GIN_PILE_STAYS = -1, GIN_PILE_RESHUFFLED = -2 };
typedef struct gin_pile_entry {
    gin_card card;
    int by;        /* who threw it; -1: the first upcard */
    int took;      /* the seat that took it back, GIN_PILE_STAYS, or GIN_PILE_RESHUFFLED */
    int face_down; /* the knock's discard, shown at the showdown */
} gin_pile_entry;

typedef struct gin_table {
    gin_card order[GIN_UI_MAX_HAND]; /* the hand as shown */
    int n_order;
    int sort;                              /* GIN_SORT_* */
    int selected;                          /* index into order, or -1 */
    gin_card drawn;                        /* card just drawn from the stock (marked new) */
    gin_scene_line log[GIN_TABLE_LOG_MAX]; /* this hand's moves, oldest first */
    int n_log;
    int log_scroll;                                      /* lines scrolled away at the bottom (PgUp/PgDn) */
    gin_pile_entry pile_log[2 * GIN_HAND_MAX_TURNS + 2]; /* every card the pile got this hand */
    int n_pile_log;
    char last[GIN_MAX_SEATS][GIN_TABLE_LAST]; /* each seat's last move this hand ("threw 9♦") */
    char msg[GIN_TABLE_MSG];                  /* the message line */
    int msg_err;
    int knock_armed;             /* k pressed once: a second k knocks */
    int quit_armed;              /* q pressed once: y saves and quits (the bots wait meanwhile) */
    gin_card cut[GIN_MAX_SEATS]; /* the cut for the first deal, face up (the first hand's log) */
    int cut_high;                /* the high card deals */
} gin_table;

/* What the table screen shows beyond the player's view and the table's
 * state: names, and the scores the game announces. All public, but for
 * `open`. */
typedef struct gin_table_facts {
    gin_seating who;
    const char *opp_title; /* two players: "Normal bot", or an external bot's name */
    const char *level;     /* a ring: the bots' level, "normal" */
    int practice;
    int waiting;                     /* the loop waits on the bots (their pause): the keys that act then */
    int hollywood[3][GIN_MAX_SEATS]; /* Hollywood: each game's hand points so far */
    /* The practice reveal: in a practice game, every seat's cards (the
     * bots' hands face up on the table); NULL in any other game. The one
     * thing the screen is given that the player's view does not hold. */
    const gin_cardset *open;
} gin_table_facts;

/* A new game: an empty table, the hand sorted by `sort`; the seats' cut for
 * the first deal (cut[]), and whether the high card deals. */
void gin_table_init(gin_table *t, int sort, const gin_card *cut, int high_deals);
/* Set the message line. */
void gin_table_msg(gin_table *t, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Append a line to the move log. */
void gin_table_log(gin_table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One event as the player's seat received it (redacted), told to the log,
 * the pile's history and the seat's last move; v is the player's view
 * after it (the hand in order). */
void gin_table_event(gin_table *t, const gin_seating *who, const gin_view *v, const gin_event *red);
/* The move log `back` lines further back (negative: on), never past
 * either end. */
void gin_table_scroll_log(gin_table *t, int back);

/* order.c: bring t->order in line with the hand and re-sort. */
void gin_table_sync_hand(gin_table *t, gin_cardset held);
/* Move the picked card's block (its whole meld, or the card alone) one
 * block left (dir < 0) or right, for the player's own order. */
void gin_table_move_block(gin_table *t, gin_cardset held, int dir);
/* Show the hand in the player's own order cards[0..n-1] (a saved game's),
 * sorted by hand, the picked card kept: only when those are exactly the
 * cards held. Returns 0, or -1 (nothing changed) for an order of other
 * cards. */
int gin_table_restore_order(gin_table *t, gin_cardset held, const gin_card *cards, int n);
/* The picked card, or GIN_NO_CARD. */
gin_card gin_table_picked(const gin_table *t);
/* Where card c is in the order, or -1. */
int gin_table_index_of(const gin_table *t, gin_card c);

/* scene.c: the table screen from the player's view v, the table's state
 * and the facts: what the UI paints. */
void gin_table_scene(const gin_table *tb, const gin_view *v, const gin_table_facts *f, gin_scene *t);
/* What the player may do now, from the player's view alone: the draws, a
 * knock, gin, and the facts the key line and the messages say. */
typedef struct gin_table_choice {
    int stock, pile; /* the draws that are legal */
    int pile_why;    /* GIN_OK, or why the pile is not (enum gin_illegal) */
    int knock;       /* a knock that is not gin is open */
    int gin, big_gin;
    int least;     /* least deadwood a throw keeps (-1 outside the discard) */
    gin_card best; /* the throw that keeps it */
    int limit;     /* the hand's knock limit */
} gin_table_choice;
void gin_table_options(const gin_view *v, gin_table_choice *o);

/* texts.c: the log page, and the pile's page (v: the player's view). */
void gin_table_log_text(const gin_table *t, char *buf, size_t cap);
void gin_table_pile_text(const gin_table *t, const gin_view *v, const gin_seating *who, char *buf, size_t cap);
/* tracker.c: the card tracker, every card of the deck in a 4x13 grid (suits
 * down, ranks across) marked from the player's view v alone: in the hand,
 * thrown (by whom), taken from the pile by a bot (known in its hand), or
 * unseen; a legend and the counts under it. Letters only: it reads the
 * same in ASCII and without colour, in 80 columns. */
void gin_table_tracker_text(const gin_view *v, const gin_seating *who, char *buf, size_t cap);

#endif
