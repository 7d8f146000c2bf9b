/* gin — agents by name for the front ends: `exec:COMMAND` is an external
 * bot (exec_agent.h), any other name a built-in one (gin_ai_create). */
#ifndef GIN_AGENTS_H
#define GIN_AGENTS_H

#include <stddef.h>
#include <stdint.h>
#include "gin/agent.h"

/* Create the agent `name` into *out (the caller destroys it through
 * out->destroy). seed: the agent's randomness (an exec bot gets it in its
 * `game` line); think_ms: expert's time per decision; log_path: where an
 * exec bot's standard error goes (NULL: /dev/null). Exec bots get
 * GIN_EXEC_MOVE_MS per answer. Returns GIN_OK, or GIN_ENAME (unknown name),
 * GIN_ESTATE (the exec bot did not start or failed the handshake),
 * GIN_EINVAL; err (may be NULL) then holds a message for the user. */
int gin_bots_create(const char *name, uint64_t seed, int think_ms, const char *log_path, gin_agent *out, char *err,
                    size_t errcap);

/* As gin_bots_create, with the exec bots' time per answer
 * (`--move-time MS`; <= 0: the default). */
int gin_bots_create_timed(const char *name, uint64_t seed, int think_ms, int move_ms, const char *log_path,
                          gin_agent *out, char *err, size_t errcap);

/* 1 if `name` names an external bot ("exec:..." in any case). */
int gin_bots_is_exec(const char *name);

/* What agent `a` did wrong, as a sentence naming the bot, after a decision
 * failed (gin_match_step < 0 with fault_seat = its seat); NULL when the
 * agent keeps no message (built-in agents). Owned by the agent. */
const char *gin_bots_fault(const gin_agent *a);

/* As gin_exec_agent_on_wait for an external bot: GIN_EINVAL for any other
 * agent, which never waits. */
int gin_bots_on_wait(const gin_agent *a, int (*idle)(void *ctx), void *ctx);

/* End every external bot still running and every process one left behind
 * (gin_exec_agent_end_all): for an exit path that does not destroy its
 * agents (it also runs at exit, registered by the first external bot). */
void gin_bots_end_all(void);

/* Async-signal-safe: SIGKILL every running external bot's process group
 * and what it left behind (gin_exec_agent_kill_all), for the handler of a
 * signal that ends the program, before it re-raises the signal. */
void gin_bots_kill_all(void);

#endif
