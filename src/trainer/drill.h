/* gin — drills: positions with one clearly best answer, asked as a
 * learner asks them (which card to throw, take or draw, knock or play on),
 * answered, scored and explained in the coach's words (trainer.h).
 *
 * A drill asks for a choice among a few answers. For the first three kinds
 * each is the best move of its kind of answer by the coach (gin_coach): a throw, each card its own
 * answer; the take (with the throw after it) or the stock (or the pass);
 * a knock (or gin) with its best card, or playing on with the best throw.
 * A position is a drill when the best answer is ahead of every other by at
 * least GIN_DRILL_MARGIN in the coach's measure (percentage points of the
 * chance to win the game, or points with no game to win) and beyond the
 * noise (no other answer is "about equal"). One point is where gin-bench
 * coach finds the coach's choice stable (agreement with ten times the
 * budget >= 99% when its top two are more than a point apart); a single
 * decision early in a game to 100 seldom moves the game by much more. The levels are bands of that
 * margin: easy at least GIN_DRILL_EASY, normal from GIN_DRILL_NORMAL up to
 * easy's, hard from GIN_DRILL_MARGIN up to normal's: a hard drill is a
 * close one that the analysis still separates.
 *
 * Which spread to show (GIN_DRILL_SPREAD) is asked after a knock: the
 * hand throws a card face down and can show its melds in two or more ways
 * within the knock limit. Its answers are those spreads (the first
 * GIN_DRILL_SPREADS in gin_spreads' order), rated by gin_spread_rate
 * (spread_rate.h) in the hand's points: the knock is made and the hand
 * ends at that showdown, so a spread changes only its points, and the
 * showdown is exact (no playouts). The margins and bands are the same
 * numbers, in points. The rules' own pick is not an answer: it chooses with
 * the defender's cards in sight, which no player at a table can.
 *
 * Sources: the player's own games (gin_drill_from_game: a decision where
 * the move played was an answer other than the best of a drill), then
 * generated positions (gin_drill_generate: games of two hard bots from a
 * seed, the first seat's decisions). No I/O, no curses; the caller reads
 * the history and keeps the progress (src/store/drills.h). */
#ifndef GIN_TRAINER_DRILL_H
#define GIN_TRAINER_DRILL_H

#include <stdint.h>
#include "coach.h"
#include "gin/record.h"
#include "spread_rate.h"
#include "trainer.h"

enum gin_drill_kind {
    GIN_DRILL_THROW = 0,
    GIN_DRILL_TAKE = 1,
    GIN_DRILL_KNOCK = 2,
    GIN_DRILL_SPREAD = 3,
    GIN_DRILL_KINDS = 4
};
enum gin_drill_level { GIN_DRILL_LEVEL_EASY = 0, GIN_DRILL_LEVEL_NORMAL = 1, GIN_DRILL_LEVEL_HARD = 2 };
enum gin_drill_source { GIN_DRILL_GENERATED = 0, GIN_DRILL_YOURS = 1 };

/* The margins, in percentage points of win chance (or points; a spread
 * drill: always the hand's points). */
#define GIN_DRILL_MARGIN 1.0
#define GIN_DRILL_NORMAL 2.5
#define GIN_DRILL_EASY 5.0

enum {
    GIN_DRILL_CHOICES = 16,     /* answers a drill offers, at most (a throw: 11 cards) */
    GIN_DRILL_PLAYOUTS = 50000, /* the default budget of a drill's analysis */
    GIN_DRILL_LOOKS = 40,       /* positions analysed, at most, for one generated drill */
    GIN_DRILL_SPREADS = 8,      /* answers of a spread drill, at most: a page at 80x24 */
    /* A verdict: the best's reason and the answer's, and the sentences
     * around them. */
    GIN_DRILL_EXPLAIN_MAX = 2 * GIN_TRAINER_REASON_MAX + 2 * GIN_TRAINER_MOVE_MAX + 256
};

typedef struct gin_drill_opts {
    long playouts; /* the analysis budget; <= 0: GIN_DRILL_PLAYOUTS, and for your own
                    * decisions (gin_drill_from_game) the review's GIN_REVIEW_PLAYOUTS
                    * (a spread drill rates over playouts / 10 defender hands) */
    int level;     /* enum gin_drill_level (generated drills) */
    int looks;     /* positions analysed for one drill, at most; <= 0: GIN_DRILL_LOOKS */
} gin_drill_opts;

/* One answer offered: the best move of its kind of answer, or a spread. */
typedef struct gin_drill_choice {
    int move;    /* its index in advice.move[] (a spread drill: in spreads.spread[]) */
    double lost; /* behind the best answer, in percentage points of win chance or points; 0 for it */
} gin_drill_choice;

typedef struct gin_drill {
    gin_view view; /* the position, from the seat that decides */
    int kind;      /* enum gin_drill_kind */
    int source;    /* enum gin_drill_source */
    int hand_no;   /* the hand of the game it comes from, and its discards before the decision */
    int turns;
    int played;    /* yours: the choice you made in the game; else -1 */
    double margin; /* the best answer's lead over the next, in the measure's unit (as lost) */
    int n_choices; /* answers offered, in a fixed order that does not tell the best */
    int best;      /* the best answer's index in choice[] */
    gin_drill_choice choice[GIN_DRILL_CHOICES];
    gin_coach_advice advice;   /* the coach's advice on the position (a spread drill: only its
                              * measure, points; deadwood; top; phase) */
    gin_card thrown;           /* a spread drill: the card the knock throws face down */
    gin_spread_rating spreads; /* a spread drill: every spread rated */
} gin_drill;

/* The name of a kind ("throw", "take", "knock", "spread"), or NULL; and the kind of
 * a name, or -1. */
const char *gin_drill_kind_name(int kind);
int gin_drill_kind_of_name(const char *name);
/* The name of a level ("easy", "normal", "hard"), or NULL; the level of a
 * name, or -1. */
const char *gin_drill_level_name(int level);
int gin_drill_level_of_name(const char *name);

/* The kind of question the decision of v asks (the seat to move must be
 * v's): GIN_DRILL_TAKE at an offer or a draw, GIN_DRILL_KNOCK at a
 * discard where a knock or gin is legal, GIN_DRILL_THROW at any other
 * discard with two or more cards to throw; -1 for none. */
int gin_drill_kind_at(const gin_view *v);

/* Make d a drill of the position v, analysed with o and `seed`: the
 * choices, the best and the margin. Returns 1 when it is a drill (the best
 * clear by GIN_DRILL_MARGIN, or for level >= 0 within that level's band),
 * 0 when it is not, or a negative gin status (as gin_coach). */
int gin_drill_make(const gin_view *v, const gin_drill_opts *o, int level, uint64_t seed, gin_drill *d);

/* The same for a spread drill: the knock of v throwing `thrown`, its
 * spreads the choices (gin_spread_rate with `seed`), clear when the best is
 * ahead of every other by the margin in points and beyond the noise (no
 * other within GIN_COACH_NOISE_SE standard errors of it). */
int gin_drill_make_spread(const gin_view *v, gin_card thrown, const gin_drill_opts *o, int level, uint64_t seed,
                          gin_drill *d);

/* A generated drill of kind `kind` (-1: any of throw, take and knock; a
 * spread drill only when asked for) at o->level, from seed: the same seed
 * and options give the same drill. Returns 1 (found), 0 (none
 * within o->looks positions), or a negative gin status. */
int gin_drill_generate(const gin_drill_opts *o, int kind, uint64_t seed, gin_drill *d);

/* Drills of the player's own mistakes in a game record: each decision of
 * `seat` where the move played was a choice other than the best of a drill
 * (any level), and each knock where it chose its spread (not the rules'
 * pick) and another was the best of a spread drill. A decision where the player moved as the hard bot would
 * have is passed over unanalysed (a quick screen). found(ctx, d) is called
 * for each (d is reused; copy it); it returns nonzero to stop. At most
 * `looks` decisions are analysed (<= 0: no limit). Returns the number
 * found, or a negative gin status (a record that does not replay). */
int gin_drill_from_game(const gin_record *rec, int seat, const gin_drill_opts *o, int looks,
                        int (*found)(void *ctx, const gin_drill *d), void *ctx);

/* The choice `c` as words ("throw the K♣", "take the 9♥, then throw the
 * 2♠", "knock, throwing the 4♦", "play on: throw the K♣", "show [7♠ 7♥ 7♦]
 * [8♣ 9♣ 10♣], deadwood 5: 2♠ 3♥"). */
void gin_drill_choice_text(const gin_drill *d, int c, const gin_trainer_voice *voice, char *buf, size_t cap);

/* The question, for the page's heading: "Which card do you throw?", "Take
 * the 9♥ or draw from the stock?", "Knock or play on?", "You knock,
 * throwing the 9♣ face down: which melds do you show?". */
void gin_drill_question(const gin_drill *d, const gin_trainer_voice *voice, char *buf, size_t cap);

/* The choice an answer names, or -1: its number (1-based, as listed), or
 * for a throw the card ("KC", "kc", "10c"), or a word of the question
 * (gin_drill_words): take/pile, then pass (at the offer) or draw/stock;
 * knock (and gin, for a gin), play/"play on". A spread is named by its
 * number. */
int gin_drill_answer(const gin_drill *d, const char *text);

/* The words gin_drill_answer takes for d, all of them and no other: "take,
 * pile or pass", "take, pile, draw or stock", "knock, play or play on";
 * "" for a throw or a spread. */
void gin_drill_words(const gin_drill *d, char *buf, size_t cap);

/* The verdict and its reasons after choice c: right or not, how far behind
 * the best it was, the best answer and the coach's reason for it, and for
 * a wrong answer the coach's reason for the answer given. The reasons name
 * no move but the drill's answers (gin_trainer_reason_offered). */
void gin_drill_explain(const gin_drill *d, int c, const gin_trainer_voice *voice, char *buf, size_t cap);

/* Which kind to drill next: each kind weighs 1, plus 3 times the share of
 * its answers missed (tried[k] > 0), or 2 when never tried, so missed
 * kinds come back more often; r picks by weight. */
int gin_drill_pick_kind(const int tried[GIN_DRILL_KINDS], const int missed[GIN_DRILL_KINDS], uint64_t r);

#endif
