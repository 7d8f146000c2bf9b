/* gin-bench subcommands: each prints one figure line and returns an exit status. */
#ifndef GIN_BENCH_H
#define GIN_BENCH_H
#include "gin/agent.h"
#include "gin/view.h"
int bench_deadwood(int argc, char **argv);
int bench_discard(int argc, char **argv);
int bench_showdown(int argc, char **argv);
int bench_sim(int argc, char **argv);
int bench_ai(int argc, char **argv);
int bench_playouts(int argc, char **argv);
int bench_coach(int argc, char **argv);
int bench_soak(int argc, char **argv);
int bench_hands(int argc, char **argv);
int bench_reading(int argc, char **argv);
int bench_gifts(int argc, char **argv);
int bench_review(int argc, char **argv);
/* Seconds on a monotonic clock. */
double bench_now(void);
/* Seconds of this thread's CPU time (CLOCK_THREAD_CPUTIME_ID): the speed of
 * one core even when the machine is busy. Falls back to bench_now. */
double bench_cpu_now(void);

/* positions.c. An agent that plays as `inner` and keeps a copy of the views
 * it is asked about in views[0..cap-1]: every one (every 0), or one in
 * `every` of those with more than one legal answer. */
typedef struct bench_recorder {
    const gin_agent *inner;
    gin_view *views;
    long n, cap, seen;
    int every;
} bench_recorder;
gin_agent bench_recorder_agent(bench_recorder *r);
/* The views `hard` (seed 1) was asked about playing `simple` (seed 2),
 * seats alternating by game, until cap: how many, or -1. */
long bench_positions_hard_vs_simple(gin_view *views, long cap);
#endif
