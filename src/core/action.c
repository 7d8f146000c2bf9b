/* Actions in words (action.h): the one table of the action words, the
 * writer and the reader every record and protocol line goes through. */
#include "gin/action.h"

#include <string.h>
#include "action_words.h"
#include "gin/error.h"
#include "text.h"

static const gin_action_word action_words[] = {
    {"take", GIN_ACT_TAKE_UPCARD, GIN_EV_TAKE_UPCARD, GIN_PHASE_OFFER, 0, 0},
    {"pass", GIN_ACT_PASS, GIN_EV_PASS, GIN_PHASE_OFFER, 0, 0},
    {"stock", GIN_ACT_DRAW_STOCK, GIN_EV_DRAW_STOCK, GIN_PHASE_DRAW, 0, 0},
    {"pile", GIN_ACT_DRAW_DISCARD, GIN_EV_DRAW_DISCARD, GIN_PHASE_DRAW, 0, 0},
    {"discard", GIN_ACT_DISCARD, GIN_EV_DISCARD, GIN_PHASE_DISCARD, 1, 0},
    {"knock", GIN_ACT_KNOCK, GIN_EV_KNOCK, GIN_PHASE_DISCARD, 1, 0},
    {"gin", GIN_ACT_KNOCK, GIN_EV_GIN, GIN_PHASE_DISCARD, 1, 1},
    {"biggin", GIN_ACT_KNOCK, GIN_EV_GIN, GIN_PHASE_DISCARD, 0, 1},
};
enum { N_WORDS = sizeof action_words / sizeof action_words[0] };

static const char *const result_words[] = {"knock", "undercut", "gin", "biggin"};
enum { N_RESULTS = sizeof result_words / sizeof result_words[0] };

static int same(const char *a, const char *b, int case_free)
{
    return case_free ? gin_text_same_word(a, b) : strcmp(a, b) == 0;
}

const gin_action_word *gin_action_word_find(const char *word, int case_free)
{
    for (int i = 0; i < N_WORDS; i++)
        if (same(word, action_words[i].word, case_free))
            return &action_words[i];
    return NULL;
}

const gin_action_word *gin_action_word_of_event(int event, gin_card card)
{
    for (int i = 0; i < N_WORDS; i++) {
        const gin_action_word *w = &action_words[i];
        if (w->event == event && (event != GIN_EV_GIN || w->card == (card != GIN_NO_CARD)))
            return w;
    }
    return NULL;
}

/* The entry that writes action `a`: a knock claiming gin is "gin", a knock
 * without a card "biggin". */
static const gin_action_word *word_of(gin_action a, int claims_gin)
{
    for (int i = 0; i < N_WORDS; i++) {
        const gin_action_word *w = &action_words[i];
        if (w->kind != a.kind)
            continue;
        if (a.kind != GIN_ACT_KNOCK || (a.card == GIN_NO_CARD ? w->gin && !w->card : w->card && w->gin == !!claims_gin))
            return w;
    }
    return NULL;
}

int gin_action_format(gin_action a, int claims_gin, char *buf, size_t cap)
{
    const gin_action_word *w = word_of(a, claims_gin);
    char card[3] = "";
    if (!buf || !w || (w->card && gin_card_format(a.card, card) != GIN_OK))
        return GIN_EINVAL;
    char melds[GIN_SPREAD_TEXT_MAX] = "";
    if (a.kind == GIN_ACT_KNOCK && (a.spread.sets | a.spread.runs) &&
        gin_spread_format(a.spread, melds, sizeof melds) < 0)
        return GIN_EINVAL;
    gin_text o;
    gin_text_init(&o, buf, cap);
    gin_text_put(&o, w->word);
    if (card[0]) {
        gin_text_put(&o, " ");
        gin_text_put(&o, card);
    }
    if (melds[0]) {
        gin_text_put(&o, " ");
        gin_text_put(&o, melds);
    }
    return o.full ? GIN_ESPACE : (int)o.len;
}

int gin_action_parse(const char *text, size_t len, unsigned flags, gin_action *out, int *claims_gin, int *phase)
{
    if (!text || !out)
        return GIN_EINVAL;
    gin_words ws;
    if (gin_words_split(text, len, GIN_WORDS_MAX, &ws) < 1)
        return GIN_EFORMAT;
    const gin_action_word *w = gin_action_word_find(ws.w[0], flags & GIN_ACTION_CASE_FREE);
    if (!w)
        return GIN_EFORMAT;
    gin_action a = gin_action_make(w->kind, GIN_NO_CARD);
    /* Only a knock may name the melds it shows, after its card. */
    int first_meld = 1 + w->card;
    if (ws.n < first_meld || (ws.n > first_meld && a.kind != GIN_ACT_KNOCK) ||
        (w->card && !gin_text_card(ws.w[1], &a.card)))
        return GIN_EFORMAT;
    for (int m = first_meld; m < ws.n; m++) {
        gin_cardset s;
        if (gin_cardset_parse(ws.w[m], &s, NULL) < 3 || gin_spread_add(&a.spread, s) != GIN_OK)
            return GIN_EFORMAT;
    }
    *out = a;
    if (claims_gin)
        *claims_gin = w->gin;
    if (phase)
        *phase = w->phase;
    return GIN_OK;
}

const char *gin_result_word(int kind) { return kind >= 0 && kind < N_RESULTS ? result_words[kind] : NULL; }

int gin_result_of_word(const char *word, unsigned flags)
{
    for (int k = 0; word && k < N_RESULTS; k++)
        if (same(word, result_words[k], flags & GIN_ACTION_CASE_FREE))
            return k;
    return -1;
}
