/* gin — the trainer: the coach's advice (src/ai/coach.h) in words, for the
 * table's hint page, `gin advise` and the protocol's analysis answer, and
 * later the game review and drills (a review is the advice on each
 * decision plus a verdict, phrased by the same calls).
 *
 * Every word stands on a fact of the advice: the reason of a move says
 * why it ranks where it does against the plainest answer (the
 * least-deadwood throw, the stock, the pass) or the move a review or a
 * drill weighs it against, from the deadwood, the melds
 * it keeps or breaks, the outs it keeps and how many are unseen, what the
 * opponent's throws, passes and takes say about a card, a knock's undercut
 * risk and the stock left; and when the game score makes fewer points the
 * better move, it says so. A gap within the noise is "about equal".
 *
 * No I/O, no curses: the caller names the cards (glyphs or letters are the
 * front end's choice) and prints. Buffers are the caller's; every text is
 * cut to fit and NUL-terminated. */
#ifndef GIN_TRAINER_H
#define GIN_TRAINER_H

#include <stddef.h>
#include <stdint.h>
#include "coach.h"

enum {
    GIN_TRAINER_REASON_MAX = 640, /* a reason of gin_trainer_reason, with its NUL */
    GIN_TRAINER_MOVE_MAX = 96     /* a move's words (gin_trainer_move), with its NUL */
};

/* Who is spoken to, and how cards are named. */
typedef struct gin_trainer_voice {
    /* Writes a card's name into buf (cap bytes, NUL-terminated); NULL: as
     * the protocol writes it ("TH", "KC"). */
    void (*card)(gin_card c, char *buf, size_t cap);
    /* 0: the advice is for the reader ("your deadwood", "they took");
     * 1: it is about the bot's decision, read by its opponent ("its
     * deadwood", "you took"). */
    int bot;
} gin_trainer_voice;

/* The move `i` of the advice as an instruction: "throw the K♣", "knock,
 * throwing the K♣", "go gin, throwing the K♣", "go big gin", "draw from
 * the stock", "pass", "take the 9♥, then throw the K♣" (a take names the
 * throw the coach makes after it: what the next hint ranks first). */
void gin_trainer_move(const gin_coach_advice *a, int i, const gin_trainer_voice *voice, char *buf, size_t cap);

/* Why move `i` ranks where it does, in a sentence or two (up to
 * GIN_TRAINER_REASON_MAX bytes), from its facts against the plainest
 * answer (or, for the plainest, against the best or the runner-up). v is
 * the view the advice was made for. */
void gin_trainer_reason(const gin_view *v, const gin_coach_advice *a, int i, const gin_trainer_voice *voice, char *buf,
                        size_t cap);

/* As gin_trainer_reason, weighed against move r of the advice instead of
 * the plainest answer: the move the player made, when a review explains
 * the best against it, or the other answer a drill offers (a page that
 * ranks every move keeps gin_trainer_reason). r == i: the move's own facts
 * alone; r < 0: as gin_trainer_reason. */
void gin_trainer_reason_against(const gin_view *v, const gin_coach_advice *a, int i, int r,
                                const gin_trainer_voice *voice, char *buf, size_t cap);

/* As gin_trainer_reason_against, for a question that offers only some of
 * the moves as its answers, each the best of its kind (a drill): bit k of
 * `offered` is set when move k is one, r is one of them (any other: i,
 * the move's own facts alone). The words name no other move: the moves
 * about equal to i that are not offered are i's own answer with another
 * card, counted, not named ("Another throw is about equal", "Any of 3
 * other knocks is about equal"), and where a knock is offered a throw is
 * playing on ("About equal to playing on (throwing the 9♣)"). */
void gin_trainer_reason_offered(const gin_view *v, const gin_coach_advice *a, int i, int r, uint32_t offered,
                                const gin_trainer_voice *voice, char *buf, size_t cap);

/* The value of move i in the ranking's measure, "win 56.3%" or "+12.3
 * points", and in the other one (other = 1). */
void gin_trainer_value(const gin_coach_advice *a, int i, int other, char *buf, size_t cap);

/* How far behind the best move i is, as shown: "best", "about equal", or
 * "2.1 behind" (percentage points of win chance, or points), the
 * difference of the two values as gin_trainer_value rounds them (at least
 * 0.1 when the move is not about equal). */
void gin_trainer_gap(const gin_coach_advice *a, int i, char *buf, size_t cap);

/* What the ranking's measure is, for a page's heading: "ranked by the
 * chance to win the game" or "ranked by the points this hand should
 * bring (no one game's chance to weigh)". Static text. */
const char *gin_trainer_measure(const gin_coach_advice *a);

/* The index of the best-ranked knock or gin of the advice at or after
 * index `from`, or -1: the table shows it even below its top three. */
int gin_trainer_knock(const gin_coach_advice *a, int from);

/* For the knock confirmation, knocking now by throwing `thrown`: "an
 * undercut is about 12% likely (their deadwood after lay-offs is about
 * 14)"; "" for gin. Returns 0, or -1 (no knock to judge: buf is ""). seed as gin_coach's. */
int gin_trainer_knock_note(const gin_view *v, gin_card thrown, uint64_t seed, const gin_trainer_voice *voice, char *buf,
                           size_t cap);

#endif
