/* gin — the player's chosen settings, kept in $XDG_CONFIG_HOME/gin/settings
 * as "key = value" lines. Parsing and formatting are pure; see settings.c.
 *
 * The file is for people to edit too, so it is judged gently, a line at a
 * time: a line that is not "key = value", an unknown key, or a value the
 * program does not accept is reported with the file and line and ignored
 * (the value before it stands: the default, or an earlier line's), and
 * the rest of the file still applies. Only bytes that make it something
 * other than text make it damaged (quarantined, defaults used): the file
 * is UTF-8 text, so a NUL, a control byte other than tab and CR, or bytes
 * that are not UTF-8 (binary) are damage; UTF-8 in comments is fine. */
#ifndef GIN_SETTINGS_H
#define GIN_SETTINGS_H

#include <stddef.h>
#include "kept.h"
#include "gin/rules.h"

/* A line of the file this gin does not know or cannot read (a newer
 * gin's key, a value it does not take, a line that is not "key = value"):
 * kept as it was, so that writing the file back never drops it. */
enum { GIN_SETTINGS_KEPT = 32, GIN_SETTINGS_LINE = 256, GIN_SETTINGS_LEVEL = 16 };
typedef struct gin_settings_line {
    int key;                      /* -1: not a key this gin knows; else which (its own line
                                     is written back before it) */
    char stood[24];               /* key >= 0: the value that stood after it, as written */
    char text[GIN_SETTINGS_LINE]; /* the line as it was, without its newline */
} gin_settings_line;

typedef struct gin_settings {
    char level[GIN_SETTINGS_LEVEL]; /* the bot: a level or a personality, as the judge given to the parse took it */
    char rules[16];                 /* preset name, as the core spells it */
    int target;                     /* 0 = the preset's; else as the core's target knob accepts (1-10000) */
    int hollywood;                  /* -1 = the preset's, 0 off, 1 on */
    int four_color;                 /* 1 = four-colour deck */
    int no_color;                   /* 1 = no colours */
    int open;                       /* 1 = practice: open hands, undo, review */
    int sort;                       /* 0 melds, 1 rank, 2 suit */
    int speed;                      /* how the bot's moves are shown: enum gin_speed */
    int players;                    /* 2, or 3-4: you against two or three bots */
    int mouse;                      /* 1 = the mouse works at the table (the default), 0 = keys only */
    int coach;                      /* the coach after your moves: enum gin_coach_mode */
    int coach_threshold;            /* GIN_COACH_OVER: a move giving up at least this much (percentage points of
                                       the chance to win, or points), 1-50; default 5 */
    int nudge;                      /* 1 = practice: right after a mistake, the coach says so, with u to undo */
    int n_kept;                     /* lines kept as they were (gin_settings_parse), written back */
    gin_settings_line kept[GIN_SETTINGS_KEPT];
} gin_settings;

/* The bot's speed: how long the table pauses on each of the bot's moves
 * (the table decides the lengths). INSTANT is no pause at all, what the
 * boolean `fast` of older files meant. */
enum gin_speed { GIN_SPEED_SLOW = 0, GIN_SPEED_NORMAL = 1, GIN_SPEED_FAST = 2, GIN_SPEED_INSTANT = 3, GIN_SPEEDS = 4 };

/* When the coach speaks without being asked (H always works): never (the
 * default), after every move of yours, or after a move that gave up at
 * least coach_threshold. */
enum gin_coach_mode { GIN_COACH_ON_REQUEST = 0, GIN_COACH_EVERY = 1, GIN_COACH_OVER = 2, GIN_COACH_MODES = 3 };

/* "slow", "normal", "fast", "instant"; "?" out of range. Static storage. */
const char *gin_settings_speed_name(int speed);
/* The speed of a name as above (exactly), or -1. */
int gin_settings_speed_index(const char *name);

/* The defaults: normal bot, standard rules, two players, colours, melds
 * sort, normal speed, the mouse on, the coach on request (threshold 5), no
 * nudge. */
void gin_settings_default(gin_settings *s);

/* Parse len bytes of settings text over *s (what the text does not set
 * keeps its value). Keys: level (easy normal hard expert), rules (a preset
 * name, gin_rules_preset), target (0 = the preset's, or 1-10000 through the
 * core's gin_rules_set), hollywood (-1 the preset's, 0, 1), players (2-4),
 * four-color, no-color, open, mouse, nudge (0 or 1), coach (0 on request,
 * 1 after every move, 2 over the threshold), coach-threshold (1-50), sort (0-2), speed (slow,
 * normal, fast, instant), and fast (0 or 1: what older gins wrote for
 * the speed; 1 is instant, 0 normal; a speed line wins over it wherever
 * it is, and gin writes both so an older gin keeps its pauses). Blank lines and
 * lines starting with '#' are comments; blanks around key and value and a
 * CR at the end of a line are ignored. Each line that is wrong is
 * reported in notes[] (may be NULL), one message a line:
 *   NAME:3: unknown rules 'nope'; the default (standard) stands
 * (NAME is `name`, the file's path; when notes[] is full, a last line says
 * how many more there were). Unknown keys are reported too (a typo would
 * otherwise do nothing in silence) and ignored, so a newer program's file
 * still loads. Last, the rules, target, hollywood and players together
 * must make a rule set (gin_settings_rules); if not, they go back to the
 * defaults, reported. So loaded settings always give a rule set.
 * Lines it does not know or cannot read (up to GIN_SETTINGS_KEPT of at
 * most GIN_SETTINGS_LINE - 1 bytes) are kept in s->kept as they were.
 * Returns 0; or, when the text holds a byte that is not allowed, the
 * 1-based line of it with *fault (may be NULL) saying what, and *s
 * unchanged. A level is taken when level_known (the caller's catalogue;
 * NULL: any plain name) knows it; else the line is reported and kept as a
 * newer gin's. */
int gin_settings_parse(gin_settings *s, const char *text, size_t len, const char *name, gin_kept_level_fn level_known,
                       char *notes, size_t notes_cap, gin_text_fault *fault);

/* Format into buf: a line per setting, then the lines kept as they were
 * (s->kept): a kept line of a key goes right after that key's line while
 * the value that stood after it still stands (so a newer gin, reading the
 * last line of a key, finds its own value again; this gin takes the line
 * before), and goes once the setting is changed; the lines of keys this
 * gin does not know go last. Returns the length, or -1 if it does not
 * fit. */
int gin_settings_format(const gin_settings *s, char *buf, size_t cap);

/* The rule set the settings ask for: the preset, then target and
 * hollywood over it, then for 3-4 players a ring (no Hollywood: it is for
 * two). Returns GIN_OK, or GIN_ENAME / GIN_ERULES with a static message in
 * *why (may be NULL); never fails for settings gin_settings_parse loaded. */
int gin_settings_rules(const gin_settings *s, gin_rules *out, const char **why);

/* Load $XDG_CONFIG_HOME/gin/settings into *s (the defaults first, then
 * the file's lines as gin_settings_parse takes them; the defaults alone
 * unless k->state is LOADED) and *k (atomic_file.h). Moves and writes
 * nothing; a DAMAGED file is for the caller to quarantine once it can
 * tell the player. notes[] (may be NULL) gets the lines that were ignored,
 * each naming the file and line. Who: the table at start. Returns
 * k->state. */
int gin_settings_load(gin_kept *k, gin_settings *s, gin_kept_level_fn level_known, char *notes, size_t notes_cap);

/* Save atomically through k (the gin_kept gin_settings_load filled), which
 * refuses a file that was left alone or is damaged and not moved aside.
 * Settings need no lock (a preference: the last change wins). What this
 * gin does not know or cannot read in the file is written back as it was
 * (gin_settings_format). Who: the
 * table, when the player changes a remembered option (command line or
 * menu). Returns 0, or -1 with a message in why. */
int gin_settings_save(gin_kept *k, const gin_settings *s, char *why, size_t why_cap);

#endif
