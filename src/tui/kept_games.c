/* What a game leaves behind when it ends: a count in the
 * statistics when it counts — finished, resigned or abandoned, the last
 * two as lost games, so a losing game cannot be dodged — and an entry in
 * the game history, whatever the game. */
#include "play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"
#include "history.h"

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
    const char *base = gin_play_rules_base(&g->rules, NULL);
    t->rules = gin_stats_rules_index(base);
    if (t->rules < 0)
        t->rules = 0;
}

static const char *result_word(const gin_game *g, int human, int how)
{
    if (how == GIN_END_RESIGNED)
        return "resigned";
    if (how == GIN_END_ABANDONED)
        return "abandoned";
    if (how == GIN_END_FORFEIT)
        return "forfeit";
    int w = gin_game_winner(g, NULL);
    return w == human ? "won" : w < 0 ? "tie" : "lost";
}

/* Keep game g in the history; why[] says what went wrong, or what was
 * moved aside on the way ("" when nothing). */
static void keep_history(gin_play *p, const gin_game *g, const gin_record *rec, const char *level, int practice,
                         int human, int counted, int how, char *why, size_t cap)
{
    why[0] = '\0';
    if (!p->files.can_save)
        return; /* the table said already: no saving this time */
    gin_history_info h;
    memset(&h, 0, sizeof h);
    snprintf(h.level, sizeof h.level, "%s", level);
    gin_play_rules_label(&g->rules, h.rules, sizeof h.rules);
    h.players = g->rules.seats;
    h.human = human;
    h.practice = practice;
    h.counted = counted;
    snprintf(h.result, sizeof h.result, "%s", result_word(g, human, how));
    scores_of(g, human, h.score);
    h.hands = g->n_results;
    char notes[1024];
    if (gin_history_add(&p->files.lock, &h, rec, NULL, notes, sizeof notes, why, cap) == 0)
        snprintf(why, cap, "%s", notes);
}

/* Count game g (when it counts) and keep it. counts: whether it should be
 * counted. Returns 1 counted, 0 not to be counted, -1 not counted though
 * it should have been; msg says what went wrong ("" when nothing). */
static int keep(gin_play *p, const gin_game *g, const gin_record *rec, int level, int practice, int human, int counts,
                int how, char *msg, size_t cap)
{
    msg[0] = '\0';
    int counted = 0;
    char why[1200] = "", hwhy[1200] = "";
    if (counts) {
        gin_game_tally t;
        gin_play_tally(g, human, how, &t);
        counted =
            gin_stats_record(&p->files.stats_file, &p->files.lock, level, &t, &p->files.stats, why, sizeof why) == 0
                ? 1
                : -1;
        if (counted < 0)
            gin_stats_add(&p->files.stats, level, &t); /* shown this run, though not kept */
    }
    const char *lv = p->opponent && how != GIN_END_ABANDONED ? "external" : gin_stats_level_name(level);
    keep_history(p, g, rec, lv, practice, human, counted > 0, how, hwhy, sizeof hwhy);
    snprintf(msg, cap, "%s%s%s", why, why[0] && hwhy[0] ? "; " : "", hwhy);
    return counted;
}

void gin_play_end_game(gin_play *p, int how)
{
    char msg[2400];
    int counts = how != GIN_END_FORFEIT && gin_play_counts(p, NULL);
    (void)keep(p, &p->ref.m.game, p->ref.rec, p->level, p->practice, p->human, counts, how, msg, sizeof msg);
    if (msg[0])
        gin_play_msg(p, 1, "%s", msg);
}

int gin_play_abandon_saved(gin_play *p, const gin_record *rec, const char *level, int practice, int human, char *msg,
                           size_t cap)
{
    msg[0] = '\0';
    gin_game *g = malloc(sizeof *g);
    int err = 0;
    if (!g || gin_record_replay(rec, g, NULL, NULL, &err) != GIN_OK) { /* gin_save_read replayed it */
        free(g);
        snprintf(msg, cap, "the saved game could not be replayed, so it was not counted");
        return -1;
    }
    int lv = gin_stats_level_index(level);
    const char *no = practice             ? "a practice game is not counted"
                     : g->rules.seats > 2 ? "tables are not counted"
                     : !p->files.stats_ok ? "the statistics cannot be written"
                                          : NULL;
    int rc = keep(p, g, rec, lv < 0 ? 1 : lv, practice, human, no == NULL && lv >= 0, GIN_END_ABANDONED, msg, cap);
    if (rc == 0 && !msg[0] && no)
        snprintf(msg, cap, "%s", no);
    free(g);
    return rc;
}
