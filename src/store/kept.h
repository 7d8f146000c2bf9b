/* gin — a kept file: one of the program's own files (the saved game, the
 * statistics, the history's entries, the settings), which a person, an
 * editor, a full disk, a killed process or another program may have been
 * at. How it is read, when it is left alone, and how it is written.
 *
 * The life of a kept file in one run of the program, as the table lives it:
 *
 *   1. gin_kept_load (through gin_save_read, gin_stats_load,
 *      gin_settings_load) reads it and says what it found. Loading never
 *      moves, writes, creates or deletes anything, so a program that loads
 *      and then cannot go on (no terminal, another table open) has changed
 *      nothing.
 *   2. A file that was read and did not parse is DAMAGED and stays where
 *      it is until the caller, once it can tell the player, moves it aside
 *      with gin_kept_quarantine (said once: k->why).
 *   3. A file that could not be read, is not a regular file (a FIFO, a
 *      directory, a symbolic link, a device), or was written by a newer
 *      gin, is LEFT: reported with the reason, never moved, and never
 *      written over this run — every write through the same gin_kept
 *      refuses.
 *   4. Writes (gin_kept_write, and the save and statistics writers built on
 *      it) go through the gin_kept the load filled: that is what makes 3
 *      impossible to forget. */
#ifndef GIN_KEPT_H
#define GIN_KEPT_H

#include <stddef.h>
#include "atomic_file.h"
#include "dirs.h"
#include "kept_text.h"

enum gin_kept_state {
    GIN_KEPT_UNSET = 0, /* never loaded (a zeroed gin_kept): every write refuses */
    GIN_KEPT_NO_DIR,    /* the directory is unusable (why says why): nothing read or written */
    GIN_KEPT_ABSENT,    /* no such file: a write creates it */
    GIN_KEPT_LOADED,    /* read and parsed (or written by us since): a write replaces it */
    GIN_KEPT_DAMAGED,   /* read and did not parse; still in place. Writes refuse until
                           gin_kept_quarantine has moved it aside */
    GIN_KEPT_MOVED,     /* was damaged, now moved aside to `moved`: a write creates a new one */
    GIN_KEPT_LEFT       /* cannot be read, not a regular file, or a newer gin's: left alone,
                           never written this run */
};

typedef struct gin_kept {
    int state;                /* enum gin_kept_state */
    int kind;                 /* enum gin_dir_kind */
    char path[GIN_PATH_MAX];  /* the file ("" for GIN_KEPT_NO_DIR) */
    char moved[GIN_PATH_MAX]; /* GIN_KEPT_MOVED: where it went */
    char what[32];            /* "the saved game", for messages */
    char why[1024];           /* what to tell the player about it, once, naming the file
                                 ("the saved game PATH is damaged (line 2: unknown level
                                 'zzz'); it cannot be resumed; moved it to PATH.bad");
                                 "" when there is nothing to say (ABSENT, LOADED) */
    /* Private: the identity of the file that was read, so that quarantine
     * (or a move aside) moves that file and not one written since. */
    unsigned long long dev, ino;
} gin_kept;

/* A kept game record must replay: play rec into *g (the caller's, for
 * what it wants to check next, such as the game being over). Returns
 * GIN_OK, or the replay's code with *fault naming the record's line after
 * `header_lines` lines of the file's own header. */
struct gin_record;
struct gin_game;
int gin_kept_replays(const struct gin_record *rec, int header_lines, struct gin_game *g, gin_text_fault *fault);

/* The version of the game record in text[0..len) (its first line,
 * "gin-record N"), or 0 when that line is not there. A kept file holding
 * a later record than this gin reads is a newer gin's (GIN_KEPT_NEWER),
 * never damage. */
int gin_kept_record_version(const char *text, size_t len);

/* A kept file's parser: judge len bytes of text (NUL-terminated at len for
 * convenience, but parsers must not rely on it). Returns 0 for a good
 * text, GIN_KEPT_NEWER for the text of a later version of its format
 * (with *fault saying which: "format 3"), anything else for a damaged one
 * with *fault filled. */
/* 1 when the table can play bot `name` (a level or a style): the caller's
 * judge from its catalogue of opponents, since the store knows no bots and
 * keeps whatever name it is given (the statistics, the history). NULL
 * where a judge is asked for: any plain name (lower-case letters and
 * digits) passes. */
typedef int (*gin_kept_level_fn)(const char *name);

typedef int (*gin_kept_parse_fn)(void *ctx, const char *text, size_t len, gin_text_fault *fault);

/* A parser's answer for a file a newer gin wrote: not damage, so it is
 * never quarantined (an older gin must not move a newer gin's file), but
 * not ours to write either: the file is LEFT, with why[] saying so. */
enum { GIN_KEPT_NEWER = -1000 }; /* outside the gin status codes and line numbers */

/* Load the kept file `name` of the directory of that kind into *k: find
 * the directory (gin_dir_find: nothing is created), refuse anything but a
 * regular file (gin_file_open_regular: a FIFO never hangs the program, a
 * link is not followed), read at most max bytes (a larger file is
 * damaged) and hand the text to parse. `name` may hold one directory
 * (`history/000001`): that directory must be a real one, not a link. `what`
 * names the file in messages ("the statistics file"). Returns the new
 * k->state, with k->why set for NO_DIR, DAMAGED and LEFT; nothing on disk
 * changes. */
int gin_kept_load(gin_kept *k, int kind, const char *name, const char *what, size_t max, gin_kept_parse_fn parse,
                  void *ctx);

/* 1 when a write through k may go ahead (ABSENT, LOADED, MOVED), else 0. */
int gin_kept_writable(const gin_kept *k);

/* Move k's DAMAGED file aside, to PATH.bad, or PATH.bad.2, PATH.bad.3 ...
 * the first name not taken: never over an earlier quarantined file
 * (gin_file_move_noreplace, so two programs quarantining at once cannot
 * collide). The caller is whoever can tell the player (the table, once its
 * screen is up); k->why then says where it went. Returns 0 (state MOVED),
 * or -1: not DAMAGED (nothing done), or it could not be moved (state LEFT,
 * why says so), or the file there is no longer the one that was read
 * (state UNSET: load again). */
int gin_kept_quarantine(gin_kept *k);

/* Move k's file aside on purpose (`gin stats --reset`): to PATH.SUFFIX,
 * or PATH.SUFFIX.2 ... the first name not taken, as gin_kept_quarantine
 * does. Only a LOADED or DAMAGED file, the one that was read (device and
 * inode checked). Returns 0 (state MOVED, k->moved says where), or -1
 * with errno (EPERM: not LOADED or DAMAGED; ESTALE: not the file that was
 * read; else the system's reason). */
int gin_kept_set_aside(gin_kept *k, const char *suffix);

/* Replace k's file with len bytes of text (creating the directory, as
 * gin_dir_path, and writing as gin_file_write_atomic). Refused unless
 * gin_kept_writable(k). Returns 0 (state LOADED), or -1 with
 * "cannot save to PATH: REASON" (or why it is refused) in why[]. The
 * state directory's files are written under the table lock: the save and
 * statistics writers (save.h, stats.h) check it; this does not. */
int gin_kept_write(gin_kept *k, const char *text, size_t len, char *why, size_t why_cap);

/* Delete k's file (a finished game's save), then fsync its directory so
 * the removal lasts. Only a LOADED file, i.e. one this run read or wrote
 * itself; anything else is refused and stays. Returns 0 (state ABSENT), or
 * -1 with errno set (EPERM when refused). */
int gin_kept_remove(gin_kept *k);

#endif
