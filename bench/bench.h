/* gin-bench subcommands: each prints one figure line and returns an exit status. */
#ifndef GIN_BENCH_H
#define GIN_BENCH_H
int bench_deadwood(int argc, char **argv);
int bench_discard(int argc, char **argv);
int bench_showdown(int argc, char **argv);
int bench_sim(int argc, char **argv);
int bench_ai(int argc, char **argv);
int bench_playouts(int argc, char **argv);
int bench_soak(int argc, char **argv);
/* Seconds on a monotonic clock. */
double bench_now(void);
#endif
