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
#include <sys/stat.h>
#include <sys/wait.h>
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

/* One game between named agents (exec: allowed); the log gets every event. */
static outcome play(const char *n0, const char *n1, uint64_t seed, int move_ms, const char *log_path, game_log *log)
{
    outcome o;
    memset(&o, 0, sizeof o);
    gin_agent a[2];
    char err[512];
    const char *names[2] = {n0, n1};
    for (int s = 0; s < 2; s++) {
        int rc =
            gin_bots_create_timed(names[s], seed * 2 + (uint64_t)s, 0, move_ms, log_path, &a[s], err, sizeof err);
        if (rc != GIN_OK)
            print_error("cannot create %s: %s\n", names[s], err);
        assert_int_equal(rc, GIN_OK);
    }
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
    for (int s = 0; s < 2; s++)
        a[s].destroy(a[s].self);
    free(m);
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
    {"read l; echo ok mute; while read l; do :; done", 300, GIN_ESTATE, "gave no answer within 300 ms"},
    {"read l; echo ok quitter; read l; exit 3", 0, GIN_ESTATE, "exited with status 3"},
    {"read l; echo ok kamikaze; read l; kill -9 $$", 0, GIN_ESTATE, "killed by signal 9"},
    {"read l; echo ok long; while read l; do case $l in offer|draw) head -c 5000 /dev/zero | tr '\\0' a; echo;; "
     "esac; done",
     0, GIN_EFORMAT, "longer than"},
    /* raw and control bytes from a bot reach a message escaped */
    {"read l; echo ok raw; while read l; do case $l in offer|draw|discard) printf '\\377\\033[2Jx\\n';; esac; done", 0,
     GIN_EFORMAT, "answered '\\xff\\x1b[2Jx' to '"},
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
        {"exec:read l; echo hello", "answered the handshake 'gin 1' with 'hello'"},
        {"exec:/nonexistent/bot", "(command not found?)"},
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

int main(void)
{
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/gin_test_exec_XXXXXX");
    if (!mkdtemp(tmp_dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_plays_as_in_process), cmocka_unit_test(test_example_bots_finish_games),
        cmocka_unit_test(test_bad_bots_lose_cleanly),      cmocka_unit_test(test_bots_that_fail_the_handshake),
        cmocka_unit_test(test_agent_serves_several_games),
        cmocka_unit_test(test_log_refuses_a_symlink),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_dir);
    if (system(cmd) != 0)
        rc = rc ? rc : 1;
    return rc;
}
