/* gin — the simulator behind `gin sim`: whole games between two to four
 * named agents, spread over worker threads, with results that depend only
 * on the configuration (never on the number of workers).
 *
 * Fairness: games come in groups dealing the same shuffles (the same game
 * seed), one game per rotation of the seats. With two seats a group is the
 * mirrored pair of old (game 2k: p1 in seat 0; game 2k+1: p1 in seat 1);
 * with N seats, in rotation r player p (0 = p1) sits in seat (p + r) % N.
 *
 * Built-in agents are made afresh for every game; an exec: bot is started
 * once per worker and serves that worker's games, each game seeded exactly
 * as an in-process agent in its place would be (so a deterministic bot also
 * gives the same results whatever the number of workers). A bot that fails
 * (garbage, an illegal move, no answer in time, death) forfeits that game
 * and is restarted for the next; the run carries on. */
#ifndef GIN_SIM_H
#define GIN_SIM_H

#include <stdint.h>
#include <signal.h>
#include "gin/hand.h"
#include "gin/rules.h"

/* An external bot's failure, which lost it game `game` (player 0 = p1,
 * 1 = p2, ...); msg says which bot did what. Called from the worker
 * threads, possibly several at once. */
typedef void (*gin_sim_forfeit_fn)(void *ctx, long game, int player, const char *msg);

typedef struct gin_sim_config {
    const char *p1, *p2; /* agent names, as gin_bots_create (exec: too) */
    gin_rules rules;     /* rules.seats (2..4) is the number of players */
    uint64_t seed;
    long pairs;                    /* groups of rotations: games = rules.seats * pairs */
    int think_ms;                  /* expert's time per decision */
    int jobs;                      /* worker threads, >= 1 */
    int move_ms;                   /* an exec bot's time per answer; <= 0: the default */
    const char *bot_log;           /* where exec bots' standard error goes; NULL: /dev/null */
    gin_sim_forfeit_fn on_forfeit; /* may be NULL */
    void *forfeit_ctx;
    const char *p3, *p4; /* the third and fourth players (rules.seats >= 3, 4) */
    /* May be NULL. Once *cancel is nonzero (a signal handler sets it) the
     * run stops at once: no game starts, the games in progress are
     * abandoned — not counted, their forfeits neither counted nor
     * reported — and gin_sim_run returns GIN_ESTATE with the figures of the
     * finished games and how many were abandoned. A worker still inside a
     * decision (a bot thinking, an external bot not answering) is not
     * waited for: it is left to the process's end, which the caller brings
     * about (gin sim ends the bots, then dies of the signal). */
    const volatile sig_atomic_t *cancel;
} gin_sim_config;

/* Per player (index 0 = p1). With two seats `points` are hand points won;
 * in a ring of 3-4 they are penalty points taken (lower is better). */
typedef struct gin_sim_stats {
    long games;
    long wins[GIN_MAX_SEATS];
    long hands; /* = gins + knocks + undercuts + voids */
    long points[GIN_MAX_SEATS];
    long gins;   /* gin and big gin */
    long knocks; /* knocks the knocker won */
    long undercuts;
    long voids;
    long forfeits[GIN_MAX_SEATS]; /* games lost by an exec bot's failure; with two seats
                                   * counted in games and in the other's wins, in a
                                   * ring in games only (nobody wins it) */
    int fault;                    /* GIN_OK, or the first failure (lowest game index) */
    int fault_player;             /* 0 = p1, 1 = p2, ...; -1 = none or not an agent's fault */
    long fault_game;
    long ties;                     /* games that ended in a tie (a ring: a tie for lowest) */
    long hands_won[GIN_MAX_SEATS]; /* scored hands each player won */
    /* How each player's points came: hands it won by gin (big gin too), by
     * knocking, and by undercutting the knocker, and the hand points of
     * each kind (two seats; in a ring the counts only). */
    long gins_by[GIN_MAX_SEATS], knocks_by[GIN_MAX_SEATS], undercuts_by[GIN_MAX_SEATS];
    long gin_points[GIN_MAX_SEATS], knock_points[GIN_MAX_SEATS], undercut_points[GIN_MAX_SEATS];
    long abandoned; /* games in progress when the run was cancelled: in none of the figures */
} gin_sim_stats;

/* The seed of every game of group `pair` under the run seed. */
uint64_t gin_sim_game_seed(uint64_t seed, long pair);

/* The agent name of player p (0 = p1) in c, or NULL. */
const char *gin_sim_player(const gin_sim_config *c, int p);

/* Play game seats * pair + rotation (rotation 0..seats-1: player p sits in
 * seat (p + rotation) % seats; with two seats rotation 1 is the old
 * `swapped`, p1 in seat 1) and add its figures to *acc (exec: bots are
 * started and stopped for this game alone). on_event (may be NULL) also
 * sees every full event. Returns GIN_OK, GIN_EINVAL (bad arguments, a
 * rotation out of range, a missing name for a seat) or another negative
 * code (fault fields of *acc set). */
int gin_sim_play_game(const gin_sim_config *c, long pair, int rotation, gin_event_fn on_event, void *ctx,
                      gin_sim_stats *acc);

/* Called from the calling thread about ten times a second while a run goes. */
typedef void (*gin_sim_progress_fn)(void *ctx, long games_done, long games_total);

/* Play every group on c->jobs threads into *out (zeroed first). Returns
 * GIN_OK, GIN_EINVAL (bad configuration: seats outside 2..4, a missing
 * name), or the first game's failure code (details in *out); an exec bot's
 * failure is a forfeit, not a failure of the run. */
int gin_sim_run(const gin_sim_config *c, gin_sim_progress_fn progress, void *ctx, gin_sim_stats *out);

/* Seconds on a monotonic clock, for the hands/s figure. */
double gin_sim_now(void);

#endif
