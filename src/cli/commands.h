/* gin — the command-line front ends. Each takes the arguments after the
 * subcommand name (argv[0] is the subcommand) and returns the exit status. */
#ifndef GIN_COMMANDS_H
#define GIN_COMMANDS_H

int gin_cmd_play(int argc, char **argv); /* the terminal table (default) */
int gin_cmd_analyze(int argc, char **argv);
int gin_cmd_showdown(int argc, char **argv);
int gin_cmd_sim(int argc, char **argv);
int gin_cmd_replay(int argc, char **argv);
int gin_cmd_stats(int argc, char **argv);
int gin_cmd_history(int argc, char **argv); /* the game history (store/history.h) */
int gin_cmd_engine(int argc, char **argv);  /* our bot on the protocol (docs/protocol.md) */
int gin_cmd_advise(int argc, char **argv);  /* the coach on a protocol transcript */
int gin_cmd_drill(int argc, char **argv);   /* drills: your mistakes, then generated positions */
int gin_cmd_review(int argc, char **argv);  /* the coach on a game of the history or the save */

#endif
