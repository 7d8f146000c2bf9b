/* gin — the file primitives of the kept files: atomic replace, removal
 * that lasts, reading a regular file without ever hanging or following a
 * link, and moving a file aside without replacing another. The rules of a
 * kept file (when it is read, left alone, written) are kept.h's, built
 * on these. No curses; plain POSIX I/O. */
#ifndef GIN_ATOMIC_FILE_H
#define GIN_ATOMIC_FILE_H

#include <stddef.h>
#include <sys/stat.h>
#include "dirs.h"

/* Replace `path` with `len` bytes of `data` atomically: a temporary file in
 * the same directory (mode 0600), fflush + fsync, rename over the target,
 * fsync of the directory; then temporaries of killed writers older than a
 * minute are swept. A crash leaves the old file or the new one, never half
 * a file. Returns 0, or -1 with errno set (the temporary is removed). */
int gin_file_write_atomic(const char *path, const char *data, size_t len);

/* Remove `path` and fsync its directory, so the removal outlives a power
 * cut as the writes do. Returns 0 (also when there was no such file), or
 * -1 with errno. */
int gin_file_remove(const char *path);

/* Give `from` the name `to` only if `to` does not exist, then fsync the
 * directory. Returns 0, or -1 with errno (EEXIST: taken). renameat2
 * (RENAME_NOREPLACE) is one atomic step; link + unlink (for kernels or
 * file systems without it) also refuses a taken name. */
int gin_file_move_noreplace(const char *from, const char *to);

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

/* Open path for reading, regular files only: lstat first (a device is
 * never even opened), then O_RDONLY|O_NONBLOCK|O_NOFOLLOW|O_CLOEXEC (a
 * FIFO swapped in cannot hang the open), then fstat has the last word.
 * Returns the fd; -1 with errno EINVAL and *st holding the file's lstat
 * when it exists but is not a regular file; -1 with errno otherwise
 * (ENOENT: no such file). */
int gin_file_open_regular(const char *path, struct stat *st);

/* Read the open file fd (at most max bytes) into a malloc'd buffer,
 * NUL-terminated after *len bytes. Returns 0, or -1 with errno (EFBIG:
 * over max). */
int gin_file_read_fd(int fd, size_t max, char **out, size_t *len);

/* What a file of mode m that is not a regular file is, for messages:
 * "a directory", "a named pipe (FIFO)", "a symbolic link", "a device",
 * "a socket". Static storage. */
const char *gin_file_type(mode_t m);

/* ---- For tests: faults injected where they happen. */

/* Called before each step that changes a kept file on disk, with the step
 * ("create", "write", "rename", "unlink", "sync": the fsync of a
 * directory) and the file (or directory) it changes:
 * 0 lets it go ahead; an errno value makes it fail with that error (ENOSPC:
 * a full disk) as the system call would. A test that stops the process at
 * step N (raise(SIGKILL)) sees what every kill in the window leaves. NULL,
 * as in the program: no faults. */
typedef int (*gin_file_fault_fn)(const char *step, const char *path);
extern gin_file_fault_fn gin_file_fault;

#endif
