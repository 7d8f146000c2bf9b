/* The simulator: groups of games dealing the same shuffles with the seats
 * rotated (mirrored pairs with two seats), between two to four agents over
 * threads. Each worker takes whole groups by index; every game's seeds
 * derive from the run seed and the group index alone (an exec bot kept by a
 * worker is reseeded per game), and the figures are integer sums, so the
 * totals are identical whatever the number of workers. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdio.h>
#include "agents.h"
#include "exec_agent.h"
#include "gin/error.h"
#include "gin/rng.h"
#include "gin/match.h"
#include "sim.h"

double gin_sim_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t gin_sim_game_seed(uint64_t seed, long pair) { return gin_rng_mix(gin_rng_mix(seed) ^ (uint64_t)pair); }

const char *gin_sim_player(const gin_sim_config *c, int p)
{
    if (!c)
        return NULL;
    switch (p) {
    case 0:
        return c->p1;
    case 1:
        return c->p2;
    case 2:
        return c->p3;
    case 3:
        return c->p4;
    default:
        return NULL;
    }
}

static int seats_of(const gin_sim_config *c) { return c->rules.seats; }

static int cancelled(const gin_sim_config *c) { return c->cancel && *c->cancel; }

enum { GAME_ABANDONED = 1 }; /* play_game: stopped by a cancel, not counted */

/* 1 if c names an agent for every seat of a seat count we play. */
static int config_ok(const gin_sim_config *c)
{
    int n = seats_of(c);
    if (n < 2 || n > GIN_MAX_SEATS)
        return 0;
    for (int p = 0; p < n; p++)
        if (!gin_sim_player(c, p))
            return 0;
    return 1;
}

typedef struct game_ctx {
    gin_sim_stats *acc;
    int seats;
    int rotation; /* player p sits in seat (p + rotation) % seats */
    gin_event_fn on_event;
    void *ctx;
} game_ctx;

static void count_event(void *ctx, const gin_event *ev)
{
    game_ctx *g = ctx;
    gin_sim_stats *s = g->acc;
    int ring = g->seats > 2;
    int player = ev->seat >= 0 && ev->seat < g->seats ? (ev->seat - g->rotation + g->seats) % g->seats : 0;
    switch (ev->kind) {
    case GIN_EV_VOID:
        s->hands++;
        s->voids++;
        break;
    case GIN_EV_HAND_OVER:
        s->hands++;
        if (ev->showdown) {
            s->hands_won[player]++;
            /* A ring's HAND_OVER carries the penalty paid in all: each
             * seat's share came in its PENALTY event. */
            int pts = ring ? 0 : ev->showdown->points;
            s->points[player] += pts;
            switch (ev->showdown->kind) {
            case GIN_RESULT_GIN:
            case GIN_RESULT_BIG_GIN:
                s->gins++;
                s->gins_by[player]++;
                s->gin_points[player] += pts;
                break;
            case GIN_RESULT_UNDERCUT:
                s->undercuts++;
                s->undercuts_by[player]++;
                s->undercut_points[player] += pts;
                break;
            default:
                s->knocks++;
                s->knocks_by[player]++;
                s->knock_points[player] += pts;
                break;
            }
        }
        break;
    case GIN_EV_PENALTY:
        s->points[player] += ev->value;
        break;
    case GIN_EV_GAME_OVER:
        if (ev->seat >= 0)
            s->wins[player]++;
        else
            s->ties++;
        break;
    default:
        break;
    }
    if (g->on_event)
        g->on_event(g->ctx, ev);
}

/* The exec: bots a worker keeps from game to game (one process each, not
 * one per game); built-in agents are cheap and made per game. */
typedef struct kept {
    gin_agent ag[GIN_MAX_SEATS];
    int have[GIN_MAX_SEATS];
} kept;

static void kept_free(kept *k)
{
    for (int i = 0; i < GIN_MAX_SEATS; i++)
        if (k->have[i] && k->ag[i].destroy)
            k->ag[i].destroy(k->ag[i].self);
    memset(k, 0, sizeof *k);
}

static void set_fault(gin_sim_stats *acc, int rc, long game, int player)
{
    if (acc->fault == GIN_OK) {
        acc->fault = rc;
        acc->fault_game = game;
        acc->fault_player = player;
    }
}

/* An external bot lost game `game` by failing: with two seats a win for the
 * other side; in a ring nobody wins it (it counts in games, so in every
 * share's denominator). */
static void forfeit(const gin_sim_config *c, gin_sim_stats *acc, long game, int player, const char *msg)
{
    if (cancelled(c))
        return; /* abandoned, not lost: the bot may have failed only because it was stopped */
    acc->games++;
    if (seats_of(c) == 2)
        acc->wins[!player]++;
    acc->forfeits[player]++;
    if (c->on_forfeit)
        c->on_forfeit(c->forfeit_ctx, game, player, msg);
}

static void free_local(gin_agent *local, const int *own)
{
    for (int i = 0; i < GIN_MAX_SEATS; i++)
        if (own[i] && local[i].destroy)
            local[i].destroy(local[i].self);
}

/* Play one game with `m` as scratch space and `k` holding the exec bots. */
static int play_game(const gin_sim_config *c, long pair, int rot, gin_event_fn on_event, void *ctx, gin_sim_stats *acc,
                     gin_match *m, kept *k)
{
    int n = seats_of(c);
    uint64_t seed = gin_sim_game_seed(c->seed, pair);
    long game = n * pair + rot;
    gin_agent local[GIN_MAX_SEATS];
    gin_agent *ag[GIN_MAX_SEATS] = {NULL, NULL, NULL, NULL};
    int own[GIN_MAX_SEATS] = {0, 0, 0, 0}, rc = GIN_OK;
    for (int p = 0; p < n && rc == GIN_OK; p++) {
        const char *name = gin_sim_player(c, p);
        /* The agent's seed depends on the game alone, exec bot or not. */
        uint64_t agent_seed = gin_rng_mix(seed ^ (uint64_t)(p + 1));
        if (!gin_bots_is_exec(name)) {
            rc = gin_bots_create_timed(name, agent_seed, c->think_ms, c->move_ms, c->bot_log, &local[p], NULL, 0);
            if (rc != GIN_OK)
                set_fault(acc, rc, game, -1);
            own[p] = rc == GIN_OK;
            ag[p] = &local[p];
            continue;
        }
        if (!k->have[p]) {
            char err[512];
            rc = gin_bots_create_timed(name, agent_seed, c->think_ms, c->move_ms, c->bot_log, &k->ag[p], err,
                                       sizeof err);
            if (rc == GIN_ESTATE) { /* the bot would not start: its loss */
                forfeit(c, acc, game, p, err);
                free_local(local, own);
                return GIN_OK;
            }
            if (rc != GIN_OK) {
                set_fault(acc, rc, game, -1);
                break;
            }
            k->have[p] = 1;
        }
        gin_exec_agent_reseed(&k->ag[p], agent_seed);
        ag[p] = &k->ag[p];
    }
    if (rc == GIN_OK) {
        const gin_agent *seats[GIN_MAX_SEATS] = {NULL, NULL, NULL, NULL};
        for (int p = 0; p < n; p++)
            seats[(p + rot) % n] = ag[p];
        game_ctx g = {acc, n, rot, on_event, ctx};
        rc = gin_match_init(m, &c->rules, seed, seats, count_event, &g);
        int player = -1;
        if (rc == GIN_OK) {
            /* gin_match_play, one step at a time: a cancel stops the game
             * between two decisions */
            while ((rc = gin_match_step(m)) > 0 && !cancelled(c))
                ;
            player = m->fault_seat < 0 ? -1 : (m->fault_seat - rot + n) % n;
        }
        if (rc > 0 || (rc < 0 && cancelled(c))) {
            free_local(local, own);
            return GAME_ABANDONED; /* cut short (its bots may have been stopped): not counted */
        }
        if (rc == GIN_OK) {
            acc->games++;
        } else if (player >= 0 && gin_bots_is_exec(gin_sim_player(c, player))) {
            const char *msg = gin_bots_fault(ag[player]);
            char buf[160];
            if (!msg) {
                snprintf(buf, sizeof buf, "exec bot %s failed: %s", gin_sim_player(c, player), gin_strerror(rc));
                msg = buf;
            }
            forfeit(c, acc, game, player, msg);
            rc = GIN_OK;
        } else {
            set_fault(acc, rc, game, player);
        }
    }
    free_local(local, own);
    return rc;
}

int gin_sim_play_game(const gin_sim_config *c, long pair, int rotation, gin_event_fn on_event, void *ctx,
                      gin_sim_stats *acc)
{
    if (!c || !acc || pair < 0 || !config_ok(c) || rotation < 0 || rotation >= seats_of(c))
        return GIN_EINVAL;
    gin_match *m = malloc(sizeof *m);
    if (!m)
        return GIN_EINVAL;
    kept k;
    memset(&k, 0, sizeof k);
    int rc = play_game(c, pair, rotation, on_event, ctx, acc, m, &k);
    kept_free(&k);
    free(m);
    return rc == GAME_ABANDONED ? GIN_ESTATE : rc;
}

typedef struct run {
    const gin_sim_config *c;
    atomic_long next_pair;
    atomic_long games_done;
    atomic_int stop;
    atomic_int finished;  /* workers that have returned */
    pthread_mutex_t lock; /* the workers' figures and their games in progress */
} run;

typedef struct worker {
    run *r;
    gin_sim_stats st; /* the finished games' figures (under r->lock) */
    int in_game;      /* a game in progress (under r->lock) */
    pthread_t tid;
} worker;

static void add_stats(gin_sim_stats *to, const gin_sim_stats *from);

/* Play the games of group `pair`; each game's figures are added whole once
 * it is over. Returns 0 to go on, 1 to stop (a failure, or a cancel: the
 * game in progress is then abandoned). */
static int play_group(worker *w, long pair, gin_match *m, kept *k)
{
    run *r = w->r;
    for (int rot = 0; rot < seats_of(r->c); rot++) {
        gin_sim_stats one;
        memset(&one, 0, sizeof one);
        one.fault_player = -1;
        pthread_mutex_lock(&r->lock);
        w->in_game = 1;
        pthread_mutex_unlock(&r->lock);
        int rc = play_game(r->c, pair, rot, NULL, NULL, &one, m, k);
        pthread_mutex_lock(&r->lock);
        w->in_game = 0;
        if (rc == GAME_ABANDONED)
            w->st.abandoned++;
        else
            add_stats(&w->st, &one);
        pthread_mutex_unlock(&r->lock);
        if (rc == GAME_ABANDONED || cancelled(r->c))
            return 1;
        if (rc != GIN_OK)
            atomic_store(&r->stop, 1);
        atomic_fetch_add(&r->games_done, 1);
    }
    return 0;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    run *r = w->r;
    if (!r)
        return NULL;
    gin_match *m = malloc(sizeof *m);
    if (!m) {
        pthread_mutex_lock(&r->lock);
        w->st.fault = GIN_EINVAL;
        w->st.fault_player = -1;
        pthread_mutex_unlock(&r->lock);
        atomic_store(&r->stop, 1);
        atomic_fetch_add(&r->finished, 1);
        return NULL;
    }
    kept k;
    memset(&k, 0, sizeof k);
    for (;;) {
        if (cancelled(r->c))
            atomic_store(&r->stop, 1);
        long pair = atomic_fetch_add(&r->next_pair, 1);
        if (pair >= r->c->pairs || atomic_load(&r->stop) || play_group(w, pair, m, &k))
            break;
    }
    atomic_fetch_add(&r->finished, 1);
    kept_free(&k);
    free(m);
    return NULL;
}

static void add_stats(gin_sim_stats *to, const gin_sim_stats *from)
{
    to->games += from->games;
    for (int i = 0; i < GIN_MAX_SEATS; i++) {
        to->wins[i] += from->wins[i];
        to->points[i] += from->points[i];
        to->forfeits[i] += from->forfeits[i];
        to->hands_won[i] += from->hands_won[i];
        to->gins_by[i] += from->gins_by[i];
        to->knocks_by[i] += from->knocks_by[i];
        to->undercuts_by[i] += from->undercuts_by[i];
        to->gin_points[i] += from->gin_points[i];
        to->knock_points[i] += from->knock_points[i];
        to->undercut_points[i] += from->undercut_points[i];
    }
    to->ties += from->ties;
    to->hands += from->hands;
    to->gins += from->gins;
    to->knocks += from->knocks;
    to->undercuts += from->undercuts;
    to->voids += from->voids;
    to->abandoned += from->abandoned;
    if (from->fault != GIN_OK && (to->fault == GIN_OK || from->fault_game < to->fault_game)) {
        to->fault = from->fault;
        to->fault_game = from->fault_game;
        to->fault_player = from->fault_player;
    }
}

/* Wait for the workers, showing progress; on a cancel, give them a moment
 * to abandon their games, then stop waiting. Returns 1 when every worker
 * has returned. */
static int wait_workers(run *r, int started, gin_sim_progress_fn progress, void *ctx)
{
    const gin_sim_config *c = r->c;
    long total = seats_of(c) * c->pairs;
    struct timespec nap = {0, 20L * 1000 * 1000};
    for (int t = 0; atomic_load(&r->finished) < started && !cancelled(c); t++) {
        if (progress && t % 5 == 0)
            progress(ctx, atomic_load(&r->games_done), total);
        nanosleep(&nap, NULL);
    }
    for (int t = 0; t < 10 && atomic_load(&r->finished) < started; t++) /* 200 ms */
        nanosleep(&nap, NULL);
    if (progress && !cancelled(c))
        progress(ctx, atomic_load(&r->games_done), total);
    return atomic_load(&r->finished) >= started;
}

int gin_sim_run(const gin_sim_config *c, gin_sim_progress_fn progress, void *ctx, gin_sim_stats *out)
{
    if (!c || !out || c->pairs < 0 || c->jobs < 1 || !config_ok(c))
        return GIN_EINVAL;
    memset(out, 0, sizeof *out);
    out->fault_player = -1;
    int jobs = c->pairs < c->jobs ? (int)(c->pairs > 0 ? c->pairs : 1) : c->jobs;
    worker *ws = calloc((size_t)jobs, sizeof *ws);
    run *r = calloc(1, sizeof *r);
    if (!ws || !r) {
        free(ws), free(r);
        return GIN_EINVAL;
    }
    r->c = c;
    atomic_init(&r->next_pair, 0);
    atomic_init(&r->games_done, 0);
    atomic_init(&r->stop, 0);
    atomic_init(&r->finished, 0);
    pthread_mutex_init(&r->lock, NULL);
    int started = 0;
    for (int i = 0; i < jobs; i++) {
        ws[i].r = r;
        ws[i].st.fault_player = -1;
        if (pthread_create(&ws[i].tid, NULL, worker_main, &ws[i]) != 0)
            break;
        started++;
    }
    int all = 1;
    if (started == 0) /* no threads at all: play here */
        worker_main(&ws[0]);
    else
        all = wait_workers(r, started, progress, ctx);
    /* The figures of the finished games; a game still in progress (a
     * cancel) is abandoned. */
    pthread_mutex_lock(&r->lock);
    for (int i = 0; i < jobs; i++) {
        add_stats(out, &ws[i].st);
        out->abandoned += ws[i].in_game;
    }
    pthread_mutex_unlock(&r->lock);
    if (!all) /* a worker still inside a decision: its memory stays, the process ends it */
        return out->fault == GIN_OK ? GIN_ESTATE : out->fault;
    for (int i = 0; i < started; i++)
        pthread_join(ws[i].tid, NULL);
    pthread_mutex_destroy(&r->lock);
    free(ws);
    free(r);
    if (out->fault == GIN_OK && cancelled(c))
        return GIN_ESTATE;
    return out->fault;
}
