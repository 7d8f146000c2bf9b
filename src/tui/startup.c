/* Opening the table: everything between the command line and the first
 * game. The order is what keeps a player's files safe: the settings are
 * read (the command line goes over them), then the terminal is checked (a
 * table that cannot run must not have touched anything), then the state
 * directory is taken for this table alone, then an external bot is
 * started, and only once the screen is up are the kept files read (a
 * damaged one moved aside and reported) and the settings written. */
#include "play.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "agents.h"
#include "atomic_file.h"
#include "gin/error.h"
#include "save.h"

void gin_play_note(gin_play *p, const char *text)
{
    char *note = p->files.note;
    size_t n = strlen(note), cap = sizeof p->files.note;
    if (text && *text && n + 2 < cap)
        snprintf(note + n, cap - n, "%s%s", n ? "\n" : "", text);
}

void gin_play_load_settings(gin_play *p)
{
    (void)gin_settings_load(&p->files.settings_file, &p->set, gin_play_level_known, p->files.note,
                            sizeof p->files.note);
}

/* One table per state directory. Returns 0 to go on (files.can_save says
 * whether the table may keep its files), or the exit status when another
 * table holds the directory. */
static int take_state(gin_play *p, char *dir, size_t dcap)
{
    char why[GIN_PLAY_WHY];
    gin_play_files *f = &p->files;
    f->can_save = gin_dir_path(GIN_DIR_STATE, dir, dcap, why, sizeof why) == 0;
    int lk = f->can_save ? gin_lock_take(&f->lock, why, sizeof why) : -1;
    if (lk == GIN_LOCK_BUSY) {
        fprintf(stderr, "gin: %s%s; one table at a time keeps your statistics and saved game whole\n", why,
                f->lock.holder_alive ? "" : " (it has just ended: try again)");
        return 1;
    }
    if (lk != GIN_LOCK_TAKEN) {
        /* A saved game there is not offered (it could not be resumed and
         * saved again): the player is told it is still there. */
        char found[GIN_PATH_MAX], save[GIN_PATH_MAX];
        struct stat st;
        int saved = gin_dir_find(GIN_DIR_STATE, found, sizeof found, NULL, 0) == 1 &&
                    gin_path_join(save, sizeof save, found, "save") == 0 && stat(save, &st) == 0;
        f->can_save = 0;
        char line[GIN_PLAY_WHY + 2 * GIN_PLAY_FRAME];
        snprintf(line, sizeof line, "No saving this time: %s%s", why,
                 saved ? ". Your saved game is left as it is, to be offered once the state directory can be "
                         "written again."
                       : "");
        gin_play_note(p, line);
    }
    f->dir_ok = f->can_save;
    return 0;
}

/* An external bot starts (and passes the handshake) before the screen
 * opens, so a bad command is a plain error; it is kept over games. */
static int start_opponent(gin_play *p, const char *opponent, const char *dir)
{
    char log[GIN_PATH_MAX], err[GIN_PLAY_WHY];
    int have_log = p->files.can_save && gin_path_join(log, sizeof log, dir, "bot.log") == 0;
    if (gin_bots_create(opponent, p->seed ^ GIN_RNG_GOLDEN, 0, have_log ? log : NULL, &p->bot_agent, err, sizeof err) !=
        GIN_OK) {
        fprintf(stderr, "gin: --opponent: %s\n", err);
        return GIN_PLAY_USAGE;
    }
    p->opponent = opponent;
    p->files.stats_ok = 0;
    return 0;
}

/* Stop an external bot the session did not take over. */
static void drop_bot(gin_play *p)
{
    if (p->bot_agent.destroy)
        p->bot_agent.destroy(p->bot_agent.self);
    memset(&p->bot_agent, 0, sizeof p->bot_agent);
}

/* The saved game's summary for the Resume page: "standard rules, normal
 * bot, hand 3: you 34, the bot 12." Returns 0, or -1 when it does not
 * replay (gin_save_read replayed it: it does). */
static int save_summary(const gin_save_info *info, const gin_record *rec, char *summary, size_t scap)
{
    gin_game *g = malloc(sizeof *g);
    int err = 0;
    if (!g || gin_record_replay(rec, g, NULL, NULL, &err) != GIN_OK) {
        free(g);
        return -1;
    }
    int hand = g->hand_no + (g->hand.phase == GIN_PHASE_OVER ? 1 : 0);
    char rules[GIN_RULES_LABEL];
    gin_play_rules_label(&g->rules, rules, sizeof rules);
    if (g->rules.seats == 2) {
        snprintf(summary, scap, "%s rules, %s bot%s, hand %d: you %d, the bot %d.", rules, info->level,
                 info->practice ? " (practice)" : "", hand, g->score.points[info->human],
                 g->score.points[1 - info->human]);
    } else {
        /* A ring: every seat's penalty points, you first. */
        int n = snprintf(summary, scap, "%s rules, %d players, %s bots%s, hand %d, penalty points: you %d", rules,
                         g->rules.seats, info->level, info->practice ? " (practice)" : "", hand,
                         g->score.points[info->human]);
        for (int k = 1; k < g->rules.seats && n > 0 && (size_t)n < scap; k++)
            n += snprintf(summary + n, scap - (size_t)n, ", bot %d %d", k,
                          g->score.points[(info->human + k) % g->rules.seats]);
        if (n > 0 && (size_t)n + 1 < scap)
            snprintf(summary + n, scap - (size_t)n, ".");
    }
    free(g);
    return 0;
}

/* Look at the saved game, with the screen up: returns 1 (one to resume in
 * *rec and info, summarised), or 0 (none to resume; a damaged one is moved
 * aside and the note says so, one left alone is said too). */
static int check_save(gin_play *p, gin_save_info *info, gin_record *rec, char *summary, size_t scap)
{
    char said[GIN_PLAY_WHYS];
    int offer = gin_play_read_save(p, info, rec, said, sizeof said); /* an ended game is finished, not offered */
    gin_play_note(p, said);
    if (!offer)
        return 0;
    return save_summary(info, rec, summary, scap) == 0;
}

/* The Resume page. Returns 'y' (resume *saved), 'n' (a new game; the saved
 * one ended as abandoned) or 'q'. */
static int resume_page(gin_play *p, const gin_record *saved, const gin_save_info *info, const char *summary)
{
    char body[GIN_PLAY_WHY];
    /* A game not resumed is a lost game, when it counts. */
    int counts = !info->practice && saved->rules.seats == 2;
    snprintf(body, sizeof body,
             "You have a game in progress:\n\n  %s\n\n"
             "y: resume it\nn: start a new game; %s",
             summary,
             counts ? "the saved one counts as a lost game (abandoned) in your statistics"
                    : "the saved one is not counted in the statistics");
    int k = gin_ui_text_screen("Resume?", body, "y: resume   n: new game   q: quit", "ynq");
    if (k == 'n') {
        char msg[GIN_PLAY_WHYS], text[GIN_PLAY_WHYS + GIN_PLAY_FRAME];
        if (gin_play_abandon_saved(p, saved, info, msg, sizeof msg) < 0 || msg[0]) {
            snprintf(text, sizeof text, "%s\n\nPlay goes on.", msg);
            if (counts && gin_ui_text_screen("Note", text, "Enter: continue   q: quit", "\n\033 q") == 'q')
                k = 'q';
        }
    }
    return k < 0 ? 'q' : k;
}

/* With the screen up: the statistics and the saved game, then the first
 * screens. Returns the saved game to resume, or NULL; *quit when the
 * player left already. */
static const gin_record *open_files(gin_play *p, int *quit)
{
    static gin_record saved;
    gin_play_files *f = &p->files;
    *quit = 0;
    /* Damaged files are moved aside now that the player can be told. */
    if (f->settings_file.state == GIN_KEPT_DAMAGED)
        (void)gin_kept_quarantine(&f->settings_file);
    gin_play_note(p, f->settings_file.why);
    if (f->can_save && gin_stats_load(&f->stats_file, &f->stats) == GIN_KEPT_DAMAGED)
        (void)gin_kept_quarantine(&f->stats_file);
    f->stats_ok = f->can_save && !p->opponent && gin_kept_writable(&f->stats_file);
    if (f->can_save)
        gin_play_note(p, f->stats_file.why);
    gin_save_info info;
    char summary[GIN_UI_LINE * 2] = "";
    int has_save = f->can_save && !p->opponent && check_save(p, &info, &saved, summary, sizeof summary);
    if (f->note[0]) {
        static char body[GIN_PLAY_NOTE + GIN_PLAY_FRAME];
        snprintf(body, sizeof body, "%s\n\nPlay goes on.", f->note);
        *quit = gin_ui_text_screen("Note", body, "Enter: continue   q: quit", "\n\033 q") == 'q';
    }
    if (*quit || !has_save)
        return NULL;
    int k = resume_page(p, &saved, &info, summary);
    if (k != 'y') {
        *quit = k != 'n';
        return NULL;
    }
    gin_play_take_saved(p, &info, &saved);
    return &saved;
}

/* The table itself, once the state directory is ours. */
static int run_table(gin_play *p, const gin_play_request *req, const char *dir)
{
    int rc = req->opponent ? start_opponent(p, req->opponent, dir) : 0;
    if (rc != 0)
        return rc;
    gin_ui_opts uo = {!(p->set.no_color || gin_ui_no_color_env()), p->set.four_color, req->ascii, NULL, !p->set.mouse};
    char why[GIN_PLAY_WHY] = "";
    if (gin_ui_open(&uo, why, sizeof why) != 0) {
        fprintf(stderr, "gin: %s\n", why);
        drop_bot(p);
        return 1;
    }
    /* The table has started: now the settings the options changed are kept. */
    if (req->settings_changed && gin_settings_save(&p->files.settings_file, &p->set, why, sizeof why) != 0 &&
        strcmp(why, p->files.settings_file.why) != 0) /* not twice */
        gin_play_note(p, why);
    int quit = 0;
    const gin_record *resume = open_files(p, &quit);
    why[0] = '\0';
    if (!quit)
        rc = gin_play_session(p, resume, why, sizeof why);
    drop_bot(p); /* if the session did not take it over */
    int sig = gin_ui_quit_signal();
    gin_ui_close();
    if (why[0])
        fprintf(stderr, "gin: %s\n", why);
    return sig && rc == 0 ? 0 : rc; /* asked to stop by a signal: the game was saved */
}

int gin_play_run(gin_play *p, const gin_play_request *req)
{
    char why[GIN_PLAY_WHY];
    setlocale(LC_ALL, "");
    /* Nothing is started or touched before we know the table can run. */
    if (gin_ui_check_terminal(why, sizeof why) != 0) {
        fprintf(stderr, "gin: %s\n", why);
        return 1;
    }
    char dir[GIN_PATH_MAX] = "";
    int rc = take_state(p, dir, sizeof dir);
    if (rc != 0)
        return rc;
    rc = run_table(p, req, dir);
    gin_lock_release(&p->files.lock);
    return rc;
}
