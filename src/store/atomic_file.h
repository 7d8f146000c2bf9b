/* gin — kept files: the state and config directories, atomic writes, how a
 * kept file is read (and when it is left alone), and quarantine of damaged
 * files. No curses; plain POSIX I/O.
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
 *   3. A file that could not be read, or is not a regular file (a FIFO, a
 *      directory, a symbolic link, a device), is LEFT: reported with the
 *      system's reason, never moved, and never written over this run —
 *      every write through the same gin_kept refuses.
 *   4. Writes (gin_kept_write, and the save and statistics writers built on
 *      it) go through the gin_kept the load filled: that is what makes 3
 *      impossible to forget. */
#ifndef GIN_ATOMIC_FILE_H
#define GIN_ATOMIC_FILE_H

#include <stddef.h>

enum { GIN_PATH_MAX = 4096 };

/* Which directory: $XDG_STATE_HOME/gin (default ~/.local/state/gin) or
 * $XDG_CONFIG_HOME/gin (default ~/.config/gin). */
enum gin_dir_kind { GIN_DIR_STATE = 0, GIN_DIR_CONFIG = 1 };

/* Where the directory of that kind is, without creating anything. A
 * relative or empty $XDG_..._HOME is ignored (the XDG rule); $HOME must
 * then be an existing directory: gin never creates $HOME itself. Returns 1
 * (it exists and is a directory), 0 (it does not exist yet: gin_dir_path
 * would create it), or -1 with the reason in why[] (no $HOME, $HOME does
 * not exist, the path is too long, or something in the way is not a
 * directory). why may be NULL. */
int gin_dir_find(int kind, char *buf, size_t cap, char *why, size_t why_cap);

/* As gin_dir_find, then create the directory (mode 0700; below $HOME, or
 * the $XDG_..._HOME path with its parents, as needed) and check that it
 * is writable. Returns 0, or -1 with a message in why[]: "cannot use
 * PATH: REASON", "... too long", "neither $XDG_STATE_HOME nor $HOME is
 * set", "$HOME (PATH) does not exist". */
int gin_dir_path(int kind, char *buf, size_t cap, char *why, size_t why_cap);

/* Join dir and name into buf. Returns 0, or -1 if it does not fit. */
int gin_path_join(char *buf, size_t cap, const char *dir, const char *name);

/* Replace `path` with `len` bytes of `data` atomically: a temporary file in
 * the same directory (mode 0600), fflush + fsync, rename over the target,
 * fsync of the directory; then temporaries of killed writers older than a
 * minute are swept. A crash leaves the old file or the new one, never half
 * a file. Returns 0, or -1 with errno set (the temporary is removed). */
int gin_file_write_atomic(const char *path, const char *data, size_t len);

/* Remove the regular files of `dir` that is_temp(name, ctx) calls a
 * writer's temporary and that are over a minute old (no live writer can
 * still own them). Best effort: errors are ignored. */
void gin_file_sweep_temps(const char *dir, int (*is_temp)(const char *name, const void *ctx), const void *ctx);

/* Read a whole file (up to max bytes) into a malloc'd buffer owned by the
 * caller, NUL-terminated after *len bytes (the text may hold NULs: use
 * *len). Opens with O_NONBLOCK|O_NOFOLLOW, so it never hangs on a FIFO
 * nor follows a symbolic link, and reads regular files only. Returns 1;
 * 0 if the file does not exist; -1 with errno set otherwise (EFBIG: over
 * max; EINVAL: not a regular file; ELOOP: a symbolic link). For tests and
 * tools; the program reads kept files with gin_kept_load. */
int gin_file_read_all(const char *path, size_t max, char **out, size_t *len);

/* ---- Kept files. */

enum gin_kept_state {
    GIN_KEPT_UNSET = 0, /* never loaded (a zeroed gin_kept): every write refuses */
    GIN_KEPT_NO_DIR,    /* the directory is unusable (why says why): nothing read or written */
    GIN_KEPT_ABSENT,    /* no such file: a write creates it */
    GIN_KEPT_LOADED,    /* read and parsed (or written by us since): a write replaces it */
    GIN_KEPT_DAMAGED,   /* read and did not parse; still in place. Writes refuse until
                           gin_kept_quarantine has moved it aside */
    GIN_KEPT_MOVED,     /* was damaged, now moved aside to `moved`: a write creates a new one */
    GIN_KEPT_LEFT       /* cannot be read, or not a regular file: left alone, never written
                           this run */
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

/* Where and why a kept file's text did not parse. */
typedef struct gin_text_fault {
    int line;       /* 1-based line at fault; 0 when it is the file as a whole */
    char what[160]; /* e.g. "unknown level 'zzz'", "a NUL byte" */
} gin_text_fault;

/* Fill *fault (may be NULL) with the line and the printf-style reason;
 * returns status, so a parser can write `return gin_text_fault_at(...)`. */
int gin_text_fault_at(gin_text_fault *fault, int line, int status, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A kept game record must replay: play rec into *g (the caller's, for
 * what it wants to check next, such as the game being over). Returns
 * GIN_OK, or the replay's code with *fault naming the record's line after
 * `header_lines` lines of the file's own header. */
struct gin_record;
struct gin_game;
int gin_kept_replays(const struct gin_record *rec, int header_lines, struct gin_game *g, gin_text_fault *fault);

/* A kept file's parser: judge len bytes of text (NUL-terminated at len for
 * convenience, but parsers must not rely on it). Returns 0 for a good
 * text, GIN_KEPT_NEWER for the text of a later version of its format
 * (with *fault saying which: "format 3"), anything else for a damaged one
 * with *fault filled. */
typedef int (*gin_kept_parse_fn)(void *ctx, const char *text, size_t len, gin_text_fault *fault);

/* A parser's answer for a file a newer gin wrote: not damage, so it is
 * never quarantined (an older gin must not move a newer gin's file), but
 * not ours to write either: the file is LEFT, with why[] saying so. */
enum { GIN_KEPT_NEWER = -1000 }; /* outside the gin status codes and line numbers */

/* Load the kept file `name` of the directory of that kind into *k: find
 * the directory (gin_dir_find: nothing is created), refuse anything but a
 * regular file (lstat, then open O_RDONLY|O_NONBLOCK|O_NOFOLLOW|O_CLOEXEC
 * and fstat: a FIFO never hangs the program), read at most max bytes (a
 * larger file is damaged) and hand the text to parse. `what` names the file
 * in messages ("the statistics file"). Returns the new k->state, with k->why
 * set for NO_DIR, DAMAGED and LEFT; nothing on disk changes. */
int gin_kept_load(gin_kept *k, int kind, const char *name, const char *what, size_t max, gin_kept_parse_fn parse,
                  void *ctx);

/* 1 when a write through k may go ahead (ABSENT, LOADED, MOVED), else 0. */
int gin_kept_writable(const gin_kept *k);

/* Move k's DAMAGED file aside, to PATH.bad, or PATH.bad.2, PATH.bad.3 ...
 * the first name not taken: never over an earlier quarantined file
 * (renameat2 RENAME_NOREPLACE on Linux, else link + unlink; both refuse
 * an existing name, so two programs quarantining at once cannot collide).
 * The caller is whoever can tell the player (the table, once its screen is
 * up); k->why then says where it went. Returns 0 (state MOVED), or -1:
 * not DAMAGED (nothing done), or it could not be moved (state LEFT, why
 * says so), or the file there is no longer the one that was read (state
 * UNSET: load again). */
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

/* Delete k's file (a finished game's save). Only a LOADED file, i.e. one
 * this run read or wrote itself; anything else is refused and stays.
 * Returns 0 (state ABSENT), or -1 with errno set (EPERM when refused). */
int gin_kept_remove(gin_kept *k);

/* ---- Reading the kept files' text (for their parsers). */

/* Check that text[0..len) holds only bytes a kept text file allows:
 * printable ASCII, tab, CR, LF and, when utf8 is non-zero, well-formed
 * UTF-8 sequences of non-ASCII characters. No NUL, no other control byte.
 * Returns 0, or the 1-based line of the first byte that is not allowed,
 * with *fault (may be NULL) naming it ("a NUL byte", "byte 0x80"). */
int gin_kept_check_text(const char *text, size_t len, int utf8, gin_text_fault *fault);

/* The next line of the text [*p, end) without its newline (nor a CR
 * before it), copied into buf with a NUL; *p steps past it. Returns 1; 0
 * at the end of the text; -1 if the line does not fit in cap bytes (*p
 * still steps past it; buf then holds its start). */
int gin_kept_line(const char **p, const char *end, char *buf, size_t cap);

/* A decimal whole number, exactly: an optional '-' and digits, nothing
 * else (no blanks, no '+', no hex), within [lo, hi] (the core's one
 * reader, gin_number_parse). Returns 0 and *out, or -1 (*out unchanged). */
int gin_kept_number(const char *s, long long lo, long long hi, long long *out);

/* Quote user text for a message: at most max bytes of it, printable ASCII
 * as is, anything else as \xNN, in single quotes, "..." when cut. Writes
 * buf (always NUL-terminated when cap > 0); returns buf. */
const char *gin_kept_quote(const char *s, size_t len, size_t max, char *buf, size_t cap);

#endif
