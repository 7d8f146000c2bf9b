/* gin — the terminal table's session: games between the player and the
 * bots on the table's own loop (play.c). The session is four parts, each a
 * job of its own, and the few files that run the session hold them
 * together:
 *   the referee (referee.h)   the match and its record;
 *   the table (table.h)       the screen's state, and the screen built from
 *                             the player's view;
 *   the files (below)         the kept files and the state directory's lock
 *                             (startup.c opens them, kept_games.c ends games);
 *   the review (review.h)     practice: the coach's review.
 * The rest of the tui takes only the part it needs. */
#ifndef GIN_PLAY_H
#define GIN_PLAY_H

#include "gin/match.h"
#include "gin/record.h"
#include "ai.h"
#include "lock.h"
#include "game_review.h"
#include "referee.h"
#include "review.h"
#include "save.h"
#include "seating.h"
#include "settings.h"
#include "stats.h"
#include "table.h"
#include "ui.h"

/* Buffers for what the table says: the message line; a sentence of why
 * something failed (a path and the system's reason), and two of those
 * joined; the note of the first screen (a line per file); a page of text
 * (the sheet, the help, a review). */
enum {
    GIN_PLAY_MSG = GIN_TABLE_MSG,
    GIN_PLAY_FRAME = 64, /* room for a sentence's own words around a reason it quotes */
    GIN_PLAY_WHY = 1200,
    GIN_PLAY_WHYS = 2 * GIN_PLAY_WHY,
    GIN_PLAY_NOTE = 4096,
    GIN_PLAY_PAGE = 32768
};

/* What the loop waits for (play.c). */
enum gin_play_stage {
    GIN_STAGE_MATCH = 0, /* nothing: the match moves on (a deal, a bot's move) */
    GIN_STAGE_PACE,      /* a bot's move on show until the deadline (or a key) */
    GIN_STAGE_TURN,      /* the player's move */
    GIN_STAGE_LAYOFFS    /* the showdown's lay-offs, a frame until each deadline */
};

/* What the keys ask the loop to do (human.c's answer to an input). */
enum gin_play_do {
    GIN_DO_NOTHING = 0, /* handled (a message, a pick, a page): the loop goes on */
    GIN_DO_MOVE,        /* play the move given (legal for the player's view) */
    GIN_DO_SKIP,        /* end the bot's pause */
    GIN_DO_UNDO,        /* practice: take back the last decision */
    GIN_DO_RESIGN,      /* the menu's resign (or new game): this game ends */
    GIN_DO_QUIT         /* leave the table, the game saved */
};
/* How a game ended for the session: another game, or leave the table. */
enum { GIN_PLAY_NEW = 'n', GIN_PLAY_QUIT = 'q' };

/* The kept files and the lock: settings, statistics, the saved game (each
 * as loaded at start, so one that was left alone is never written over)
 * and the state directory's lock. */
typedef struct gin_play_files {
    int can_save; /* the state dir works and the game may be saved (not after a refused save) */
    int dir_ok;   /* the state dir works (its lock held): the history is kept whatever the save */
    int too_long; /* the record is full (GIN_RECORD_MAX_ACTIONS): no longer saved */
    int stats_ok; /* stats loaded (or fresh) and may be written */
    gin_stats stats;
    gin_lock lock;            /* the state directory's table lock (store/lock.h) */
    gin_kept save_file;       /* the kept files as loaded at start (store/atomic_file.h): */
    gin_kept stats_file;      /* every write goes through them, so one that was left */
    gin_kept settings_file;   /* alone at start is never written over */
    char note[GIN_PLAY_NOTE]; /* for the first screen: a damaged file, no saving... */
    /* The game's identity and its end (kept_games.c, store/ending.h). */
    char game_id[GIN_GAME_ID_SIZE]; /* the game in play's identity; "" until needed */
    char save_error[256];           /* why the last save failed ("" when it worked): with can_save
                                       still 1, a full disk, tried again at the next move */
    struct gin_pending *pending;    /* an end not yet kept, or NULL */
    /* The resumed game's order of the hand (save.h), until gin_play_begin
     * has shown the hand in it. */
    int n_resume_order;
    gin_card resume_order[GIN_SAVE_ORDER_MAX];
    int order_unsaved; /* the hand's order or sort changed since the last save */
} gin_play_files;

typedef struct gin_play {
    /* Who plays what: this game's (the next takes the settings'). */
    gin_settings set;
    gin_rules rules;
    uint64_t seed;
    const gin_opponent *level; /* the built-in bot: a level or a style of the catalogue (ai.h) */
    const char *opponent;      /* "exec:COMMAND" when the bot is an external
                           * program (kept over games; no save, no
                           * statistics), or NULL */
    int practice;              /* open hands, undo, review; no statistics */
    int human, bot;            /* seats (bot: the first bot, on your left) */
    /* The bots: every seat but the player's. */
    gin_agent bot_agent;                   /* the bot (an external one is made by start-up) */
    gin_agent ring_bot[GIN_MAX_SEATS];     /* a ring of 3-4: the other bots (same level) */
    const gin_agent *seats[GIN_MAX_SEATS]; /* the match's agents by seat; the player's NULL */
    /* The four parts. */
    gin_referee ref;
    gin_table table;
    gin_play_files files;
    gin_review review;
    /* The loop (play.c). */
    int stage;       /* enum gin_play_stage */
    long deadline;   /* PACE, LAYOFFS: when the frame has been shown long enough (ms, monotonic) */
    int pace_seat;   /* PACE: whose move is on show */
    int frame;       /* LAYOFFS: the lay-offs shown */
    int replaying;   /* the moves come from a record: no pages, no review */
    int hand_over;   /* a hand ended: its pages are due */
    int typed_ahead; /* another seat moved (or a hand was dealt) since the player's turn: keys typed meanwhile
                      * skipped its pauses, and must not also make the player's next move */
    int ended;       /* the game is over and its end kept (counted, in the history, the save gone) */
    int bot_stopped; /* the wait for an external bot's answer was given up: 1 for q, 2 for a quit signal */
} gin_play;

/* ---- Start-up (startup.c): everything between the command line and the
 * first game. */

/* The exit status of a usage mistake found at start-up (an --opponent
 * that does not start): the command line's own. */
enum { GIN_PLAY_USAGE = 2 };

/* What the command line asked for, beyond the settings and the game's
 * identity it sets in the gin_play. */
typedef struct gin_play_request {
    int ascii;            /* suits as letters */
    const char *opponent; /* --opponent exec:COMMAND, or NULL */
    int settings_changed; /* an option changed a remembered setting: kept once the table runs */
} gin_play_request;

/* Before the command line is read: the settings, over which the options
 * go (a bad line is a note for the first screen; nothing is moved or
 * written yet). */
void gin_play_load_settings(gin_play *p);
/* Append a paragraph to the first screen's note. */
void gin_play_note(gin_play *p, const char *text);
/* The table: check the terminal (nothing is touched before), take the
 * state directory (one table at a time), start an external bot, open the
 * screen, keep the settings, read the statistics and the saved game (the
 * Note and Resume pages), play, and close. Returns the exit status. */
int gin_play_run(gin_play *p, const gin_play_request *req);

/* Run games until the player leaves; resume (may be NULL) is a saved game
 * to replay first. Returns 0, or 1 with a message in why (play.c). */
int gin_play_session(gin_play *p, const gin_record *resume, char *why, size_t cap);
/* A game begins (p->seats seated, p->ref.rec allocated): the match (the
 * session's observer on its events) and its record, the table cleared, a
 * saved game (resume, may be NULL) replayed. The loop then pulls the match.
 * Returns GIN_OK or the code of what failed. */
int gin_play_begin(gin_play *p, const gin_record *resume);

/* ---- The session's own helpers. */

/* Who sits where now. */
gin_seating gin_play_seating(const gin_play *p);
/* The number of seats of the game in play (2, 3 or 4). */
int gin_play_seats(const gin_play *p);
/* The rules of the game in play (before the first deal: of the next one). */
const gin_rules *gin_play_rules_of(const gin_play *p);
/* The player's view. */
static inline const gin_view *gin_play_view(const gin_play *p) { return &p->ref.m.views[p->human]; }
/* Set the message line. */
void gin_play_msg(gin_play *p, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Append printf-style to the NUL-terminated text in buf[cap], cut to fit
 * (append.c). */
void gin_play_add(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Short text for an action ("throw K♠", "draw from the stock"). */
void gin_play_action_text(gin_action a, char *buf, size_t cap);

/* Whether this game is saved as it goes (it is unless the opponent is an
 * external bot or the state directory cannot be used), and why not, for
 * the quit prompt: a prompt never claims a save that will not happen. */
static inline int gin_play_can_save(const gin_play *p) { return p->files.can_save && !p->opponent; }
static inline const char *gin_play_why_unsaved(const gin_play *p)
{
    if (p->opponent)
        return "games against an external bot are not saved";
    return p->files.too_long        ? "it is longer than a save can hold"
           : p->files.save_error[0] ? p->files.save_error
                                    : "the state directory cannot be used";
}

/* ---- The player's seat (human.c), played from the keys. */

/* At the start of the player's turn: the hand in order, a card picked to
 * throw, the message. */
void gin_play_start_turn(gin_play *p);
/* Ask whether to quit (y quits, any other key plays on): the prompt on
 * the message line, the table armed for the answer. */
void gin_play_ask_quit(gin_play *p);
/* One input (a key, a click, the wheel) at the player's turn (turn 1) or
 * while the bots play (turn 0), with the layout it was drawn in: what the
 * loop should do (enum gin_play_do); a move in *out, legal for the
 * player's view. */
int gin_play_input(gin_play *p, const gin_ui_input *in, const gin_layout *l, int turn, gin_action *out);
/* The table screen as the player sees it now (the practice reveal in a
 * practice game). */
void gin_play_scene(const gin_play *p, gin_scene *t);

/* The knocker's choice of melds after a confirmed knock throwing `thrown`
 * (spread_pick.c), from the player's view v at a table of `seats`: *out is
 * the knock, with the spread picked (zero: the rules choose; also when
 * there is only one way to show the hand). Returns 1 (knock), 0 (the
 * player backed out: no move) or -1 (a quit signal). */
int gin_play_pick_spread(int seats, const gin_view *v, gin_card thrown, gin_action *out);

/* Write the position in play (the player's decision now) as its seat's
 * protocol transcript to the file `position` in the state directory
 * (position.c); the path in path[cap], what happened on t's message line.
 * Returns 0 or -1. */
int gin_play_write_position(const gin_record *rec, int human, gin_table *t, char *path, size_t cap);

/* ---- The coach at the table (coaching.c). */

/* The hint page for the decision of v (the best three moves, their values
 * and reasons, and the player's pick against them); *select gets the best
 * move's card to pick, or GIN_NO_CARD. Returns 0, or -1 on a quit signal. */
int gin_play_hint(gin_play *p, const gin_view *v, gin_card *select);
/* For the knock confirmation, knocking by throwing `thrown`: the coach's
 * undercut estimate as a sentence without its full stop ("An undercut is
 * about 12% likely (their deadwood after lay-offs is about 14)"); "" for
 * gin or a table of three or four. */
void gin_play_knock_note(const gin_view *v, gin_card thrown, char *buf, size_t cap);
/* 1 when judging the decision of v (review_note, coach_after) will take
 * an analysis (not one made already, as the hint's): the table shows a
 * sign first (gin_play_sign). */
int gin_play_coach_busy(const gin_play *p, const gin_view *v);
/* Paint the table now with `msg` as its message (a sign that the program
 * is at work for a moment). */
void gin_play_sign(const gin_play *p, const char *msg);
/* After the player's decision `chosen` of v, what the coach says by the
 * settings (set.coach, set.coach_threshold; in practice set.nudge: a
 * mistake or worse), kept for the player's next turn; in practice a
 * mistake or worse offers u to undo it. */
void gin_play_coach_after(gin_play *p, const gin_view *v, gin_action chosen);
/* The coach's note for the turn starting at v (same hand), once: 1 with
 * the note in buf, else 0 (buf ""). */
int gin_play_coach_note(const gin_view *v, char *buf, size_t cap);
/* Practice: judge the decision `chosen` of v's seat (the human's every
 * decision, the bot's when it missed something) into p->review. */
void gin_play_review_note(gin_play *p, const gin_view *v, gin_action chosen);
/* At a hand's end: the player's decisions of the hand into the summary. */
void gin_play_review_close_hand(gin_play *p);
/* The summary of the game's decisions for the game-over screen ("" when
 * the coach judged none). */
void gin_play_summary_text(const gin_play *p, char *buf, size_t cap);
/* The finished game's review (game_review.h), made here with a page that
 * says how far it is (q stops it and shows the decisions so far), then
 * shown in a scrolling page. Statistics and files are not touched.
 * Returns 0, or -1 on a quit signal. */
int gin_play_review_page(gin_play *p);
/* The review of hand `hand_no` of the game for its replay, made as above
 * (or the one made last, when it covers that hand of this record), or
 * NULL with the reason in `note` (a game of more than two, a review
 * stopped before it began); a review stopped part of the way is returned
 * with a note that says so. The review is the caller's to read until the
 * next call; statistics and files are not touched. */
const gin_review_game *gin_play_review_hand(gin_play *p, int hand_no, char *note, size_t cap);

/* ---- Pages (texts.c, layoffs.c, replay.c, menu.c, stats_screen.c). */

/* The score sheet of game g (its rules, results and scores: public). */
void gin_play_sheet_text(const gin_game *g, const gin_seating *who, char *buf, size_t cap);
/* The game-over page: the totals, and the statistics or the coach's
 * summary. */
void gin_play_gameover_text(const gin_play *p, char *title, size_t tcap, char *buf, size_t cap);
/* The help page for rules r at a table of `seats`. */
const char *gin_play_help_text(const gin_rules *r, int seats, char *buf, size_t cap);
/* The showdown screen of the hand end e of game g (its scores and rules). */
struct gin_showdown_screen;
void gin_play_showdown_screen(const gin_hand_end *e, const gin_game *g, const gin_seating *who,
                              struct gin_showdown_screen *s);
/* The showdown as it stands after the first `shown` lay-offs, for showing
 * them one at a time (layoffs.c); shown >= gin_play_layoff_count(e, who)
 * is the whole showdown. */
void gin_play_showdown_step(const gin_hand_end *e, const gin_game *g, const gin_seating *who,
                            struct gin_showdown_screen *s, int shown);
/* How many lay-offs the hand's end had (0 after a void hand). */
int gin_play_layoff_count(const gin_hand_end *e, const gin_seating *who);
/* unlaid.c: a two-player knock's note on the defender's deadwood that was
 * not laid off, and why ("The bot could not lay off K♦: no set of its rank
 * or run of its suit is down; 8♦: not next to 4♦ 5♦ 6♦."), appended to
 * t; nothing against gin or when no deadwood is left. laid[m]: the cards
 * laid off on the knocker's meld m; defender: "You", "The bot". */
void gin_play_unlaid_note(const gin_showdown *sd, const gin_cardset *laid, const char *defender, char *t, size_t cap);

/* replay.c: step through hand `hand_no` of rec (1-based, as counted in
 * the record), every hand face up: the deal, then each move in turn, with
 * the verdict of `review` (may be NULL; it is read, not kept) on each of
 * the player's decisions, matched by their place in the record; `note`
 * (may be NULL) is said on the deal's page, as why there are no verdicts.
 * Any key steps on, b steps back, m goes to the next move not judged
 * best, q (or Esc) leaves. `human` names the seats. Returns 0, or -1 on a
 * quit signal. */
int gin_play_replay_hand(const gin_record *rec, int human, int hand_no, const gin_review_game *review,
                         const char *note);
/* The page of step `step` (0 = the deal) of that replay: its title and
 * body. Returns the number of steps after the deal in the hand (>= 0), or
 * -1 when rec has no such hand. */
int gin_play_replay_text(const gin_record *rec, int human, int hand_no, int step, const gin_review_game *review,
                         const char *note, char *title, size_t tcap, char *body, size_t bcap);

/* menu.c: the in-game menu. Returns GIN_DO_NOTHING (back to the table),
 * GIN_DO_RESIGN (the player resigned, or left for a new game) or
 * GIN_DO_QUIT (a quit signal). */
int gin_play_menu(gin_play *p);
/* Apply the display settings to the UI. */
void gin_play_apply_display(const gin_play *p);

/* stats_screen.c: the statistics screen (the menu's Statistics...).
 * Returns 0, or -1 on a quit signal. */
int gin_play_stats_screen(gin_play *p);
/* The text it shows, for tests: which game counts, the table, the
 * margins' bars (UTF-8 or ASCII as the terminal). */
void gin_play_stats_text(const gin_play *p, char *buf, size_t cap);

/* ---- The end of a game (kept_games.c). */

/* How a game ended, for the statistics and the history. */
enum gin_game_end {
    GIN_END_FINISHED = 0,  /* played to its end */
    GIN_END_RESIGNED = 1,  /* resigned from the menu: a lost game */
    GIN_END_ABANDONED = 2, /* not resumed ('n' at the resume prompt), or left unsaved: a lost game */
    GIN_END_FORFEIT = 3    /* the external bot forfeited */
};
/* Whether the game in play counts in the statistics: two players against
 * a built-in bot, not practice, and the statistics can be written. Else
 * 0 with *why (may be NULL) saying why not ("practice games are not
 * counted"). */
int gin_play_counts(const gin_play *p, const char **why);
/* What game g adds to the statistics of the player at seat `human`
 * (pure): its hands, gins, knocks and undercuts, hand points, margin,
 * and the preset it counts under (the nearest, gin_play_rules_base). A
 * game not finished, or resigned or abandoned (how), is a lost game. */
void gin_play_tally(const gin_game *g, int human, int how, gin_game_tally *t);
/* The game in play has ended (how): count it when it counts, keep it in
 * the history (practice, tables and external bots too), then remove its
 * save — each once, whatever dies when (store/ending.h) — and say on the
 * message line what could not be done. An end a full disk kept from being
 * recorded stays owed: the save is not removed, and the end is tried
 * again before the next save and at the next end. */
void gin_play_end_game(gin_play *p, int how);
/* Save the game in play (after each move and on quitting; nothing for a
 * game that is not saved). A failed write (a full disk) leaves saving on:
 * p->save_error says why, and the next call tries again; a save that was
 * left alone stops saving for this run (can_save 0). Returns 0, or -1
 * with why[]. */
int gin_play_save(gin_play *p, char *why, size_t cap);
/* At start, holding the lock: read the save (judged as `gin replay --save`
 * judges it). Returns 1 when there is a game to offer (in *info, *rec);
 * else 0, with note[] saying what became of a damaged save (moved aside)
 * or one left alone, or that the end of a game the last run was stopped
 * in the middle of is now kept (an ended save is finished, never offered). */
int gin_play_read_save(gin_play *p, gin_save_info *info, gin_record *rec, char *note, size_t cap);
/* 'y' at the resume prompt: the session plays the saved game (its rules,
 * seed, bot, seats and identity) from rec, the hand in the player's own
 * order when the save has it. */
void gin_play_take_saved(gin_play *p, const gin_save_info *info, const gin_record *rec);
/* 'n' at the resume prompt: the saved game (rec and info as
 * gin_play_read_save gave them) ends abandoned, a lost game when it
 * counts, and is kept in the history; its save goes once that is done
 * (never while neither could record it). Returns 1 when it was counted, 0
 * when it does not count (why in msg), -1 when it should have been but
 * could not be yet (why in msg). */
int gin_play_abandon_saved(gin_play *p, const gin_record *rec, const gin_save_info *info, char *msg, size_t cap);
/* The bot `name` as the table plays it: its entry in the catalogue of
 * opponents when it is a level or a style (ai.h), else NULL (a baseline, an
 * unknown name, NULL). The one judge of a bot's name for the command line,
 * the settings, the saved game and the menu. */
const gin_opponent *gin_play_bot_of(const char *name);
/* 1 when the table can play bot `name` (gin_play_bot_of as the store's
 * judge: gin_save_read, gin_settings_load). */
int gin_play_level_known(const char *name);
/* The session ends: what kept_games.c holds goes (an end still owed is
 * finished by the next start, from its journal). */
void gin_play_kept_close(gin_play *p);

/* The drills (drill_pages.c): the menu's drill pages until the player
 * goes back (0) or a quit signal (-1). And the drills of your mistakes in
 * the newest `max_games` two-player games of the history (at most `looks`
 * decisions analysed a game), of `kind` (-1: any), into out[cap] with
 * each one's game number in games[] (may be NULL); returns how many. */
struct gin_drill;
struct gin_drill_opts;
int gin_play_drills(gin_play *p);
int gin_play_drills_of_history(struct gin_drill *out, int *games, int cap, int kind, const struct gin_drill_opts *o,
                               int max_games, int looks);

#endif
