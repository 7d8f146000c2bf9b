/* The crew (crew.h): threads that wait for a round, run their part and
 * report, under one mutex. A round costs two wake-ups per thread, a few
 * microseconds against the hundreds a round of playouts takes. */
#include "crew.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

struct ai_crew {
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    long round; /* the round being run: a helper runs each round once */
    int busy;   /* helpers still on this round */
    int quit;   /* 1: the helpers leave */
    int size;   /* threads in the crew, the caller's included */
    int conds;  /* 1: go and done were initialised */
    ai_crew_job job;
    void *ctx;
    pthread_t tid[AI_CREW_MAX];
    struct helper {
        ai_crew *crew;
        int part;
    } helper[AI_CREW_MAX];
};

static void *helper_main(void *arg)
{
    struct helper *h = arg;
    ai_crew *c = h->crew;
    long seen = 0;
    pthread_mutex_lock(&c->mu);
    for (;;) {
        while (c->round == seen && !c->quit)
            pthread_cond_wait(&c->go, &c->mu);
        if (c->quit)
            break;
        seen = c->round;
        ai_crew_job job = c->job;
        void *ctx = c->ctx;
        int parts = c->size;
        pthread_mutex_unlock(&c->mu);
        job(ctx, h->part, parts);
        pthread_mutex_lock(&c->mu);
        if (--c->busy == 0)
            pthread_cond_signal(&c->done);
    }
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

ai_crew *ai_crew_start(int threads)
{
    ai_crew *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    if (threads > AI_CREW_MAX)
        threads = AI_CREW_MAX;
    c->size = 1;
    if (pthread_mutex_init(&c->mu, NULL) != 0) {
        free(c);
        return NULL;
    }
    if (pthread_cond_init(&c->go, NULL) != 0)
        threads = 1;
    else if (pthread_cond_init(&c->done, NULL) != 0) {
        pthread_cond_destroy(&c->go);
        threads = 1;
    }
    c->conds = threads > 1;
    /* The helpers are born with every signal blocked (a thread inherits
     * its creator's mask), so a signal sent to the process reaches the
     * thread that runs the program, never a helper: the table waits for
     * its input and a quit or resize signal together, and one handled by
     * a helper would not wake it. */
    sigset_t all, old;
    sigfillset(&all);
    int masked = threads > 1 && pthread_sigmask(SIG_SETMASK, &all, &old) == 0;
    for (int i = 1; i < threads; i++) {
        c->helper[i] = (struct helper){c, i};
        /* Parts are numbered by start order, so a thread that fails leaves no gap. */
        if (pthread_create(&c->tid[i], NULL, helper_main, &c->helper[i]) != 0)
            break;
        c->size = i + 1;
    }
    if (masked)
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    return c;
}

int ai_crew_size(const ai_crew *c) { return c ? c->size : 1; }

void ai_crew_run(ai_crew *c, ai_crew_job job, void *ctx)
{
    if (!c || c->size == 1) {
        job(ctx, 0, 1);
        return;
    }
    pthread_mutex_lock(&c->mu);
    c->job = job;
    c->ctx = ctx;
    c->busy = c->size - 1;
    c->round++;
    pthread_cond_broadcast(&c->go);
    pthread_mutex_unlock(&c->mu);
    job(ctx, 0, c->size);
    pthread_mutex_lock(&c->mu);
    while (c->busy > 0)
        pthread_cond_wait(&c->done, &c->mu);
    pthread_mutex_unlock(&c->mu);
}

void ai_crew_stop(ai_crew *c)
{
    if (!c)
        return;
    if (c->size > 1) {
        pthread_mutex_lock(&c->mu);
        c->quit = 1;
        pthread_cond_broadcast(&c->go);
        pthread_mutex_unlock(&c->mu);
        for (int i = 1; i < c->size; i++)
            pthread_join(c->tid[i], NULL);
    }
    if (c->conds) {
        pthread_cond_destroy(&c->go);
        pthread_cond_destroy(&c->done);
    }
    pthread_mutex_destroy(&c->mu);
    free(c);
}

int ai_crew_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > AI_CREW_MAX ? AI_CREW_MAX : (int)n;
}
