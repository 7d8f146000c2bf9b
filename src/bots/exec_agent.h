/* gin — an agent that is another program: `exec:COMMAND`. The command runs
 * through /bin/sh -c in its own process group, with its standard input and
 * output on pipes speaking the bot protocol (docs/protocol.md) and its
 * standard error appended to a log file (or /dev/null), never the table.
 *
 * The agent builds every message from its seat's view and the redacted
 * events it observes, so the bot can never learn more than the seat sees.
 * A bot that answers with garbage, an illegal move, nothing within the move
 * time, or that dies, makes the decision return a negative status (so
 * gin_match_step reports its seat in fault_seat); the agent keeps a message
 * saying which bot did what (gin_exec_agent_fault) and stops the process.
 * If the agent is used for another game, the bot is started afresh.
 *
 * The bot is its main process: once that exits (on quit, or dying in the
 * middle of a game, even while something it started still holds its
 * pipes), the bot is over, and stopping it ends its whole process group
 * (SIGTERM, SIGKILL after half a second). On Linux this process becomes a
 * child subreaper (reaper.h), so what a bot starts outside its group (with
 * setsid) comes back to us when its parent dies and is ended too, once no
 * bot is running any more; a program using exec agents must keep any other
 * children of its own in its own process group, or they count as strays.
 *
 * Creating one sets SIGPIPE to SIG_IGN for the process if it was SIG_DFL
 * (a bot that dies must not kill us; the bot itself starts with the
 * default). Agents are independent: several may run on different threads. */
#ifndef GIN_EXEC_AGENT_H
#define GIN_EXEC_AGENT_H

#include <stddef.h>
#include <stdint.h>
#include "gin/agent.h"

enum {
    GIN_EXEC_MOVE_MS = 5000,      /* default time a bot has for each answer */
    GIN_BOT_LOG_MAX = 1024 * 1024 /* a bot log larger than this starts over when a bot starts */
};

/* Start `command` and do the handshake ("gin 1" -> "ok NAME"; allowed
 * max(move_ms, 5000) ms). move_ms <= 0 means GIN_EXEC_MOVE_MS. seed is sent
 * to the bot with its first game (later games with the same agent get seeds
 * derived from it). log_path NULL means /dev/null; the log is opened for
 * appending (created 0600) each time the bot starts, emptied first when it
 * is over GIN_BOT_LOG_MAX bytes, and a symbolic link there is refused. On success fills *out (name: the bot's own name;
 * destroy sends quit, waits briefly, then SIGTERM / SIGKILL to the bot's
 * process group, and reaps) and returns GIN_OK. On failure returns
 * GIN_EINVAL (bad argument, no resources) or GIN_ESTATE (the bot did not
 * start or failed the handshake), with a message in err (if non-NULL);
 * nothing is left running. */
int gin_exec_agent_create(const char *command, uint64_t seed, int move_ms, const char *log_path, gin_agent *out,
                          char *err, size_t errcap);

/* 1 if `a` was made by gin_exec_agent_create. */
int gin_exec_agent_is(const gin_agent *a);

/* What the bot of exec agent `a` did wrong ("bot 'randbot' (exec:./randbot)
 * answered 'discard 7H' to 'discard': 7H is not in your hand"), or NULL if
 * nothing went wrong or `a` is not an exec agent. Owned by the agent; valid
 * until its next decision or destroy. */
const char *gin_exec_agent_fault(const gin_agent *a);

/* Make `seed` the seed of the agent's next game (sent in its `game` line),
 * as if the agent had just been created with it, without restarting the
 * bot. For a simulator that keeps one bot over many games yet seeds every
 * game by its index, so the bot sees the seeds an in-process agent would.
 * Returns GIN_OK, or GIN_EINVAL if `a` is not an exec agent. */
int gin_exec_agent_reseed(const gin_agent *a, uint64_t seed);

/* While the agent waits for its bot's answer, call idle(ctx) whenever
 * nothing has come for a tenth of a second (idle NULL: never). A non-zero
 * return gives the wait up: the decision returns GIN_EINTR and changes
 * nothing, and the next decision, which must be asked at the same view,
 * waits on for the answer to the request already sent (not sent again),
 * with the whole move time afresh. For a program whose own loop must stay
 * awake while a bot thinks (keys, a resize, a quit signal). Returns GIN_OK,
 * or GIN_EINVAL if `a` is not an exec agent. */
int gin_exec_agent_on_wait(const gin_agent *a, int (*idle)(void *ctx), void *ctx);

/* The process id of the running bot, or 0 (for tests: no zombies). */
long gin_exec_agent_pid(const gin_agent *a);

/* End every exec: bot still running and every process one left behind, at
 * once (SIGKILL), reaping the strays. Registered with atexit by the first
 * bot, so a program that returns or exits without destroying its agents
 * leaves nothing running; call it yourself before leaving by _exit. From
 * any thread, not from a signal handler. Agents are not freed: destroy them
 * afterwards if at all (their bots are gone). */
void gin_exec_agent_end_all(void);

/* SIGKILL every running exec: bot's process group and main process, then
 * (on Linux) every stray that is or becomes our child as they die: what
 * left a bot's group, come back to us as a subreaper. Waits for that up to
 * a second, reaps nothing. Async-signal-safe (no lock, no allocation, /proc
 * read with open and read), for the handler of a signal that ends the
 * program (SIGINT, SIGTERM, SIGHUP) before it re-raises it. */
void gin_exec_agent_kill_all(void);

#endif
