/* Drills: a position's choices from the coach's advice, whether one is
 * clearly best, the sources (generated games, the player's own), and the
 * scoring (drill.h). */
#include "drill.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "drill_internal.h"
#include "game_review.h"
#include "gin/error.h"
#include "gin/match.h"
#include "gin/record.h"
#include "gin/rng.h"

static const char *const kind_names[GIN_DRILL_KINDS] = {"throw", "take", "knock", "spread"};
static const char *const level_names[] = {"easy", "normal", "hard"};
enum { LEVELS = sizeof level_names / sizeof level_names[0] };

const char *gin_drill_kind_name(int kind) { return kind >= 0 && kind < GIN_DRILL_KINDS ? kind_names[kind] : NULL; }

int gin_drill_kind_of_name(const char *name)
{
    for (int k = 0; name && k < GIN_DRILL_KINDS; k++)
        if (!strcmp(name, kind_names[k]))
            return k;
    return -1;
}

const char *gin_drill_level_name(int level) { return level >= 0 && level < LEVELS ? level_names[level] : NULL; }

int gin_drill_level_of_name(const char *name)
{
    for (int k = 0; name && k < LEVELS; k++)
        if (!strcmp(name, level_names[k]))
            return k;
    return -1;
}

int gin_drill_kind_at(const gin_view *v)
{
    gin_action legal[GIN_LEGAL_MAX];
    int n = gin_view_legal(v, legal, GIN_LEGAL_MAX);
    if (n < 2)
        return -1;
    if (v->phase == GIN_PHASE_OFFER || v->phase == GIN_PHASE_DRAW)
        return GIN_DRILL_TAKE;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == GIN_ACT_KNOCK)
            return GIN_DRILL_KNOCK;
    return GIN_DRILL_THROW;
}

/* Which answer of a drill of `kind` the action is: for a throw its card's
 * place in the hand; else 0 (take, knock) or 1 (stock or pass, play on). */
static int answer_of(int kind, gin_cardset hand, gin_action a)
{
    if (kind == GIN_DRILL_TAKE)
        return a.kind == GIN_ACT_TAKE_UPCARD || a.kind == GIN_ACT_DRAW_DISCARD ? 0 : 1;
    if (kind == GIN_DRILL_KNOCK)
        return a.kind == GIN_ACT_KNOCK ? 0 : 1;
    if (a.kind != GIN_ACT_DISCARD || !gin_cardset_has(hand, a.card))
        return -1;
    return gin_cardset_count(hand & (gin_cardset_of(a.card) - 1)); /* the cards below it in the deck's order */
}

/* The answers of the advice: the best move of each, in a fixed order. */
static void make_choices(gin_drill *d)
{
    const gin_coach_advice *a = &d->advice;
    double unit = a->measure == GIN_COACH_BY_WIN ? 100.0 : 1.0;
    int slot[GIN_DRILL_CHOICES];
    for (int c = 0; c < GIN_DRILL_CHOICES; c++)
        slot[c] = -1;
    for (int i = 0; i < a->n; i++) { /* best first: the first move of an answer is its best */
        int c = answer_of(d->kind, d->view.hand, a->move[i].value.action);
        if (c >= 0 && c < GIN_DRILL_CHOICES && slot[c] < 0)
            slot[c] = i;
    }
    d->n_choices = 0;
    d->best = -1;
    for (int c = 0; c < GIN_DRILL_CHOICES; c++) {
        if (slot[c] < 0)
            continue;
        gin_drill_choice *ch = &d->choice[d->n_choices];
        ch->move = slot[c];
        ch->lost = a->move[slot[c]].gap * unit;
        if (slot[c] == 0)
            d->best = d->n_choices;
        d->n_choices++;
    }
}

/* The best answer's lead over the others, or -1 when one of them is about
 * equal to it (within the coach's noise). */
static double lead_of(const gin_drill *d)
{
    double lead = -1;
    for (int c = 0; c < d->n_choices; c++) {
        if (c == d->best)
            continue;
        if (d->advice.move[d->choice[c].move].equal)
            return -1;
        if (lead < 0 || d->choice[c].lost < lead)
            lead = d->choice[c].lost;
    }
    return lead;
}

/* A quick look first (a quarter of the budget, one pass of the analysis
 * the coach stands on): a position whose best answer is not ahead of the
 * others by half the margin there is passed over, which saves the coach's
 * full analysis (and its second pass on close calls) on most positions. */
static int worth_a_look(const gin_view *v, int kind, long playouts, uint64_t seed)
{
    gin_move_value mv[GIN_ANALYSIS_MAX];
    gin_analysis_opts ao = {playouts / 4 > 0 ? playouts / 4 : 1, seed, 1, 1, -1};
    int n = gin_analyze(v, &ao, mv, GIN_ANALYSIS_MAX);
    if (n < 2)
        return n < 0 ? n : 0;
    int best = answer_of(kind, v->hand, mv[0].action);
    double lead = -1;
    for (int i = 1; i < n; i++)
        if (answer_of(kind, v->hand, mv[i].action) != best && (lead < 0 || -mv[i].gap < lead))
            lead = -mv[i].gap; /* gap: 100 * win, or points, <= 0 */
    return lead >= GIN_DRILL_MARGIN / 2;
}

int gin_drill_make(const gin_view *v, const gin_drill_opts *o, int level, uint64_t seed, gin_drill *d)
{
    if (!v || !d)
        return GIN_EINVAL;
    int kind = gin_drill_kind_at(v);
    if (kind < 0)
        return 0;
    long budget = o && o->playouts > 0 ? o->playouts : GIN_DRILL_PLAYOUTS;
    int worth = worth_a_look(v, kind, budget, seed);
    if (worth <= 0)
        return worth;
    gin_coach_opts co = {budget, 0, seed, -1};
    int n = gin_coach(v, &co, &d->advice);
    if (n <= 0)
        return n;
    d->view = *v;
    d->kind = kind;
    d->played = -1;
    d->hand_no = v->hand_no;
    d->turns = v->turns;
    make_choices(d);
    if (d->best < 0 || d->n_choices < 2)
        return 0;
    d->margin = lead_of(d);
    return gin_drill_in_band(d->margin, level);
}

/* ---- Generated drills: games of two hard bots, the first seat's decisions. */

typedef struct gen {
    const gin_drill_opts *o;
    int kind, looks, max_looks;
    gin_rng rng;
    gin_drill *d;
    gin_view before; /* a spread drill: the view the knocker decided in */
} gen;

/* One step of the game for a spread drill: a knock (not gin) by either
 * seat that can show its melds two or more ways is looked at, from the
 * view its bot knocked in; the spread drill asks about a knock a hard bot
 * chose to make. Returns gin_match_step's answer; *found as
 * gin_drill_make_spread's. */
static int spread_step(gen *g, gin_match *m, int *found)
{
    int seat = m->game.hand.turn;
    int due = !gin_match_deal_due(m) && !m->game.over && m->game.hand.phase == GIN_PHASE_DISCARD;
    if (due)
        g->before = m->views[seat];
    int st = gin_match_step(m);
    if (st < 0 || !due || m->moved != seat || m->last.kind != GIN_ACT_KNOCK || m->last.card == GIN_NO_CARD)
        return st;
    gin_cardset kept = g->before.hand & ~gin_cardset_of(m->last.card);
    if (gin_deadwood(kept) > 0 && gin_spreads(kept, g->before.knock_limit, NULL, 0) >= 2) {
        g->looks++;
        *found = gin_drill_make_spread(&g->before, m->last.card, g->o, g->o->level, gin_rng_next(&g->rng), g->d);
    }
    return st;
}

/* Play one game from seed, looking at some of seat 0's decisions. 1: a
 * drill found; 0: none; < 0: a failure. */
static int gen_game(gen *g, gin_match *m, uint64_t seed)
{
    gin_rules r;
    gin_agent bots[2];
    if (gin_rules_preset("standard", &r) != GIN_OK)
        return GIN_EINVAL;
    for (int s = 0; s < 2; s++)
        if (gin_ai_create("hard", seed ^ (GIN_RNG_GOLDEN * (uint64_t)(s + 1)), 0, &bots[s]) != GIN_OK) {
            if (s && bots[0].destroy)
                bots[0].destroy(bots[0].self);
            return GIN_EINVAL;
        }
    const gin_agent *agents[2] = {&bots[0], &bots[1]};
    int rc = gin_match_init(m, &r, seed, agents, NULL, NULL), found = 0;
    while (rc == GIN_OK && !found && g->looks < g->max_looks) {
        const gin_view *v = &m->views[0];
        int k = !gin_match_deal_due(m) && !m->game.over && m->game.hand.turn == 0 ? gin_drill_kind_at(v) : -1;
        if (g->kind == GIN_DRILL_SPREAD) {
            int st = spread_step(g, m, &found);
            if (found < 0 || st <= 0)
                rc = found < 0 ? found : st < 0 ? st : 1;
            continue;
        }
        /* Some of the decisions, spread over the game; every knock (rare). */
        if (k >= 0 && (g->kind < 0 || k == g->kind) && (k == GIN_DRILL_KNOCK || gin_rng_below(&g->rng, 3) == 0)) {
            g->looks++;
            found = gin_drill_make(v, g->o, g->o->level, gin_rng_next(&g->rng), g->d);
            if (found < 0)
                rc = found;
            if (found)
                break;
        }
        int st = gin_match_step(m);
        if (st <= 0)
            rc = st < 0 ? st : 1; /* 1: the game is over */
    }
    for (int s = 0; s < 2; s++)
        if (bots[s].destroy)
            bots[s].destroy(bots[s].self);
    return rc < 0 ? rc : found > 0;
}

int gin_drill_generate(const gin_drill_opts *o, int kind, uint64_t seed, gin_drill *d)
{
    if (!o || !d)
        return GIN_EINVAL;
    gin_match *m = malloc(sizeof *m);
    if (!m)
        return GIN_ESPACE; /* no room for the game */
    gen g;
    memset(&g, 0, sizeof g);
    g.o = o;
    g.kind = kind;
    g.max_looks = o->looks > 0 ? o->looks : GIN_DRILL_LOOKS;
    g.d = d;
    gin_rng_seed(&g.rng, seed);
    int rc = 0;
    /* As many games as looks, at most: a kind that does not come up (no
     * knock in many games) ends the search too. */
    for (int games = 0; rc == 0 && g.looks < g.max_looks && games < g.max_looks; games++)
        rc = gen_game(&g, m, gin_rng_next(&g.rng));
    free(m);
    if (rc > 0)
        d->source = GIN_DRILL_GENERATED;
    return rc;
}

/* ---- The player's own games. */

static int same_answer(gin_action a, gin_action b)
{
    if (a.kind != b.kind)
        return 0;
    return (a.kind != GIN_ACT_DISCARD && a.kind != GIN_ACT_KNOCK) || a.card == b.card;
}

/* Whether the hard bot moves as the player did (the screen). */
static int bot_agrees(const gin_agent *bot, const gin_view *v, gin_action played)
{
    gin_action mine;
    return bot && gin_agent_decide(bot, v, &mine) == GIN_OK && same_answer(mine, played);
}

/* A knock of yours with a spread you chose, when another was the best of
 * a spread drill: 1 with d made (d->played yours), 0, or a gin status. */
static int spread_mistake(const gin_view *v, gin_action played, const gin_drill_opts *o, uint64_t seed, gin_drill *d)
{
    int made = gin_drill_make_spread(v, played.card, o, -1, seed, d);
    if (made <= 0)
        return made;
    d->source = GIN_DRILL_YOURS;
    d->played = gin_drill_spread_choice(d, played.spread);
    return d->played >= 0 && d->played != d->best;
}

int gin_drill_from_game(const gin_record *rec, int seat, const gin_drill_opts *o, int looks,
                        int (*found)(void *ctx, const gin_drill *d), void *ctx)
{
    if (!rec || !o || !found || seat < 0 || seat >= rec->rules.seats || rec->rules.seats != 2)
        return GIN_EINVAL;
    gin_match *m = malloc(sizeof *m);
    gin_drill *d = malloc(sizeof *d);
    gin_agent bot = {0};
    const gin_agent *agents[2] = {NULL, NULL};
    int rc = m && d ? gin_match_init(m, &rec->rules, rec->seed, agents, NULL, NULL) : GIN_ESPACE;
    int have_bot = rc == GIN_OK && gin_ai_create("hard", rec->seed, 0, &bot) == GIN_OK;
    int n = 0, looked = 0, stop = 0;
    /* Analysed as the review analyses the decision (its budget and seed),
     * so both give a mistake one number: with a seed of its own a drill
     * said 4.6 behind where the review said 7.3 given up (the race stops
     * weighing a clearly worse move early, so that move's number is rough). */
    gin_drill_opts as_reviewed = *o;
    as_reviewed.playouts = o->playouts > 0 ? o->playouts : GIN_REVIEW_PLAYOUTS;
    for (int i = 0; rc == GIN_OK && i < rec->n_actions && !stop; i++) {
        while (rc == GIN_OK && gin_match_deal_due(m))
            rc = gin_match_next(m) < 0 ? GIN_EILLEGAL : GIN_OK;
        if (rc != GIN_OK)
            break;
        gin_action played = rec->actions[i];
        const gin_view *v = &m->views[seat];
        if (m->game.hand.turn == seat && (looks <= 0 || looked < looks) && played.kind == GIN_ACT_KNOCK &&
            (played.spread.sets | played.spread.runs)) {
            looked++;
            int made = spread_mistake(v, played, o, rec->seed ^ (uint64_t)i ^ UINT64_C(0x5b7ead), d);
            if (made < 0)
                rc = made;
            else if (made) {
                n++;
                stop = found(ctx, d);
            }
        }
        if (m->game.hand.turn == seat && (looks <= 0 || looked < looks) && gin_drill_kind_at(v) >= 0 &&
            !bot_agrees(have_bot ? &bot : NULL, v, played)) {
            looked++;
            int made = gin_drill_make(v, &as_reviewed, -1, GIN_REVIEW_SEED, d);
            if (made < 0)
                rc = made;
            else if (made) {
                d->source = GIN_DRILL_YOURS;
                int c = answer_of(d->kind, v->hand, played);
                for (int k = 0; k < d->n_choices; k++)
                    if (answer_of(d->kind, v->hand, d->advice.move[d->choice[k].move].value.action) == c)
                        d->played = k;
                if (d->played >= 0 && d->played != d->best) {
                    n++;
                    stop = found(ctx, d);
                }
            }
        }
        if (rc == GIN_OK && gin_match_submit(m, played) != GIN_OK)
            rc = GIN_EILLEGAL;
    }
    if (have_bot && bot.destroy)
        bot.destroy(bot.self);
    free(m);
    free(d);
    return rc == GIN_OK ? n : rc;
}

/* ---- Words. */

void gin_drill_choice_text(const gin_drill *d, int c, const gin_trainer_voice *voice, char *buf, size_t cap)
{
    if (!cap)
        return;
    buf[0] = '\0';
    if (c < 0 || c >= d->n_choices)
        return;
    if (d->kind == GIN_DRILL_SPREAD) {
        gin_drill_spread_text(d, c, voice, buf, cap);
        return;
    }
    char move[GIN_TRAINER_MOVE_MAX];
    gin_trainer_move(&d->advice, d->choice[c].move, voice, move, sizeof move);
    int play_on = d->kind == GIN_DRILL_KNOCK && d->advice.move[d->choice[c].move].value.action.kind != GIN_ACT_KNOCK;
    snprintf(buf, cap, "%s%s", play_on ? "play on: " : "", move);
}

static void card_name(const gin_trainer_voice *voice, gin_card c, char *buf, size_t cap)
{
    if (voice && voice->card)
        voice->card(c, buf, cap);
    else {
        char t[3];
        gin_card_format(c, t);
        snprintf(buf, cap, "%s", t);
    }
}

void gin_drill_question(const gin_drill *d, const gin_trainer_voice *voice, char *buf, size_t cap)
{
    char top[16];
    card_name(voice, d->advice.top, top, sizeof top);
    switch (d->kind) {
    case GIN_DRILL_TAKE:
        if (d->view.phase == GIN_PHASE_OFFER)
            snprintf(buf, cap, "Take the %s or pass?", top);
        else
            snprintf(buf, cap, "Take the %s or draw from the stock?", top);
        break;
    case GIN_DRILL_KNOCK:
        snprintf(buf, cap, "Knock or play on?");
        break;
    case GIN_DRILL_SPREAD:
        card_name(voice, d->thrown, top, sizeof top);
        snprintf(buf, cap, "You knock, throwing the %s face down: which melds do you show?", top);
        break;
    default:
        snprintf(buf, cap, "Which card do you throw?");
    }
}

/* Is the knock the drill offers a gin (its ten cards all melded)? Then
 * "gin" answers it too. */
static int knock_is_gin(const gin_drill *d)
{
    for (int c = 0; c < d->n_choices; c++) {
        gin_action a = d->advice.move[d->choice[c].move].value.action;
        if (a.kind == GIN_ACT_KNOCK)
            return gin_deadwood(d->view.hand & ~gin_cardset_of(a.card)) == 0;
    }
    return 0;
}

/* The words of answer `a` (0: take, knock; 1: the stock or the pass,
 * playing on), NULL-terminated: only those of this question, so the pass
 * is not "draw" and the list a refusal shows is the list accepted. */
static const char *const *words_of(const gin_drill *d, int a)
{
    static const char *const take[] = {"take", "pile", NULL}, *const pass[] = {"pass", NULL},
                             *const stock[] = {"draw", "stock", NULL}, *const knock[] = {"knock", NULL},
                             *const gin[] = {"knock", "gin", NULL}, *const on[] = {"play", "play on", NULL};
    if (d->kind == GIN_DRILL_KNOCK)
        return a == 1 ? on : knock_is_gin(d) ? gin : knock;
    if (d->kind != GIN_DRILL_TAKE)
        return NULL;
    return a == 0 ? take : d->view.phase == GIN_PHASE_OFFER ? pass : stock;
}

/* A word's answer, or -1. */
static int word_answer(const gin_drill *d, const char *w)
{
    int want = -1;
    for (int a = 0; a < 2; a++)
        for (const char *const *x = words_of(d, a); x && *x; x++)
            if (!strcmp(w, *x))
                want = a;
    for (int c = 0; want >= 0 && c < d->n_choices; c++)
        if (answer_of(d->kind, d->view.hand, d->advice.move[d->choice[c].move].value.action) == want)
            return c;
    return -1;
}

void gin_drill_words(const gin_drill *d, char *buf, size_t cap)
{
    if (!cap)
        return;
    buf[0] = '\0';
    size_t len = 0;
    int n = 0, total = 0;
    for (int a = 0; a < 2; a++)
        for (const char *const *x = words_of(d, a); x && *x; x++)
            total++;
    for (int a = 0; a < 2; a++)
        for (const char *const *x = words_of(d, a); x && *x && len < cap; x++, n++) {
            int k = snprintf(buf + len, cap - len, "%s%s", n == 0 ? "" : n == total - 1 ? " or " : ", ", *x);
            len += k > 0 ? (size_t)k : 0;
        }
}

int gin_drill_answer(const gin_drill *d, const char *text)
{
    char w[24];
    size_t n = 0;
    while (*text && isspace((unsigned char)*text))
        text++;
    for (; text[n] && n + 1 < sizeof w; n++)
        w[n] = (char)tolower((unsigned char)text[n]);
    if (text[n])
        return -1;
    while (n && isspace((unsigned char)w[n - 1]))
        n--;
    w[n] = '\0';
    if (!n)
        return -1;
    char *end;
    long k = strtol(w, &end, 10);
    if (*end == '\0' && w[0] != '-' && w[0] != '+')
        return k >= 1 && k <= d->n_choices ? (int)(k - 1) : -1;
    if (d->kind == GIN_DRILL_THROW) {
        gin_card c;
        char up[24];
        for (size_t i = 0; i <= n; i++)
            up[i] = (char)toupper((unsigned char)w[i]);
        const char *rest = NULL;
        if (gin_card_parse(up, &c, &rest) != GIN_OK || (rest && *rest))
            return -1;
        for (int i = 0; i < d->n_choices; i++)
            if (d->advice.move[d->choice[i].move].value.action.card == c)
                return i;
        return -1;
    }
    return word_answer(d, w);
}

static const char *unit_of(const gin_drill *d)
{
    return d->advice.measure == GIN_COACH_BY_WIN ? "percentage points of the chance to win the game" : "points";
}

void gin_drill_explain(const gin_drill *d, int c, const gin_trainer_voice *voice, char *buf, size_t cap)
{
    if (!cap)
        return;
    buf[0] = '\0';
    if (c < 0 || c >= d->n_choices || d->best < 0)
        return;
    if (d->kind == GIN_DRILL_SPREAD) {
        gin_drill_spread_explain(d, c, voice, buf, cap);
        return;
    }
    char best[GIN_TRAINER_MOVE_MAX + 16], mine[GIN_TRAINER_MOVE_MAX + 16], value[32];
    char why[GIN_TRAINER_REASON_MAX], why_mine[GIN_TRAINER_REASON_MAX];
    gin_drill_choice_text(d, d->best, voice, best, sizeof best);
    gin_drill_choice_text(d, c, voice, mine, sizeof mine);
    gin_trainer_value(&d->advice, d->choice[d->best].move, 0, value, sizeof value);
    /* The best is weighed against an answer offered: the one picked, or
     * when it was the best, the runner-up. The words name no move the
     * drill does not offer: the learner could not have given it. */
    int other = c;
    uint32_t offered = 0;
    for (int k = 0; k < d->n_choices; k++) {
        offered |= UINT32_C(1) << d->choice[k].move;
        if (c == d->best && k != d->best && (other == d->best || d->choice[k].lost < d->choice[other].lost))
            other = k;
    }
    gin_trainer_reason_offered(&d->view, &d->advice, d->choice[d->best].move, d->choice[other].move, offered, voice,
                               why, sizeof why);
    if (c == d->best) {
        snprintf(buf, cap, "Right: %s (%s); the next best answer gives up %.1f %s. %s", best, value, d->margin,
                 unit_of(d), why);
        return;
    }
    /* Yours on its own facts: the best's reason already weighed the two. */
    gin_trainer_reason_offered(&d->view, &d->advice, d->choice[c].move, d->choice[c].move, offered, voice, why_mine,
                               sizeof why_mine);
    snprintf(buf, cap, "Not the best: %s gives up %.1f %s. Best: %s (%s). %s Yours: %s", mine, d->choice[c].lost,
             unit_of(d), best, value, why, why_mine);
}

int gin_drill_pick_kind(const int tried[GIN_DRILL_KINDS], const int missed[GIN_DRILL_KINDS], uint64_t r)
{
    double w[GIN_DRILL_KINDS], sum = 0;
    for (int k = 0; k < GIN_DRILL_KINDS; k++) {
        w[k] = tried[k] > 0 ? 1.0 + 3.0 * (double)missed[k] / (double)tried[k] : 2.0;
        sum += w[k];
    }
    double x = (double)(r >> 11) / 9007199254740992.0 * sum; /* 53 bits: [0, sum) */
    for (int k = 0; k < GIN_DRILL_KINDS - 1; k++) {
        if (x < w[k])
            return k;
        x -= w[k];
    }
    return GIN_DRILL_KINDS - 1;
}
