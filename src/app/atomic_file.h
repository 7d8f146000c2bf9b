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

/* Replace `path` with `len` bytes of `data` atomically: a temporary file in
 * the same directory (mode 0600), fflush + fsync, rename over the target,
 * fsync of the directory. A crash leaves the old file or the new one, never
 * half a file. Returns 0, or -1 with errno set (the temporary is removed). */
int gin_file_write_atomic(const char *path, const char *data, size_t len);

/* Read a whole file (up to max bytes) into a malloc'd, NUL-terminated buffer
 * owned by the caller. Returns 1 and *out, *len on success; 0 if the file
 * does not exist; -1 on another error or if it is larger than max. */
int gin_file_read_all(const char *path, size_t max, char **out, size_t *len);

/* Move a damaged file aside to `<path>.bad` (replacing an older .bad) so it
 * is kept for inspection and never silently overwritten. Writes the new
 * name into bad (if non-NULL). Returns 0 or -1. */
int gin_file_quarantine(const char *path, char *bad, size_t bad_cap);

#endif
