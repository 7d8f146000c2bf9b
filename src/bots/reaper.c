/* The registry of running bots and the sweep of stray children (reaper.h).
 * Arrays of atomic pids rather than lists, so that a signal handler can walk
 * them without the lock: a slot is written under the lock and read by
 * reaper_kill_all at any moment. What /proc is read with is async-signal-
 * safe (open, read, no stdio, no allocation) for the same reason. */
#define _GNU_SOURCE /* POSIX and Linux interfaces (waitid, prctl) under -std=c11 */
#include "reaper.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

enum {
    REG_MAX = 4096,      /* running bots: 1024 jobs of `gin sim` times four seats */
    STRAY_MAX = 256,     /* strays handled in one round of a sweep */
    STRAY_TERM_MS = 200, /* a stray's grace between SIGTERM and SIGKILL */
    KILL_WAIT_MS = 1000, /* for a SIGKILLed process to exit */
    SWEEP_ROUNDS = 8,    /* ending a stray may orphan its own children */
    NAP_MS = 5
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_int bots[REG_MAX]; /* main pids of running bots; 0: free */
static int n_bots;               /* slots in use, under the lock */
/* Live strays seen while a bot ran (not ended then: they may be its
 * helpers), for reaper_kill_all. Each is our unreaped child, so its pid
 * cannot be reused while it is listed. */
static atomic_int strays[STRAY_MAX];
static atomic_int owner; /* the process that started the bots */

/* Make this process the owner of the registry. In a forked child the
 * copy lists the parent's bots, which are not ours to end. */
static void adopt(void)
{
    for (int i = 0; i < REG_MAX; i++)
        atomic_store(&bots[i], 0);
    for (int i = 0; i < STRAY_MAX; i++)
        atomic_store(&strays[i], 0);
    n_bots = 0;
    atomic_store(&owner, (int)getpid());
#ifdef __linux__
    /* Orphaned descendants of our bots come back to us, not to init (not
     * inherited over fork, hence here). */
    (void)prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

static void setup(void) { atexit(reaper_shutdown); }

static void nap_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

static int is_bot(pid_t pid)
{
    for (int i = 0; i < REG_MAX; i++)
        if (atomic_load_explicit(&bots[i], memory_order_relaxed) == (int)pid)
            return 1;
    return 0;
}

static void list_stray(pid_t pid)
{
    int free_slot = -1;
    for (int i = 0; i < STRAY_MAX; i++) {
        int p = atomic_load(&strays[i]);
        if (p == (int)pid)
            return;
        if (!p && free_slot < 0)
            free_slot = i;
    }
    if (free_slot >= 0)
        atomic_store(&strays[free_slot], (int)pid);
}

static void unlist_stray(pid_t pid)
{
    for (int i = 0; i < STRAY_MAX; i++)
        if (atomic_load(&strays[i]) == (int)pid)
            atomic_store(&strays[i], 0);
}

/* Reap `pid` (a child we named) if it has exited; 1 if it is gone. */
static int reaped(pid_t pid)
{
    pid_t r = waitpid(pid, NULL, WNOHANG);
    return r == pid || (r < 0 && errno == ECHILD);
}

#ifdef __linux__
/* "/proc/" ID TAIL into buf (64 bytes), without stdio. */
static const char *proc_path(char *buf, const char *mid, long id, const char *tail)
{
    char digits[24];
    int n = 0;
    do
        digits[n++] = (char)('0' + id % 10);
    while ((id /= 10) > 0 && n < (int)sizeof digits);
    /* Byte by byte: strcpy and stdio are not for signal handlers. */
    size_t o = 0;
    for (const char *q = "/proc/"; *q;)
        buf[o++] = *q++;
    for (const char *q = mid; *q;)
        buf[o++] = *q++;
    while (n > 0)
        buf[o++] = digits[--n];
    for (const char *q = tail; *q;)
        buf[o++] = *q++;
    buf[o] = '\0';
    return buf;
}

/* Up to cap - 1 bytes of a small file, NUL-terminated; the length or -1. */
static ssize_t read_small(const char *path, char *buf, size_t cap)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    size_t got = 0;
    for (;;) {
        ssize_t n = read(fd, buf + got, cap - 1 - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 || (got += (size_t)n) == cap - 1)
            break;
    }
    close(fd);
    buf[got] = '\0';
    return (ssize_t)got;
}

/* The next decimal number at *p (skipping what is not a digit); -1 if none. */
static long next_number(const char **p)
{
    const char *s = *p;
    while (*s && (*s < '0' || *s > '9'))
        s++;
    if (!*s)
        return -1;
    long v = 0;
    while (*s >= '0' && *s <= '9')
        v = v * 10 + (*s++ - '0');
    *p = s;
    return v;
}

/* State, parent and process group of `pid` from /proc/PID/stat. */
static int proc_stat(pid_t pid, char *state, long *ppid, long *pgrp)
{
    char path[64], buf[512];
    if (read_small(proc_path(path, "", (long)pid, "/stat"), buf, sizeof buf) <= 0)
        return -1;
    const char *p = strrchr(buf, ')'); /* the command name may hold anything */
    if (!p || p[1] != ' ' || !p[2])
        return -1;
    *state = p[2];
    p += 3;
    *ppid = next_number(&p);
    *pgrp = next_number(&p);
    return *ppid >= 0 && *pgrp >= 0 ? 0 : -1;
}

/* Append the children of thread `tid` of this process to out[0..n). */
static int task_children(long tid, pid_t *out, int n, int cap, int *have_list)
{
    char path[64], buf[4096];
    if (read_small(proc_path(path, "self/task/", tid, "/children"), buf, sizeof buf) < 0)
        return n;
    *have_list = 1;
    const char *p = buf;
    for (long pid; n < cap && (pid = next_number(&p)) > 0;) {
        int seen = 0;
        for (int i = 0; i < n && !seen; i++)
            seen = out[i] == (pid_t)pid;
        if (!seen)
            out[n++] = (pid_t)pid;
    }
    return n;
}

/* Our children (up to cap), from each thread's children list, or, on a
 * kernel without those, from every process's parent. Not for a signal
 * handler (opendir). */
static int list_children(pid_t *out, int cap)
{
    int n = 0, have_lists = 0;
    DIR *d = opendir("/proc/self/task");
    for (struct dirent *e; d && (e = readdir(d));) {
        char *end;
        long tid = strtol(e->d_name, &end, 10);
        if (*end == '\0' && tid > 0)
            n = task_children(tid, out, n, cap, &have_lists);
    }
    if (d)
        closedir(d);
    if (have_lists)
        return n;
    d = opendir("/proc");
    long self = (long)getpid();
    for (struct dirent *e; d && n < cap && (e = readdir(d));) {
        char st, *end;
        long ppid, pgrp, pid = strtol(e->d_name, &end, 10);
        if (*end == '\0' && proc_stat((pid_t)pid, &st, &ppid, &pgrp) == 0 && ppid == self)
            out[n++] = (pid_t)pid;
    }
    if (d)
        closedir(d);
    return n;
}

/* 1 if `pid`, our child, is a stray: not a running bot, not in our own
 * process group (a program's own children). *state gets its state. */
static int is_stray(pid_t pid, char *state)
{
    long ppid, pgrp;
    return !is_bot(pid) && proc_stat(pid, state, &ppid, &pgrp) == 0 && ppid == (long)getpid() &&
           pgrp != (long)getpgrp();
}

/* Wait up to ms for each of pids[0..n) to exit, reaping them; returns how
 * many are left, moved to the front. */
static int wait_gone(pid_t *pids, int n, int ms)
{
    for (int t = 0;; t += NAP_MS) {
        int left = 0;
        for (int i = 0; i < n; i++)
            if (!reaped(pids[i]))
                pids[left++] = pids[i];
            else
                unlist_stray(pids[i]);
        n = left;
        if (!n || t >= ms)
            return n;
        nap_ms(NAP_MS);
    }
}

/* One round, under the lock: reap exited strays; end the live ones if
 * `end_live` (SIGTERM, SIGKILL after `grace_ms`), else list them for
 * reaper_kill_all. Returns how many were ended. */
static int sweep_round(int end_live, int grace_ms)
{
    pid_t kids[STRAY_MAX], live[STRAY_MAX];
    int n = list_children(kids, STRAY_MAX), n_live = 0;
    for (int i = 0; i < n; i++) {
        char st;
        if (!is_stray(kids[i], &st))
            continue;
        if (st == 'Z') {
            unlist_stray(kids[i]);
            (void)reaped(kids[i]);
        } else if (end_live) {
            kill(kids[i], grace_ms > 0 ? SIGTERM : SIGKILL);
            live[n_live++] = kids[i];
        } else {
            list_stray(kids[i]);
        }
    }
    int left = wait_gone(live, n_live, grace_ms);
    for (int i = 0; i < left; i++)
        kill(live[i], SIGKILL);
    (void)wait_gone(live, left, KILL_WAIT_MS); /* one stuck in the kernel is left to a later sweep */
    return n_live;
}

static void sweep_locked(int end_live, int grace_ms)
{
    for (int round = 0; round < SWEEP_ROUNDS && sweep_round(end_live, grace_ms) > 0; round++)
        ;
}

/* For a signal handler: SIGKILL the live strays among the main thread's
 * children (where the kernel hands orphans to while it lives); reaps
 * nothing. Returns how many. */
static int kill_strays_now(void)
{
    pid_t kids[STRAY_MAX];
    int have = 0, n = task_children((long)getpid(), kids, 0, STRAY_MAX, &have), killed = 0;
    for (int i = 0; i < n; i++) {
        char st;
        if (is_stray(kids[i], &st) && st != 'Z' && kill(kids[i], SIGKILL) == 0)
            killed++;
    }
    return killed;
}
#else
static void sweep_locked(int end_live, int grace_ms) /* no subreaper: orphans go to init */
{
    (void)end_live;
    (void)grace_ms;
}
static int kill_strays_now(void) { return 0; }
#endif

int reaper_begin(void)
{
    pthread_once(&once, setup);
    pthread_mutex_lock(&lock);
    if (atomic_load(&owner) != (int)getpid())
        adopt();
    if (n_bots < REG_MAX)
        return 0;
    pthread_mutex_unlock(&lock);
    return -1;
}

void reaper_end(pid_t pid)
{
    for (int i = 0; pid > 0 && i < REG_MAX; i++)
        if (!atomic_load(&bots[i])) {
            atomic_store(&bots[i], (int)pid);
            n_bots++;
            break;
        }
    pthread_mutex_unlock(&lock);
}

void reaper_forget(pid_t pid)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; pid > 0 && i < REG_MAX; i++)
        if (atomic_load(&bots[i]) == (int)pid) {
            atomic_store(&bots[i], 0);
            n_bots--;
            break;
        }
    sweep_locked(n_bots == 0, STRAY_TERM_MS);
    pthread_mutex_unlock(&lock);
}

void reaper_sweep(void)
{
    pthread_mutex_lock(&lock);
    sweep_locked(n_bots == 0, STRAY_TERM_MS);
    pthread_mutex_unlock(&lock);
}

/* SIGKILL every registered group and listed stray; 1 if a bot's main
 * process has not exited yet. */
static int kill_known(void)
{
    int running = 0;
    for (int i = 0; i < REG_MAX; i++) {
        int p = atomic_load(&bots[i]);
        if (p <= 0)
            continue;
        kill(-p, SIGKILL);
        kill(p, SIGKILL);
        siginfo_t info;
        memset(&info, 0, sizeof info);
        if (waitid(P_PID, (id_t)p, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != p)
            running = 1;
    }
    for (int i = 0; i < STRAY_MAX; i++) {
        int p = atomic_load(&strays[i]);
        if (p > 0)
            kill(p, SIGKILL);
    }
    return running;
}

void reaper_kill_all(void)
{
    if (atomic_load(&owner) != (int)getpid())
        return;
    int saved = errno; /* a signal handler must leave errno as it was */
    /* Until the bots' main processes are dead (their orphans are then ours)
     * and two looks at our children in a row find no stray alive (a bot's
     * other processes may die a moment after its main one, handing us their
     * own orphans), within a second. */
    for (int t = 0, quiet = 0; t < KILL_WAIT_MS && quiet < 2; t += NAP_MS) {
        int running = kill_known();
        quiet = kill_strays_now() == 0 && !running ? quiet + 1 : 0;
        nap_ms(NAP_MS);
    }
    errno = saved;
}

void reaper_shutdown(void)
{
    if (atomic_load(&owner) != (int)getpid())
        return; /* a forked child: the bots are its parent's */
    pthread_mutex_lock(&lock);
    reaper_kill_all();
    /* The bots' main processes too: nobody else will reap them now (an
     * agent that still tries finds its bot gone). */
    for (int i = 0; i < REG_MAX; i++) {
        int p = atomic_load(&bots[i]);
        if (p > 0 && reaped((pid_t)p)) {
            atomic_store(&bots[i], 0);
            n_bots--;
        }
    }
    sweep_locked(1, 0);
    pthread_mutex_unlock(&lock);
}
