/* The table screen is honest: built from the player's view, the table's
 * own state (fed the player's redacted events by the session) and the
 * public facts, never from the other hands or the stock. As the bots'
 * hidden-information test does for their decisions, two ways:
 * - at every step of whole games (two seats, rings, Hollywood, every
 *   preset), relabel every card the player has not seen (the bots' hidden
 *   cards, the stock, the deck as dealt, the bots' own views, the random
 *   streams of what is still to come) and show the screen the session
 *   builds (its scene, drawn into an off-screen terminal and read back
 *   byte for byte), its key line and message, and the pages of the table
 *   (pile, log, card tracker, score sheet, help) are the same;
 * - play the same game again with every event the session's observer
 *   receives relabelled likewise, hand by hand (the cards the player never
 *   saw in the hand), and the screens are the same at every step, so
 *   nothing the table keeps came from an event the player's seat did not
 *   receive.
 * A practice game's reveal is the one thing the screen may take from the
 * hidden cards, and the test sees it change, so it would see any other. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"
#include "gin/rng.h"
#include "play.h"
#include "ui.h"
#include "support/support.h"

enum { SCREEN_MAX = 1 << 16 };

/* What the player is shown at one moment, as bytes. */
typedef struct shown {
    char screen[SCREEN_MAX]; /* the terminal's output drawing the table on a fresh screen */
    size_t n;
    char keys[GIN_UI_LINE], message[GIN_UI_LINE];
    char pages[GIN_PLAY_PAGE]; /* the pile, log, tracker, sheet and help pages */
} shown;

/* Draw the table as the session builds it, into a new off-screen terminal
 * of 80x24 (every cell written, since the screen is fresh), and the pages. */
static void show(const gin_play *p, int utf8, shown *out)
{
    FILE *o = tmpfile(), *in = fopen("/dev/null", "r");
    assert_non_null(o);
    assert_non_null(in);
    gin_ui_opts uo = {1, 0, !utf8, NULL, 0};
    assert_int_equal(gin_ui_open_test(o, in, 24, 80, utf8, &uo), 0);
    gin_scene t;
    gin_play_scene(p, &t);
    gin_ui_draw_scene(&t, NULL);
    snprintf(out->keys, sizeof out->keys, "%s", t.keys);
    snprintf(out->message, sizeof out->message, "%s", t.message);
    gin_seating who = gin_play_seating(p);
    static char page[GIN_PLAY_PAGE];
    out->pages[0] = '\0';
    gin_table_pile_text(&p->table, gin_play_view(p), &who, page, sizeof page);
    gin_play_add(out->pages, sizeof out->pages, "%s\n", page);
    gin_table_log_text(&p->table, page, sizeof page);
    gin_play_add(out->pages, sizeof out->pages, "%s\n", page);
    gin_table_tracker_text(gin_play_view(p), &who, page, sizeof page);
    gin_play_add(out->pages, sizeof out->pages, "%s\n", page);
    gin_play_sheet_text(&p->ref.m.game, &who, page, sizeof page);
    gin_play_add(out->pages, sizeof out->pages, "%s\n", page);
    gin_play_add(out->pages, sizeof out->pages, "%s",
                 gin_play_help_text(gin_play_rules_of(p), who.seats, page, sizeof page));
    gin_ui_close();
    fflush(o);
    rewind(o);
    out->n = fread(out->screen, 1, sizeof out->screen, o);
    assert_true(out->n > 0 && out->n < sizeof out->screen);
    fclose(o);
    fclose(in);
}

static gin_cardset remap(gin_cardset s, const gin_card *map)
{
    gin_cardset r = 0;
    for (; s; s &= s - 1)
        r |= gin_cardset_of(map[gin_cardset_first(s)]);
    return r;
}

/* Relabel every card the player (seat v->seat) has not seen, among the
 * places that hold them: the other seats' hands and views, the stock, the
 * deck as dealt; and reseed what is still to be shuffled. The player's
 * view, the pile and every card ever shown stay as they are. */
static void relabel(gin_match *m, int human, gin_rng *rng)
{
    const gin_view *v = &m->views[human];
    gin_cardset hidden = gin_view_unseen(v);
    gin_card from[GIN_DECK_SIZE], to[GIN_DECK_SIZE], map[64]; /* a card is < 64 (card.h) */
    int n = 0;
    for (gin_cardset s = hidden; s; s &= s - 1)
        from[n] = to[n] = gin_cardset_first(s), n++;
    gin_rng_shuffle(rng, to, n);
    for (int c = 0; c < 64; c++)
        map[c] = (gin_card)c;
    for (int i = 0; i < n; i++)
        map[from[i]] = to[i];
    gin_hand *h = &m->game.hand;
    for (int o = 0; o < h->seats; o++) {
        if (o == human)
            continue;
        h->held[o] = remap(h->held[o], map);
        gin_view *w = &m->views[o];
        w->hand = remap(w->hand, map);
        w->seen = remap(w->seen, map);
        for (int s = 0; s < GIN_MAX_SEATS; s++) {
            w->known[s] = remap(w->known[s], map);
            w->took[s] = remap(w->took[s], map);
        }
    }
    for (int i = 0; i < h->stock_n; i++)
        h->stock[i] = map[h->stock[i]];
    for (int i = 0; i < GIN_DECK_SIZE; i++)
        m->game.deck[i] = map[m->game.deck[i]];
    gin_rng_seed(&h->rng, gin_rng_next(rng));
    gin_rng_seed(&m->game.rng, gin_rng_next(rng));
    test_assert_conserved(h);
}

/* The player's moment as it is, and as it would be had the hidden cards
 * been others: the same to the last byte (or, with the practice reveal,
 * not). Returns 1 when they differ. */
static int compare(gin_play *p, gin_rng *rng, int utf8)
{
    static shown a, b;
    static gin_match saved;
    show(p, utf8, &a);
    saved = p->ref.m;
    relabel(&p->ref.m, p->human, rng);
    assert_memory_equal(&saved.views[p->human], gin_play_view(p), sizeof(gin_view));
    show(p, utf8, &b);
    p->ref.m = saved;
    int differ = a.n != b.n || memcmp(a.screen, b.screen, a.n) != 0;
    if (!p->practice) {
        assert_string_equal(a.keys, b.keys);
        assert_string_equal(a.message, b.message);
        assert_string_equal(a.pages, b.pages);
        if (differ)
            fail_msg("the screen changed with the hidden cards (seed %llu, hand %d)", (unsigned long long)p->seed,
                     p->ref.m.game.hand_no);
    }
    return differ;
}

/* Plays a game at the table's session with bots in every seat but the
 * player's, whose moves a bot of its own makes from the player's view;
 * compares the screen at every step (a bot's move on show, the player's
 * turn). Returns how many moments differed under relabelling. */
static int play_and_compare(const gin_rules *r, uint64_t seed, int practice, int utf8)
{
    static gin_play p;
    memset(&p, 0, sizeof p);
    p.rules = *r;
    p.seed = seed;
    p.level = gin_play_bot_of("hard");
    p.practice = practice;
    p.human = 0;
    p.bot = 1;
    p.set.speed = GIN_SPEED_INSTANT;
    gin_agent bots[GIN_MAX_SEATS], me;
    for (int s = 1; s < r->seats; s++) {
        assert_int_equal(gin_ai_create("normal", seed * 11 + (uint64_t)s, 0, &bots[s]), GIN_OK);
        p.seats[s] = &bots[s];
    }
    assert_int_equal(gin_ai_create("normal", seed * 13, 0, &me), GIN_OK);
    static gin_record rec;
    p.ref.rec = &rec;
    assert_int_equal(gin_play_begin(&p, NULL), GIN_OK);
    gin_rng rng;
    gin_rng_seed(&rng, seed * 7919);
    int moments = 0, differ = 0;
    for (int steps = 0; steps < 5000; steps++) {
        int rc = gin_match_next(&p.ref.m);
        if (rc == GIN_MATCH_OVER)
            break;
        if (rc == GIN_MATCH_MOVED) { /* a deal or a bot's move, on show while the bots play */
            p.stage = GIN_STAGE_PACE;
            differ += compare(&p, &rng, utf8);
            moments++;
            continue;
        }
        assert_int_equal(rc, GIN_MATCH_WAITING);
        p.stage = GIN_STAGE_TURN;
        gin_play_start_turn(&p);
        differ += compare(&p, &rng, utf8);
        moments++;
        gin_action a;
        assert_int_equal(gin_agent_decide(&me, gin_play_view(&p), &a), GIN_OK);
        assert_int_equal(gin_match_submit(&p.ref.m, a), GIN_OK);
    }
    assert_true(moments > 8);
    for (int s = 1; s < r->seats; s++)
        bots[s].destroy(bots[s].self);
    me.destroy(me.self);
    return differ;
}

static void test_screen_shows_only_the_view(void **state)
{
    (void)state;
    for (size_t i = 0; i < gin_rules_preset_count(); i++) {
        gin_rules r = *gin_rules_preset_at(i);
        assert_int_equal(gin_rules_set(&r, "max-hands", "2", NULL), GIN_OK);
        for (uint64_t seed = 1; seed <= 2; seed++)
            assert_int_equal(play_and_compare(&r, seed, 0, (int)seed % 2), 0);
        r.hollywood = 1;
        assert_int_equal(play_and_compare(&r, 3, 0, 1), 0);
    }
}

static void test_rings_show_only_the_view(void **state)
{
    (void)state;
    for (int seats = 3; seats <= GIN_MAX_SEATS; seats++) {
        gin_rules r;
        assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
        assert_int_equal(gin_rules_ring(&r, seats), GIN_OK);
        assert_int_equal(gin_rules_set(&r, "max-hands", "2", NULL), GIN_OK);
        for (uint64_t seed = 1; seed <= 2; seed++)
            assert_int_equal(play_and_compare(&r, seed, 0, 1), 0);
    }
}

/* Practice shows the bots' hands: the reveal, and only it, follows the
 * hidden cards, so relabelling them changes what is drawn. */
static void test_practice_reveal_is_seen(void **state)
{
    (void)state;
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(gin_rules_set(&r, "max-hands", "2", NULL), GIN_OK);
    assert_true(play_and_compare(&r, 5, 1, 1) > 0);
}

/* ---- The events: the same game, its hidden cards relabelled in every
 * event the session is told. */

enum { MAX_HANDS = 8, MAX_STEPS = 4096 };

typedef struct game_log {
    gin_action acts[MAX_STEPS];
    int n;
    gin_cardset unseen[MAX_HANDS + 1]; /* per hand: the cards the player never saw before its end */
} game_log;

/* Pass one: a game played by bots in every seat, the player's seat by a
 * bot deciding from its view, with what each hand kept hidden. */
static void play_log(const gin_rules *r, uint64_t seed, game_log *log)
{
    gin_agent bots[GIN_MAX_SEATS];
    const gin_agent *seats[GIN_MAX_SEATS] = {0};
    for (int s = 0; s < r->seats; s++) {
        assert_int_equal(gin_ai_create("normal", seed * 17 + (uint64_t)s, 0, &bots[s]), GIN_OK);
        seats[s] = &bots[s];
    }
    static gin_match m;
    assert_int_equal(gin_match_init(&m, r, seed, seats, NULL, NULL), GIN_OK);
    memset(log, 0, sizeof *log);
    for (int rc; (rc = gin_match_next(&m)) == GIN_MATCH_MOVED && log->n < MAX_STEPS;) {
        if (m.moved >= 0)
            log->acts[log->n++] = m.last;
        const gin_view *v = &m.views[0];
        if (v->phase != GIN_PHASE_OVER && v->hand_no <= MAX_HANDS)
            log->unseen[v->hand_no] = gin_view_unseen(v); /* it only shrinks within a hand */
    }
    for (int s = 0; s < r->seats; s++)
        bots[s].destroy(bots[s].self);
}

/* The observer in front of the session's: each event of hand h with the
 * cards of unseen[h] relabelled by a permutation of themselves, but for
 * the hand's showdown (where every card is shown, and the comparison
 * stops). */
typedef struct twist {
    gin_event_fn fn;
    void *ctx;
    const game_log *log;
    int seats, hand;
    gin_card map[64];
    gin_rng rng;
} twist;

static void twisted(void *ctx, const gin_event *ev)
{
    twist *t = ctx;
    if (ev->kind == GIN_EV_DEAL && ev->seat == (ev->value + 1) % t->seats) { /* a new hand: a new permutation */
        t->hand++;
        gin_card from[GIN_DECK_SIZE], to[GIN_DECK_SIZE];
        int n = 0;
        for (gin_cardset s = t->hand <= MAX_HANDS ? t->log->unseen[t->hand] : 0; s; s &= s - 1)
            from[n] = to[n] = gin_cardset_first(s), n++;
        gin_rng_shuffle(&t->rng, to, n);
        for (int c = 0; c < 64; c++)
            t->map[c] = (gin_card)c;
        for (int i = 0; i < n; i++)
            t->map[from[i]] = to[i];
    }
    gin_event e = *ev;
    if (ev->kind != GIN_EV_HAND_OVER && ev->kind != GIN_EV_PENALTY && ev->kind != GIN_EV_GAME_OVER &&
        ev->kind != GIN_EV_LAYOFF) {
        if (gin_card_valid(e.card))
            e.card = t->map[e.card];
        e.cards = remap(e.cards, t->map);
    }
    t->fn(t->ctx, &e);
}

/* A session that plays the logged game again, every seat's move
 * submitted. */
static void replay_begin(gin_play *p, const gin_rules *r, uint64_t seed, gin_record *rec)
{
    memset(p, 0, sizeof *p);
    p->rules = *r;
    p->seed = seed;
    p->level = gin_play_bot_of("hard");
    p->human = 0;
    p->bot = 1;
    p->ref.rec = rec;
    assert_int_equal(gin_play_begin(p, NULL), GIN_OK);
}

/* One step of the logged game in session p (a deal, or the next move).
 * Returns 0 once the log is done. */
static int replay_step(gin_play *p, const game_log *log, int *i)
{
    if (gin_match_deal_due(&p->ref.m))
        return gin_match_next(&p->ref.m) == GIN_MATCH_MOVED;
    if (*i >= log->n)
        return 0;
    assert_int_equal(gin_match_submit(&p->ref.m, log->acts[(*i)++]), GIN_OK);
    return 1;
}

static int same_screens(const gin_rules *r, uint64_t seed)
{
    static game_log log;
    play_log(r, seed, &log);
    static gin_play a, b;
    static gin_record ra, rb;
    replay_begin(&a, r, seed, &ra);
    replay_begin(&b, r, seed, &rb);
    static twist t;
    memset(&t, 0, sizeof t);
    t.fn = b.ref.m.on_event;
    t.ctx = b.ref.m.ctx;
    t.log = &log;
    t.seats = r->seats;
    gin_rng_seed(&t.rng, seed * 31);
    b.ref.m.on_event = twisted;
    b.ref.m.ctx = &t;
    static shown sa, sb;
    int moments = 0;
    for (int ia = 0, ib = 0;;) {
        int ga = replay_step(&a, &log, &ia), gb = replay_step(&b, &log, &ib);
        assert_int_equal(ga, gb);
        if (!ga)
            break;
        const gin_view *v = gin_play_view(&a);
        if (v->phase == GIN_PHASE_OVER) /* every hand shown down: nothing hidden to compare */
            continue;
        a.stage = b.stage = v->turn == a.human ? GIN_STAGE_TURN : GIN_STAGE_PACE;
        if (a.stage == GIN_STAGE_TURN) {
            gin_play_start_turn(&a);
            gin_play_start_turn(&b);
        }
        show(&a, 1, &sa);
        show(&b, 1, &sb);
        if (sa.n != sb.n || memcmp(sa.screen, sb.screen, sa.n) || strcmp(sa.pages, sb.pages))
            fail_msg("the screen changed with the hidden cards of the events (seed %llu, hand %d, move %d)",
                     (unsigned long long)seed, v->hand_no, ia);
        assert_string_equal(sa.keys, sb.keys);
        assert_string_equal(sa.message, sb.message);
        moments++;
    }
    return moments;
}

static void test_events_tell_only_the_view(void **state)
{
    (void)state;
    for (size_t i = 0; i < gin_rules_preset_count(); i++) {
        gin_rules r = *gin_rules_preset_at(i);
        assert_int_equal(gin_rules_set(&r, "max-hands", "2", NULL), GIN_OK);
        assert_true(same_screens(&r, 40 + i) > 8);
    }
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    assert_int_equal(gin_rules_ring(&r, 4), GIN_OK);
    assert_int_equal(gin_rules_set(&r, "max-hands", "2", NULL), GIN_OK);
    assert_true(same_screens(&r, 7) > 8);
}

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_screen_shows_only_the_view),
        cmocka_unit_test(test_rings_show_only_the_view),
        cmocka_unit_test(test_practice_reveal_is_seen),
        cmocka_unit_test(test_events_tell_only_the_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
