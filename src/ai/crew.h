/* gin — a crew: a few threads that run one job, split into parts, round
 * after round, for the analysis to play its worlds on every core.
 *
 * The caller's thread is one of the crew: a crew of 1 starts no thread and
 * runs every round itself. Which thread ran which part is the only thing
 * the number of threads changes, so a job that writes each part's results
 * to its own place gives the same answer for any crew. */
#ifndef GIN_AI_CREW_H
#define GIN_AI_CREW_H

enum { AI_CREW_MAX = 64 }; /* threads in a crew, the caller's included */

typedef struct ai_crew ai_crew;

/* The job of a round: part `part` of `parts` (0 <= part < parts). */
typedef void (*ai_crew_job)(void *ctx, int part, int parts);

/* A crew of up to `threads` threads (the caller's included; <= 1: the
 * caller alone; capped at AI_CREW_MAX). Threads that cannot be started
 * leave a smaller crew, never an error. Returns the crew, owned by the
 * caller until ai_crew_stop, or NULL when there is no memory (then run
 * the job as ai_crew_run(NULL, ...) does: on the caller's thread alone). */
ai_crew *ai_crew_start(int threads);

/* How many threads run a round (1 for NULL). */
int ai_crew_size(const ai_crew *c);

/* Run job(ctx, part, n) for every part of n = ai_crew_size(c), the
 * caller's thread taking part 0; returns when every part is done. c may
 * be NULL (one part, on the caller's thread). */
void ai_crew_run(ai_crew *c, ai_crew_job job, void *ctx);

/* Stop the threads and free the crew (NULL: nothing). */
void ai_crew_stop(ai_crew *c);

/* The online cores (at least 1): what "every core" means. */
int ai_crew_cores(void);

#endif
