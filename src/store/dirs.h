/* gin — where the kept files live: the XDG state and config directories
 * of gin, found without creating anything, or made when a file is first
 * written. No curses; plain POSIX. */
#ifndef GIN_DIRS_H
#define GIN_DIRS_H

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

#endif
