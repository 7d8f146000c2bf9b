/* gin — the rule presets of docs/rules.md, their check, and single-knob
 * overrides by name (shared by every front end so the flags agree). */
#include "gin/rules.h"

#include <stddef.h>
#include <string.h>

#include "gin/card.h"
#include "gin/error.h"
#include "gin/number.h"
#include "text.h"

/* Upper bounds that keep every score sum far from int overflow (512 hands
 * of the largest points still fit) while allowing any sensible house rule. */
enum { BONUS_MAX = 1000, TARGET_MAX = 10000, MAX_HANDS_MAX = 10000, RULE_VALUE_MAX = 999999 };

static const gin_rules presets[] = {
    {.name = "standard",
     .seats = 2,
     .cut = GIN_CUT_LOW_DEALS,
     .next_dealer = GIN_NEXT_WINNER_DEALS,
     .first_turn = GIN_FIRST_TURN_OFFER,
     .knock_limit = 10,
     .gin_bonus = 25,
     .big_gin_bonus = 0,
     .undercut_bonus = 25,
     .stock_low = GIN_STOCK_VOID,
     .stock_void_at = 2,
     .target = 100,
     .max_hands = 0,
     .game_bonus = 100,
     .box_bonus = 25,
     .shutout = GIN_SHUTOUT_DOUBLE_TOTAL,
     .hollywood = 0},
    {.name = "classic",
     .seats = 2,
     .cut = GIN_CUT_HIGH_DEALS,
     .next_dealer = GIN_NEXT_WINNER_DEALS,
     .first_turn = GIN_FIRST_TURN_FREE,
     .knock_limit = 10,
     .gin_bonus = 25,
     .big_gin_bonus = 0,
     .undercut_bonus = 25,
     .stock_low = GIN_STOCK_VOID,
     .stock_void_at = 0,
     .target = 100,
     .max_hands = 0,
     .game_bonus = 100,
     .box_bonus = 25,
     .shutout = GIN_SHUTOUT_DOUBLE_NO_BOX,
     .hollywood = 0},
    /* stock_void_at is unused under reshuffle; kept at the standard value. */
    {.name = "oklahoma",
     .seats = 2,
     .cut = GIN_CUT_LOW_DEALS,
     .next_dealer = GIN_NEXT_WINNER_DEALS,
     .first_turn = GIN_FIRST_TURN_OFFER,
     .knock_limit = GIN_KNOCK_LIMIT_UPCARD,
     .gin_bonus = 25,
     .big_gin_bonus = 0,
     .undercut_bonus = 20,
     .stock_low = GIN_STOCK_RESHUFFLE,
     .stock_void_at = 2,
     .target = 100,
     .max_hands = 0,
     .game_bonus = 100,
     .box_bonus = 25,
     .shutout = GIN_SHUTOUT_DOUBLE_TOTAL,
     .hollywood = 0},
    {.name = "straight",
     .seats = 2,
     .cut = GIN_CUT_LOW_DEALS,
     .next_dealer = GIN_NEXT_WINNER_DEALS,
     .first_turn = GIN_FIRST_TURN_OFFER,
     .knock_limit = 0,
     .gin_bonus = 25,
     .big_gin_bonus = 0,
     .undercut_bonus = 25,
     .stock_low = GIN_STOCK_VOID,
     .stock_void_at = 2,
     .target = 100,
     .max_hands = 0,
     .game_bonus = 100,
     .box_bonus = 25,
     .shutout = GIN_SHUTOUT_DOUBLE_TOTAL,
     .hollywood = 0},
};

enum { N_PRESETS = sizeof presets / sizeof presets[0] };

/* Number of presets (4). */
size_t gin_rules_preset_count(void) { return N_PRESETS; }

/* Preset i (static storage, never freed), or NULL when i is out of range. */
const gin_rules *gin_rules_preset_at(size_t i) { return i < N_PRESETS ? &presets[i] : NULL; }

/* Copies the named preset into *out (if out is non-NULL). GIN_OK, GIN_ENAME. */
int gin_rules_preset(const char *name, gin_rules *out)
{
    if (!name)
        return GIN_ENAME;
    for (size_t i = 0; i < N_PRESETS; i++)
        if (gin_text_same_word(name, presets[i].name)) {
            if (out)
                *out = presets[i];
            return GIN_OK;
        }
    return GIN_ENAME;
}

const char *gin_rules_preset_names(void) { return "standard, classic, oklahoma, straight"; }

/* Cards in the stock right after the deal and the upcard: 10 cards each for
 * two seats, 7 each for three or four (the Oklahoma rules). */
static int initial_stock(int seats) { return GIN_DECK_SIZE - seats * gin_cards_dealt(seats) - 1; }

static int in(int v, int lo, int hi) { return v >= lo && v <= hi; }

int gin_rules_check(const gin_rules *r, const char **why)
{
    const char *msg = NULL;
    if (!r)
        msg = "rules: missing";
    else if (!r->name)
        msg = "name: missing";
    else if (!in(r->seats, 2, GIN_MAX_SEATS))
        msg = "seats: must be 2 to 4";
    else if (!in(r->cut, GIN_CUT_LOW_DEALS, GIN_CUT_HIGH_DEALS))
        msg = "cut: must be low or high";
    else if (!in(r->next_dealer, GIN_NEXT_WINNER_DEALS, GIN_NEXT_ALTERNATE))
        msg = "next-dealer: must be winner, loser or alternate";
    else if (!in(r->first_turn, GIN_FIRST_TURN_OFFER, GIN_FIRST_TURN_FREE))
        msg = "first-turn: must be offer or free";
    else if (!in(r->knock_limit, 0, 10) && r->knock_limit != GIN_KNOCK_LIMIT_UPCARD)
        msg = "knock: must be 0 to 10 (0 = gin only) or upcard";
    else if (!in(r->gin_bonus, 0, BONUS_MAX))
        msg = "gin-bonus: must be 0 to 1000";
    else if (!in(r->big_gin_bonus, 0, BONUS_MAX))
        msg = "big-gin: must be 0 (off) to 1000";
    else if (!in(r->undercut_bonus, 0, BONUS_MAX))
        msg = "undercut-bonus: must be 0 to 1000";
    else if (!in(r->stock_low, GIN_STOCK_VOID, GIN_STOCK_RESHUFFLE))
        msg = "stock: must be void or reshuffle";
    else if (!in(r->stock_void_at, 0, initial_stock(r->seats) - 1))
        msg = "stock-void-at: must be 0 up to one less than the stock after the deal";
    else if (!in(r->target, 1, TARGET_MAX))
        msg = "target: must be 1 to 10000";
    else if (!in(r->max_hands, 0, MAX_HANDS_MAX))
        msg = "max-hands: must be 0 (no limit) to 10000";
    else if (!in(r->game_bonus, 0, BONUS_MAX))
        msg = "game-bonus: must be 0 to 1000";
    else if (!in(r->box_bonus, 0, BONUS_MAX))
        msg = "box-bonus: must be 0 to 1000";
    else if (!in(r->shutout, GIN_SHUTOUT_DOUBLE_TOTAL, GIN_SHUTOUT_DOUBLE_NO_BOX))
        msg = "shutout: must be total or no-box";
    else if (!in(r->hollywood, 0, 1))
        msg = "hollywood: must be on or off";
    else if (r->hollywood && r->seats != 2)
        msg = "hollywood: two seats only";
    else if (!in(r->spade_double, 0, 1))
        msg = "spade-double: must be on or off";
    else if (!in(r->undercut_penalty, 0, BONUS_MAX))
        msg = "undercut-penalty: must be 0 to 1000";
    if (why)
        *why = msg;
    return msg ? GIN_ERULES : GIN_OK;
}

int gin_rules_ring(gin_rules *r, int seats)
{
    if (!r)
        return GIN_EINVAL;
    if (!in(seats, 2, GIN_MAX_SEATS))
        return GIN_ERULES;
    gin_rules trial = *r;
    trial.seats = seats;
    if (seats > 2 && trial.undercut_penalty == 0)
        trial.undercut_penalty = GIN_RING_UNDERCUT_PENALTY;
    if (trial.seats != r->seats || trial.undercut_penalty != r->undercut_penalty)
        trial.name = "custom";
    if (gin_rules_check(&trial, NULL) != GIN_OK)
        return GIN_ERULES;
    *r = trial;
    return GIN_OK;
}

int gin_rules_knock_limit(const gin_rules *r, int upcard)
{
    if (!r)
        return 0;
    if (r->knock_limit != GIN_KNOCK_LIMIT_UPCARD)
        return r->knock_limit < 0 ? 0 : r->knock_limit;
    if (!gin_card_valid(upcard) || gin_card_rank(upcard) == 0)
        return 0; /* ace: gin only */
    return gin_card_value(upcard);
}

int gin_rules_hand_factor(const gin_rules *r, int upcard)
{
    return r && r->spade_double && gin_card_valid(upcard) && gin_card_suit(upcard) == GIN_SPADES ? 2 : 1;
}

/* ---- overrides by name ---- */

typedef struct knob {
    const char *name;
    size_t offset;            /* of an int field of gin_rules */
    const char *const *words; /* words[i] means value i (NULL: numbers only) */
    int n_words;
    const char *bad; /* message for text that is not a value */
} knob;

static const char *const w_cut[] = {"low", "high"};
static const char *const w_next[] = {"winner", "loser", "alternate"};
static const char *const w_first[] = {"offer", "free"};
static const char *const w_stock[] = {"void", "reshuffle"};
static const char *const w_shutout[] = {"total", "no-box"};
static const char *const w_onoff[] = {"off", "on"};

#define KNOB(n, field, w, msg)                                                                                         \
    {                                                                                                                  \
        (n), offsetof(gin_rules, field), (w), (int)(sizeof(w) / sizeof((w)[0])), (msg)                                 \
    }
#define NUMBER(n, field, msg)                                                                                          \
    {                                                                                                                  \
        (n), offsetof(gin_rules, field), NULL, 0, (msg)                                                                \
    }

static const knob knobs[] = {
    NUMBER("seats", seats, "seats: expected a number"),
    KNOB("cut", cut, w_cut, "cut: expected low or high"),
    KNOB("next-dealer", next_dealer, w_next, "next-dealer: expected winner, loser or alternate"),
    KNOB("first-turn", first_turn, w_first, "first-turn: expected offer or free"),
    NUMBER("knock", knock_limit, "knock: expected 0 to 10 or upcard"),
    NUMBER("gin-bonus", gin_bonus, "gin-bonus: expected a number"),
    NUMBER("big-gin", big_gin_bonus, "big-gin: expected a number (0 = off)"),
    NUMBER("undercut-bonus", undercut_bonus, "undercut-bonus: expected a number"),
    KNOB("stock", stock_low, w_stock, "stock: expected void or reshuffle"),
    NUMBER("stock-void-at", stock_void_at, "stock-void-at: expected a number"),
    NUMBER("target", target, "target: expected a number"),
    NUMBER("max-hands", max_hands, "max-hands: expected a number (0 = no limit)"),
    NUMBER("game-bonus", game_bonus, "game-bonus: expected a number"),
    NUMBER("box-bonus", box_bonus, "box-bonus: expected a number"),
    KNOB("shutout", shutout, w_shutout, "shutout: expected total or no-box"),
    KNOB("hollywood", hollywood, w_onoff, "hollywood: expected on or off"),
    NUMBER("undercut-penalty", undercut_penalty, "undercut-penalty: expected a number"),
    KNOB("spade-double", spade_double, w_onoff, "spade-double: expected on or off"),
};

const char *gin_rules_knob_names(void)
{
    return "seats, cut, next-dealer, first-turn, knock, gin-bonus, big-gin, undercut-bonus, "
           "stock, stock-void-at, target, max-hands, game-bonus, box-bonus, shutout, hollywood, "
           "undercut-penalty, spade-double";
}

enum { N_KNOBS = sizeof knobs / sizeof knobs[0] };

int gin_rules_knob_count(void) { return N_KNOBS; }

const char *gin_rules_knob_name(int i) { return i >= 0 && i < N_KNOBS ? knobs[i].name : NULL; }

int gin_rules_knob_since(int i) { return i < 16 ? 1 : i == 16 ? 2 : 3; }

int gin_rules_knob_get(const gin_rules *r, int i)
{
    if (!r || i < 0 || i >= N_KNOBS)
        return 0;
    return *(const int *)(const void *)((const char *)r + knobs[i].offset);
}

int gin_rules_knob_put(gin_rules *r, int i, int v)
{
    if (!r || i < 0 || i >= N_KNOBS)
        return GIN_EINVAL;
    *(int *)(void *)((char *)r + knobs[i].offset) = v;
    return GIN_OK;
}

static int is_knock(const knob *k) { return k->offset == offsetof(gin_rules, knock_limit); }

const char *gin_rules_knob_word(int i, int v)
{
    if (i < 0 || i >= N_KNOBS)
        return NULL;
    const knob *k = &knobs[i];
    if (k->words && v >= 0 && v < k->n_words)
        return k->words[v];
    if (is_knock(k) && v == GIN_KNOCK_LIMIT_UPCARD)
        return "upcard";
    return NULL;
}

int gin_rules_knob_value(int i, const char *text, int *v)
{
    if (i < 0 || i >= N_KNOBS || !text)
        return -1;
    const knob *k = &knobs[i];
    for (int w = 0; w < k->n_words; w++)
        if (!strcmp(text, k->words[w])) {
            *v = w;
            return 1;
        }
    if (is_knock(k) && !strcmp(text, "upcard")) {
        *v = GIN_KNOCK_LIMIT_UPCARD;
        return 1;
    }
    return k->words ? -1 : 0;
}

/* A decimal integer of at most six digits (every knob's bounds are well
 * inside), nothing else. Returns 1 and *v on success. */
static int parse_int(const char *s, int *v)
{
    long long x;
    if (gin_number_parse(s, -RULE_VALUE_MAX, RULE_VALUE_MAX, &x, NULL) != GIN_OK)
        return 0;
    *v = (int)x;
    return 1;
}

int gin_rules_set(gin_rules *r, const char *name, const char *value, const char **why)
{
    if (why)
        *why = NULL;
    if (!r || !name || !value) {
        if (why)
            *why = "rules: missing argument";
        return GIN_EINVAL;
    }
    const knob *k = NULL;
    for (size_t i = 0; i < N_KNOBS; i++)
        if (gin_text_same_word(name, knobs[i].name))
            k = &knobs[i];
    if (!k) {
        if (why)
            *why = "unknown rule knob";
        return GIN_ENAME;
    }
    int v = 0, found = 0;
    for (int i = 0; i < k->n_words && !found; i++)
        if (gin_text_same_word(value, k->words[i]))
            v = i, found = 1;
    if (!found && is_knock(k) && gin_text_same_word(value, "upcard"))
        v = GIN_KNOCK_LIMIT_UPCARD, found = 1;
    /* Only what docs/rules.md documents: a knob of words takes its words
     * (never the numbers behind them), and the knock limit's upcard rule is
     * the word "upcard", never the -1 that stands for it. */
    if (!found && (k->words || !parse_int(value, &v) || (is_knock(k) && v < 0))) {
        if (why)
            *why = k->bad;
        return GIN_ERULES;
    }
    gin_rules trial = *r;
    int *field = (int *)(void *)((char *)&trial + k->offset);
    int changed = *field != v;
    *field = v;
    if (changed)
        trial.name = "custom";
    const char *msg = NULL;
    if (gin_rules_check(&trial, &msg) != GIN_OK) {
        if (why)
            *why = msg;
        return GIN_ERULES;
    }
    *r = trial;
    return GIN_OK;
}
