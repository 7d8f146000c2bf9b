/* gin — the review of a finished (or saved) game: every decision of the
 * player, judged by the coach (src/ai/coach.h) as the hint judges it, with
 * a verdict by what it gave up, the best move and why (the trainer's
 * words), the accuracy of the game, and a graph of the chance to win
 * across it. For `gin review` and the table's game-over page.
 *
 * The measure is the coach's: the chance to win the game, or with no game
 * to win (Hollywood scoring, no target) the hand's net points. What a
 * decision gave up is the coach's gap of the move played to the best, in
 * that measure; a move the coach calls about equal to the best (within
 * the noise) is "best" whatever its gap. Verdicts, by what was given up:
 *   chance to win (percentage points): best < 2, inaccuracy 2 to < 5,
 *     mistake 5 to < 10, blunder 10 or more;
 *   points: best < 1, inaccuracy 1 to < 3, mistake 3 to < 6, blunder 6
 *     or more;
 * what was given up rounded to a tenth, as the review shows it.
 * Accuracy is the share of the decisions rated best. A decision with one
 * legal answer is not a decision and is not reviewed.
 *
 * Cost: one coach analysis per decision, at the review's budget
 * (GIN_REVIEW_PLAYOUTS by default, the hint's own, so a verdict is what H
 * would have said): some 40 ms a decision on two cores, far less on an
 * obvious one, so a game of a hundred decisions takes about five seconds
 * on two cores (gin-bench review), shared by the threads of
 * gin_review_opts.threads. A smaller budget
 * is noisier: more moves come out "about equal", so the verdicts only
 * ever err towards "best".
 *
 * No I/O, no curses: texts go into the caller's buffers. */
#ifndef GIN_TRAINER_GAME_REVIEW_H
#define GIN_TRAINER_GAME_REVIEW_H

#include <stddef.h>
#include <stdint.h>
#include "gin/record.h"
#include "trainer.h"

enum gin_verdict { GIN_VERDICT_BEST = 0, GIN_VERDICT_INACCURACY, GIN_VERDICT_MISTAKE, GIN_VERDICT_BLUNDER };

/* The verdicts' lower bounds, by the chance to win (percentage points)
 * and by points. */
#define GIN_REVIEW_INACCURACY_WIN 2.0
#define GIN_REVIEW_MISTAKE_WIN 5.0
#define GIN_REVIEW_BLUNDER_WIN 10.0
#define GIN_REVIEW_INACCURACY_POINTS 1.0
#define GIN_REVIEW_MISTAKE_POINTS 3.0
#define GIN_REVIEW_BLUNDER_POINTS 6.0
/* The graph marks a change of the chance to win of this many percentage
 * points from one decision to the next. */
#define GIN_REVIEW_SWING 15.0

enum {
    GIN_REVIEW_PLAYOUTS = GIN_COACH_PLAYOUTS, /* the default budget of one decision: the hint's */
    GIN_REVIEW_SEED = 0,                      /* the default seed of the analysis */
    GIN_REVIEW_DECISIONS = 640,               /* decisions reviewed at most (a game has some 100) */
    GIN_REVIEW_GRAPH_ROWS = 8                 /* the graph's height in rows */
};

typedef struct gin_review_decision {
    int hand, turn;                    /* the hand (1-based) and the player's turn in it (1-based: its throws + 1) */
    int at;                            /* the index in the record of the action that answered it */
    int phase;                         /* GIN_PHASE_OFFER, _DRAW or _DISCARD */
    int measure;                       /* the ranking's (the game's, but for a hand after the target) */
    gin_cardset held;                  /* the cards held at the decision */
    gin_action move;                   /* what was played */
    gin_action best;                   /* the coach's best */
    gin_action then;                   /* a take's best: the throw after it; else kind -1 */
    int rank, of;                      /* the move's place in the ranking (1: the best), of `of` answers */
    int equal;                         /* 1: about equal to the best (within the noise) */
    double lost;                       /* given up, in the measure's unit: a chance (0-1) or points; 0 for the best */
    double win;                        /* the chance to win before it: the best move's (0-1) */
    double win_played;                 /* ... and after the move played */
    int verdict;                       /* enum gin_verdict */
    char move_code[24], best_code[24]; /* as a bot writes them: "discard KC", "knock 5D", "pile" */
    char move_text[GIN_TRAINER_MOVE_MAX]; /* "throw the K♣" */
    char best_text[GIN_TRAINER_MOVE_MAX]; /* "take the 9♥, then throw the K♣" */
    char reason[GIN_TRAINER_REASON_MAX];  /* why the best is best */
} gin_review_decision;

typedef struct gin_review_game {
    int measure;     /* enum gin_coach_measure (the rules decide it for the whole game) */
    long playouts;   /* the budget of one decision */
    int n;           /* decisions reviewed */
    int dropped;     /* decisions beyond GIN_REVIEW_DECISIONS, not reviewed */
    int hands;       /* hands in the record */
    int counts[4];   /* decisions by verdict */
    double accuracy; /* percentage of the decisions rated best (100 with none) */
    double lost;     /* given up in all, in the measure's unit */
    gin_review_decision d[GIN_REVIEW_DECISIONS];
} gin_review_game;

typedef struct gin_review_opts {
    long playouts;                  /* <= 0: GIN_REVIEW_PLAYOUTS */
    uint64_t seed;                  /* the analysis seed (the same review every run) */
    const gin_trainer_voice *voice; /* cards named so; NULL: letters ("KC") */
    /* Called before each decision's analysis (may be NULL): done of about
     * total; a non-zero return stops the review there (the decisions so
     * far are kept). */
    int (*progress)(void *ctx, int done, int total);
    void *ctx;
    int threads; /* as gin_analysis_opts.threads: 0 or 1 the caller's alone, -1 every core;
                  * the review is the same for any number */
    int hand;    /* 0: every hand; N: the decisions of hand N alone (the others are replayed, not judged) */
} gin_review_opts;

/* Review the decisions of seat `human` in the game of `rec` (all of it:
 * a game in progress is reviewed up to its last action). Returns the
 * number reviewed (out->n); GIN_EINVAL (NULL rec or out, a bad seat),
 * GIN_ESTATE (not a game of two), GIN_ESPACE (out of memory), or the replay's error when an action
 * of the record is illegal. Large: allocate out. o may be NULL. */
int gin_review_run(const gin_record *rec, int human, const gin_review_opts *o, gin_review_game *out);

/* The verdict on giving up `lost` (measure's unit) of a move that is or is
 * not about equal to the best; and its word ("best", "inaccuracy",
 * "mistake", "blunder"). */
int gin_review_verdict(int measure, double lost, int equal);
const char *gin_review_verdict_word(int verdict);

/* The chance to win across the game, one column a decision (decisions
 * share a column when there are more than `width` - 6), GIN_REVIEW_GRAPH_ROWS
 * rows high with a 0-100% scale, block characters with utf8 (ASCII '#',
 * '+', '.' without), a row of marks under it ('^' a mistake or blunder
 * there, '*' a swing of GIN_REVIEW_SWING points or more since the column
 * before) and a row with each hand's number where it starts. Every line
 * at most `width` columns (>= 20). Returns the length, or -1 (no room). */
int gin_review_graph(const gin_review_game *g, int utf8, int width, char *buf, size_t cap);

/* The whole review as text, lines of at most `width` columns (>= 40): the
 * summary, the thresholds, the graph, then every decision hand by hand
 * (one line each; the others than best with the best move and why).
 * Returns the length (cut to fit cap). */
int gin_review_page(const gin_review_game *g, int utf8, int width, char *buf, size_t cap);

/* The verdict on decision d in a paragraph (no line breaks): "Coach: the
 * best move." or, below best, its verdict, what it gave up, the best move
 * and why. Returns the length (cut to fit cap), or -1 (NULL d or buf, or
 * cap 0). */
int gin_review_verdict_text(const gin_review_decision *d, char *buf, size_t cap);

/* One JSON object: {"ranked_by", "playouts", "accuracy", "lost", "counts":
 * {"best", "inaccuracy", "mistake", "blunder"}, "dropped", "decisions":
 * [{"hand", "turn", "move", "best", "then" (a take), "rank", "of", "lost"
 * (the measure's unit), "equal", "win", "win_played", "verdict",
 * "reason"}]}. Returns the length, or -1 when cap is too small. */
int gin_review_json(const gin_review_game *g, char *buf, size_t cap);

#endif
