/* The soak checker: play many hands through the match loop, in every preset
 * with and without Hollywood and with single knobs no preset turns (big gin,
 * free first turn, reshuffle, max hands, ...), and check the game's invariants after every
 * action: each card in exactly one place, hand sizes right for the phase,
 * every seat's view agreeing with the table and blind to the stock, the
 * running score equal to gin_score_game (gin_score_hollywood) over the
 * results so far, and at the end of each game its record (every action,
 * via gin_record_add) replaying to the same game, and formatting, parsing
 * and replaying with every check line holding. (A game longer than a record
 * holds is replayed when its record fills, against the game at that point.)
 * A library of its own (gin_soak): `gin-bench soak` runs it long (a million
 * hands), tests/ai/test_soak.c short, with proof that the checks catch damage. */
#include "soak.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "gin/error.h"
#include "gin/rng.h"
#include "gin/match.h"
#include "gin/meld.h"
#include "gin/record.h"
#include "gin/score.h"

static void violation(soak_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void violation(soak_ctx *c, const char *fmt, ...)
{
    c->st->violations++;
    if (!c->report || c->st->violations > SOAK_REPORT_MAX)
        return;
    va_list ap;
    fprintf(c->report, "soak: violation in game seed %llu (%s), hand %d: ", (unsigned long long)c->game_seed,
            c->variant, c->match.game.hand_no);
    va_start(ap, fmt);
    vfprintf(c->report, fmt, ap);
    va_end(ap);
    fputc('\n', c->report);
}

/* ---- an agent that records what the agent it wraps decides ---- */

typedef struct recorder {
    const gin_agent *inner;
    gin_record *rec;
    int *full; /* set when an action did not fit */
} recorder;

static void rec_add(recorder *r, gin_action a)
{
    if (gin_record_add(r->rec, a) != GIN_OK)
        *r->full = 1;
}

static int rec_offer(void *self, const gin_view *v)
{
    recorder *r = self;
    int x = r->inner->offer(r->inner->self, v);
    if (x >= 0)
        rec_add(r, gin_action_make(x ? GIN_ACT_TAKE_UPCARD : GIN_ACT_PASS, GIN_NO_CARD));
    return x;
}

static int rec_draw(void *self, const gin_view *v)
{
    recorder *r = self;
    int x = r->inner->draw(r->inner->self, v);
    if (x >= 0)
        rec_add(r, gin_action_make(x, GIN_NO_CARD));
    return x;
}

static int rec_discard(void *self, const gin_view *v, gin_action *out)
{
    recorder *r = self;
    /* No baseline goes big gin; take it whenever it is there, so the rule's
     * path is played. */
    if (v->rules.big_gin_bonus > 0 && gin_cardset_count(v->hand) == 11 && gin_deadwood(v->hand) == 0) {
        *out = gin_action_make(GIN_ACT_KNOCK, GIN_NO_CARD);
        rec_add(r, *out);
        return GIN_OK;
    }
    int x = r->inner->discard(r->inner->self, v, out);
    if (x >= 0)
        rec_add(r, *out);
    return x;
}

static void rec_observe(void *self, const gin_view *v, const gin_event *ev)
{
    recorder *r = self;
    if (r->inner->observe)
        r->inner->observe(r->inner->self, v, ev);
}

/* ---- invariants ---- */

static void on_event(void *ctx, const gin_event *ev)
{
    soak_ctx *c = ctx;
    if (ev->kind == GIN_EV_HAND_OVER || ev->kind == GIN_EV_VOID)
        c->hands_seen++;
    if (ev->kind == GIN_EV_DEAL)
        c->face_up = gin_card_valid(ev->card) ? gin_cardset_of(ev->card) : 0;
    if ((ev->kind == GIN_EV_DISCARD || ev->kind == GIN_EV_PASS) && gin_card_valid(ev->card))
        c->face_up |= gin_cardset_of(ev->card);
    if (ev->kind == GIN_EV_HAND_OVER && ev->showdown && ev->showdown->points != ev->value)
        violation(c, "HAND_OVER says %d points, its showdown %d", ev->value, ev->showdown->points);
    if (ev->kind == GIN_EV_HAND_OVER && ev->showdown && ev->showdown->kind >= 0 && ev->showdown->kind < 4)
        c->st->kinds[ev->showdown->kind]++;
    if (ev->kind == GIN_EV_VOID)
        c->st->voids++;
    if (ev->kind == GIN_EV_RESHUFFLE)
        c->st->reshuffles++;
}

/* Each card in exactly one place; sizes right for the phase. */
void soak_check_cards(soak_ctx *c)
{
    const gin_hand *h = &c->match.game.hand;
    gin_cardset seen = 0;
    int dup = 0;
    if (h->stock_n < 0 || h->stock_n > GIN_DECK_SIZE || h->pile_n < 0 || h->pile_n > GIN_DECK_SIZE) {
        violation(c, "stock %d or pile %d out of range", h->stock_n, h->pile_n);
        return;
    }
    for (int i = 0; i < h->stock_n; i++) {
        if (!gin_card_valid(h->stock[i]) || gin_cardset_has(seen, h->stock[i]))
            dup++;
        else
            seen |= gin_cardset_of(h->stock[i]);
    }
    gin_cardset stock = seen;
    for (int i = 0; i < h->pile_n; i++) {
        if (!gin_card_valid(h->pile[i]) || gin_cardset_has(seen, h->pile[i]))
            dup++;
        else
            seen |= gin_cardset_of(h->pile[i]);
        if (h->pile_by[i] < -1 || h->pile_by[i] >= h->seats)
            violation(c, "pile card %d thrown by seat %d", i, h->pile_by[i]);
    }
    int held = 0;
    for (int s = 0; s < h->seats; s++) {
        if (seen & h->held[s])
            dup++;
        seen |= h->held[s];
        held += gin_cardset_count(h->held[s]);
    }
    if (dup || seen != GIN_DECK || held + h->stock_n + h->pile_n != GIN_DECK_SIZE)
        violation(c, "cards not each in one place: %d doubled, %d missing, %d held + %d stock + %d pile", dup,
                  gin_cardset_count(GIN_DECK & ~seen), held, h->stock_n, h->pile_n);

    for (int s = 0; s < h->seats; s++) {
        int n = gin_cardset_count(h->held[s]), want = 10;
        if (h->phase == GIN_PHASE_DISCARD && s == h->turn)
            want = 11;
        if (h->phase == GIN_PHASE_OVER && s == h->knocker && h->result.kind == GIN_RESULT_BIG_GIN)
            want = 11;
        if (n != want)
            violation(c, "seat %d holds %d cards in phase %d (want %d)", s, n, h->phase, want);
    }
    if (h->phase == GIN_PHASE_DISCARD && h->taken != GIN_NO_CARD && !gin_cardset_has(h->held[h->turn], h->taken))
        violation(c, "the card taken from the pile is not in the taker's hand");

    /* The views agree with the table and never see the stock. */
    for (int s = 0; s < h->seats; s++) {
        const gin_view *v = &c->match.views[s];
        if (v->hand != h->held[s] || v->stock_n != h->stock_n || v->pile_n != h->pile_n ||
            memcmp(v->pile, h->pile, sizeof h->pile[0] * (size_t)h->pile_n) != 0)
            violation(c, "seat %d's view disagrees with the table", s);
        if (h->phase != GIN_PHASE_OVER && (v->seen & stock & ~c->face_up))
            violation(c, "seat %d's view has seen a stock card", s);
        if (h->phase != GIN_PHASE_OVER && v->phase != h->phase)
            violation(c, "seat %d's view is in phase %d, the hand in %d", s, v->phase, h->phase);
        for (int o = 0; o < h->seats; o++)
            if (o != s && h->phase != GIN_PHASE_OVER && (v->seen & h->held[o] & ~v->known[o] & ~c->face_up))
                violation(c, "seat %d's view has seen seat %d's hidden cards", s, o);
    }
}

/* The running score is what gin_score_game says of the results so far. */
void soak_check_score(soak_ctx *c)
{
    const gin_game *g = &c->match.game;
    if (g->n_results < 0 || g->n_results > GIN_MAX_HANDS || g->n_results > g->hand_no) {
        violation(c, "%d results after %d hands", g->n_results, g->hand_no);
        return;
    }
    int points[GIN_MAX_SEATS] = {0};
    for (int i = 0; i < g->n_results; i++)
        if (g->results[i].winner >= 0 && g->results[i].winner < g->rules.seats)
            points[g->results[i].winner] += g->results[i].points;
    for (int s = 0; s < g->rules.seats; s++)
        for (int v = 0; v < g->rules.seats; v++)
            if (c->match.views[v].scores[s] != points[s])
                violation(c, "seat %d's view scores seat %d %d, the results %d", v, s, c->match.views[v].scores[s],
                          points[s]);
    if (g->rules.hollywood) {
        gin_game_score hw[3];
        if (gin_score_hollywood(&g->rules, g->results, (size_t)g->n_results, hw) != GIN_OK ||
            memcmp(hw, g->hollywood, sizeof hw) != 0)
            violation(c, "Hollywood score differs from gin_score_hollywood");
        else if (g->over != (hw[0].over && hw[1].over && hw[2].over) && g->n_results < GIN_MAX_HANDS)
            violation(c, "game over is %d, the three Hollywood games say otherwise", g->over);
    } else {
        gin_game_score sc;
        if (gin_score_game(&g->rules, g->results, (size_t)g->n_results, &sc) != GIN_OK ||
            memcmp(&sc, &g->score, sizeof sc) != 0)
            violation(c, "score differs from gin_score_game");
        else if (g->over != sc.over && g->n_results < GIN_MAX_HANDS)
            violation(c, "game over is %d, gin_score_game says %d", g->over, sc.over);
        if (!g->rules.hollywood)
            for (int s = 0; s < g->rules.seats; s++)
                if (sc.points[s] != points[s])
                    violation(c, "seat %d has %d points, its hands %d", s, sc.points[s], points[s]);
    }
}

/* The record replays to the same game, and survives text. */
void soak_check_record(soak_ctx *c)
{
    const gin_game *g = &c->match.game;
    int idx = -1;
    int rc = gin_record_replay(&c->rec, &c->replay, NULL, NULL, &idx);
    if (rc != GIN_OK) {
        violation(c, "record of %d actions does not replay: %s at action %d", c->rec.n_actions, gin_strerror(rc), idx);
        return;
    }
    const gin_game *r = &c->replay;
    if (r->over != g->over || r->hand_no != g->hand_no || r->n_results != g->n_results ||
        memcmp(r->results, g->results, sizeof g->results[0] * (size_t)g->n_results) != 0 ||
        memcmp(&r->score, &g->score, sizeof g->score) != 0 ||
        memcmp(r->hollywood, g->hollywood, sizeof g->hollywood) != 0 || memcmp(r->deck, g->deck, sizeof g->deck) != 0)
        violation(c, "the replayed game differs from the game played");
    int n = gin_record_format(&c->rec, c->text, sizeof c->text);
    if (n < 0) {
        violation(c, "record does not format: %s", gin_strerror(n));
        return;
    }
    int line = 0, el = 0;
    rc = gin_record_parse(c->text, &c->parsed, &line);
    if (rc != GIN_OK) {
        violation(c, "formatted record does not parse: %s at line %d", gin_strerror(rc), line);
        return;
    }
    rc = gin_record_replay_lines(&c->parsed, &c->replay, NULL, NULL, &idx, &el);
    if (rc != GIN_OK || c->parsed.n_actions != c->rec.n_actions || c->replay.over != g->over ||
        memcmp(&c->replay.score, &g->score, sizeof g->score) != 0)
        violation(c, "parsed record does not replay the same (%s at line %d)", gin_strerror(rc), el);
}

/* A game too long for a record: its record, full now, must replay to the
 * game as it stands (the hand in play included). */
static void check_prefix(soak_ctx *c)
{
    const gin_game *g = &c->match.game;
    int idx = -1;
    c->st->prefixes++;
    int rc = gin_record_replay(&c->rec, &c->replay, NULL, NULL, &idx);
    if (rc != GIN_OK) {
        violation(c, "full record does not replay: %s at action %d", gin_strerror(rc), idx);
        return;
    }
    const gin_game *r = &c->replay;
    const gin_hand *a = &g->hand, *b = &r->hand;
    if (r->hand_no != g->hand_no || r->n_results != g->n_results ||
        memcmp(r->results, g->results, sizeof g->results[0] * (size_t)g->n_results) != 0 ||
        memcmp(&r->score, &g->score, sizeof g->score) != 0 || a->phase != b->phase || a->turn != b->turn ||
        a->stock_n != b->stock_n || a->pile_n != b->pile_n || memcmp(a->held, b->held, sizeof a->held) != 0 ||
        memcmp(a->pile, b->pile, sizeof a->pile[0] * (size_t)a->pile_n) != 0)
        violation(c, "the full record replays to another game than the one in play");
}

/* ---- the soak ---- */

/* Which agents sit down for game number `game`: mostly the fast baselines,
 * now and then a bot level (they think far longer per move). */
static void pick_agents(long game, const char *names[2])
{
    /* random rarely knocks: its games are mostly void hands, and random
     * against random plays hundreds of them. One game in sixteen. */
    static const char *const pairs[16][2] = {
        {"random", "random"}, {"random", "simple"}, {"simple", "random"}, {"simple", "simple"},
        {"simple", "simple"}, {"simple", "simple"}, {"simple", "simple"}, {"simple", "simple"},
        {"simple", "simple"}, {"random", "simple"}, {"simple", "random"}, {"simple", "simple"},
        {"simple", "simple"}, {"simple", "simple"}, {"simple", "simple"}, {"simple", "simple"}};
    /* Every pair within any 16 games, and over a run with every variant. */
    int pair = (int)((game + game / 16) % 16);
    names[0] = pairs[pair][0];
    names[1] = pairs[pair][1];
    if (game % 97 == 13)
        names[game & 1] = "easy";
    else if (game % 211 == 29)
        names[(game >> 2) & 1] = "normal";
}

/* One game; returns 0, or -1 if the agents could not be made. */
int soak_game(soak_ctx *c, const gin_rules *r, uint64_t seed, long game)
{
    const char *names[2];
    pick_agents(game, names);
    gin_agent inner[2];
    for (int s = 0; s < 2; s++) {
        if (gin_ai_create(names[s], seed * 2 + (uint64_t)s, 0, &inner[s]) != GIN_OK) {
            if (s == 1 && inner[0].destroy)
                inner[0].destroy(inner[0].self);
            violation(c, "cannot create agent %s", names[s]);
            return -1;
        }
    }
    if (strcmp(names[0], "random") && strcmp(names[0], "simple"))
        c->st->by_level++;
    else if (strcmp(names[1], "random") && strcmp(names[1], "simple"))
        c->st->by_level++;
    int full = 0;
    recorder rs[2] = {{&inner[0], &c->rec, &full}, {&inner[1], &c->rec, &full}};
    gin_agent wrap[2];
    for (int s = 0; s < 2; s++)
        wrap[s] = (gin_agent){"recorder", &rs[s], rec_offer, rec_draw, rec_discard, rec_observe, NULL};
    const gin_agent *seats[2] = {&wrap[0], &wrap[1]};

    c->game_seed = seed;
    c->hands_seen = 0;
    gin_record_init(&c->rec, r, seed);
    int rc = gin_match_init(&c->match, r, seed, seats, on_event, c);
    if (rc != GIN_OK)
        violation(c, "match does not start: %s", gin_strerror(rc));
    long last_results = 0;
    int prefix_checked = 0;
    while (rc == GIN_OK) {
        if (!prefix_checked && c->rec.n_actions == GIN_RECORD_MAX_ACTIONS) {
            check_prefix(c);
            prefix_checked = 1;
        }
        int step = gin_match_step(&c->match);
        if (step < 0) {
            violation(c, "match step failed: %s (seat %d)", gin_strerror(step), c->match.fault_seat);
            break;
        }
        c->st->actions++;
        if (c->match.game.hand_no > 0)
            soak_check_cards(c);
        if (c->match.game.n_results != last_results || step == 0) {
            soak_check_score(c);
            last_results = c->match.game.n_results;
        }
        if (step == 0)
            break;
    }
    if (rc == GIN_OK) {
        if (c->hands_seen != c->match.game.n_results)
            violation(c, "%ld hands ended, %d results", c->hands_seen, c->match.game.n_results);
        if (!c->match.game.over)
            violation(c, "game stopped before it was over");
        /* A game of hundreds of void hands can outgrow a record
         * (GIN_RECORD_MAX_ACTIONS); it was replayed when its record
         * filled up (check_prefix) and is counted. */
        if (full)
            c->st->too_long++;
        else
            soak_check_record(c);
    }
    c->st->hands += c->hands_seen;
    c->st->games++;
    for (int s = 0; s < 2; s++)
        if (inner[s].destroy)
            inner[s].destroy(inner[s].self);
    return 0;
}

int soak_run(long hands, uint64_t seed, soak_stats *st, FILE *report)
{
    memset(st, 0, sizeof *st);
    soak_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    c->st = st;
    c->report = report;
    size_t presets = gin_rules_preset_count();
    gin_rules variants[32];
    int n_variants = 0;
    for (size_t i = 0; i < presets && n_variants < 30; i++) {
        variants[n_variants++] = *gin_rules_preset_at(i);
        gin_rules hw = *gin_rules_preset_at(i);
        if (!hw.hollywood && gin_rules_set(&hw, "hollywood", "on", NULL) == GIN_OK)
            variants[n_variants++] = hw;
    }
    /* Knobs no preset turns, one at a time over standard (a few over classic). */
    static const char *const knobs[][3] = {
        {"standard", "big-gin", "31"},   {"standard", "first-turn", "free"},       {"standard", "stock", "reshuffle"},
        {"standard", "max-hands", "3"},  {"standard", "next-dealer", "alternate"}, {"standard", "cut", "high"},
        {"standard", "knock", "upcard"}, {"standard", "shutout", "no-box"},        {"classic", "big-gin", "31"},
        {"classic", "knock", "0"},
    };
    for (size_t i = 0; i < sizeof knobs / sizeof knobs[0] && n_variants < 32; i++) {
        gin_rules r;
        if (gin_rules_preset(knobs[i][0], &r) == GIN_OK && gin_rules_set(&r, knobs[i][1], knobs[i][2], NULL) == GIN_OK)
            variants[n_variants++] = r;
        else if (report)
            fprintf(report, "soak: cannot set %s %s over %s\n", knobs[i][1], knobs[i][2], knobs[i][0]);
    }
    for (long game = 0; st->hands < hands; game++) {
        const gin_rules *r = &variants[game % n_variants];
        c->variant = r->hollywood ? "Hollywood" : r->name; /* "custom" for a knob */
        if (soak_game(c, r, seed + (uint64_t)game * GIN_RNG_GOLDEN, game) != 0)
            break;
    }
    free(c);
    return 0;
}
