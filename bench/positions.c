/* Positions for the benches that time decisions: the views a bot was
 * asked about in real games (bench.h). */
#include "bench.h"
#include "ai.h"
#include "gin/error.h"
#include "gin/match.h"

static void keep(bench_recorder *r, const gin_view *v)
{
    if (r->n >= r->cap)
        return;
    if (r->every > 0) {
        gin_action legal[64];
        if (gin_view_legal(v, legal, 64) < 2 || r->seen++ % r->every)
            return;
    }
    r->views[r->n++] = *v;
}

static int rec_offer(void *self, const gin_view *v)
{
    bench_recorder *r = self;
    keep(r, v);
    return r->inner->offer(r->inner->self, v);
}

static int rec_draw(void *self, const gin_view *v)
{
    bench_recorder *r = self;
    keep(r, v);
    return r->inner->draw(r->inner->self, v);
}

static int rec_discard(void *self, const gin_view *v, gin_action *out)
{
    bench_recorder *r = self;
    keep(r, v);
    return r->inner->discard(r->inner->self, v, out);
}

gin_agent bench_recorder_agent(bench_recorder *r)
{
    return (gin_agent){"recorder", r, rec_offer, rec_draw, rec_discard, NULL, NULL};
}

long bench_positions_hard_vs_simple(gin_view *views, long cap)
{
    gin_rules r;
    gin_rules_preset("standard", &r);
    gin_agent hard, simple;
    if (gin_ai_create("hard", 1, 0, &hard) != GIN_OK)
        return -1;
    if (gin_ai_create("simple", 2, 0, &simple) != GIN_OK) {
        hard.destroy(hard.self);
        return -1;
    }
    bench_recorder rec = {&hard, views, 0, cap, 0, 0};
    gin_agent ra = bench_recorder_agent(&rec);
    static gin_match m;
    for (uint64_t g = 1; rec.n < cap && g < 100000; g++) {
        const gin_agent *agents[2] = {g & 1 ? &ra : &simple, g & 1 ? &simple : &ra};
        if (gin_match_init(&m, &r, g, agents, NULL, NULL) != GIN_OK || gin_match_play(&m) < 0)
            break;
    }
    hard.destroy(hard.self);
    simple.destroy(simple.self);
    return rec.n;
}
