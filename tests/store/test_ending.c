/* The end of a game as one transaction (src/store/ending.c), issue 29: a
 * kill at each write of the end of a game, and a full disk at each write
 * (lasting, or brief), leave the game counted exactly once in the
 * statistics and kept exactly once in the history, with no save left —
 * including what the next start does: finish an ended save, or, for the
 * save as it was before the end, `n` at "Resume?" (abandoned) or `y`
 * (played to its end again). Faults are injected where they happen:
 * gin_file_fault stops the process (SIGKILL) or fails the write (ENOSPC)
 * at step N of the end, for every N until the end has no step N. */
#include "fixture.h"

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include "ending.h"
#include "gin/error.h"
#include "gin/game.h"
#include "history.h"
#include "support/support.h"

static gin_record whole, part; /* a whole game; the same but its last move */
static gin_game game;
static const char GAME[] = "00000000000000e1", EARLIER[] = "00000000000000a0";

/* ---- The fault hook: step N of the end kills, or fails with ENOSPC. */
enum { KILL = 1, FULL = 2, BRIEF = 3 };
static int mode, at, steps;

static int fault(const char *step, const char *path)
{
    (void)path;
    steps++;
    if (mode == KILL && steps == at)
        raise(SIGKILL);
    /* A full disk fails what needs room; a removal never does. */
    if (((mode == FULL && steps >= at) || (mode == BRIEF && steps == at)) && strcmp(step, "unlink") != 0)
        return ENOSPC;
    return 0;
}

static void play_whole_game(void)
{
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), GIN_OK);
    gin_rng rng;
    gin_rng_seed(&rng, 5);
    gin_record_init(&whole, &r, 17);
    assert_int_equal(gin_game_init(&game, &r, 17), GIN_OK);
    while (!game.over) {
        if (game.hand_no == 0 || game.hand.phase == GIN_PHASE_OVER) {
            assert_int_equal(gin_game_deal(&game, NULL, NULL), GIN_OK);
            continue;
        }
        gin_action a = test_greedy_action(&game.hand, &rng, 4, 1);
        assert_int_equal(gin_game_apply(&game, a, NULL, NULL), GIN_OK);
        assert_int_equal(gin_record_add(&whole, a), GIN_OK);
    }
    part = whole;
    part.n_actions--;
}

static gin_save_info save_info(void)
{
    gin_save_info i;
    memset(&i, 0, sizeof i);
    snprintf(i.game, sizeof i.game, "%s", GAME);
    snprintf(i.level, sizeof i.level, "hard");
    return i;
}

/* How the game ended: played to its end (the whole record), or abandoned
 * (the save as it was, not resumed). */
static gin_save_info ended(int finished)
{
    gin_save_info i = save_info();
    i.ended = 1;
    gin_ending *e = &i.end;
    snprintf(e->result, sizeof e->result, "%s", finished ? "won" : "abandoned");
    snprintf(e->date, sizeof e->date, "2024-05-01T12:34:56Z");
    snprintf(e->rules, sizeof e->rules, "standard");
    e->score[0] = finished ? 120 : 60;
    e->score[1] = 70;
    e->counts = 1;
    e->tally = (gin_game_tally){.won = finished,
                                .resigned = !finished,
                                .hands = 4,
                                .hands_won = 2,
                                .gins = 1,
                                .knocks = 1,
                                .points = 60,
                                .points_against = 30,
                                .margin = 50,
                                .rules = "standard"};
    return i;
}

/* A state directory with an earlier game counted and kept, and the save
 * of this game as it was before its end. */
static void fresh_state(const store_fixture *f)
{
    fx_rm_tree(f->root);
    fx_mkdirs(f->root);
    char home[GIN_PATH_MAX];
    fx_path(home, sizeof home, f->root, "home");
    fx_mkdirs(home);
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_kept save, stats;
    static gin_stats s;
    gin_save_info info;
    assert_int_equal(gin_save_read(&save, &info, &part, NULL), GIN_KEPT_ABSENT);
    assert_int_equal(gin_stats_load(&stats, &s), GIN_KEPT_ABSENT);
    gin_save_info before = ended(1);
    snprintf(before.game, sizeof before.game, "%s", EARLIER);
    gin_end_files files = {NULL, &stats, &lk, 0, 1};
    gin_end_report r;
    assert_int_equal(gin_ending_commit(&files, &before, &whole, NULL, &r), 0);
    assert_int_equal(r.kept, GIN_PART_DONE);
    info = save_info();
    assert_int_equal(gin_save_write(&save, &lk, &info, &part, why, sizeof why), 0);
    gin_lock_release(&lk);
}

/* The end as the table makes it: lock, load, commit (the journal first). */
static int end_game(int finished)
{
    gin_lock lk;
    char why[1200];
    if (gin_lock_take(&lk, why, sizeof why) != GIN_LOCK_TAKEN)
        return 3;
    gin_kept save, stats;
    static gin_stats s;
    gin_save_info info, end = ended(finished);
    static gin_record rec;
    if (gin_save_read(&save, &info, &rec, NULL) != GIN_KEPT_LOADED || gin_stats_load(&stats, &s) != GIN_KEPT_LOADED)
        return 4;
    gin_end_files files = {&save, &stats, &lk, 1, 1};
    gin_end_report r;
    int pending = gin_ending_commit(&files, &end, finished ? &whole : &part, NULL, &r);
    gin_lock_release(&lk);
    return pending ? 2 : 0;
}

/* The next start: an ended save is finished; the save as it was before
 * the end is resumed and played to its end (resume 1) or not resumed
 * (resume 0: abandoned). Returns what is still owed (0: nothing). */
static int next_start(int resume)
{
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_kept save, stats;
    static gin_stats s;
    gin_save_info info;
    static gin_record rec;
    int st = gin_save_read(&save, &info, &rec, NULL);
    assert_true(st == GIN_KEPT_LOADED || st == GIN_KEPT_ABSENT);
    assert_int_equal(gin_stats_load(&stats, &s), GIN_KEPT_LOADED);
    int pending = 0;
    gin_end_report r;
    if (st == GIN_KEPT_LOADED && info.ended) {
        gin_end_files files = {&save, &stats, &lk, 0, 1};
        pending = gin_ending_commit(&files, &info, &rec, NULL, &r);
    } else if (st == GIN_KEPT_LOADED) {
        assert_string_equal(info.game, GAME);
        assert_int_equal(rec.n_actions, part.n_actions); /* the save as it was */
        gin_save_info end = ended(resume);
        gin_end_files files = {&save, &stats, &lk, 1, 1};
        pending = gin_ending_commit(&files, &end, resume ? &whole : &part, NULL, &r);
    }
    gin_lock_release(&lk);
    return pending;
}

/* Counted once, kept once, no save: the promise, checked on disk. */
static void check_once(const store_fixture *f, const char *label, int n)
{
    gin_kept k;
    static gin_stats s;
    assert_int_equal(gin_stats_load(&k, &s), GIN_KEPT_LOADED);
    const gin_level_stats *all = gin_stats_get(&s, "hard", "all");
    if (!all || all->games != 2 || !gin_stats_has_game(&s, GAME) || !gin_stats_has_game(&s, EARLIER))
        fail_msg("%s at step %d: %d games counted, not 2 (this one %s)", label, n, all ? all->games : 0,
                 gin_stats_has_game(&s, GAME) ? "among them" : "not among them");
    /* How it counted: the last game of its row (this game is the last counted). */
    const gin_level_stats *row = gin_stats_get(&s, "hard", "standard");
    int outcome = row && row->n_recent ? row->recent[row->n_recent - 1].outcome : 0;
    int ids[16], kept = 0, entries = 0;
    char why[256];
    int m = gin_history_list(ids, 16, why, sizeof why);
    for (int i = 0; i < m; i++) {
        gin_history_info h;
        static gin_record rec;
        if (gin_history_read(ids[i], &k, &h, &rec) == GIN_KEPT_LOADED) {
            entries++;
            kept += !strcmp(h.game, GAME);
            if (!strcmp(h.game, GAME) && !h.counted)
                fail_msg("%s at step %d: the entry says the game was not counted", label, n);
            /* ... and the history tells the end the statistics counted */
            if (!strcmp(h.game, GAME) && (outcome == 'W') != !strcmp(h.result, "won"))
                fail_msg("%s at step %d: the history says %s, the statistics counted %c", label, n, h.result, outcome);
        }
    }
    if (kept != 1 || entries != 2)
        fail_msg("%s at step %d: this game kept %d times in the history (%d entries)", label, n, kept, entries);
    if (fx_exists(f->state, "save"))
        fail_msg("%s at step %d: the save is still there", label, n);
}

/* A kill at each step of the end of a game (played to its end, or
 * abandoned at the resume prompt), then the next start, `n` or `y`. */
static void test_kill_at_each_write(void **state)
{
    store_fixture *f = *state;
    int last = 0;
    for (int finished = 0; finished <= 1; finished++)
        for (int n = 1;; n++) {
            int done = 0;
            for (int resume = 0; resume <= 1; resume++) {
                fresh_state(f);
                fflush(NULL);
                pid_t pid = fork();
                assert_true(pid >= 0);
                if (pid == 0) {
                    gin_file_fault = fault;
                    mode = KILL, at = n, steps = 0;
                    _exit(end_game(finished));
                }
                int st;
                assert_int_equal(waitpid(pid, &st, 0), pid);
                if (WIFEXITED(st)) { /* the end has no step n: it ran whole */
                    assert_int_equal(WEXITSTATUS(st), 0);
                    done = 1;
                } else {
                    assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
                }
                assert_int_equal(next_start(resume), 0);
                check_once(f, finished ? "a game played to its end" : "a game abandoned", n);
            }
            if (done) {
                last = n - 1;
                break;
            }
        }
    /* journal, statistics, history (create, write, rename each) and the
     * save's removal, at least */
    assert_true(last >= 10);
    print_message("ending: killed at each of the %d steps of an end; counted once, kept once each time\n", last);
}

/* A full disk from step N on (or only at step N): the end stays owed and
 * the save is never deleted while the statistics owe the game; once there
 * is room, the session's next try — or, after a kill, the next start —
 * finishes it, each part once. */
static void test_full_disk_at_each_write(void **state)
{
    store_fixture *f = *state;
    for (int how = FULL; how <= BRIEF; how++)
        for (int then_killed = 0; then_killed <= 1; then_killed++)
            for (int n = 1; n < 40; n++) {
                fresh_state(f);
                gin_lock lk;
                char why[1200];
                assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
                gin_kept save, stats;
                static gin_stats s;
                gin_save_info info, end = ended(1);
                static gin_record rec;
                assert_int_equal(gin_save_read(&save, &info, &rec, NULL), GIN_KEPT_LOADED);
                assert_int_equal(gin_stats_load(&stats, &s), GIN_KEPT_LOADED);
                gin_end_files files = {&save, &stats, &lk, 1, 1};
                gin_end_report r;
                gin_file_fault = fault;
                mode = how, at = n, steps = 0;
                int pending = gin_ending_commit(&files, &end, &whole, NULL, &r);
                gin_file_fault = NULL;
                if (pending) {
                    assert_true(fx_exists(f->state, "save")); /* never deleted while owed */
                    assert_true(r.counted == GIN_PART_LATER || r.kept == GIN_PART_LATER);
                    if (!then_killed) { /* room again: the session tries again, as it was */
                        files.journal = r.journal == GIN_PART_LATER;
                        pending = gin_ending_commit(&files, &end, &whole, NULL, &r);
                        assert_int_equal(pending, 0);
                    }
                }
                gin_lock_release(&lk);
                if (then_killed)
                    assert_int_equal(next_start(1), 0);
                check_once(f, how == FULL ? "a full disk" : "a brief full disk", n);
                if (steps < n)
                    break; /* the disk filled after the end was done */
            }
}

/* `n` at the resume prompt with a full disk: the loss cannot be recorded,
 * so the save is not deleted (the loss is not dodged); with room again it
 * is counted once. */
static void test_abandon_on_full_disk_keeps_the_save(void **state)
{
    store_fixture *f = *state;
    fresh_state(f);
    size_t before_len = 0;
    char *before = fx_read(f->state, "save", &before_len);
    assert_non_null(before);
    gin_lock lk;
    char why[1200];
    assert_int_equal(gin_lock_take(&lk, why, sizeof why), GIN_LOCK_TAKEN);
    gin_kept save, stats;
    static gin_stats s;
    gin_save_info info, end = ended(0);
    static gin_record rec;
    assert_int_equal(gin_save_read(&save, &info, &rec, NULL), GIN_KEPT_LOADED);
    assert_int_equal(gin_stats_load(&stats, &s), GIN_KEPT_LOADED);
    gin_end_files files = {&save, &stats, &lk, 1, 1};
    gin_end_report r;
    gin_file_fault = fault;
    mode = FULL, at = 1, steps = 0;
    assert_int_equal(gin_ending_commit(&files, &end, &part, NULL, &r), 1);
    gin_file_fault = NULL;
    assert_int_equal(r.counted, GIN_PART_LATER);
    assert_int_equal(r.kept, GIN_PART_LATER);
    assert_non_null(strstr(r.why, "No space left on device"));
    size_t len = 0;
    char *after = fx_read(f->state, "save", &len);
    assert_non_null(after);
    assert_int_equal(len, before_len);
    assert_memory_equal(after, before, len); /* not even the journal got written */
    free(after);
    free(before);
    gin_lock_release(&lk);
    /* The next start offers it again; `n` with room counts it once. */
    assert_int_equal(next_start(0), 0);
    check_once(f, "an abandon on a full disk", 1);
}

int main(void)
{
    play_whole_game();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_kill_at_each_write, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_full_disk_at_each_write, fx_setup, fx_teardown),
        cmocka_unit_test_setup_teardown(test_abandon_on_full_disk_keeps_the_save, fx_setup, fx_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
