/* gin — the bot protocol (docs/protocol.md), one job a section, each in a
 * file of its own:
 *   - the messages: their kinds, writing and reading a line (proto_codec.c);
 *   - the referee: the messages that tell a seat each event
 *     (proto_referee.c), its ruling on a bot's answer (proto_check.c), and
 *     a seat's whole transcript from a record (transcript.c);
 *   - the bot's answers: reading and writing them (proto_answer.c);
 *   - the handshake, and quoting the other side's lines (proto_handshake.c);
 *   - the client: the bot's side, rebuilding its seat's view
 *     (proto_client.c).
 *
 * Pure: no I/O, no allocation, no globals, so it can be fuzzed. The referee
 * (exec_agent.c) turns the redacted events of its seat into messages with
 * gin_proto_referee_msgs and writes them with gin_proto_format; the bot side
 * (cmd_engine.c) reads each line with gin_proto_parse and feeds it to a
 * gin_proto_client, which rebuilds the very events the seat received and so
 * a gin_view equal to the referee's. */
#ifndef GIN_PROTOCOL_H
#define GIN_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>
#include "gin/hand.h"
#include "gin/meld.h"
#include "gin/record.h"
#include "gin/view.h"

enum {
    GIN_PROTO_VERSION = 1,
    GIN_PROTO_LINE_MAX = 4096, /* bytes of one line, newline included; longer is garbage */
    GIN_PROTO_WHY_MAX = 128,   /* gin_proto_client's reason for a refusal, NUL included */
    /* The most messages one event makes (gin_proto_referee_msgs): a ring of
     * four's showdown, two spread lines a seat, a layoff line for each card
     * of three defenders of seven, a penalty a seat, the result and endhand. */
    GIN_PROTO_EVENT_MSGS_MAX = 2 * GIN_MAX_SEATS + (GIN_MAX_SEATS - 1) * GIN_RING_DEALT + GIN_MAX_SEATS + 2
};

/* Referee -> bot messages (the first word of the line). */
enum gin_proto_kind {
    GIN_PROTO_HELLO = 0, /* gin VERSION                      n = version */
    GIN_PROTO_RULES,     /* rules PRESET KNOB VALUE ...      rules */
    GIN_PROTO_GAME,      /* game SEAT SEED                   seat, seed */
    GIN_PROTO_HAND,      /* hand N DEALER UPCARD             n, dealer, card */
    GIN_PROTO_DEAL,      /* deal C1 .. C10 (C1 .. C7 in a ring)  cards */
    GIN_PROTO_MOVE,      /* move SEAT WORD [CARD]            seat, event, card */
    GIN_PROTO_RESHUFFLE, /* reshuffle STOCK                  n */
    GIN_PROTO_VOID,      /* void STOCK                       n */
    GIN_PROTO_MELDS,     /* melds SEAT M1 M2 ...             seat, n_melds, melds */
    GIN_PROTO_UNMATCHED, /* unmatched SEAT C ...             seat, cards */
    GIN_PROTO_LAYOFF,    /* layoff SEAT CARD MELD            seat, card, n = meld index */
    GIN_PROTO_RESULT,    /* result WINNER KIND POINTS        seat, result, n */
    GIN_PROTO_ENDHAND,   /* endhand P0 P1 [P2 [P3]]          scores, n_scores */
    GIN_PROTO_ENDGAME,   /* endgame WINNER TOTAL             seat (-1: tie), n */
    GIN_PROTO_OFFER,     /* offer      request: take | pass */
    GIN_PROTO_DRAW,      /* draw       request: stock | pile */
    GIN_PROTO_DISCARD,   /* discard    request: discard C | knock C | gin C | biggin */
    GIN_PROTO_ERROR,     /* error TEXT                       text */
    GIN_PROTO_QUIT,      /* quit */
    GIN_PROTO_PENALTY,   /* penalty SEAT POINTS              seat, n (a ring of 3-4 only) */
    GIN_PROTO_ANALYZE,   /* analyze REQUEST [PLAYOUTS]       result = the request's kind (OFFER, DRAW or
                            DISCARD), n = playouts (0: the bot's own budget); optional: rank
                            your answers, play nothing (docs/protocol.md, "Analysis") */
    GIN_PROTO_KINDS
};

/* One message. Only the fields named for its kind are meaningful. */
typedef struct gin_proto_msg {
    int kind;                  /* enum gin_proto_kind */
    int seat;                  /* GAME, MOVE, MELDS, UNMATCHED, LAYOFF, PENALTY, RESULT/ENDGAME: the
                          winner; 0..GIN_MAX_SEATS-1 */
    int n;                     /* HELLO version, HAND number, RESHUFFLE/VOID stock, LAYOFF meld,
                          RESULT points (a ring: the penalty paid in all), ENDGAME total,
                          PENALTY points, RULES knobs left out as unknown (the first in text) */
    int dealer;                /* HAND */
    int result;                /* RESULT: enum gin_result_kind */
    int scores[GIN_MAX_SEATS]; /* ENDHAND: game points (a ring: penalty totals) of each seat */
    int event;                 /* MOVE: GIN_EV_TAKE_UPCARD, PASS, DRAW_STOCK, DRAW_DISCARD, DISCARD,
                          KNOCK or GIN (card GIN_NO_CARD: big gin) */
    gin_card card;             /* HAND upcard; MOVE card (GIN_NO_CARD when hidden); LAYOFF card */
    int n_melds;               /* MELDS */
    int n_scores;              /* ENDHAND: how many scores, 2..GIN_MAX_SEATS (0 is read as 2) */
    gin_cardset cards;         /* DEAL, UNMATCHED */
    uint64_t seed;             /* GAME */
    gin_cardset melds[GIN_MAX_MELDS];
    gin_rules rules; /* RULES (name: a preset's static name, or "custom") */
    char text[256];  /* ERROR (cut to fit); RULES: the first knob left out */
} gin_proto_msg;

/* ---- the messages (proto_codec.c) ---- */

/* The keyword of a message kind ("move"), or NULL for a bad kind. Static. */
const char *gin_proto_keyword(int kind);

/* Write one message as a line ending in '\n' (and a NUL) into buf. Returns
 * the length, GIN_ESPACE if cap is too small (GIN_PROTO_LINE_MAX always
 * suffices), GIN_EINVAL for a bad message (unknown kind, invalid card). */
int gin_proto_format(const gin_proto_msg *m, char *buf, size_t cap);

/* Parse one line (a trailing "\n" or "\r\n" allowed; keywords and cards
 * case-free; words separated by spaces or tabs) into *m. Returns GIN_OK,
 * GIN_EFORMAT (unknown keyword, missing or extra field, bad number or card),
 * or GIN_ENAME / GIN_ERULES for a rules line with an unknown preset or a
 * bad value. A knob this gin does not know (a newer referee's) is left
 * out, as docs/protocol.md asks of a bot: counted in m->n, the first named
 * in m->text, for the caller to say so or refuse. */
int gin_proto_parse(const char *line, gin_proto_msg *m);

/* ---- the referee (proto_referee.c, proto_check.c, transcript.c) ---- */

/* What a referee remembers of a ring's showdown between its events: each
 * seat's shown hand (from the PENALTY events), so that HAND_OVER can tell
 * every defender's spread. Two seats need none. Zero it (memset) before a
 * game; one per seat talked to. */
typedef struct gin_proto_referee {
    gin_cardset shown[GIN_MAX_SEATS];
    int knocker; /* from the KNOCK / GIN event */
} gin_proto_referee;

/* The messages that tell seat v->seat about `ev` (already redacted for it;
 * v already updated by it, as an agent's observe callback receives them).
 * Writes up to cap messages into out[] and returns how many (0 for events
 * the seat learns about otherwise, e.g. LAYOFF, sent with the showdown), or
 * GIN_ESPACE / GIN_EINVAL. GIN_PROTO_EVENT_MSGS_MAX always suffices. The
 * messages that open a
 * game (rules, game) are not included: see gin_proto_game_msgs.
 * r (may be NULL with two seats) carries a ring's showdown from event to
 * event; in a ring with r NULL the showdown gives GIN_ESTATE. */
int gin_proto_referee_msgs(gin_proto_referee *r, const gin_view *v, const gin_event *ev, gin_proto_msg *out,
                           size_t cap);

/* The `rules` and `game` messages that open a game for seat `seat`
 * (0..r->seats-1). out[0..1]. Returns 2 or GIN_EINVAL. */
int gin_proto_game_msgs(const gin_rules *r, int seat, uint64_t seed, gin_proto_msg out[2]);

/* 1 if `ev`, as seen by v's seat after the view took it in, opens a new
 * game (the first deal of hand 1: the dealer's left's), else 0. */
int gin_proto_is_game_start(const gin_view *v, const gin_event *ev);

/* The referee's ruling on a bot's answer: gin_view_check (view.h) for the
 * seat of `v`, its reason phrased for a bot author. claims_gin: the bot
 * said "gin C", which also requires no deadwood. Returns GIN_OK, GIN_EINVAL
 * (v NULL), or GIN_EILLEGAL with the reason written into why (may be
 * NULL; cut to fit cap). */
int gin_proto_check(const gin_view *v, gin_action a, int claims_gin, char *why, size_t cap);

/* The lines seat `seat` would have received from a referee in the game of
 * `rec` (its rules, its seed in the `game` line), from `gin 1` through the
 * request of the decision that follows the record's last action: what a
 * bot in that seat reads, up to the question it must answer now (gin
 * advise and gin engine read it back). Writes NUL-terminated text into buf
 * and returns its length; GIN_EINVAL (NULL, cap 0, a seat the rules lack),
 * GIN_ESPACE (cap too small: a whole game of two seats needs well under
 * 64 KiB), GIN_EILLEGAL (the record does not replay), GIN_ESTATE (the game
 * is over, or the next decision is another seat's). */
int gin_proto_transcript(const gin_record *rec, int seat, char *buf, size_t cap);

/* ---- the bot's answers (proto_answer.c) ---- */

/* Parse the answer to a request in phase `phase` (GIN_PHASE_OFFER: take,
 * pass; DRAW: stock, pile; DISCARD: discard C, knock C, gin C, biggin):
 * one protocol line read by the action codec (gin_action_parse, its words
 * case-free). *claims_gin (may be NULL) is set to 1 for "gin C" / "biggin". Returns
 * GIN_OK, GIN_EFORMAT (not an answer at all), or GIN_EILLEGAL (an answer
 * of another phase). */
int gin_proto_parse_answer(const char *line, int phase, gin_action *out, int *claims_gin);

/* Why a knock answer that gin_proto_parse_answer refused (GIN_EFORMAT) is
 * a move, only not a legal one: its melds are cards but not a spread ("5S
 * is in two melds", "5S,5D,5C,3D is not a meld"), written into why (cap
 * bytes, NUL-terminated). Returns GIN_OK then; GIN_EFORMAT when the line
 * is not that (not a knock with melds, or a word that is not cards). */
int gin_proto_spread_why(const char *line, char *why, size_t cap);

/* Write an action as an answer line: gin_action_format ("knock 7H"; "gin
 * 7H" when claims_gin; big gin is "biggin") and '\n'. Returns the length,
 * GIN_ESPACE or GIN_EINVAL. */
int gin_proto_format_answer(gin_action a, int claims_gin, char *buf, size_t cap);

/* ---- the handshake (proto_handshake.c) ---- */

/* Parse the handshake reply "ok NAME" (NAME: the rest of the line, printable
 * ASCII, cut to fit namecap - 1). Returns GIN_OK or GIN_EFORMAT. */
int gin_proto_parse_ok(const char *line, char *name, size_t namecap);

/* A line from the other side (a bot's answer, a referee's message) made
 * safe to quote in a message for a person: its line end ("\n", "\r\n")
 * dropped, every byte that is not printable ASCII written as \xNN and a
 * backslash as \\, so that no control or raw byte from outside reaches a
 * terminal; cut to fit cap with "..." at the end. Always NUL-terminates buf
 * (cap >= 1; cap 0 writes nothing). Returns buf. */
char *gin_proto_quote(const char *line, char *buf, size_t cap);

/* ---- the client: the bot's side, rebuilding the view (proto_client.c) ---- */

typedef struct gin_proto_client {
    gin_rules rules;
    int have_rules;
    int in_game; /* a `game` was received */
    int seat;
    uint64_t seed;
    gin_view view;       /* equals the referee's view of this seat */
    int hand_no, dealer; /* from `hand`, until `deal` */
    gin_card upcard;
    int hand_open;  /* `hand` seen, `deal` not yet */
    int passes;     /* this hand */
    int last_mover; /* seat of the last move (a void names it) */
    /* A knock being settled: the knock, then melds / unmatched / layoffs. */
    int knocker;     /* -1 when none */
    int knock_event; /* GIN_EV_KNOCK or GIN_EV_GIN */
    gin_card knock_card;
    gin_showdown sd;
    /* Each seat's lines so far (two seats and a ring): its melds and its
     * unmatched line told, and every card it showed (melds, unmatched, laid
     * off), each checked against what this seat knows. */
    int have_spread[GIN_MAX_SEATS]; /* melds */
    int have_unmatched[GIN_MAX_SEATS];
    gin_cardset shown[GIN_MAX_SEATS];
    /* A ring's showdown (3-4 seats): every seat's spread, layoffs, penalty. */
    gin_arrangement spread[GIN_MAX_SEATS];
    gin_layoff layoffs[GIN_MAX_SEATS][GIN_HELD_MAX];
    int n_layoffs[GIN_MAX_SEATS];
    int penalty[GIN_MAX_SEATS];
    int have_penalty[GIN_MAX_SEATS];
    /* What the seat knows beyond its view, to refuse a message that cannot
     * be: the card the seat to move took from the pile this turn (any
     * seat's), and the message a discard made the only possible next one
     * (GIN_PROTO_VOID or GIN_PROTO_RESHUFFLE; 0: none). */
    gin_card taken;
    int due;
    char why[GIN_PROTO_WHY_MAX]; /* why the last message was refused, or "" */
} gin_proto_client;

/* Start with nothing known. */
void gin_proto_client_init(gin_proto_client *c);

/* Take one message in. Game-state messages update c->view and, for each
 * event they complete, call on_event(ctx, ev) (may be NULL) after the view
 * took it in, as gin_match does for an agent's observe. Requests, hello,
 * error and quit change nothing. Returns GIN_OK, GIN_ESTATE (a message out
 * of order or not fitting the seats: a move before any game, a deal without
 * a hand, a seat the table lacks, a deal of the wrong size, a showdown
 * missing a seat ...; or one that cannot be, by what the seat knows: a move
 * out of turn or against the rules, a card that is elsewhere (thrown from
 * your hand but not in it, thrown by another seat but in your hand or on
 * the pile, drawn from the stock but already seen where it still is, taken
 * from the pile but not its top, thrown by another seat all of whose cards
 * were taken from the pile but not one of them), a draw from an empty
 * stock, a stock count that does not add up, anything but `void` or `reshuffle` when a
 * discard has made it due, a request included; a showdown line naming a
 * card its seat cannot hold (ours, on the pile, thrown with the knock,
 * shown already, in a third seat's hand), a layoff that does not fit its
 * meld, against gin or by the knocker, a seat's spread whose cards are
 * not its whole hand by count and by the cards it took from the pile, a
 * knocker's deadwood over the limit) or GIN_EINVAL. A refused
 * message changes nothing, and c->why says why in the referee's words to a
 * bot ("AC is not in your hand", "5S is in your hand", "the stock is
 * empty", "a deal at a table of 2 is 10 cards, not 7"); after GIN_OK or
 * GIN_EINVAL it is "". */
int gin_proto_client_feed(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn on_event, void *ctx);

#endif
