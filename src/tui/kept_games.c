/* What a game leaves behind, and what the table keeps of it on the way:
 * the save after every move, and when the game ends its count in the
 * statistics when it counts — finished, resigned or abandoned, the last
 * two as lost games, so a losing game cannot be dodged — and its entry
 * in the game history, whatever the game. The end is one transaction of
 * the store's (store/ending.h): each game has an identity, and is counted
 * and kept once whatever dies when; an end a full disk kept from being
 * recorded stays owed (the save is not deleted) and is tried again before
 * the next save and on quitting. */
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ending.h"
#include "gin/error.h"
#include "save.h"

_Static_assert((int)GIN_UI_MAX_HAND <= (int)GIN_SAVE_ORDER_MAX, "a save holds any order the table shows");

/* An end not yet kept (a full disk): what is needed to try it again. */
struct gin_pending {
    gin_save_info info;
    gin_record rec; /* large: the struct is on the heap */
    int saved;      /* it had a save (the journal may be on disk) */
    int journal;    /* the ended save is still to be written */
};

int gin_play_level_known(const char *name) { return gin_play_bot_of(name) != NULL; }

int gin_play_counts(const gin_play *p, const char **why)
{
    const char *no = p->practice             ? "practice games are not counted"
                     : p->opponent           ? "games against an external bot are not counted"
                     : gin_play_seats(p) > 2 ? "tables of three or four are not counted"
                     : !p->files.stats_ok    ? "the statistics cannot be written this time"
                                             : NULL;
    if (why)
        *why = no;
    return no == NULL;
}

/* The seats' scores, yours first then the others from your left: final
 * totals of a finished game (Hollywood: its three games summed), else the
 * running points. */
static void scores_of(const gin_game *g, int human, int out[GIN_MAX_SEATS])
{
    int n = g->rules.seats >= 2 && g->rules.seats <= GIN_MAX_SEATS ? g->rules.seats : 2;
    const gin_game_score *games = g->rules.hollywood ? g->hollywood : &g->score;
    int k = g->rules.hollywood ? 3 : 1;
    memset(out, 0, sizeof(int) * GIN_MAX_SEATS);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < k; j++)
            out[i] += g->over ? games[j].total[(human + i) % n] : games[j].points[(human + i) % n];
}

void gin_play_tally(const gin_game *g, int human, int how, gin_game_tally *t)
{
    memset(t, 0, sizeof *t);
    for (int i = 0; i < g->n_results; i++) {
        const gin_hand_score *r = &g->results[i];
        t->hands++;
        if (r->winner < 0)
            continue;
        int mine = r->winner == human;
        t->hands_won += mine;
        if (mine)
            t->points += r->points;
        else
            t->points_against += r->points;
        if (r->kind == GIN_RESULT_UNDERCUT) {
            t->undercuts += mine; /* you undercut the bot's knock */
            t->knocks += !mine;   /* or the bot undercut yours */
            t->undercut_against += !mine;
        } else if (r->kind == GIN_RESULT_GIN || r->kind == GIN_RESULT_BIG_GIN) {
            t->gins += mine;
        } else {
            t->knocks += mine; /* a knock that won: gins are apart */
        }
    }
    int sc[GIN_MAX_SEATS];
    scores_of(g, human, sc);
    t->margin = sc[0] - sc[1];
    int winner = gin_game_winner(g, NULL);
    t->resigned = how == GIN_END_RESIGNED || how == GIN_END_ABANDONED || !g->over;
    t->won = !t->resigned && winner == human;
    t->tie = !t->resigned && g->over && winner < 0;
    snprintf(t->rules, sizeof t->rules, "%s", gin_play_rules_base(&g->rules, NULL));
}

static const char *result_word(const gin_game *g, int human, int how)
{
    if (how == GIN_END_RESIGNED)
        return "resigned";
    /* Before the test of an unfinished game: a bot forfeits mid-game
     * (every forfeit was kept as abandoned). */
    if (how == GIN_END_FORFEIT)
        return "forfeit";
    if (how == GIN_END_ABANDONED || !g->over)
        return "abandoned";
    int w = gin_game_winner(g, NULL);
    return w == human ? "won" : w < 0 ? "tie" : "lost";
}

/* The end of game g (how) into info: who played it, how it ended, what
 * it adds to the statistics when it counts. */
static void ending_of(const gin_game *g, const char *game, const char *level, int practice, int human, int how,
                      int counts, gin_save_info *info)
{
    memset(info, 0, sizeof *info);
    snprintf(info->game, sizeof info->game, "%s", game);
    snprintf(info->level, sizeof info->level, "%s", level);
    info->practice = practice;
    info->human = human;
    info->ended = 1;
    gin_ending *e = &info->end;
    snprintf(e->result, sizeof e->result, "%s", result_word(g, human, how));
    gin_kept_date_now(e->date);
    gin_play_rules_label(&g->rules, e->rules, sizeof e->rules);
    scores_of(g, human, e->score);
    e->counts = counts;
    gin_play_tally(g, human, how, &e->tally);
}

static void drop_pending(gin_play *p)
{
    free(p->files.pending);
    p->files.pending = NULL;
}

/* Keep the end of info's game (store/ending.h). saved: the game had a
 * save (then the save is its journal, and goes once the end is kept).
 * What went wrong, or was moved aside, goes into msg[] ("" when nothing).
 * An end still owed is kept in p->files.pending for the next try. Returns the
 * statistics' part (enum gin_end_part). */
static int commit(gin_play *p, const gin_save_info *info, const gin_record *rec, int saved, int journal, char *msg,
                  size_t cap)
{
    /* The history, as the statistics, does not hang on the save: a save
     * left alone (a directory in its place) stops saving, not keeping. A
     * record too long to save is too long to keep whole. */
    gin_end_files f = {saved ? &p->files.save_file : NULL, p->files.stats_ok ? &p->files.stats_file : NULL,
                       &p->files.lock, journal && saved, p->files.dir_ok && !p->files.too_long};
    static gin_end_report r; /* large */
    gin_stats *now = malloc(sizeof *now);
    int pending = gin_ending_commit(&f, info, rec, now, &r);
    if (now && r.counted == GIN_PART_DONE)
        p->files.stats = *now;
    else if (info->end.counts && r.counted != GIN_PART_DONE)
        (void)gin_stats_add(&p->files.stats, info->level, &info->end.tally); /* shown this run, though not kept */
    free(now);
    snprintf(msg, cap, "%s", r.why);
    if (!pending) {
        if (p->files.pending && !strcmp(p->files.pending->info.game, info->game))
            drop_pending(p);
        return r.counted;
    }
    if (!p->files.pending || strcmp(p->files.pending->info.game, info->game) != 0) {
        drop_pending(p);
        p->files.pending = malloc(sizeof *p->files.pending);
    }
    if (p->files.pending) {
        if (&p->files.pending->info != info)
            p->files.pending->info = *info;
        if (&p->files.pending->rec != rec)
            memcpy(&p->files.pending->rec, rec, sizeof *rec);
        p->files.pending->saved = saved;
        p->files.pending->journal = r.journal == GIN_PART_LATER; /* else on disk, or none to write */
    }
    return r.counted;
}

/* Try an owed end again. Returns 1 while it is still owed (why[] says
 * what failed), else 0. */
static int retry_pending(gin_play *p, char *why, size_t cap)
{
    why[0] = '\0';
    if (!p->files.pending)
        return 0;
    struct gin_pending *q = p->files.pending;
    char msg[2400];
    (void)commit(p, &q->info, &q->rec, q->saved, q->journal, msg, sizeof msg);
    if (!p->files.pending)
        return 0;
    snprintf(why, cap, "the end of the last game is not kept yet (%.1000s)", msg);
    return 1;
}

void gin_play_end_game(gin_play *p, int how)
{
    char msg[2400], owed[1200];
    if (retry_pending(p, owed, sizeof owed))
        gin_play_msg(p, 1, "%s", owed);
    if (!p->files.game_id[0])
        gin_game_id_new(p->files.game_id);
    int counts = how != GIN_END_FORFEIT && gin_play_counts(p, NULL);
    const char *level = p->opponent ? "external" : p->level->name;
    gin_save_info info;
    ending_of(&p->ref.m.game, p->files.game_id, level, p->practice, p->human, how, counts, &info);
    (void)commit(p, &info, p->ref.rec, gin_play_can_save(p), 1, msg, sizeof msg);
    p->files.game_id[0] = '\0'; /* the next game is another */
    if (msg[0])
        gin_play_msg(p, 1, "%s", msg);
}

/* The short reason at the end of a message ("No space left on device" of
 * "cannot save to PATH: No space left on device"). */
static const char *reason_of(const char *why)
{
    const char *c = strrchr(why, ':');
    return c && c[1] == ' ' && c[2] ? c + 2 : why;
}

int gin_play_save(gin_play *p, char *why, size_t cap)
{
    why[0] = '\0';
    p->files.order_unsaved = 0; /* tried once: a failed save is said, not retried at each pause */
    /* A game against an external bot cannot be resumed (the save names a
     * built-in level), so it is not saved; a saved game stays untouched. */
    if (!gin_play_can_save(p) || p->ref.m.game.hand_no == 0)
        return 0;
    /* The save on disk may be the journal of an end still owed: it is not
     * written over until that end is kept. */
    if (retry_pending(p, why, cap)) {
        snprintf(p->files.save_error, sizeof p->files.save_error, "%s", "the end of the last game is not kept yet");
        return -1;
    }
    if (!p->files.game_id[0])
        gin_game_id_new(p->files.game_id);
    gin_save_info info;
    memset(&info, 0, sizeof info);
    snprintf(info.game, sizeof info.game, "%s", p->files.game_id);
    snprintf(info.level, sizeof info.level, "%s", p->level->name);
    info.practice = p->practice;
    info.human = p->human;
    /* The player's own order goes with the game (format 3): resumed, the
     * hand is shown as it was left. A sort of the settings' is the
     * settings' to restore (format 2). */
    if (p->table.sort == GIN_SORT_MANUAL) {
        info.n_order = p->table.n_order;
        memcpy(info.order, p->table.order, sizeof(gin_card) * (size_t)info.n_order);
    }
    if (gin_save_write(&p->files.save_file, &p->files.lock, &info, p->ref.rec, why, cap) == 0) {
        p->files.save_error[0] = '\0';
        return 0;
    }
    /* Refused for good (the save was left alone): the game cannot be
     * saved this run. A write that failed (a full disk) is tried again at
     * the next move and on quitting; the last save that worked stays. */
    if (!gin_kept_writable(&p->files.save_file))
        p->files.can_save = 0;
    snprintf(p->files.save_error, sizeof p->files.save_error, "%s", p->files.can_save ? reason_of(why) : why);
    return -1;
}

int gin_play_read_save(gin_play *p, gin_save_info *info, gin_record *rec, char *note, size_t cap)
{
    note[0] = '\0';
    int rc = gin_save_read(&p->files.save_file, info, rec, gin_play_level_known);
    if (rc == GIN_KEPT_DAMAGED)
        (void)gin_kept_quarantine(&p->files.save_file); /* why says what became of it */
    if (rc != GIN_KEPT_LOADED) {
        snprintf(note, cap, "%s", p->files.save_file.why);
        return 0;
    }
    if (!info->ended)
        return 1;
    /* The last run ended this game and was stopped before its end was
     * kept: finish it, each part once; it is not offered again. */
    char msg[2400];
    (void)commit(p, info, rec, 1, 0, msg, sizeof msg);
    snprintf(note, cap, "The game that ended last time (%s) had not been recorded in full; it is now%s%.1800s.",
             info->end.result, msg[0] ? ": " : "", msg);
    if (p->files.pending)
        snprintf(note, cap, "The game that ended last time (%s) could not be recorded yet: %.1800s.", info->end.result,
                 msg);
    return 0;
}

void gin_play_take_saved(gin_play *p, const gin_save_info *info, const gin_record *rec)
{
    p->rules = rec->rules;
    p->seed = rec->seed;
    p->level = gin_play_bot_of(info->level);
    p->practice = info->practice;
    p->human = info->human;
    p->bot = (info->human + 1) % (rec->rules.seats >= 2 ? rec->rules.seats : 2);
    snprintf(p->files.game_id, sizeof p->files.game_id, "%s", info->game);
    p->files.n_resume_order = info->n_order;
    memcpy(p->files.resume_order, info->order, sizeof info->order);
}

int gin_play_abandon_saved(gin_play *p, const gin_record *rec, const gin_save_info *saved, char *msg, size_t cap)
{
    msg[0] = '\0';
    gin_game *g = malloc(sizeof *g);
    int err = 0;
    if (!g || gin_record_replay(rec, g, NULL, NULL, &err) != GIN_OK) { /* gin_save_read replayed it */
        free(g);
        snprintf(msg, cap, "the saved game could not be replayed, so it was not counted");
        return -1;
    }
    const char *no = saved->practice      ? "a practice game is not counted"
                     : g->rules.seats > 2 ? "tables are not counted"
                     : !p->files.stats_ok ? "the statistics cannot be written"
                                          : NULL;
    gin_save_info info;
    ending_of(g, saved->game, saved->level, saved->practice, saved->human, GIN_END_ABANDONED, no == NULL, &info);
    int part = commit(p, &info, rec, 1, 1, msg, cap);
    if (part == GIN_PART_NONE && !msg[0] && no)
        snprintf(msg, cap, "%s", no);
    free(g);
    return part == GIN_PART_DONE ? 1 : part == GIN_PART_NONE ? 0 : -1;
}

void gin_play_kept_close(gin_play *p) { drop_pending(p); }
