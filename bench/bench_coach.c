/* gin-bench coach: how often the coach's choice at its default budget is
 * the choice of the same analysis at ten times the budget (another seed),
 * over positions from hard-against-hard games, what the difference costs
 * by the deep analysis's values, and whether every page agrees with its
 * own numbers.
 *
 * Prints the share of positions where both pick the same move (overall,
 * and where the deep analysis separates its best two by more than a point:
 * hand points, as the figure has always been, and a point of the ranking's
 * own measure), the share where the coach's pick is more than a point
 * worse by the deep values, and the mean lost (hand points, and points of
 * win share); how many decisions were still close when the budget ran out, and the
 * playouts a decision took; and the share of pages whose order, gaps and
 * "about equal" marks agree with their own numbers, as the words show
 * them (must be 100%). Positions with one legal answer are skipped.
 * Threads share the positions; the figures do not depend on how many. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ai.h"
#include "bench.h"
#include "coach.h"
#include "gin/error.h"
#include "gin/match.h"
#include "trainer.h"

/* Every third decision with a choice of hard against hard: positions
 * from all of a hand. */
static long collect(gin_view *views, long cap)
{
    gin_rules r;
    gin_rules_preset("standard", &r);
    bench_recorder col = {NULL, views, 0, cap, 0, 3};
    static gin_match m;
    for (uint64_t g = 1; col.n < cap && g < 100000; g++) {
        gin_agent a, b;
        if (gin_ai_create("hard", g, 0, &a) != GIN_OK || gin_ai_create("hard", g + 7777, 0, &b) != GIN_OK)
            return -1;
        col.inner = &a;
        gin_agent ra = bench_recorder_agent(&col);
        const gin_agent *agents[2] = {&ra, &b};
        int rc = gin_match_init(&m, &r, g, agents, NULL, NULL);
        if (rc == GIN_OK)
            rc = gin_match_play(&m);
        a.destroy(a.self);
        b.destroy(b.self);
        if (rc < 0)
            return -1;
    }
    return col.n;
}

typedef struct result {
    int judged, agree, separated, agree_separated, apart, agree_apart, over_a_point, close, honest;
    double lost, lost_win;
    long playouts;
} result;

typedef struct job {
    const gin_view *views;
    long n, next;
    result *out;
    pthread_mutex_t *lock;
    long budget;
} job;

/* The gap as the page shows it, in tenths ("2.1 behind": 21; "best" and
 * "about equal": 0), or -1 when the words are not one of those. */
static long shown_gap(const gin_coach_advice *a, int i)
{
    char gap[32];
    gin_trainer_gap(a, i, gap, sizeof gap);
    if (!strcmp(gap, "best") || !strcmp(gap, "about equal"))
        return 0;
    long whole = 0, tenth = 0;
    char rest[16];
    if (sscanf(gap, "%ld.%ld %15s", &whole, &tenth, rest) != 3 || strcmp(rest, "behind") != 0)
        return -1;
    return whole * 10 + tenth;
}

/* Whether a page agrees with its own numbers: the best first with gap 0
 * and marked equal; gaps never negative, never less than the move
 * above's, each the difference of the values in the ranking's measure;
 * the marks a prefix, each by the rule of coach.h; and the words: "best"
 * for the first, "about equal" exactly for the marked, a shown gap that
 * never shrinks down the page, and a reason that says "about equal to"
 * exactly when its move or (for the best) the runner-up is marked. */
static int page_honest(const gin_view *v, const gin_coach_advice *a)
{
    double unit = a->measure == GIN_COACH_BY_WIN ? 100.0 : 1.0;
    int equal = 1;
    long last = 0;
    for (int i = 0; i < a->n; i++) {
        const gin_coach_move *m = &a->move[i];
        double value = a->measure == GIN_COACH_BY_WIN ? m->value.win : m->value.points;
        double best = a->measure == GIN_COACH_BY_WIN ? a->move[0].value.win : a->move[0].value.points;
        if (m->gap < 0 || fabs(m->gap - (best - value)) > 1e-6 || (i && m->gap < a->move[i - 1].gap))
            return 0;
        equal = equal && (m->gap <= GIN_COACH_NOISE_SE * m->gap_se + 1e-12 || m->gap * unit < GIN_COACH_NEGLIGIBLE);
        if (m->equal != equal)
            return 0;
        char gap[32], reason[GIN_TRAINER_REASON_MAX];
        gin_trainer_gap(a, i, gap, sizeof gap);
        long shown = shown_gap(a, i);
        if (shown < 0 || shown < last || (i == 0) != !strcmp(gap, "best") ||
            (i > 0 && m->equal != !strcmp(gap, "about equal")))
            return 0;
        last = shown;
        gin_trainer_reason(v, a, i, NULL, reason, sizeof reason);
        int says_equal = strncmp(reason, "About equal to ", 15) == 0;
        if (says_equal != (i > 0 ? m->equal : a->n > 1 && a->move[1].equal) || strstr(reason, "below"))
            return 0;
    }
    return a->n > 0 && a->move[0].gap == 0 && a->move[0].equal;
}

static void judge(const gin_view *v, long budget, result *r)
{
    gin_coach_advice quick; /* about 7 KB */
    gin_move_value deep[GIN_ANALYSIS_MAX];
    gin_coach_opts q = {budget, 0, 0, 0};
    gin_analysis_opts d = {budget * 10, 1, 1, 1, 0}; /* the coach's own options */
    int nq = gin_coach(v, &q, &quick), nd = gin_analyze(v, &d, deep, GIN_ANALYSIS_MAX);
    memset(r, 0, sizeof *r);
    if (nq < 2 || nd != nq)
        return;
    r->judged = 1;
    r->close = quick.close;
    r->playouts = quick.playouts;
    r->honest = page_honest(v, &quick);
    gin_action pick = quick.move[0].value.action;
    int k = nd - 1;
    for (int i = 0; i < nd; i++)
        if (deep[i].action.kind == pick.kind && deep[i].action.card == pick.card)
            k = i;
    r->agree = k == 0;
    r->separated = deep[0].points - deep[1].points > 1.0;
    r->agree_separated = r->agree && r->separated;
    r->apart = -deep[1].gap > 1.0;
    r->agree_apart = r->agree && r->apart;
    r->lost = deep[0].points - deep[k].points > 0 ? deep[0].points - deep[k].points : 0;
    r->lost_win = 100.0 * (deep[0].win - deep[k].win);
    r->over_a_point = r->lost > 1.0;
}

static void *worker(void *arg)
{
    job *j = arg;
    for (;;) {
        pthread_mutex_lock(j->lock);
        long i = j->next++;
        pthread_mutex_unlock(j->lock);
        if (i >= j->n)
            break;
        judge(&j->views[i], j->budget, &j->out[i]);
    }
    return NULL;
}

static double share(long part, long whole) { return whole ? 100.0 * (double)part / (double)whole : 0.0; }

static void report(const result *res, long n, long budget, double wall, long jobs)
{
    result s;
    memset(&s, 0, sizeof s);
    for (long i = 0; i < n; i++) {
        const result *r = &res[i];
        s.judged += r->judged;
        s.agree += r->agree;
        s.separated += r->separated;
        s.agree_separated += r->agree_separated;
        s.apart += r->apart;
        s.agree_apart += r->agree_apart;
        s.over_a_point += r->over_a_point;
        s.close += r->close;
        s.honest += r->honest;
        s.lost += r->lost;
        s.lost_win += r->lost_win;
        s.playouts += r->playouts;
    }
    long m = s.judged;
    printf("coach: %ld positions (hard vs hard), %ld with a choice; %ld playouts against %ld (another seed)\n", n, m,
           budget, budget * 10);
    printf("coach: same move %.1f%%; where the deep analysis separates its best two by more than a point "
           "(%d positions) %.1f%%, by more than a point of its measure (%d) %.1f%%\n",
           share(s.agree, m), s.separated, share(s.agree_separated, s.separated), s.apart,
           share(s.agree_apart, s.apart));
    printf("coach: more than a point worse %.1f%%; mean lost %.3f points, %.3f points of win share\n",
           share(s.over_a_point, m), m ? s.lost / (double)m : 0.0, m ? s.lost_win / (double)m : 0.0);
    printf("coach: close calls (the budget spent with moves left) %.1f%%; %.0f playouts a decision on average\n",
           share(s.close, m), m ? (double)s.playouts / (double)m : 0.0);
    printf("coach: pages agreeing with their own numbers %.1f%% (%d of %ld) (%.1f s wall, %ld threads)\n",
           share(s.honest, m), s.honest, m, wall, jobs);
}

int bench_coach(int argc, char **argv)
{
    long n = 2000, jobs = 2, budget = GIN_COACH_PLAYOUTS;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--positions"))
            n = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--jobs"))
            jobs = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--playouts"))
            budget = atol(argv[i + 1]);
    }
    if (n < 1 || jobs < 1 || jobs > 64 || budget < 1) {
        fprintf(stderr, "usage: gin-bench coach [--positions N] [--jobs N] [--playouts N]\n");
        return 2;
    }
    gin_view *views = malloc((size_t)n * sizeof *views);
    result *res = calloc((size_t)n, sizeof *res);
    if (!views || !res || collect(views, n) != n) {
        fprintf(stderr, "gin-bench coach: cannot collect %ld positions\n", n);
        free(views);
        free(res);
        return 1;
    }
    /* One job for every thread: each takes the next position. */
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    job common = {views, n, 0, res, &lock, budget};
    pthread_t tid[64];
    double t0 = bench_now();
    for (long t = 0; t < jobs; t++)
        pthread_create(&tid[t], NULL, worker, &common);
    for (long t = 0; t < jobs; t++)
        pthread_join(tid[t], NULL);
    report(res, n, budget, bench_now() - t0, jobs);
    long failed = 0;
    for (long i = 0; i < n; i++)
        failed += res[i].judged && !res[i].honest;
    free(views);
    free(res);
    return failed ? 1 : 0;
}
