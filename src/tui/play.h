/* gin — the terminal table's session: one game
 * between the human and a bot through the match loop, with the record for
 * save/resume, the statistics, practice undo and review. The human is an
 * agent whose callbacks run the input loop (human.c). */
#ifndef GIN_PLAY_H
#define GIN_PLAY_H

#include "gin/match.h"
#include "gin/record.h"
#include "ai.h"
#include "save.h"
#include "settings.h"
#include "stats.h"
#include "scene.h"

enum { GIN_PLAY_REVIEW_MAX = 256, GIN_PLAY_MSG = 160, GIN_PLAY_LOG_MAX = 640 };

/* Sort modes of the hand on screen. */
enum { GIN_SORT_MELDS = 0, GIN_SORT_RANK = 1, GIN_SORT_SUIT = 2, GIN_SORT_MANUAL = 3 };

/* One card as it went on the discard pile this hand, and what became of it. */
enum { GIN_PILE_STAYS = -1, GIN_PILE_RESHUFFLED = -2 };
typedef struct gin_pile_entry {
    gin_card card;
    int by;        /* who threw it; -1: the first upcard */
    int took;      /* the seat that took it back, GIN_PILE_STAYS, or GIN_PILE_RESHUFFLED */
    int face_down; /* the knock's discard, shown at the showdown */
} gin_pile_entry;

typedef struct gin_review_item {
    int seat; /* whose decision: the human's, or (open hands) the bot's */
    int hand_no, turn;
    int at;           /* the decision's place in the record (undo drops the items from there on) */
    gin_cardset held; /* the cards held at the decision */
    gin_action chosen, best;
    double cost;      /* points lost against the best, by the coach's values */
    char reason[320]; /* the coach's reason for the best move */
} gin_review_item;

/* A game's decisions as the coach judged them (practice): the summary at
 * game over. */
typedef struct gin_coach_summary {
    int decisions, accurate;  /* the human's; accurate: within GIN_COACH_CLOSE points of the best */
    double lost;              /* points lost in all */
    gin_review_item worst[3]; /* the biggest mistakes, biggest first */
    int n_worst;
} gin_coach_summary;
#define GIN_COACH_CLOSE 0.5

struct gin_play;
/* The self of a seat's proxy agent. */
typedef struct gin_proxy {
    struct gin_play *p;
    int seat;
} gin_proxy;

typedef struct gin_play {
    gin_settings set;
    gin_rules rules;
    uint64_t seed;
    int level;            /* enum gin_level (of the built-in bot) */
    const char *opponent; /* "exec:COMMAND" when the bot is an external
                              * program (bot_agent made by the caller, kept
                              * over games; no save, no statistics), or NULL */
    int practice;         /* open hands, undo, review; no statistics */
    int human, bot;       /* seats (bot: the first bot, on your left) */
    gin_match m;
    gin_agent bot_agent;               /* the real bot */
    gin_agent human_agent;             /* the player at the terminal (human.c) */
    gin_agent ring_bot[GIN_MAX_SEATS]; /* a ring of 3-4: the bots of the seats
                              * other than human and bot (same level) */
    gin_agent agent[GIN_MAX_SEATS];    /* proxies by seat: record, replay, then decide */
    gin_proxy proxy[GIN_MAX_SEATS];
    gin_record *rec;       /* every action so far (heap: it is large) */
    const gin_record *src; /* resume: actions still to replay, or NULL */
    int replay_pos;
    int replaying; /* events come from the replay: no pauses, no screens */
    /* The hand as shown. */
    gin_card order[GIN_UI_MAX_HAND];
    int n_order;
    int sort;                                            /* GIN_SORT_* */
    int selected;                                        /* index into order, or -1 */
    gin_card drawn;                                      /* card just drawn from the stock (marked new) */
    gin_scene_line log[GIN_PLAY_LOG_MAX];                /* this hand's moves, oldest first */
    gin_pile_entry pile_log[2 * GIN_HAND_MAX_TURNS + 2]; /* every card the pile got this hand */
    int n_pile_log;
    int n_log;
    int log_scroll; /* lines of the log scrolled away at the bottom (PgUp/PgDn) */
    char msg[GIN_PLAY_MSG];
    int msg_err;
    int knock_armed; /* k pressed once: a second k knocks */
    int quit_armed;  /* q pressed once: y saves and quits */
    /* Leaving a decision early. */
    int aborting; /* set while a callback unwinds: ignore its events */
    int quit_req, undo_req;
    /* Practice undo works on the record: who made each action, and where
     * the hand in play began (undo replays the game up to a point). */
    int8_t acted_by[GIN_RECORD_MAX_ACTIONS];
    int hand_start;
    int resign_req; /* resigned from the menu (quit_req is set too, to unwind) */
    /* Practice review of the hand in play, and of the game. */
    gin_review_item review[GIN_PLAY_REVIEW_MAX];
    int n_review;
    gin_coach_summary summary;
    /* The last hand's end, shown after the step that ended it. */
    int hand_over;
    int hand_void;
    gin_showdown sd;
    int sd_knocker;
    int sd_chosen;  /* the knocker chose its spread (else the rules did) */
    int sd_spreads; /* how many spreads the knocker could have shown */
    gin_cardset sd_hands[2];
    gin_ring_showdown tsd;        /* a ring of 3-4: the whole showdown */
    char last[GIN_MAX_SEATS][48]; /* each seat's last move this hand ("threw 9♦") */
    /* Kept state. */
    int can_save; /* the state dir works */
    int too_long; /* the record is full (GIN_RECORD_MAX_ACTIONS): no longer saved */
    int stats_ok; /* stats loaded (or fresh) and may be written */
    gin_stats stats;
    gin_lock lock;          /* the state directory's table lock (store/lock.h) */
    gin_kept save_file;     /* the kept files as loaded at start (store/kept.h): */
    gin_kept stats_file;    /* every write goes through them, so one that was left */
    gin_kept settings_file; /* alone at start is never written over */
    char note[256];         /* a message for the first screen (damaged file...) */

    /* The game's identity and its end (kept_games.c, store/ending.h). */
    char game_id[GIN_GAME_ID_SIZE]; /* the game in play's identity; "" until needed */
    char save_error[256];           /* why the last save failed ("" when it worked): with can_save
                                       still 1, a full disk, tried again at the next move */
    struct gin_pending *pending;    /* an end not yet kept, or NULL */
} gin_play;

/* Run games until the player leaves; resume (may be NULL) is a saved
 * game to replay first. Returns 0, or 1 with a message in why. */
int gin_play_session(gin_play *p, const gin_record *resume, char *why, size_t cap);

/* The knocker's choice of melds after a confirmed knock throwing `thrown`
 * (spread_pick.c): *out is the knock, with the spread picked (zero: the
 * rules choose; also when there is only one way to show the hand).
 * Returns 1 (knock), 0 (the player backed out: no move) or -1 (a quit
 * signal: quit_req is set). */
int gin_play_pick_spread(gin_play *p, const gin_view *v, gin_card thrown, gin_action *out);

/* Write the position in play (the human's decision now) as its seat's
 * protocol transcript to the file `position` in the state directory
 * (position.c); the path in path[cap]. Says what happened on the message
 * line. Returns 0 or -1. */
int gin_play_write_position(gin_play *p, char *path, size_t cap);

/* Append printf-style to the NUL-terminated text in buf[cap], cut to fit
 * (append.c). */
void gin_play_add(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The coach at the table (coaching.c). The hint page for the decision of
 * v (the best three moves, their values and reasons, and the player's
 * pick against them); *select gets the best move's card to pick, or
 * GIN_NO_CARD. */
void gin_play_hint(gin_play *p, const gin_view *v, gin_card *select);
/* Practice: judge the decision `chosen` of v's seat (the human's every
 * decision, the bot's when it missed something) into p->review. */
void gin_play_review_note(gin_play *p, const gin_view *v, gin_action chosen);
/* At a hand's end: the player's decisions of the hand into p->summary. */
void gin_play_review_close_hand(gin_play *p);
/* The summary of the game's decisions for the game-over screen ("" when
 * the coach judged none). */
void gin_play_summary_text(const gin_play *p, char *buf, size_t cap);

/* Practice undo: the record index the next undo goes back to (the human's
 * last decision in this hand, never before a card the human drew from the
 * stock: it was seen), or -1 with the reason in *why (undo.c). */
int gin_play_undo_point(const gin_play *p, const char **why);

/* Whether this game is saved as it goes (it is unless the
 * opponent is an external bot or the state directory cannot be used), and
 * why not, for the quit prompt: a prompt never claims a save that will not
 * happen. */
static inline int gin_play_can_save(const gin_play *p) { return p->can_save && !p->opponent; }
static inline const char *gin_play_why_unsaved(const gin_play *p)
{
    if (p->opponent)
        return "games against an external bot are not saved";
    return p->too_long        ? "it is longer than a save can hold"
           : p->save_error[0] ? p->save_error
                              : "the state directory cannot be used";
}

/* human.c: the human agent (its self is the gin_play). */
void gin_human_agent(gin_play *p, gin_agent *out);
/* Bring p->order in line with the hand and re-sort (scene.c). */
void gin_play_sync_hand(gin_play *p, gin_cardset held);
/* Move the picked card's block (its whole meld, or the card alone) one
 * block left (dir < 0) or right, for the player's own order (scene.c). */
void gin_play_move_block(gin_play *p, gin_cardset held, int dir);
/* Fill the table model from the match as the human sees it. */
void gin_play_scene(const gin_play *p, gin_scene *t);
/* A seat's name: "You", "Bot" (two players), "Bot 2" (a ring; bots are
 * numbered clockwise from your left). */
const char *gin_play_seat_name(const gin_play *p, int seat);
/* The rules of the game in play (before the first deal: of the next one). */
const gin_rules *gin_play_rules_of(const gin_play *p);
/* The preset rules r come from: the one they differ from in fewest knobs
 * (a preset made a ring by gin_rules_ring counts as that preset); the
 * number of knobs changed in *changes (may be NULL). Static storage. */
const char *gin_play_rules_base(const gin_rules *r, int *changes);
/* The rules as the table names them: "standard", "classic, max-hands 2",
 * "oklahoma, knock 7, gin-bonus 20", "standard + 3 changes". */
void gin_play_rules_label(const gin_rules *r, char *buf, size_t cap);
/* The number of seats of the game in play (2, 3 or 4). */
int gin_play_seats(const gin_play *p);
/* Append a line to the move log. */
void gin_play_log(gin_play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Set the message line. */
void gin_play_msg(gin_play *p, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Short text for an action ("throw K♠", "draw from the stock"). */
void gin_play_action_text(gin_action a, char *buf, size_t cap);

/* texts.c: the text of the side screens. */
void gin_play_pile_text(const gin_play *p, char *buf, size_t cap);
void gin_play_log_text(const gin_play *p, char *buf, size_t cap);
void gin_play_sheet_text(const gin_play *p, char *buf, size_t cap);
void gin_play_gameover_text(const gin_play *p, char *title, size_t tcap, char *buf, size_t cap);
void gin_play_review_text(const gin_play *p, int hand_no, char *buf, size_t cap);
const char *gin_play_help_text(const gin_play *p, char *buf, size_t cap);
/* showdown.c-side model for the UI's showdown screen. */
struct gin_showdown_screen;
void gin_play_showdown_screen(const gin_play *p, struct gin_showdown_screen *s);
/* The showdown as it stands after the first `shown` lay-offs, for showing
 * them one at a time (layoffs.c); shown >= gin_play_layoff_count(p) is
 * the whole showdown. */
void gin_play_showdown_step(const gin_play *p, struct gin_showdown_screen *s, int shown);
/* How many lay-offs the last showdown had (0 after a void hand). */
int gin_play_layoff_count(const gin_play *p);

/* menu.c: the in-game menu. Returns 0, or -1 to leave the decision: a
 * quit signal, or the player resigned (p->resign_req, with p->quit_req:
 * the session ends the game as resigned and starts the next). */
int gin_play_menu(gin_play *p);
/* Apply the display settings to the UI. */
void gin_play_apply_display(const gin_play *p);

/* ---- Statistics, history, replay. */

/* How a game ended, for the statistics and the history (kept_games.c). */
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
 * seed, bot, seats and identity) from rec. */
void gin_play_take_saved(gin_play *p, const gin_save_info *info, const gin_record *rec);
/* 'n' at the resume prompt: the saved game (rec and info as
 * gin_play_read_save gave them) ends abandoned, a lost game when it
 * counts, and is kept in the history; its save goes once that is done
 * (never while neither could record it). Returns 1 when it was counted, 0
 * when it does not count (why in msg), -1 when it should have been but
 * could not be yet (why in msg). */
int gin_play_abandon_saved(gin_play *p, const gin_record *rec, const gin_save_info *info, char *msg, size_t cap);
/* 1 when the table can play bot `name` (gin_save_read's judge). */
int gin_play_level_known(const char *name);
/* The session ends: what kept_games.c holds goes (an end still owed is
 * finished by the next start, from its journal). */
void gin_play_kept_close(gin_play *p);

/* stats_screen.c: the statistics screen (the menu's Statistics...).
 * Returns 0, or -1 on a quit signal. */
int gin_play_stats_screen(gin_play *p);
/* The text it shows, for tests: which game counts, the table, the
 * margins' bars (UTF-8 or ASCII as the terminal). */
void gin_play_stats_text(const gin_play *p, char *buf, size_t cap);

/* replay.c: step through hand `hand_no` of rec (1-based, as counted in
 * the record), every hand face up: the deal, then each move in turn; any
 * key steps on, b steps back, q (or Esc) leaves. Returns 0, or -1 on a
 * quit signal. p gives only the seats' names (p->human). */
int gin_play_replay_hand(gin_play *p, const gin_record *rec, int hand_no);
/* The page of step `step` (0 = the deal) of that replay: its title and
 * body. Returns the number of steps after the deal in the hand (>= 0), or
 * -1 when rec has no such hand. */
int gin_play_replay_text(const gin_play *p, const gin_record *rec, int hand_no, int step, char *title, size_t tcap,
                         char *body, size_t bcap);

#endif
