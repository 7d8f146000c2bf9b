/* gin — kept files: the state and config directories, atomic writes,
 * and quarantine of damaged files. No curses; plain POSIX I/O. */
#ifndef GIN_ATOMIC_FILE_H
#define GIN_ATOMIC_FILE_H

#include <stddef.h>

enum { GIN_PATH_MAX = 4096 };

/* Which directory: $XDG_STATE_HOME/gin (default ~/.local/state/gin) or
 * $XDG_CONFIG_HOME/gin (default ~/.config/gin). */
enum gin_dir_kind { GIN_DIR_STATE = 0, GIN_DIR_CONFIG = 1 };

/* Write the path of the directory into buf and create it (mode 0700, parents
 * as needed). Returns 0, or -1 with a message in why[] (e.g. unwritable). */
int gin_dir_path(int kind, char *buf, size_t cap, char *why, size_t why_cap);

/* Join dir and name into buf. Returns 0, or -1 if it does not fit. */
int gin_path_join(char *buf, size_t cap, const char *dir, const char *name);

/* The path of the kept file `name` in the directory of that kind (created
 * as by gin_dir_path). Returns 0; -1 with a message in why[] if the
 * directory cannot be had, or -1 alone if the path does not fit. */
int gin_kept_path(int kind, const char *name, char *path, size_t cap, char *why, size_t why_cap);

/* Replace `path` with `len` bytes of `data` atomically: a temporary file in
 * the same directory (mode 0600), fflush + fsync, rename over the target,
 * fsync of the directory. A crash leaves the old file or the new one, never
 * half a file. Returns 0, or -1 with errno set (the temporary is removed). */
int gin_file_write_atomic(const char *path, const char *data, size_t len);

/* Save a kept file: n bytes of text, by gin_file_write_atomic (n < 0: the
 * caller could not format it). Returns 0, or -1 with "cannot save <what>
 * to <path>: <reason>" in why[]. */
int gin_file_save(const char *path, const char *text, int n, const char *what, char *why, size_t why_cap);

/* Read a whole file (up to max bytes) into a malloc'd, NUL-terminated buffer
 * owned by the caller. Returns 1 and *out, *len on success; 0 if the file
 * does not exist; -1 on another error or if it is larger than max. */
int gin_file_read_all(const char *path, size_t max, char **out, size_t *len);

/* Move a damaged file aside to `<path>.bad` (replacing an older .bad) so it
 * is kept for inspection and never silently overwritten. Writes the new
 * name into bad (if non-NULL). Returns 0 or -1. */
int gin_file_quarantine(const char *path, char *bad, size_t bad_cap);

/* Load a kept file: read `path` (at most max bytes) and hand its text to
 * parse(ctx, text), which returns 0 for a good text. Returns 0 if the file
 * does not exist, 1 if it parsed. Otherwise the file is damaged: *bad holds
 * parse's answer (or `unreadable` if the file could not be read) and the
 * file is moved aside; returns -1 with its new name in moved[], or -2 with
 * errno set if it could not be moved (it must then not be written over). */
int gin_file_load(const char *path, size_t max, int (*parse)(void *ctx, const char *text), void *ctx, int unreadable,
                  int *bad, char *moved, size_t moved_cap);

/* The kept files are line-oriented: copy the next line of *text (without its
 * newline) into buf and step *text past it. Returns 1; 0 at the end of the
 * text; -1 if the line does not fit in cap bytes (buf is then undefined). */
int gin_text_line(const char **text, char *buf, size_t cap);

#endif
