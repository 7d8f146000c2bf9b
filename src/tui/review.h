/* gin — practice and review: the coach's judgement of each decision of a
 * practice game (the player's every one, the bot's when it missed
 * something), the hand's review page and the game's summary (coaching.c,
 * texts.c). Practice's other part, the bots' hands face up, is the
 * practice reveal the session gives the screen (gin_table_facts.open). */
#ifndef GIN_TUI_REVIEW_H
#define GIN_TUI_REVIEW_H

#include "gin/hand.h"
#include "seating.h"

enum { GIN_REVIEW_MAX = 256, GIN_REVIEW_REASON = 320, GIN_REVIEW_WORST = 3 };
/* A decision within this many points of the best is accurate. */
#define GIN_COACH_CLOSE 0.5

typedef struct gin_review_item {
    int seat; /* whose decision: the human's, or (open hands) the bot's */
    int hand_no, turn;
    int at;           /* the decision's place in the record (undo drops the items from there on) */
    gin_cardset held; /* the cards held at the decision */
    gin_action chosen, best;
    double cost;                    /* points lost against the best, by the coach's values */
    char reason[GIN_REVIEW_REASON]; /* the coach's reason for the best move */
} gin_review_item;

/* A game's decisions as the coach judged them: the summary at game over. */
typedef struct gin_coach_summary {
    int decisions, accurate;                 /* the human's; accurate: within GIN_COACH_CLOSE points of the best */
    double lost;                             /* points lost in all */
    gin_review_item worst[GIN_REVIEW_WORST]; /* the biggest mistakes, biggest first */
    int n_worst;
} gin_coach_summary;

typedef struct gin_review {
    gin_review_item items[GIN_REVIEW_MAX]; /* the hand in play's decisions */
    int n;
    gin_coach_summary summary; /* the game's */
} gin_review;

/* The hand's review page: the decisions of hand_no that cost something
 * (texts.c). */
void gin_review_text(const gin_review *r, const gin_seating *who, int hand_no, char *buf, size_t cap);

#endif
