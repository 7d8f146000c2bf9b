/* gin-bench subcommands: each prints one figure line and returns an exit status. */
#ifndef GIN_BENCH_H
#define GIN_BENCH_H
int bench_deadwood(int argc, char **argv);
int bench_discard(int argc, char **argv);
int bench_showdown(int argc, char **argv);
int bench_sim(int argc, char **argv);
int bench_ai(int argc, char **argv);
int bench_playouts(int argc, char **argv);
int bench_coach(int argc, char **argv);
int bench_soak(int argc, char **argv);
int bench_hands(int argc, char **argv);
/* Seconds on a monotonic clock. */
double bench_now(void);
/* Seconds of this thread's CPU time (CLOCK_THREAD_CPUTIME_ID): the speed of
 * one core even when the machine is busy. Falls back to bench_now. */
double bench_cpu_now(void);
#endif
