/* gin — the pure model of what the table screen shows, and its layout.
 * No curses here: the app fills a gin_scene from the match, the layout says
 * where everything goes for a terminal size, and draw.c paints it. Both are
 * testable without a terminal. */
#ifndef GIN_UI_TABLE_H
#define GIN_UI_TABLE_H

#include "gin/card.h"

enum { GIN_UI_MAX_HAND = 11, GIN_UI_LOG_LINES = 3, GIN_UI_LINE = 160 };
/* One line of the move log. */
typedef char gin_scene_line[GIN_UI_LINE];
enum { GIN_UI_MIN_COLS = 80, GIN_UI_MIN_LINES = 24 };
/* A window this wide spreads out (wider boxes, a centred log); this wide
 * and this tall draws the cards large (7x5). */
enum { GIN_UI_WIDE_COLS = 100, GIN_UI_BIG_LINES = 34 };
/* A ring of three or four: up to three opponents around you. */
enum { GIN_UI_MAX_OPPS = 3 };

/* One opponent in a ring of 3-4, drawn as a compact box: name, cards held
 * (backs), the cards known from the pile face up, penalty total, last move. */
typedef struct gin_scene_seat {
    char name[40];     /* "Bot 2 (hard)" */
    int count;         /* cards held */
    gin_cardset known; /* known to hold (taken from the pile) */
    gin_cardset open;  /* practice: the whole hand face up (else 0) */
    int points;        /* penalty total so far */
    char last[48];     /* its last move: "threw 9♦", or "" */
    int turn;          /* 1: this seat is to move */
    int dealer;        /* 1: this seat dealt the hand */
} gin_scene_seat;

typedef struct gin_scene {
    /* Header. */
    char title[GIN_UI_LINE]; /* "standard · to 100 · hand 3 · you deal" */
    char brief[GIN_UI_LINE]; /* the title without the rules ("gin · to 100 · hand 3 · you deal"), for a
                                line too short for the whole title beside the score */
    char score[GIN_UI_LINE]; /* "You 34 · Bot 12" */
    /* The opponent. */
    char opp_name[40];     /* "Bot (normal)" */
    int opp_count;         /* cards held */
    gin_cardset opp_known; /* known to hold (taken from the pile) */
    gin_cardset opp_open;  /* practice: the whole hand face up (else 0) */
    /* A ring of three or four (seats 3-4): opps[] replaces the opponent
     * above, in turn order from your left (left, top, right). 0 or 2: the
     * two-player table. */
    int seats;
    int n_opps;
    gin_scene_seat opps[GIN_UI_MAX_OPPS];
    /* Piles. */
    int stock_n;
    gin_card discard_top; /* GIN_NO_CARD when empty */
    int pile_n;
    int pile_hilite; /* 1: the discard is the card on offer / just thrown */
    /* Your hand, in display order. */
    int n;
    gin_card cards[GIN_UI_MAX_HAND];
    int group[GIN_UI_MAX_HAND];        /* index of the meld the card is in, or -1 */
    int group_is_set[GIN_UI_MAX_HAND]; /* per meld index: 1 set, 0 run */
    int selected;                      /* index into cards, or -1 */
    gin_card taken;                    /* just taken from the pile (may not be thrown), or GIN_NO_CARD */
    gin_card drawn;                    /* just drawn (marked new), or GIN_NO_CARD */
    int deadwood;                      /* live deadwood of the hand as shown */
    int knock_limit;
    char pick_keys[GIN_UI_MAX_HAND + 1]; /* the key under each card that picks it ("1234567890-") */
    char hand_note[GIN_UI_LINE];         /* "deadwood 12 · knock at 10 or less · sorted by melds" */
    /* Lines. */
    const gin_scene_line *log; /* the hand's moves so far, oldest first (not owned; may be NULL) */
    int n_log;
    int log_scroll;            /* lines hidden at the bottom (0: the newest shows) */
    char message[GIN_UI_LINE]; /* what to do now */
    int message_error;         /* 1: the message is an error (drawn in the error colour) */
    char keys[GIN_UI_LINE];    /* the keys that apply now */
} gin_scene;

/* Empty table: no cards, nothing selected. */
void gin_scene_clear(gin_scene *t);

typedef struct gin_rect {
    int y, x, h, w;
} gin_rect;

typedef struct gin_layout {
    int cols, lines;
    int too_small;      /* 1: below 80x24; only the size message is drawn */
    int card_w, card_h; /* 5x3, or 7x5 in a large window */
    int header_y;
    int opp_label_y;
    gin_rect opp; /* the opponent's cards */
    int opp_step; /* columns between overlapped card backs */
    int pile_label_y;
    gin_rect stock, discard;
    gin_rect log; /* the move log: right of the piles (two players), under the boxes (a ring);
                     as many rows as the window allows, at least GIN_UI_LOG_LINES */
    int hand_label_y, bracket_y, hand_y, number_y;
    int hand_x[GIN_UI_MAX_HAND];
    int msg_y, keys_y;
    /* A ring of 3-4: each opponent's box (index as gin_scene.opps). */
    int n_boxes;
    gin_rect box[GIN_UI_MAX_OPPS];
} gin_layout;

/* Lay out table `t` in a cols x lines window. Pure. */
void gin_layout_scene(int cols, int lines, const gin_scene *t, gin_layout *out);

enum gin_hit { GIN_HIT_NONE = 0, GIN_HIT_STOCK = 1, GIN_HIT_DISCARD = 2, GIN_HIT_CARD = 3 };
/* What is at cell (y, x): returns enum gin_hit; *card gets the hand index
 * for GIN_HIT_CARD. */
int gin_layout_hit(const gin_layout *l, const gin_scene *t, int y, int x, int *card);

#endif
