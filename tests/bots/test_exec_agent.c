/* External bots: `exec:` agents against in-process ones. Our own engine over
 * the protocol plays exactly as in-process; the example bots finish games;
 * bots that send garbage, illegal moves, nothing, or die are reported with a
 * message naming them, and leave no process or descriptor behind.
 *
 * The engine side is this very program: run as `test_exec_agent engine ...`
 * it is `gin engine`, so the test does not depend on the gin binary. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "agents.h"
#include "ai.h"
#include "exec_agent.h"
#include "gin/error.h"
#include "gin/match.h"

static char tmp_dir[256];

static int open_fds(void)
{
    int n = 0;
    DIR *d = opendir("/proc/self/fd");
    if (!d)
        return -1;
    while (readdir(d))
        n++;
    closedir(d);
    return n;
}

/* No child is left, running or zombie. */
static void assert_no_children(void)
{
    int status;
    pid_t r = waitpid(-1, &status, WNOHANG);
    assert_int_equal(r, -1);
    assert_int_equal(errno, ECHILD);
}

enum { MAX_EVENTS = 16384 };

typedef struct game_log {
    int n;
    gin_event ev[MAX_EVENTS];
} game_log;

static void log_event(void *ctx, const gin_event *ev)
{
    game_log *g = ctx;
    if (g->n < MAX_EVENTS)
        g->ev[g->n++] = *ev;
}

typedef struct outcome {
    int rc, fault_seat, n_results, winner, total;
    char fault[640];
} outcome;

/* One game between two agents, which stay alive. */
static outcome play_agents(gin_agent a[2], uint64_t seed, game_log *log)
{
    outcome o;
    memset(&o, 0, sizeof o);
    gin_match *m = calloc(1, sizeof *m);
    assert_non_null(m);
    const gin_agent *seats[2] = {&a[0], &a[1]};
    assert_int_equal(gin_match_init(m, gin_rules_preset_at(0), seed, seats, log ? log_event : NULL, log), GIN_OK);
    o.rc = gin_match_play(m);
    o.fault_seat = m->fault_seat;
    o.n_results = m->game.n_results;
    o.winner = gin_game_winner(&m->game, &o.total);
    if (o.fault_seat >= 0 && gin_bots_fault(&a[o.fault_seat]))
        snprintf(o.fault, sizeof o.fault, "%s", gin_bots_fault(&a[o.fault_seat]));
    free(m);
    return o;
}

static void create(const char *name, uint64_t seed, int move_ms, const char *log_path, gin_agent *a)
{
    char err[512];
    int rc = gin_bots_create_timed(name, seed, 0, move_ms, log_path, a, err, sizeof err);
    if (rc != GIN_OK)
        print_error("cannot create %s: %s\n", name, err);
    assert_int_equal(rc, GIN_OK);
}

/* One game between named agents (exec: allowed); the log gets every event. */
static outcome play(const char *n0, const char *n1, uint64_t seed, int move_ms, const char *log_path, game_log *log)
{
    gin_agent a[2];
    const char *names[2] = {n0, n1};
    for (int s = 0; s < 2; s++)
        create(names[s], seed * 2 + (uint64_t)s, move_ms, log_path, &a[s]);
    outcome o = play_agents(a, seed, log);
    for (int s = 0; s < 2; s++)
        a[s].destroy(a[s].self);
    return o;
}

static void test_engine_plays_as_in_process(void **state)
{
    (void)state;
    char engine[4200];
    snprintf(engine, sizeof engine, "exec:'%s' engine --level hard", GIN_BINARY); /* the real engine */
    game_log *x = calloc(1, sizeof *x), *y = calloc(1, sizeof *y);
    assert_non_null(x);
    assert_non_null(y);
    int fds = open_fds();
    for (uint64_t seed = 1; seed <= 3; seed++)
        for (int swap = 0; swap < 2; swap++) {
            x->n = y->n = 0;
            const char *in0 = "hard", *in1 = "hard";
            outcome a = play(in0, in1, seed, 0, NULL, x);
            outcome b = play(swap ? in0 : engine, swap ? engine : in1, seed, 0, NULL, y);
            assert_int_equal(a.rc, 0);
            assert_int_equal(b.rc, 0);
            assert_int_equal(b.n_results, a.n_results);
            assert_int_equal(b.winner, a.winner);
            assert_int_equal(b.total, a.total);
            assert_int_equal(y->n, x->n);
            for (int i = 0; i < x->n; i++) {
                assert_int_equal(y->ev[i].kind, x->ev[i].kind);
                assert_int_equal(y->ev[i].seat, x->ev[i].seat);
                assert_int_equal(y->ev[i].card, x->ev[i].card);
                assert_true(y->ev[i].cards == x->ev[i].cards);
                assert_int_equal(y->ev[i].value, x->ev[i].value);
            }
        }
    free(x);
    free(y);
    assert_no_children();
    assert_int_equal(open_fds(), fds);
}

static void test_example_bots_finish_games(void **state)
{
    (void)state;
    char py[1024], randbot[512], cmd[2048];
    snprintf(py, sizeof py, "exec:python3 '%s/examples/pybot.py'", GIN_SOURCE_DIR);
    snprintf(randbot, sizeof randbot, "%s/randbot", tmp_dir);
    snprintf(cmd, sizeof cmd, "cc -std=c11 -O1 -o '%s' '%s/examples/randbot.c'", randbot, GIN_SOURCE_DIR);
    int have_cc = system(cmd) == 0;
    int have_py = system("python3 -c pass") == 0;
    char rb[600];
    snprintf(rb, sizeof rb, "exec:'%s'", randbot);
    for (uint64_t seed = 1; seed <= 2; seed++) {
        if (have_py) {
            outcome o = play(py, "simple", seed, 0, NULL, NULL);
            assert_int_equal(o.rc, 0);
            assert_true(o.n_results > 0);
        }
        if (have_cc) {
            outcome o = play("easy", rb, seed, 0, NULL, NULL);
            assert_int_equal(o.rc, 0);
            assert_int_equal(o.winner, 0); /* randbot never knocks */
        }
        if (have_cc && have_py) {
            outcome o = play(rb, py, seed, 0, NULL, NULL);
            assert_int_equal(o.rc, 0);
            assert_int_equal(o.winner, 1);
        }
    }
    if (!have_cc || !have_py)
        print_message("note: skipped %s%s\n", have_cc ? "" : "randbot (no cc) ", have_py ? "" : "pybot (no python3)");
    assert_no_children();
}

typedef struct bad_bot {
    const char *script; /* run by /bin/sh -c */
    int move_ms;
    int rc;           /* the fault expected */
    const char *says; /* in the message */
} bad_bot;

static const bad_bot bad_bots[] = {
    {"read l; echo ok junk; echo noise >&2; while read l; do case $l in offer|draw|discard) echo blah;; esac; done", 0,
     GIN_EFORMAT, "answered 'blah' to '"},
    {"read l; echo ok wrongturn; while read l; do case $l in offer|draw|discard) echo biggin;; esac; done", 0,
     GIN_EFORMAT, "the answer to another request"},
    {"read l; echo ok cheat; while read l; do set -- $l; case $1 in hand) up=$4;; offer) echo pass;; "
     "draw) echo stock;; discard) echo discard $up;; esac; done",
     0, GIN_EILLEGAL, "is not in your hand"},
    /* A knock's melds that are no spread: an illegal move, and why (it was "not a move"). */
    {"read l; echo ok twice; while read l; do case $l in offer) echo pass;; draw) echo stock;; "
     "discard) echo knock 3D 5S,5D,5C 8S,8D,8C 5S,5D,5C;; esac; done",
     0, GIN_EILLEGAL, "an illegal move: 5S is in two melds"},
    {"read l; echo ok mute; while read l; do :; done", 300, GIN_ESTATE, "gave no answer within 300 ms"},
    {"read l; echo ok quitter; read l; exit 3", 0, GIN_ESTATE, "exited with status 3"},
    /* Stops reading but runs on: the next write fails; it was said to
     * have closed its output. */
    {"read l; echo ok deaf; while read l; do case $l in offer) exec <&-; echo pass; exec sleep 30;; "
     "draw) exec <&-; echo stock; exec sleep 30;; esac; done",
     0, GIN_ESTATE, "closed its input while being told the game"},
    {"read l; echo ok kamikaze; read l; kill -9 $$", 0, GIN_ESTATE, "killed by signal 9"},
    {"read l; echo ok long; while read l; do case $l in offer|draw) head -c 5000 /dev/zero | tr '\\0' a; echo;; "
     "esac; done",
     0, GIN_EFORMAT, "longer than"},
    /* raw and control bytes from a bot reach a message escaped */
    {"read l; echo ok raw; while read l; do case $l in offer|draw|discard) printf '\\377\\033[2Jx\\n';; esac; done", 0,
     GIN_EFORMAT, "answered '\\xff\\x1b[2Jx' to '"},
    /* Issue 29: a NUL byte ended the answer ("pass\0junk" was taken for
     * "pass", and quoted as ''): the line is garbage, the NUL quoted. */
    {"read l; echo ok nul; while read l; do case $l in offer) printf 'pass\\000junk\\n';; "
     "draw) printf 'stock\\000junk\\n';; discard) echo blah;; esac; done",
     0, GIN_EFORMAT, "\\x00junk' to '"},
};

static void test_bad_bots_lose_cleanly(void **state)
{
    (void)state;
    char log_path[512];
    snprintf(log_path, sizeof log_path, "%s/bots.log", tmp_dir);
    int fds = open_fds();
    for (size_t i = 0; i < sizeof bad_bots / sizeof bad_bots[0]; i++) {
        char name[512];
        snprintf(name, sizeof name, "exec:%s", bad_bots[i].script);
        for (int seat = 0; seat < 2; seat++) {
            outcome o = seat == 0 ? play(name, "simple", 5, bad_bots[i].move_ms, log_path, NULL)
                                  : play("simple", name, 5, bad_bots[i].move_ms, log_path, NULL);
            if (o.rc != bad_bots[i].rc || !strstr(o.fault, bad_bots[i].says))
                print_error("bot %zu: rc %d, message '%s'\n", i, o.rc, o.fault);
            assert_int_equal(o.rc, bad_bots[i].rc);
            assert_int_equal(o.fault_seat, seat);
            assert_non_null(strstr(o.fault, "bot '"));
            assert_non_null(strstr(o.fault, bad_bots[i].says));
            for (const char *c = o.fault; *c; c++)
                assert_true((unsigned char)*c >= 32 && (unsigned char)*c < 127);
            assert_no_children();
            if (seat == 0)
                print_message("%s\n", o.fault);
        }
    }
    assert_int_equal(open_fds(), fds);
    /* the bots' standard error went to the log */
    FILE *f = fopen(log_path, "r");
    assert_non_null(f);
    char buf[256] = "";
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    assert_non_null(strstr(buf, "noise"));
    /* What a bot writes may be private: the log is the user's alone. */
    struct stat st;
    assert_int_equal(stat(log_path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
}

static void test_bots_that_fail_the_handshake(void **state)
{
    (void)state;
    static const struct {
        const char *name, *says;
    } cases[] = {
        {"exec:exit 7", "exited with status 7 before the handshake"},
        /* Still running with its output closed: not "killed by signal 15",
         * the signal the referee itself sent it. */
        {"exec:exec >&-; sleep 30", "closed its output before the handshake"},
        {"exec:read l; echo hello", "answered the handshake 'gin 1' with 'hello'"},
        {"exec:/nonexistent/bot", "(command not found?)"},
        /* The shell's 126: found, but it cannot be run (a directory here). */
        {"exec:/", "exited with status 126 before the handshake (not executable?)"},
    };
    int fds = open_fds();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gin_agent a;
        char err[512];
        assert_int_equal(gin_bots_create(cases[i].name, 1, 0, NULL, &a, err, sizeof err), GIN_ESTATE);
        if (!strstr(err, cases[i].says))
            print_error("got '%s'\n", err);
        assert_non_null(strstr(err, cases[i].says));
        assert_no_children();
    }
    gin_agent a;
    char err[512];
    assert_int_equal(gin_bots_create("nosuch", 1, 0, NULL, &a, err, sizeof err), GIN_ENAME);
    assert_non_null(strstr(err, "exec:COMMAND"));
    assert_int_equal(gin_bots_create("exec:", 1, 0, NULL, &a, err, sizeof err), GIN_EINVAL);
    /* Blanks are no command either: the shell ran nothing and exited 0,
     * which was all it said. */
    assert_int_equal(gin_bots_create("exec: \t ", 1, 0, NULL, &a, err, sizeof err), GIN_EINVAL);
    assert_non_null(strstr(err, "needs a command"));
    assert_int_equal(open_fds(), fds);
}

static void test_agent_serves_several_games(void **state)
{
    (void)state;
    char engine[4200], err[512];
    snprintf(engine, sizeof engine, "exec:'%s' engine --level easy", GIN_BINARY); /* the real engine */
    gin_agent a, b;
    assert_int_equal(gin_bots_create(engine, 9, 0, NULL, &a, err, sizeof err), GIN_OK);
    assert_string_equal(a.name, "gin easy");
    long pid = gin_exec_agent_pid(&a);
    assert_true(pid > 0);
    assert_int_equal(gin_ai_create("easy", 10, 0, &b), GIN_OK);
    gin_match *m = calloc(1, sizeof *m);
    assert_non_null(m);
    const gin_agent *seats[2] = {&a, &b};
    for (uint64_t g = 0; g < 2; g++) {
        assert_int_equal(gin_match_init(m, gin_rules_preset_at(1), 100 + g, seats, NULL, NULL), GIN_OK);
        assert_int_equal(gin_match_play(m), 0);
        assert_null(gin_bots_fault(&a));
    }
    assert_int_equal(gin_exec_agent_pid(&a), pid); /* one process for both games */
    a.destroy(a.self);
    b.destroy(b.self);
    free(m);
    assert_no_children();
}

/* ---- what a bot leaves behind ---- */

static long mark_base; /* sleep durations unique to this run, as marks */
static int have_setsid;

/* How many live processes are exactly `sleep N` (a zombie has no command
 * line, and a shell whose script mentions the sleep is not one). */
static int count_sleeps(long n)
{
    char want[40];
    int wn = snprintf(want, sizeof want, "sleep%c%ld%c", 0, n, 0);
    DIR *d = opendir("/proc");
    if (!d)
        return -1;
    int count = 0;
    for (struct dirent *e; (e = readdir(d));) {
        char *end, path[64], buf[64];
        long pid = strtol(e->d_name, &end, 10);
        if (*end || pid <= 0)
            continue;
        snprintf(path, sizeof path, "/proc/%ld/cmdline", pid);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        size_t k = fread(buf, 1, sizeof buf, f);
        fclose(f);
        count += k == (size_t)wn && !memcmp(buf, want, k);
    }
    closedir(d);
    return count;
}

/* Poll until count_sleeps(n) == want (every 10 ms, at most 10 s: a bound
 * for a loaded machine, not a delay); returns the last count. */
static int settle(long n, int want)
{
    int c = count_sleeps(n);
    for (int i = 0; i < 1000 && c != want; i++) {
        struct timespec ts = {0, 10000000L};
        nanosleep(&ts, NULL);
        c = count_sleeps(n);
    }
    return c;
}

/* exec: a bot that first starts `sleep MARK` in its process group (holding
 * its pipes, as a careless child does) and `sleep MARK+1` that leaves the
 * group with setsid, then runs `tail`. */
static void tree_bot(char *buf, size_t cap, long mark, const char *tail)
{
    char stray[160];
    if (have_setsid)
        snprintf(stray, sizeof stray, "setsid sleep %ld", mark + 1);
    else
        snprintf(stray, sizeof stray, "python3 -c \"import os; os.setsid(); os.execvp('sleep', ['sleep', '%ld'])\"",
                 mark + 1);
    snprintf(buf, cap, "exec:sleep %ld <&0 & %s & %s", mark, stray, tail);
}

/* Start a tree bot and wait until both of its sleeps run. */
static void create_tree_bot(long mark, const char *tail, int move_ms, gin_agent *a)
{
    char cmd[1400];
    tree_bot(cmd, sizeof cmd, mark, tail);
    create(cmd, 1, move_ms, NULL, a);
    assert_int_equal(settle(mark, 1), 1);
    assert_int_equal(settle(mark + 1, 1), 1);
}

/* Whether a bot quits, fails or dies mid-game (leaving a child on its
 * pipes), nothing of its tree is left once its agent is destroyed. */
static void test_bot_trees_end_with_the_bot(void **state)
{
    (void)state;
    char engine[600], dying[600];
    snprintf(engine, sizeof engine, "exec '%s' engine --level simple", GIN_BINARY);
    snprintf(dying, sizeof dying,
             "i=0; while [ $i -lt 30 ] && read l; do echo \"$l\"; i=$((i+1)); done | '%s' engine --level simple",
             GIN_BINARY);
    const struct {
        const char *tail;
        int rc;
        const char *says;
    } cases[] = {
        {engine, GIN_OK, NULL},
        {"read l; echo ok garbage; while read l; do case $l in offer|draw|discard) echo blah;; esac; done", GIN_EFORMAT,
         "answered 'blah'"},
        /* Its child still holds the pipes, so only the death of the main
         * process, not the end of the pipe (nor the minute of move time),
         * can tell the referee the bot is gone. */
        {dying, GIN_ESTATE, "exited with status 0"},
    };
    int fds = open_fds();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long mark = mark_base + 10 * (long)i;
        gin_agent a[2];
        create_tree_bot(mark, cases[i].tail, 60000, &a[0]);
        create("simple", 2, 0, NULL, &a[1]);
        outcome o = play_agents(a, 5, NULL);
        if (o.rc != cases[i].rc || (cases[i].says && !strstr(o.fault, cases[i].says)))
            print_error("case %zu: rc %d, '%s'\n", i, o.rc, o.fault);
        assert_int_equal(o.rc, cases[i].rc);
        if (cases[i].says)
            assert_non_null(strstr(o.fault, cases[i].says));
        a[0].destroy(a[0].self);
        a[1].destroy(a[1].self);
        assert_int_equal(settle(mark, 0), 0);
        assert_int_equal(settle(mark + 1, 0), 0);
        assert_no_children();
    }
    assert_int_equal(open_fds(), fds);
}

/* Issue 29: a bot that closes its output was seen only after the whole
 * move time, as "gave no answer": the shell that ran it kept the pipe
 * open. A simple command runs with exec, so the bot's own close is seen. */
static void test_closed_output_is_seen_at_once(void **state)
{
    (void)state;
    char script[512], name[700];
    snprintf(script, sizeof script, "%s/closer.sh", tmp_dir);
    FILE *f = fopen(script, "w");
    assert_non_null(f);
    fputs("read l; echo ok closer; exec >&-; while read l; do :; done\n", f);
    fclose(f);
    snprintf(name, sizeof name, "exec:sh '%s'", script);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    outcome o = play(name, "simple", 5, 60000, NULL, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (o.rc != GIN_ESTATE || !strstr(o.fault, "closed its output") || secs > 10)
        print_error("rc %d, '%s', after %.1f s\n", o.rc, o.fault, secs);
    assert_int_equal(o.rc, GIN_ESTATE);
    assert_non_null(strstr(o.fault, "closed its output"));
    assert_true(secs < 10); /* not the minute of move time */
    assert_no_children();
}

static int give_up_at_once(void *ctx)
{
    ++*(int *)ctx;
    return 1;
}

/* The table's loop stays awake while an external bot thinks: the idle hook
 * gives the wait up (GIN_EINTR, nothing changed), and asked again at the
 * same view the agent waits on for the answer to the request already sent.
 * Sent again, the bot would answer twice and its second "take" be read as
 * its answer to the draw that follows. */
static void test_a_wait_given_up_goes_on(void **state)
{
    (void)state;
    gin_agent a;
    create("exec:read l; echo ok ponder; while read l; do case $l in offer) sleep 1; echo take;; "
           "draw) echo stock;; esac; done",
           3, 5000, NULL, &a);
    gin_match *m = calloc(1, sizeof *m);
    assert_non_null(m);
    const gin_agent *none[2] = {NULL, NULL};
    assert_int_equal(gin_match_init(m, gin_rules_preset_at(0), 3, none, NULL, NULL), GIN_OK);
    assert_int_equal(gin_match_next(m), GIN_MATCH_MOVED); /* the deal */
    assert_int_equal(m->game.hand.phase, GIN_PHASE_OFFER);
    gin_view offer = m->views[m->game.hand.turn];
    int calls = 0;
    assert_int_equal(gin_bots_on_wait(&a, give_up_at_once, &calls), GIN_OK);
    assert_int_equal(a.offer(a.self, &offer), GIN_EINTR);
    assert_true(calls >= 1);
    assert_null(gin_bots_fault(&a));
    assert_int_equal(gin_bots_on_wait(&a, NULL, NULL), GIN_OK);
    assert_int_equal(a.offer(a.self, &offer), 1); /* the answer to the first request: take */
    while (m->game.hand.phase == GIN_PHASE_OFFER)
        assert_int_equal(gin_match_submit(m, gin_action_make(GIN_ACT_PASS, GIN_NO_CARD)), GIN_OK);
    gin_view draw = m->views[m->game.hand.turn];
    int rc = a.draw(a.self, &draw);
    if (rc != GIN_ACT_DRAW_STOCK)
        print_error("draw: %d, %s\n", rc, gin_bots_fault(&a) ? gin_bots_fault(&a) : "");
    assert_int_equal(rc, GIN_ACT_DRAW_STOCK);
    /* Only an exec agent waits. */
    gin_agent simple;
    create("simple", 1, 0, NULL, &simple);
    assert_int_equal(gin_bots_on_wait(&simple, give_up_at_once, &calls), GIN_EINVAL);
    simple.destroy(simple.self);
    a.destroy(a.self);
    free(m);
    assert_no_children();
}

/* Issue 29: a bot's child that joined gin's own process group survived
 * every exit (the reaper leaves what is in our group: a program's own
 * children) and sat in the terminal's foreground group. Each bot runs in a
 * session of its own, where no process can join our group; its tree ends
 * with it. */
static void test_child_cannot_join_our_group(void **state)
{
    (void)state;
    if (system("perl -e 1 2>/dev/null") != 0) {
        print_message("note: skipped (no perl to call setpgid)\n");
        return;
    }
    long mark = mark_base + 500;
    char script[512], sid_file[512], name[2400];
    snprintf(script, sizeof script, "%s/joiner.sh", tmp_dir);
    snprintf(sid_file, sizeof sid_file, "%s/joiner.sid", tmp_dir);
    FILE *f = fopen(script, "w");
    assert_non_null(f);
    /* $1: our process group; the child joins it (if it can), then sleeps */
    fprintf(f,
            "cut -d' ' -f6 /proc/$$/stat >'%s'\n"
            "perl -e '$g = shift; setpgrp(0, $g); exec \"sleep\", shift' \"$1\" %ld </dev/null >/dev/null 2>&1 &\n"
            "exec '%s' engine --level simple\n",
            sid_file, mark, GIN_BINARY);
    fclose(f);
    snprintf(name, sizeof name, "exec:sh '%s' %ld", script, (long)getpgrp());
    gin_agent a;
    create(name, 1, 0, NULL, &a);
    assert_int_equal(settle(mark, 1), 1);
    FILE *sf = fopen(sid_file, "r");
    assert_non_null(sf);
    long sid = 0;
    assert_int_equal(fscanf(sf, "%ld", &sid), 1);
    fclose(sf);
    assert_true(sid != (long)getsid(0)); /* a session of its own: no terminal, no foreground group of ours */
    a.destroy(a.self);
    assert_int_equal(settle(mark, 0), 0);
    assert_no_children();
}

/* A stray (left its group) may be a running bot's helper: it is ended when
 * the last bot stops, not before; and stopping one bot never touches
 * another's processes (as `gin sim --jobs N` runs several at once). */
static void test_strays_wait_for_the_last_bot(void **state)
{
    (void)state;
    char engine[600];
    snprintf(engine, sizeof engine, "exec '%s' engine --level simple", GIN_BINARY);
    long ma = mark_base + 100, mb = mark_base + 110;
    gin_agent a[2], b;
    create_tree_bot(ma, engine, 0, &a[0]);
    create("simple", 2, 0, NULL, &a[1]);
    create_tree_bot(mb, engine, 0, &b);
    long pid = gin_exec_agent_pid(&a[0]);
    b.destroy(b.self);
    assert_int_equal(settle(mb, 0), 0);        /* its group went with it */
    assert_int_equal(count_sleeps(mb + 1), 1); /* its stray waits for the last bot */
    assert_int_equal(count_sleeps(ma), 1);     /* the other bot's tree is untouched */
    assert_int_equal(count_sleeps(ma + 1), 1);
    outcome o = play_agents(a, 7, NULL);
    assert_int_equal(o.rc, 0);
    assert_int_equal(gin_exec_agent_pid(&a[0]), pid);
    a[0].destroy(a[0].self);
    a[1].destroy(a[1].self);
    assert_int_equal(settle(ma, 0), 0);
    assert_int_equal(settle(ma + 1, 0), 0);
    assert_int_equal(settle(mb + 1, 0), 0);
    assert_no_children();
}

/* For a quit signal's handler: every bot and stray, at once. */
static void test_kill_all_ends_bots_and_strays(void **state)
{
    (void)state;
    char engine[600];
    snprintf(engine, sizeof engine, "exec '%s' engine --level simple", GIN_BINARY);
    long mark = mark_base + 200;
    gin_agent a;
    create_tree_bot(mark, engine, 0, &a);
    gin_bots_kill_all();
    assert_int_equal(settle(mark, 0), 0);
    assert_int_equal(settle(mark + 1, 0), 0);
    a.destroy(a.self); /* reaps what is left of it */
    assert_no_children();
}

/* A program that exits without destroying its agents leaves nothing
 * running: this test program, run as `test_exec_agent leave-bots MARK`,
 * starts a tree bot and returns from main. */
static void test_exit_ends_the_bots(void **state)
{
    (void)state;
    long mark = mark_base + 300;
    char arg0[] = "test_exec_agent", arg1[] = "leave-bots", arg2[32];
    snprintf(arg2, sizeof arg2, "%ld", mark);
    char *argv[] = {arg0, arg1, arg2, NULL};
    extern char **environ;
    pid_t pid;
    assert_int_equal(posix_spawn(&pid, "/proc/self/exe", NULL, NULL, argv, environ), 0);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    assert_int_equal(settle(mark, 0), 0);
    assert_int_equal(settle(mark + 1, 0), 0);
    assert_no_children();
}

static int leave_bots(long mark)
{
    char cmd[1400], engine[600], err[512];
    snprintf(engine, sizeof engine, "exec '%s' engine --level simple", GIN_BINARY);
    tree_bot(cmd, sizeof cmd, mark, engine);
    static gin_agent a; /* never destroyed, yet still reachable: not a leak */
    if (gin_bots_create(cmd, 1, 0, NULL, &a, err, sizeof err) != GIN_OK)
        return 3;
    return settle(mark, 1) == 1 && settle(mark + 1, 1) == 1 ? 0 : 4; /* and a stays running */
}

/* The bot log is not written through a symbolic link (someone else's
 * link in a shared directory would point our bots' output anywhere). */
static void test_log_refuses_a_symlink(void **state)
{
    (void)state;
    char target[600], link_path[600], err[1024];
    snprintf(target, sizeof target, "%s/precious", tmp_dir);
    snprintf(link_path, sizeof link_path, "%s/bot.log", tmp_dir);
    FILE *f = fopen(target, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(symlink(target, link_path), 0);
    gin_agent a;
    int rc = gin_bots_create("exec:read l; echo ok chatty; echo secret >&2; cat >/dev/null", 1, 0, link_path, &a, err,
                             sizeof err);
    if (rc == GIN_OK)
        a.destroy(a.self);
    assert_int_equal(rc, GIN_ESTATE);
    assert_non_null(strstr(err, link_path));
    assert_non_null(strstr(err, "symbolic link"));
    struct stat st;
    assert_int_equal(stat(target, &st), 0);
    assert_int_equal(st.st_size, 0);
    assert_no_children();
    unlink(link_path);
    unlink(target);
}

/* A FIFO nobody reads in place of the log is not waited on, and is named
 * as what it is: the bare "No such device or address" said nothing. */
static void test_log_fifo_without_reader(void **state)
{
    (void)state;
    char fifo[600], err[1024];
    snprintf(fifo, sizeof fifo, "%s/bot.fifo", tmp_dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    gin_agent a;
    int rc = gin_bots_create("exec:read l; echo ok quiet; cat >/dev/null", 1, 0, fifo, &a, err, sizeof err);
    if (rc == GIN_OK)
        a.destroy(a.self);
    assert_int_equal(rc, GIN_ESTATE);
    assert_non_null(strstr(err, fifo));
    if (!strstr(err, "a FIFO that nobody reads"))
        print_error("got '%s'\n", err);
    assert_non_null(strstr(err, "a FIFO that nobody reads"));
    assert_no_children();
    unlink(fifo);
}

/* A bot log past its limit starts over when a bot starts (it would grow
 * without bound over many games); one under it is appended to. */
static void test_log_is_bounded(void **state)
{
    (void)state;
    char path[600], err[1024];
    snprintf(path, sizeof path, "%s/big.log", tmp_dir);
    for (int big = 0; big < 2; big++) {
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        long size = big ? GIN_BOT_LOG_MAX + 1 : 1000;
        for (long i = 0; i < size; i++)
            fputc('x', f);
        fclose(f);
        gin_agent a;
        assert_int_equal(gin_bots_create("exec:read l; echo ok quiet; cat >/dev/null", 1, 0, path, &a, err, sizeof err),
                         GIN_OK);
        a.destroy(a.self);
        struct stat st;
        assert_int_equal(stat(path, &st), 0);
        if (big)
            assert_true(st.st_size > 0 && st.st_size < 200);
        else
            assert_int_equal(st.st_size, size);
    }
    unlink(path);
    assert_no_children();
}

int main(int argc, char **argv)
{
    have_setsid = system("command -v setsid >/dev/null 2>&1") == 0;
    mark_base = 40000000L + (long)(getpid() % 1000000) * 10 * 40; /* per run: 400 marks */
    if (argc == 3 && !strcmp(argv[1], "leave-bots"))
        return leave_bots(atol(argv[2]));
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/gin_test_exec_XXXXXX");
    if (!mkdtemp(tmp_dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_plays_as_in_process),
        cmocka_unit_test(test_example_bots_finish_games),
        cmocka_unit_test(test_bad_bots_lose_cleanly),
        cmocka_unit_test(test_bots_that_fail_the_handshake),
        cmocka_unit_test(test_agent_serves_several_games),
        cmocka_unit_test(test_bot_trees_end_with_the_bot),
        cmocka_unit_test(test_closed_output_is_seen_at_once),
        cmocka_unit_test(test_a_wait_given_up_goes_on),
        cmocka_unit_test(test_child_cannot_join_our_group),
        cmocka_unit_test(test_strays_wait_for_the_last_bot),
        cmocka_unit_test(test_kill_all_ends_bots_and_strays),
        cmocka_unit_test(test_exit_ends_the_bots),
        cmocka_unit_test(test_log_refuses_a_symlink),
        cmocka_unit_test(test_log_fifo_without_reader),
        cmocka_unit_test(test_log_is_bounded),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_dir);
    if (system(cmd) != 0)
        rc = rc ? rc : 1;
    return rc;
}
