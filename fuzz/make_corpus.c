/* Writes the seed corpora of the fuzz targets that need real games (record,
 * save, protocol, settings, stats) into DIR/<target>/: records of short
 * games in every preset, saves of games quit mid-way, protocol transcripts
 * as seat 0 of a game would receive them. Usage: make_corpus DIR.
 * Run once; the files are committed in fuzz/corpus/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "gin/error.h"
#include "gin/match.h"
#include "gin/record.h"
#include "gin/protocol.h"
#include "save.h"
#include "settings.h"
#include "stats.h"

enum { CAP = 1 << 21 };

static gin_record rec;
static gin_match match;
static char text[CAP];

static int write_file(const char *dir, const char *target, const char *name, const char *s, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s/%s", dir, target, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(s, 1, n, f) != n || fclose(f) != 0) {
        perror(path);
        return -1;
    }
    return 0;
}

/* Seat 0's protocol transcript, built as the exec agent builds it. */
typedef struct transcript {
    gin_view view;
    size_t len;
    char buf[1 << 20];
    int stop_after; /* hands */
} transcript;
static transcript tr;

static void put_msg(transcript *t, const gin_proto_msg *m)
{
    if (t->len + GIN_PROTO_LINE_MAX >= sizeof t->buf)
        return;
    int n = gin_proto_format(m, t->buf + t->len, sizeof t->buf - t->len);
    if (n > 0)
        t->len += (size_t)n;
}

static void on_event(void *ctx, const gin_event *ev)
{
    (void)ctx;
    gin_event r;
    gin_event_redact(ev, 0, &r);
    gin_view_apply(&tr.view, &r);
    gin_proto_msg msgs[GIN_PROTO_EVENT_MSGS_MAX];
    if (gin_proto_is_game_start(&tr.view, &r)) {
        int n = gin_proto_game_msgs(&tr.view.rules, 0, 7, msgs);
        for (int i = 0; i < n; i++)
            put_msg(&tr, &msgs[i]);
    }
    int n = gin_proto_referee_msgs(NULL, &tr.view, &r, msgs, GIN_PROTO_EVENT_MSGS_MAX);
    for (int i = 0; i < n; i++)
        put_msg(&tr, &msgs[i]);
    const gin_view *v = &tr.view;
    if (v->turn == 0 && v->phase != GIN_PHASE_OVER) {
        gin_proto_msg q;
        memset(&q, 0, sizeof q);
        q.kind = v->phase == GIN_PHASE_OFFER  ? GIN_PROTO_OFFER
                 : v->phase == GIN_PHASE_DRAW ? GIN_PROTO_DRAW
                                              : GIN_PROTO_DISCARD;
        put_msg(&tr, &q);
    }
}

/* An agent that records the decisions of the agent it wraps. */
typedef struct recorder {
    const gin_agent *inner;
} recorder;

static int rec_offer(void *self, const gin_view *v)
{
    const gin_agent *in = ((recorder *)self)->inner;
    int r = in->offer(in->self, v);
    if (r >= 0)
        gin_record_add(&rec, gin_action_make(r ? GIN_ACT_TAKE_UPCARD : GIN_ACT_PASS, GIN_NO_CARD));
    return r;
}

static int rec_draw(void *self, const gin_view *v)
{
    const gin_agent *in = ((recorder *)self)->inner;
    int r = in->draw(in->self, v);
    if (r >= 0)
        gin_record_add(&rec, gin_action_make(r, GIN_NO_CARD));
    return r;
}

static int rec_discard(void *self, const gin_view *v, gin_action *out)
{
    const gin_agent *in = ((recorder *)self)->inner;
    int r = in->discard(in->self, v, out);
    if (r >= 0)
        gin_record_add(&rec, *out);
    return r;
}

static void rec_observe(void *self, const gin_view *v, const gin_event *ev)
{
    const gin_agent *in = ((recorder *)self)->inner;
    if (in->observe)
        in->observe(in->self, v, ev);
}

/* Play a game of simple against random, recording each action; stop after
 * max_actions (0: the whole game). */
static int play(const gin_rules *r, uint64_t seed, int max_actions)
{
    gin_agent a, b;
    if (gin_baseline_create("simple", seed, &a) != GIN_OK || gin_baseline_create("random", seed + 1, &b) != GIN_OK)
        return -1;
    recorder ra = {&a}, rb = {&b};
    gin_agent wa = {"rec", &ra, rec_offer, rec_draw, rec_discard, rec_observe, NULL};
    gin_agent wb = {"rec", &rb, rec_offer, rec_draw, rec_discard, rec_observe, NULL};
    const gin_agent *seats[2] = {&wa, &wb};
    gin_record_init(&rec, r, seed);
    gin_view_init(&tr.view, r, 0);
    memcpy(tr.buf, "gin 1\n", 6);
    tr.len = 6;
    if (gin_match_init(&match, r, seed, seats, on_event, NULL) != GIN_OK)
        return -1;
    int rc;
    do
        rc = gin_match_step(&match);
    while (rc > 0 && (!max_actions || rec.n_actions < max_actions));
    a.destroy(a.self);
    b.destroy(b.self);
    return rc < 0 ? -1 : 0;
}

/* The save of the game played (format 3): the human's hand as the match
 * left it, in an order of the player's own (the deck's order reversed).
 * A seed of the format: resumed, the game may stand at a later deal, and
 * the table then ignores the order. */
static int write_ordered(const char *dir, const char *name, gin_save_info *info)
{
    info->n_order = 0;
    for (gin_cardset s = match.game.hand.held[info->human]; s && info->n_order < GIN_SAVE_ORDER_MAX; s &= s - 1)
        info->order[info->n_order++] = gin_cardset_first(s);
    for (int i = 0, j = info->n_order - 1; i < j; i++, j--) {
        gin_card c = info->order[i];
        info->order[i] = info->order[j];
        info->order[j] = c;
    }
    char ordered[80]; /* name and "-order" */
    snprintf(ordered, sizeof ordered, "%s-order", name);
    int n = gin_save_format(info, &rec, text, sizeof text);
    return n > 0 ? write_file(dir, "save", ordered, text, (size_t)n) : -1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: make_corpus DIR\n", stderr);
        return 2;
    }
    const char *dir = argv[1];
    int status = 0, ordered = 0;
    for (size_t i = 0; i < gin_rules_preset_count(); i++) {
        for (int hw = 0; hw < 2; hw++) {
            gin_rules r = *gin_rules_preset_at(i);
            if (hw) {
                if (gin_rules_set(&r, "hollywood", "on", NULL) != GIN_OK)
                    continue;
            }
            char name[64];
            for (int part = 0; part < 2; part++) {
                if (play(&r, 100 + i * 2 + (size_t)hw, part ? 0 : 60) != 0) {
                    status = 1;
                    continue;
                }
                int n = gin_record_format(&rec, text, sizeof text);
                if (n < 0) {
                    fprintf(stderr, "format %s: %s\n", r.name, gin_strerror(n));
                    status = 1;
                    continue;
                }
                /* Whole games are long; keep the corpus small: partial
                 * games for the record, whole ones only for standard. */
                snprintf(name, sizeof name, "%s%s-%s", gin_rules_preset_at(i)->name, hw ? "-hollywood" : "",
                         part ? "whole" : "part");
                if (!part || (i == 0 && !hw))
                    status |= write_file(dir, "record", name, text, (size_t)n);
                if (!part) {
                    gin_save_info info;
                    memset(&info, 0, sizeof info);
                    snprintf(info.game, sizeof info.game, "%016x", (unsigned)(i * 2 + (unsigned)hw + 1));
                    snprintf(info.level, sizeof info.level, "normal");
                    info.practice = (int)i & 1;
                    info.human = hw;
                    n = gin_save_format(&info, &rec, text, sizeof text);
                    if (n > 0)
                        status |= write_file(dir, "save", name, text, (size_t)n);
                    if (!ordered && !match.game.over) { /* one of format 3, a game to resume */
                        ordered = 1;
                        status |= write_ordered(dir, name, &info);
                    }
                    status |= write_file(dir, "protocol", name, tr.buf, tr.len);
                }
            }
        }
    }
    gin_settings s;
    gin_settings_default(&s);
    int n = gin_settings_format(&s, text, sizeof text);
    status |= write_file(dir, "settings", "default", text, (size_t)n);
    s.target = 250;
    s.hollywood = 1;
    s.sort = 2;
    s.open = 1;
    snprintf(s.level, sizeof s.level, "expert");
    n = gin_settings_format(&s, text, sizeof text);
    status |= write_file(dir, "settings", "changed", text, (size_t)n);
    static gin_stats st;
    memset(&st, 0, sizeof st);
    n = gin_stats_format(&st, text, sizeof text);
    status |= write_file(dir, "stats", "empty", text, (size_t)n);
    gin_game_tally t = {.won = 1,
                        .hands = 7,
                        .hands_won = 4,
                        .gins = 1,
                        .undercuts = 1,
                        .knocks = 2,
                        .points = 130,
                        .rules = "standard"};
    static const char *const bots[] = {"easy", "normal", "hard", "expert", "eager", "waiter", "hoarder", "blocker"};
    for (int lv = 0; lv < (int)(sizeof bots / sizeof bots[0]); lv++)
        for (int g = 0; g <= lv; g++)
            gin_stats_add(&st, bots[lv], &t); /* the store keeps any name it is given */
    t.won = 0;
    snprintf(t.rules, sizeof t.rules, "classic");
    gin_stats_add(&st, "hard", &t);
    snprintf(st.game[st.n_games++], sizeof st.game[0], "0123456789abcdef");
    n = gin_stats_format(&st, text, sizeof text);
    status |= write_file(dir, "stats", "played", text, (size_t)n);
    return status;
}
