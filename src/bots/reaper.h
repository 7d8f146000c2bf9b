/* gin — every process an exec: bot starts is accounted for. Private to
 * src/bots (exec_agent.c).
 *
 * A registry holds the main process of every bot that is running. A bot is
 * started between reaper_begin and reaper_end, under the registry's lock, so
 * no other thread can take a bot just started for a stray child.
 *
 * On Linux the first bot makes this process a child subreaper
 * (prctl(PR_SET_CHILD_SUBREAPER)): a bot's descendant whose parent dies
 * comes back to us instead of to init, even one that left the bot's process
 * group with setsid. The sweep then ends them. It never waits for any child
 * (no waitpid(-1)): it reaps only children it has named, never a
 * registered bot (its agent, perhaps on another thread, reaps that), and
 * never a child in our own process group (a program's own children, from
 * system() or the like: bots and what they leave are in groups of their
 * own). Elsewhere (no subreaper) such orphans go to init, and only a bot's
 * process group can be ended.
 *
 * The first bot also registers reaper_shutdown with atexit, so a program
 * that exits with bots still running leaves none of them behind. */
#ifndef GIN_BOTS_REAPER_H
#define GIN_BOTS_REAPER_H

#include <sys/types.h>

/* Before starting a bot: take the lock (and set things up, once). Returns
 * 0, or -1 without the lock when the registry is full. */
int reaper_begin(void);

/* After starting it: register `pid` (nothing if pid <= 0), release the lock. */
void reaper_end(pid_t pid);

/* The bot `pid` is gone, its main process reaped and its group ended:
 * forget it, then sweep. */
void reaper_forget(pid_t pid);

/* Reap every stray child that has exited, and, if no bot is running, end
 * the live ones (SIGTERM, then SIGKILL after a short grace) and reap them.
 * While a bot runs, a stray that left its group may be that bot's helper,
 * so it is left until the last bot stops. */
void reaper_sweep(void);

/* SIGKILL every registered bot's process group and main process. For a
 * signal handler: async-signal-safe, takes no lock. */
void reaper_kill_all(void);

/* End everything, now: every bot's group with SIGKILL, then every stray,
 * reaping what it can within a second. For the exit of the program; does
 * nothing in a process other than the one that started the bots (a fork). */
void reaper_shutdown(void);

#endif
