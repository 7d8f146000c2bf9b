/* gin-bench gifts: how often a level hands the opponent a meld it shows,
 * and how often that is a mistake (issue 27).
 *
 * The level plays N games against every style of the gallery (seats
 * alternating by game, standard rules). Each of its throws (a discard,
 * not a knock's face-down card) is a gift when it completes or lays off on
 * a meld whose cards the opponent is known to hold (ai_gift: taken from the
 * pile and still held). Each gift's position is then analysed by the coach
 * at ten times its budget (GIN_COACH_PLAYOUTS x 10, the opponent wary); the
 * gift is a mistake when the coach ranks it more than a point behind its
 * best answer (a point of game-win chance, or a hand point with no game to
 * win). Prints a line per style and, last,
 *   gifts: LEVEL N throws, G gifts, M mistakes
 * A quality figure, not a speed; deterministic for its options whatever
 * --jobs (games and analyses are spread over threads, each with its own
 * seeds). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "bench.h"
#include "botlib.h"
#include "coach.h"
#include "gin/error.h"
#include "gin/match.h"

enum { MAX_STYLES = 16, MAX_JOBS = 64 };
static const double MISTAKE = 1.0; /* points of the coach's measure */

typedef struct gift {
    gin_view view;
    gin_card card;
    int style;
    long game;
    double cost; /* behind the coach's best, in points of its measure */
} gift;

typedef struct shared {
    const char *level;
    const char *styles[MAX_STYLES];
    int n_styles;
    long games; /* per style */
    uint64_t seed;
    pthread_mutex_t lock;
    long next;               /* the next job: a game (phase 1) or a gift (phase 2) */
    long throws[MAX_STYLES]; /* the level's throws, per style */
    gift *gifts;
    long n_gifts, cap;
    int failed;
} shared;

/* The agent that plays as the level and notes its gifts. */
typedef struct watcher {
    gin_agent inner;
    shared *sh;
    int style;
    long game, throws;
} watcher;

static int w_offer(void *self, const gin_view *v)
{
    watcher *w = self;
    return w->inner.offer(w->inner.self, v);
}

static int w_draw(void *self, const gin_view *v)
{
    watcher *w = self;
    return w->inner.draw(w->inner.self, v);
}

static int add_gift(shared *sh, const gift *g)
{
    pthread_mutex_lock(&sh->lock);
    int rc = 0;
    if (sh->n_gifts == sh->cap) {
        long cap = sh->cap ? sh->cap * 2 : 256;
        gift *grown = realloc(sh->gifts, (size_t)cap * sizeof *grown);
        if (grown) {
            sh->gifts = grown;
            sh->cap = cap;
        } else
            rc = -1;
    }
    if (rc == 0)
        sh->gifts[sh->n_gifts++] = *g;
    pthread_mutex_unlock(&sh->lock);
    return rc;
}

static int w_discard(void *self, const gin_view *v, gin_action *out)
{
    watcher *w = self;
    int rc = w->inner.discard(w->inner.self, v, out);
    if (rc != GIN_OK || out->kind != GIN_ACT_DISCARD || v->seats != 2)
        return rc;
    w->throws++;
    ai_tracker t;
    ai_tracker_build(v, 1, &t);
    if (ai_gift(&t, out->card)) {
        gift g = {*v, out->card, w->style, w->game, 0};
        if (add_gift(w->sh, &g) < 0)
            w->sh->failed = 1;
    }
    return rc;
}

/* Take the next job number, or -1 when none is left below `end`. */
static long next_job(shared *sh, long end)
{
    pthread_mutex_lock(&sh->lock);
    long j = sh->next < end && !sh->failed ? sh->next++ : -1;
    pthread_mutex_unlock(&sh->lock);
    return j;
}

static int play_game(shared *sh, int style, long g, gin_match *m)
{
    gin_rules rules;
    gin_rules_preset("standard", &rules);
    uint64_t s = sh->seed * 1000003u + (uint64_t)style * 100019u + (uint64_t)g;
    watcher w = {{0}, sh, style, g, 0};
    gin_agent opp;
    if (gin_ai_create(sh->level, s, 0, &w.inner) != GIN_OK)
        return -1;
    if (gin_ai_create(sh->styles[style], s * 7919u + 1, 0, &opp) != GIN_OK) {
        w.inner.destroy(w.inner.self);
        return -1;
    }
    gin_agent me = {sh->level, &w, w_offer, w_draw, w_discard, NULL, NULL};
    const gin_agent *seats[2] = {g & 1 ? &opp : &me, g & 1 ? &me : &opp};
    int rc = gin_match_init(m, &rules, s, seats, NULL, NULL);
    if (rc == GIN_OK)
        rc = gin_match_play(m);
    w.inner.destroy(w.inner.self);
    opp.destroy(opp.self);
    pthread_mutex_lock(&sh->lock);
    sh->throws[style] += w.throws;
    pthread_mutex_unlock(&sh->lock);
    return rc < 0 ? -1 : 0;
}

static void *play_worker(void *arg)
{
    shared *sh = arg;
    gin_match *m = malloc(sizeof *m);
    if (!m) {
        sh->failed = 1;
        return NULL;
    }
    for (long j; (j = next_job(sh, sh->games * sh->n_styles)) >= 0;)
        if (play_game(sh, (int)(j / sh->games), j % sh->games, m) < 0)
            sh->failed = 1;
    free(m);
    return NULL;
}

/* The coach at ten times its budget on one gift: how far behind its best. */
static int judge(gift *g)
{
    static const gin_coach_advice zero;
    gin_coach_advice *adv = malloc(sizeof *adv);
    if (!adv)
        return -1;
    *adv = zero;
    gin_coach_opts o = {10L * GIN_COACH_PLAYOUTS, 0, 1, 0};
    int n = gin_coach(&g->view, &o, adv), rc = -1;
    for (int i = 0; i < n; i++) {
        gin_action a = adv->move[i].value.action;
        if (a.kind == GIN_ACT_DISCARD && a.card == g->card) {
            g->cost = adv->measure == GIN_COACH_BY_WIN ? 100.0 * adv->move[i].gap : adv->move[i].gap;
            rc = 0;
        }
    }
    free(adv);
    return rc;
}

static void *judge_worker(void *arg)
{
    shared *sh = arg;
    for (long j; (j = next_job(sh, sh->n_gifts)) >= 0;)
        if (judge(&sh->gifts[j]) < 0)
            sh->failed = 1;
    return NULL;
}

static int run_threads(shared *sh, long jobs, void *(*fn)(void *))
{
    pthread_t tid[MAX_JOBS];
    long started = 0;
    sh->next = 0;
    for (; started < jobs; started++)
        if (pthread_create(&tid[started], NULL, fn, sh) != 0)
            break;
    if (started == 0)
        fn(sh);
    for (long t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    return sh->failed ? -1 : 0;
}

static int by_place(const void *a, const void *b)
{
    const gift *x = a, *y = b;
    if (x->style != y->style)
        return x->style - y->style;
    if (x->game != y->game)
        return x->game < y->game ? -1 : 1;
    return (x->view.hand_no - y->view.hand_no) * 1000 + (x->view.turns - y->view.turns);
}

static void report(const shared *sh, double secs)
{
    long throws = 0, gifts = 0, mistakes = 0;
    for (int s = 0; s < sh->n_styles; s++) {
        long g = 0, m = 0;
        for (long i = 0; i < sh->n_gifts; i++)
            if (sh->gifts[i].style == s) {
                g++;
                m += sh->gifts[i].cost > MISTAKE;
            }
        printf("gifts: %s vs %s, %ld games: %ld throws, %ld gifts (%.2f%%), %ld mistakes\n", sh->level, sh->styles[s],
               sh->games, sh->throws[s], g, sh->throws[s] ? 100.0 * (double)g / (double)sh->throws[s] : 0, m);
        throws += sh->throws[s];
        gifts += g;
        mistakes += m;
    }
    for (long i = 0; i < sh->n_gifts; i++) {
        const gift *g = &sh->gifts[i];
        if (g->cost > MISTAKE) {
            char c[3];
            gin_card_format(g->card, c);
            printf("gifts: mistake vs %s, game %ld, hand %d, turn %d: threw %s, %.2f points behind the coach's best\n",
                   sh->styles[g->style], g->game, g->view.hand_no, g->view.turns, c, g->cost);
        }
    }
    printf("gifts: %.0f s wall for %ld games and %ld analyses at %ld playouts\n", secs, sh->games * sh->n_styles,
           sh->n_gifts, 10L * GIN_COACH_PLAYOUTS);
    printf("gifts: %s %ld throws, %ld gifts, %ld mistakes\n", sh->level, throws, gifts, mistakes);
}

int bench_gifts(int argc, char **argv)
{
    static shared sh;
    sh.level = "hard";
    sh.games = 100;
    sh.seed = 1;
    long jobs = 2;
    for (int i = 1; i < argc; i++) {
        int more = i + 1 < argc;
        if (more && !strcmp(argv[i], "--level"))
            sh.level = argv[++i];
        else if (more && !strcmp(argv[i], "--games"))
            sh.games = atol(argv[++i]);
        else if (more && !strcmp(argv[i], "--seed"))
            sh.seed = strtoull(argv[++i], NULL, 10);
        else if (more && !strcmp(argv[i], "--jobs"))
            jobs = atol(argv[++i]);
        else {
            fprintf(stderr, "usage: gin-bench gifts [--level L] [--games N] [--seed S] [--jobs N]\n");
            return 2;
        }
    }
    const gin_opponent *lv = gin_opponent_find(sh.level);
    if (!lv || lv->kind == GIN_OPPONENT_BASELINE || sh.games < 1 || jobs < 1 || jobs > MAX_JOBS) {
        fprintf(stderr, "gin-bench gifts: a level or style, --games and --jobs of 1 or more (--jobs at most %d)\n",
                MAX_JOBS);
        return 2;
    }
    sh.level = lv->name;
    for (int i = 0; gin_opponent_at(i) && sh.n_styles < MAX_STYLES; i++)
        if (gin_opponent_at(i)->kind == GIN_OPPONENT_STYLE)
            sh.styles[sh.n_styles++] = gin_opponent_at(i)->name;
    pthread_mutex_init(&sh.lock, NULL);
    double t0 = bench_now();
    int rc = run_threads(&sh, jobs, play_worker);
    if (rc == 0) {
        qsort(sh.gifts, (size_t)sh.n_gifts, sizeof *sh.gifts, by_place); /* the same order whatever --jobs */
        rc = run_threads(&sh, jobs, judge_worker);
    }
    if (rc < 0) {
        fprintf(stderr, "gin-bench gifts: a game or an analysis failed\n");
        free(sh.gifts);
        return 1;
    }
    report(&sh, bench_now() - t0);
    free(sh.gifts);
    return 0;
}
