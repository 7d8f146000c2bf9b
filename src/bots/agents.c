/* Agents by name for every front end, so `exec:` works wherever an agent
 * is named (the simulator, the table's opponent). */
#include "agents.h"

#include <stdio.h>
#include <strings.h>
#include "ai.h"
#include "exec_agent.h"
#include "gin/error.h"

int gin_bots_is_exec(const char *name) { return name && !strncasecmp(name, "exec:", 5); }

int gin_bots_create_timed(const char *name, uint64_t seed, int think_ms, int move_ms, const char *log_path,
                          gin_agent *out, char *err, size_t errcap)
{
    if (err && errcap)
        err[0] = '\0';
    if (!name || !out) {
        if (err && errcap)
            snprintf(err, errcap, "no agent named");
        return GIN_EINVAL;
    }
    if (gin_bots_is_exec(name))
        return gin_exec_agent_create(name + 5, seed, move_ms, log_path, out, err, errcap);
    int rc = gin_ai_create(name, seed, think_ms, out);
    if (rc != GIN_OK && err && errcap) {
        char names[GIN_OPPONENT_NAMES_MAX];
        gin_opponent_names(GIN_OPPONENT_ANY, names, sizeof names);
        if (rc == GIN_ENAME)
            snprintf(err, errcap, "unknown agent '%s'; agents: %s, or exec:COMMAND", name, names);
        else
            snprintf(err, errcap, "cannot create agent '%s': %s", name, gin_strerror(rc));
    }
    return rc;
}

int gin_bots_create(const char *name, uint64_t seed, int think_ms, const char *log_path, gin_agent *out, char *err,
                    size_t errcap)
{
    return gin_bots_create_timed(name, seed, think_ms, 0, log_path, out, err, errcap);
}

const char *gin_bots_fault(const gin_agent *a) { return gin_exec_agent_fault(a); }

int gin_bots_on_wait(const gin_agent *a, int (*idle)(void *ctx), void *ctx)
{
    return gin_exec_agent_on_wait(a, idle, ctx);
}

void gin_bots_end_all(void) { gin_exec_agent_end_all(); }

void gin_bots_kill_all(void) { gin_exec_agent_kill_all(); }
