/* An external program as an agent: the referee side of the bot protocol.
 * Pipes are non-blocking and every wait goes through poll with a deadline,
 * so no bot can hang the table; the process lives in its own group so the
 * whole of it (a shell and what it started) is stopped together, and what
 * leaves the group is caught by the reaper (reaper.h). */
#define _GNU_SOURCE /* pipe2, waitid */
#include "exec_agent.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "gin/error.h"
#include "gin/rng.h"
#include "gin/protocol.h"
#include "gin/quote.h"
#include "reaper.h"

extern char **environ;

enum {
    HANDSHAKE_MIN_MS = 5000, /* an interpreter may take a while to start */
    QUIT_WAIT_MS = 500,      /* after "quit", before SIGTERM */
    TERM_WAIT_MS = 500,      /* after SIGTERM, before SIGKILL */
    KILL_WAIT_MS = 1000,     /* for the group to be gone after SIGKILL */
    ALIVE_CHECK_MS = 100,    /* while waiting on a pipe, how often to ask if the bot has died */
    MAX_MSGS = 64,
    OUT_MAX = MAX_MSGS * 160 + GIN_PROTO_LINE_MAX
};

/* Why reading or writing a line failed. IO_UNREAD: a write found the read
 * end of the bot's input closed (the bot closed its input, or died). */
enum { IO_OK = 0, IO_TIMEOUT = 1, IO_EOF = 2, IO_LONG = 3, IO_ERROR = 4, IO_UNREAD = 5, IO_INTR = 6 };

typedef struct xbot {
    char *command;
    char *log_path;
    char name[64];   /* the bot's own name, from "ok NAME" */
    char label[160]; /* "bot 'NAME' (exec:COMMAND)" for messages */
    int move_ms;
    uint64_t seed;
    long games;
    pid_t pid;  /* its main process (and process group); 0 when not running */
    int exited; /* the main process has exited and been reaped: */
    int status; /* its wait status */
    int to_bot, from_bot;
    char rbuf[GIN_PROTO_LINE_MAX];
    size_t rn;
    int failed; /* status of the fault, GIN_OK if none */
    char fault[640];
    gin_proto_referee ref; /* a ring's showdown between its events */
    char out[OUT_MAX];
    /* While an answer is awaited, idle(idle_ctx) may give the wait up
     * (gin_exec_agent_on_wait); pending is the phase + 1 of the request
     * sent and not yet answered, 0 if none: the next ask waits on for it. */
    int (*idle)(void *ctx);
    void *idle_ctx;
    int awaiting, pending;
} xbot;

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int left_ms(long long deadline)
{
    long long d = deadline - now_ms();
    return d < 0 ? 0 : d > 1000000 ? 1000000 : (int)d;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* Wait up to ms for the bot's main process to exit, and reap it (x->exited,
 * x->status). 1 if it has exited. */
static int reap(xbot *x, int ms)
{
    long long deadline = now_ms() + ms;
    while (!x->exited) {
        pid_t r = waitpid(x->pid, &x->status, WNOHANG);
        if (r == x->pid || (r < 0 && errno == ECHILD)) {
            if (r < 0)
                x->status = -1;
            x->exited = 1;
            break;
        }
        if (now_ms() >= deadline)
            return 0;
        sleep_ms(2);
    }
    return 1;
}

/* Has the main process exited? Leaves it to be reaped (WNOWAIT). */
static int has_exited(const xbot *x)
{
    if (x->exited)
        return 1;
    siginfo_t info;
    memset(&info, 0, sizeof info);
    return waitid(P_PID, (id_t)x->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == x->pid;
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* Wait up to ms for the main process to be reaped and its process group to
 * be empty (what the group's dead leave to us as a subreaper is reaped on
 * the way). 1 when both. */
static int group_gone(xbot *x, int ms)
{
    long long deadline = now_ms() + ms;
    for (;;) {
        int main_done = reap(x, 0);
        reaper_sweep();
        if (main_done && kill(-x->pid, 0) < 0 && errno == ESRCH)
            return 1;
        if (now_ms() >= deadline)
            return 0;
        sleep_ms(2);
    }
}

/* Stop the bot: "quit" and a short wait if polite; then, unless the main
 * process has exited and left nothing in its group, SIGTERM to the whole
 * group, and SIGKILL after a grace. The main process is always reaped, and
 * the reaper told (it ends strays once no bot is left). Returns the main
 * process's wait status, or -1 if it was not running. */
static int stop(xbot *x, int polite)
{
    if (x->pid <= 0)
        return -1;
    if (polite && x->to_bot >= 0 && !x->exited) {
        ssize_t w = write(x->to_bot, "quit\n", 5);
        (void)w;
    }
    close_fd(&x->to_bot); /* end of input: a well-behaved bot exits */
    if (polite)
        reap(x, QUIT_WAIT_MS);
    if (!group_gone(x, 0)) {
        kill(-x->pid, SIGTERM);
        if (!group_gone(x, TERM_WAIT_MS)) {
            kill(-x->pid, SIGKILL);
            while (!x->exited && reap(x, KILL_WAIT_MS) == 0)
                ;
            (void)group_gone(x, KILL_WAIT_MS); /* one stuck in the kernel cannot be helped */
        }
    }
    close_fd(&x->from_bot);
    reaper_forget(x->pid);
    int status = x->status;
    x->pid = 0;
    x->exited = 0;
    x->rn = 0;
    x->pending = 0;
    return status;
}

/* How the process ended, for messages ("exited with status 3"). */
static void describe_exit(int status, char *buf, size_t cap)
{
    if (status < 0)
        snprintf(buf, cap, "is not running");
    else if (WIFEXITED(status))
        snprintf(buf, cap, "exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(buf, cap, "was killed by signal %d", WTERMSIG(status));
    else
        snprintf(buf, cap, "stopped");
}

/* Record a fault (the first one stands) and stop the bot. `tell`: send it
 * "error WHY" first, as it is still listening. */
static int fail(xbot *x, int status, int tell, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int fail(xbot *x, int status, int tell, const char *fmt, ...)
{
    if (x->failed == GIN_OK) {
        char what[480];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(what, sizeof what, fmt, ap);
        va_end(ap);
        snprintf(x->fault, sizeof x->fault, "%s %s", x->label, what);
        x->failed = status;
        if (tell && x->to_bot >= 0) {
            gin_proto_msg m;
            memset(&m, 0, sizeof m);
            m.kind = GIN_PROTO_ERROR;
            size_t k = strlen(what) < sizeof m.text - 1 ? strlen(what) : sizeof m.text - 1;
            memcpy(m.text, what, k); /* cut to fit */
            m.text[k] = 0;
            char line[GIN_PROTO_LINE_MAX];
            int n = gin_proto_format(&m, line, sizeof line);
            if (n > 0) {
                ssize_t w = write(x->to_bot, line, (size_t)n);
                (void)w;
            }
        }
    }
    stop(x, tell);
    return status;
}

/* Wait for events on one of the bot's pipes until the deadline. Returns
 * IO_OK with what happened in *revents (0: nothing yet, or a signal),
 * IO_TIMEOUT, IO_ERROR, IO_EOF when the bot's main process has exited
 * (the bot is over even if something it started still holds the pipe), or
 * IO_INTR when the idle hook gave an awaited answer up. */
static int wait_fd(const xbot *x, int fd, short events, long long deadline, short *revents)
{
    struct pollfd p = {fd, events, 0};
    int ms = left_ms(deadline);
    if (ms == 0)
        return IO_TIMEOUT;
    int r = poll(&p, 1, ms < ALIVE_CHECK_MS ? ms : ALIVE_CHECK_MS);
    if (r < 0 && errno != EINTR)
        return IO_ERROR;
    if (r == 0 && has_exited(x))
        return IO_EOF;
    if (r <= 0 && x->awaiting && x->idle && x->idle(x->idle_ctx))
        return IO_INTR;
    *revents = r > 0 ? p.revents : 0;
    return IO_OK;
}

/* Write all of buf before the deadline. IO_OK, IO_TIMEOUT, IO_UNREAD (the
 * bot closed its input or died), IO_EOF (its main process exited) or
 * IO_ERROR. */
static int send_all(xbot *x, const char *buf, size_t len, long long deadline)
{
    while (len > 0) {
        ssize_t w = write(x->to_bot, buf, len);
        if (w > 0) {
            buf += w;
            len -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno == EPIPE)
            return IO_UNREAD;
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            return IO_ERROR;
        short ev;
        int r = wait_fd(x, x->to_bot, POLLOUT, deadline, &ev);
        if (r != IO_OK)
            return r;
        if ((ev & (POLLERR | POLLHUP)) && !(ev & POLLOUT))
            return IO_UNREAD;
    }
    return IO_OK;
}

/* Read one line (without its '\n') before the deadline, its length in
 * *len: the line may hold NUL bytes (then it is garbage, never cut short
 * at the first). */
static int read_line(xbot *x, char *line, size_t cap, size_t *len, long long deadline)
{
    for (;;) {
        char *nl = memchr(x->rbuf, '\n', x->rn);
        if (nl) {
            size_t n = (size_t)(nl - x->rbuf);
            size_t keep = n < cap - 1 ? n : cap - 1;
            memcpy(line, x->rbuf, keep);
            line[keep] = '\0';
            *len = keep;
            x->rn -= n + 1;
            memmove(x->rbuf, nl + 1, x->rn);
            return IO_OK;
        }
        if (x->rn == sizeof x->rbuf)
            return IO_LONG;
        short ev;
        int r = wait_fd(x, x->from_bot, POLLIN, deadline, &ev);
        if (r != IO_OK)
            return r;
        if (!ev)
            continue;
        ssize_t got = read(x->from_bot, x->rbuf + x->rn, sizeof x->rbuf - x->rn);
        if (got == 0)
            return IO_EOF;
        if (got < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)
            return IO_ERROR;
        if (got > 0)
            x->rn += (size_t)got;
    }
}

/* A bot's line for a message: every byte that is not printable ASCII as
 * \xNN (a NUL too), a CR at its end dropped (docs/protocol.md). */
static const char *quote_line(const char *line, size_t len, char *buf, size_t cap)
{
    if (len && line[len - 1] == '\r')
        len--;
    return gin_quote(line, len, buf, cap);
}

/* A fault of the I/O itself (timeout, death, overlong line), worded for
 * the moment it happened (`when`: "when asked 'draw'"). */
static int io_fault(xbot *x, int r, const char *when)
{
    if (r == IO_TIMEOUT)
        return fail(x, GIN_ESTATE, 0, "gave no answer within %d ms %s", x->move_ms, when);
    if (r == IO_LONG)
        return fail(x, GIN_EFORMAT, 1, "sent a line longer than %d bytes %s", GIN_PROTO_LINE_MAX - 1, when);
    /* Gone: reap it to say how (stop then ends what it left). A bot still
     * running a moment after its output ended closed it; one still running
     * when a write to it failed closed its input (it said "its output"). */
    int closed = (r == IO_EOF || r == IO_UNREAD) && !reap(x, 200);
    close_fd(&x->to_bot);
    char how[64];
    if (closed)
        snprintf(how, sizeof how, "closed its %s", r == IO_UNREAD ? "input" : "output");
    else if (!reap(x, 200) || x->status == -1)
        snprintf(how, sizeof how, "closed its %s", r == IO_ERROR ? "pipes (I/O error)" : "pipes");
    else
        describe_exit(x->status, how, sizeof how);
    return fail(x, GIN_ESTATE, 0, "%s %s", how, when);
}

/* Open the bot's log for appending, refusing a symbolic link (the log is
 * in a directory others may write to, and a link would make us append a
 * bot's output to any file of the user's) and not hanging on a FIFO with no
 * reader. A log past GIN_BOT_LOG_MAX bytes starts over when a bot starts,
 * so a chatty bot cannot fill the disk over many runs. Returns the
 * descriptor, or -1 with err set. */
static int open_log(const xbot *x, char *err, size_t errcap)
{
    const char *path = x->log_path ? x->log_path : "/dev/null";
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0600);
    struct stat st;
    if (fd < 0 && errno == ELOOP)
        snprintf(err, errcap, "exec:%.200s: the bot log %s is a symbolic link; refusing to write through it",
                 x->command, path);
    else if (fd < 0 && errno == ENXIO && lstat(path, &st) == 0 && S_ISFIFO(st.st_mode)) /* O_NONBLOCK's answer */
        snprintf(err, errcap, "exec:%.200s: cannot open the bot log %s: it is a FIFO that nobody reads", x->command,
                 path);
    else if (fd < 0)
        snprintf(err, errcap, "exec:%.200s: cannot open the bot log %s: %s", x->command, path, strerror(errno));
    else
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK); /* the bot writes as to any stderr */
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > GIN_BOT_LOG_MAX &&
        ftruncate(fd, 0) == 0) {
        static const char note[] = "gin: the bot log passed its limit and started over\n";
        ssize_t w = write(fd, note, sizeof note - 1);
        (void)w; /* a note only: the bot's own output matters more */
    }
    return fd;
}

/* Whether the command is one simple command ("./bot --fast",
 * "python3 'my bot.py' 2>/dev/null"), which the shell may run with exec:
 * no list, pipeline, subshell, group or command substitution outside
 * quotes (; & | ( ) { } ` $( or a newline), not a reserved word or a
 * builtin of the shell's own first, no assignment first. Then the bot
 * itself is the main process, and its own exit, or its closing its
 * output, is seen at once (a shell waiting for it would keep the pipe
 * open). Anything else runs as written: the shell is the bot. */
static int simple_command(const char *cmd)
{
    /* The shell's words and its own builtins: exec cannot run those. */
    static const char *const reserved[] = {
        "if",     "then",     "else",    "elif", "fi",   "do",       "done",   "case",     "esac",   "while",
        "until",  "for",      "in",      "!",    "[[",   "function", "select", "time",     "exit",   "return",
        "break",  "continue", ".",       ":",    "eval", "exec",     "export", "readonly", "set",    "shift",
        "times",  "trap",     "unset",   "cd",   "read", "wait",     "ulimit", "umask",    "alias",  "unalias",
        "source", "local",    "command", "type", "hash", "jobs",     "fg",     "bg",       "getopts"};
    size_t first = strcspn(cmd + strspn(cmd, " \t"), " \t");
    const char *w = cmd + strspn(cmd, " \t");
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (strlen(reserved[i]) == first && !strncmp(w, reserved[i], first))
            return 0;
    for (size_t i = 0; i < first; i++) {
        if (w[i] == '=')
            return 0; /* NAME=value first: the shell's to keep */
        if (w[i] == '\'' || w[i] == '"' || w[i] == '\\')
            break;
    }
    char quote = 0;
    for (const char *p = cmd; *p; p++) {
        if (quote) {
            if (*p == quote)
                quote = 0;
            else if (quote == '"' && *p == '\\' && p[1])
                p++;
            continue;
        }
        if (*p == '\\' && p[1])
            p++;
        else if (*p == '\'' || *p == '"')
            quote = *p;
        else if (strchr(";&|(){}\n`", *p) || (*p == '$' && p[1] == '('))
            return 0;
    }
    return first > 0 && !quote;
}

static int spawn(xbot *x, char *err, size_t errcap)
{
    int to[2] = {-1, -1}, from[2] = {-1, -1};
    int log = open_log(x, err, errcap);
    if (log < 0)
        return GIN_ESTATE;
    if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0) {
        snprintf(err, errcap, "exec:%s: cannot make pipes: %s", x->command, strerror(errno));
        close_fd(&to[0]), close_fd(&to[1]), close_fd(&from[0]), close_fd(&from[1]), close_fd(&log);
        return GIN_EINVAL;
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&at);
    posix_spawn_file_actions_adddup2(&fa, to[0], 0);
    posix_spawn_file_actions_adddup2(&fa, from[1], 1);
    posix_spawn_file_actions_adddup2(&fa, log, 2);
    sigset_t none, pipe_default;
    sigemptyset(&none);
    sigemptyset(&pipe_default);
    sigaddset(&pipe_default, SIGPIPE);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &pipe_default);
    /* A session of its own (its own process group too): nothing the bot
     * starts can join gin's process group (setpgid stays within a session)
     * or the terminal's foreground group, and the bot has no terminal. */
#ifdef POSIX_SPAWN_SETSID
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
#else
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
#endif
    char sh[] = "sh", dash_c[] = "-c";
    size_t n = strlen(x->command) + 6;
    char *run = malloc(n);
    if (!run) {
        snprintf(err, errcap, "exec:%s: out of memory", x->command);
        posix_spawn_file_actions_destroy(&fa), posix_spawnattr_destroy(&at);
        close_fd(&to[0]), close_fd(&to[1]), close_fd(&from[0]), close_fd(&from[1]), close_fd(&log);
        return GIN_EINVAL;
    }
    snprintf(run, n, "%s%s", simple_command(x->command) ? "exec " : "", x->command);
    char *argv[] = {sh, dash_c, run, NULL};
    pid_t pid = 0;
    int rc = EAGAIN;
    if (reaper_begin() == 0) { /* a bot just started is never taken for a stray */
        rc = posix_spawn(&pid, "/bin/sh", &fa, &at, argv, environ);
        reaper_end(rc == 0 ? pid : 0);
    }
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    free(run);
    close(to[0]);
    close(from[1]);
    close(log);
    if (rc != 0) {
        snprintf(err, errcap, "exec:%s: cannot start: %s", x->command, strerror(rc));
        close(to[1]);
        close(from[0]);
        return GIN_ESTATE;
    }
    x->pid = pid;
    x->exited = 0;
    x->status = 0;
    x->to_bot = to[1];
    x->from_bot = from[0];
    x->rn = 0;
    fcntl(x->to_bot, F_SETFL, fcntl(x->to_bot, F_GETFL) | O_NONBLOCK);
    fcntl(x->from_bot, F_SETFL, fcntl(x->from_bot, F_GETFL) | O_NONBLOCK);
    return GIN_OK;
}

/* Start the bot and greet it. On failure nothing is left running and err
 * says why. */
static int start(xbot *x, char *err, size_t errcap)
{
    x->failed = GIN_OK;
    x->fault[0] = '\0';
    int rc = spawn(x, err, errcap);
    if (rc != GIN_OK)
        return rc;
    long long deadline = now_ms() + (x->move_ms > HANDSHAKE_MIN_MS ? x->move_ms : HANDSHAKE_MIN_MS);
    char hello[32], line[GIN_PROTO_LINE_MAX];
    gin_proto_msg m;
    memset(&m, 0, sizeof m);
    m.kind = GIN_PROTO_HELLO;
    m.n = GIN_PROTO_VERSION;
    int n = gin_proto_format(&m, hello, sizeof hello);
    int r = n > 0 ? send_all(x, hello, (size_t)n, deadline) : IO_ERROR;
    size_t len = 0;
    if (r == IO_OK)
        r = read_line(x, line, sizeof line, &len, deadline);
    const char *problem = NULL;
    char said[96] = "";
    if (r == IO_OK && (memchr(line, '\0', len) || gin_proto_parse_ok(line, x->name, sizeof x->name) != GIN_OK)) {
        quote_line(line, len, said, sizeof said);
        problem = "answered the handshake 'gin 1' with";
    }
    if (r == IO_OK && !problem) {
        snprintf(x->label, sizeof x->label, "bot '%.40s' (exec:%.80s)", x->name, x->command);
        return GIN_OK;
    }
    /* Still running a moment after its output ended: it closed it (stop's
     * SIGTERM would otherwise read as the cause), as io_fault says. */
    int closed = (r == IO_EOF || r == IO_UNREAD) && !reap(x, 200);
    int status = stop(x, r == IO_OK);
    char how[64] = "";
    if (r == IO_TIMEOUT)
        snprintf(how, sizeof how, "did not answer the handshake 'gin 1' in time");
    else if (r == IO_LONG)
        snprintf(how, sizeof how, "sent an overlong line to the handshake");
    else if (closed)
        snprintf(how, sizeof how, "closed its %s before the handshake", r == IO_UNREAD ? "input" : "output");
    else if (!problem) {
        describe_exit(status, how, sizeof how);
        strncat(how, " before the handshake", sizeof how - strlen(how) - 1);
    }
    if (problem)
        snprintf(err, errcap, "exec:%.200s %s '%s' (expected 'ok NAME')", x->command, problem, said);
    else {
        /* The shell's own statuses: 127 not found, 126 found but not runnable. */
        int code = r != IO_TIMEOUT && status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        snprintf(err, errcap, "exec:%.200s %s%s", x->command, how,
                 code == 127   ? " (command not found?)"
                 : code == 126 ? " (not executable?)"
                               : "");
    }
    return GIN_ESTATE;
}

static const char *request_word(int phase)
{
    return phase == GIN_PHASE_OFFER ? "offer" : phase == GIN_PHASE_DRAW ? "draw" : "discard";
}

static const char *expected(int phase)
{
    return phase == GIN_PHASE_OFFER  ? "take or pass"
           : phase == GIN_PHASE_DRAW ? "stock or pile"
                                     : "discard CARD, knock CARD, gin CARD or biggin";
}

/* Ask for the decision of v's phase and check the answer against the view. */
static int ask(xbot *x, const gin_view *v, gin_action *out)
{
    if (x->failed != GIN_OK)
        return x->failed;
    if (x->pid <= 0)
        return fail(x, GIN_ESTATE, 0, "is not running");
    int phase = v->phase;
    if (phase != GIN_PHASE_OFFER && phase != GIN_PHASE_DRAW && phase != GIN_PHASE_DISCARD)
        return GIN_ESTATE;
    char when[48], line[GIN_PROTO_LINE_MAX], said[96];
    snprintf(when, sizeof when, "when asked '%s'", request_word(phase));
    long long deadline = now_ms() + x->move_ms;
    char req[16];
    snprintf(req, sizeof req, "%s\n", request_word(phase));
    /* A request whose wait was given up is not sent again: its answer
     * is still to come. */
    int r = x->pending == phase + 1 ? IO_OK : send_all(x, req, strlen(req), deadline);
    x->pending = r == IO_OK ? phase + 1 : 0;
    size_t len = 0;
    if (r == IO_OK) {
        x->awaiting = 1;
        r = read_line(x, line, sizeof line, &len, deadline);
        x->awaiting = 0;
    }
    if (r == IO_INTR)
        return GIN_EINTR;
    x->pending = 0;
    if (r != IO_OK)
        return io_fault(x, r, when);
    int gin = 0;
    /* A NUL byte makes the line garbage: "stock\0junk" is not "stock". */
    int rc = memchr(line, '\0', len) ? GIN_EFORMAT : gin_proto_parse_answer(line, phase, out, &gin);
    quote_line(line, len, said, sizeof said);
    char why[160];
    if (rc == GIN_EFORMAT && !memchr(line, '\0', len) && gin_proto_spread_why(line, why, sizeof why) == GIN_OK)
        return fail(x, GIN_EILLEGAL, 1, "answered '%s' to '%s', an illegal move: %s", said, request_word(phase), why);
    if (rc != GIN_OK)
        return fail(x, GIN_EFORMAT, 1, "answered '%s' to '%s', which is %s (expected %s)", said, request_word(phase),
                    rc == GIN_EILLEGAL ? "the answer to another request" : "not a move", expected(phase));
    if (gin_proto_check(v, *out, gin, why, sizeof why) != GIN_OK)
        return fail(x, GIN_EILLEGAL, 1, "answered '%s' to '%s', an illegal move: %s", said, request_word(phase), why);
    return GIN_OK;
}

static int x_offer(void *self, const gin_view *v)
{
    gin_action a = gin_action_make(GIN_ACT_PASS, GIN_NO_CARD);
    int rc = ask(self, v, &a);
    return rc < 0 ? rc : a.kind == GIN_ACT_TAKE_UPCARD;
}

static int x_draw(void *self, const gin_view *v)
{
    gin_action a = gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD);
    int rc = ask(self, v, &a);
    return rc < 0 ? rc : a.kind;
}

static int x_discard(void *self, const gin_view *v, gin_action *out) { return ask(self, v, out); }

/* Append the lines of msgs to x->out; 0 on success. */
static int append(xbot *x, size_t *len, const gin_proto_msg *msgs, int n)
{
    for (int i = 0; i < n; i++) {
        int w = gin_proto_format(&msgs[i], x->out + *len, sizeof x->out - *len);
        if (w < 0)
            return -1;
        *len += (size_t)w;
    }
    return 0;
}

static void x_observe(void *self, const gin_view *v, const gin_event *ev)
{
    xbot *x = self;
    size_t len = 0;
    gin_proto_msg msgs[MAX_MSGS];
    if (gin_proto_is_game_start(v, ev)) {
        if (x->failed != GIN_OK || x->pid <= 0) {
            char err[256];
            stop(x, 0);
            if (start(x, err, sizeof err) != GIN_OK) {
                x->failed = GIN_ESTATE;
                snprintf(x->fault, sizeof x->fault, "%s", err);
                return;
            }
        }
        uint64_t seed = x->games == 0 ? x->seed : gin_rng_mix(x->seed + (uint64_t)x->games);
        x->games++;
        int n = gin_proto_game_msgs(&v->rules, v->seat, seed, msgs);
        if (n < 0 || append(x, &len, msgs, n) != 0)
            return;
    }
    if (x->failed != GIN_OK || x->pid <= 0)
        return;
    int n = gin_proto_referee_msgs(&x->ref, v, ev, msgs, MAX_MSGS);
    if (n < 0 || append(x, &len, msgs, n) != 0) {
        fail(x, GIN_EINVAL, 0, "could not be told an event (internal error)");
        return;
    }
    if (len == 0)
        return;
    int r = send_all(x, x->out, len, now_ms() + x->move_ms);
    if (r != IO_OK)
        io_fault(x, r == IO_TIMEOUT ? IO_TIMEOUT : r, "while being told the game");
}

static void x_destroy(void *self)
{
    xbot *x = self;
    if (!x)
        return;
    stop(x, 1);
    free(x->command);
    free(x->log_path);
    free(x);
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

int gin_exec_agent_create(const char *command, uint64_t seed, int move_ms, const char *log_path, gin_agent *out,
                          char *err, size_t errcap)
{
    char dummy[8];
    if (!err || !errcap) {
        err = dummy;
        errcap = sizeof dummy;
    }
    err[0] = '\0';
    /* Blanks are no command: the shell would run nothing and exit 0. */
    if (!command || !command[strspn(command, " \t\n")] || !out) {
        snprintf(err, errcap, "exec: needs a command, as in exec:'python3 mybot.py'");
        return GIN_EINVAL;
    }
    /* A bot that dies while we write to it must not take us with it. */
    struct sigaction old;
    if (sigaction(SIGPIPE, NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
        struct sigaction ign;
        memset(&ign, 0, sizeof ign);
        ign.sa_handler = SIG_IGN;
        sigemptyset(&ign.sa_mask);
        sigaction(SIGPIPE, &ign, NULL);
    }
    xbot *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(err, errcap, "exec:%s: out of memory", command);
        return GIN_EINVAL;
    }
    x->command = dup_str(command);
    x->log_path = log_path ? dup_str(log_path) : NULL;
    x->move_ms = move_ms > 0 ? move_ms : GIN_EXEC_MOVE_MS;
    x->seed = seed;
    x->to_bot = x->from_bot = -1;
    if (!x->command || (log_path && !x->log_path)) {
        snprintf(err, errcap, "exec:%s: out of memory", command);
        x_destroy(x);
        return GIN_EINVAL;
    }
    int rc = start(x, err, errcap);
    if (rc != GIN_OK) {
        x_destroy(x);
        return rc;
    }
    memset(out, 0, sizeof *out);
    out->name = x->name;
    out->self = x;
    out->offer = x_offer;
    out->draw = x_draw;
    out->discard = x_discard;
    out->observe = x_observe;
    out->destroy = x_destroy;
    return GIN_OK;
}

int gin_exec_agent_is(const gin_agent *a) { return a && a->destroy == x_destroy && a->self; }

const char *gin_exec_agent_fault(const gin_agent *a)
{
    if (!gin_exec_agent_is(a))
        return NULL;
    const xbot *x = a->self;
    return x->failed != GIN_OK && x->fault[0] ? x->fault : NULL;
}

int gin_exec_agent_reseed(const gin_agent *a, uint64_t seed)
{
    if (!gin_exec_agent_is(a))
        return GIN_EINVAL;
    xbot *x = a->self;
    x->seed = seed;
    x->games = 0;
    return GIN_OK;
}

long gin_exec_agent_pid(const gin_agent *a) { return gin_exec_agent_is(a) ? (long)((const xbot *)a->self)->pid : 0; }

int gin_exec_agent_on_wait(const gin_agent *a, int (*idle)(void *ctx), void *ctx)
{
    if (!gin_exec_agent_is(a))
        return GIN_EINVAL;
    xbot *x = a->self;
    x->idle = idle;
    x->idle_ctx = ctx;
    return GIN_OK;
}

void gin_exec_agent_end_all(void) { reaper_shutdown(); }

void gin_exec_agent_kill_all(void) { reaper_kill_all(); }
