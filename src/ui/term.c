/* Terminal setup and teardown: locale-aware start, colours and themes,
 * signal handlers that always give the terminal back. */
#define _XOPEN_SOURCE_EXTENDED 1
#include "ui_internal.h"
#include "gin_assets.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

struct gin_ui_state gin_ui_st;

static volatile sig_atomic_t quit_signal;
/* Showing a frame (gin_ui_show) or giving the terminal back: a write to
 * the terminal that may block if it stops reading. */
static volatile sig_atomic_t writing;
/* After a quit signal, the table has this long to leave in order (it
 * notices it at its read, saves, gives the terminal back) while it
 * is blocked writing to a terminal that reads nothing more: past it, the
 * alarm gives the terminal its settings back and ends the process. The
 * game is saved after every move, so nothing is lost but the move in
 * progress. */
enum { QUIT_GRACE_S = 3 };
/* How often a gin continued in the background that could not be stopped
 * looks again for the terminal. */
enum { RECLAIM_SLICE_MS = 200 };
static volatile sig_atomic_t grace_armed;
/* The terminal's settings as the table found them, for that last resort. */
static struct termios shell_tio;
static volatile sig_atomic_t have_shell_tio;
/* The screen is up (gin_ui_open to gin_ui_close): a Ctrl-Z gives it back. */
static volatile sig_atomic_t screen_up;
/* Given back at a Ctrl-Z and not yet taken again: the terminal is the
 * shell's, and nothing may touch it (a write, a mode change) until we are
 * its foreground process group again. */
static volatile sig_atomic_t suspended;
static SCREEN *test_screen, *real_screen;

/* Every signal whose default ends the process is caught while the table
 * runs. The asynchronous ones ask to quit: the input loop notices, saves
 * and gives the terminal back in order (the game is also saved after every
 * move, so nothing is lost either way). The crash signals give the
 * terminal back, then chain to whatever handled them before (a sanitizer's
 * report must not be lost) and die the same way. SIGPIPE and SIGXFSZ are
 * ignored instead: a write then fails, and the failure is reported. */
static const int quit_sigs[] = {
    SIGHUP,    SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGIO
    SIGIO,
#endif
};
static const int crash_sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};
static const int ignored_sigs[] = {SIGPIPE, SIGXFSZ};
enum {
    N_QUIT = sizeof quit_sigs / sizeof quit_sigs[0],
    N_CRASH = sizeof crash_sigs / sizeof crash_sigs[0],
    N_IGNORED = sizeof ignored_sigs / sizeof ignored_sigs[0],
    N_RT = 64 /* real-time signals: at most SIGRTMAX - SIGRTMIN + 1 */
};
static struct sigaction old_quit[N_QUIT], old_crash[N_CRASH], old_ignored[N_IGNORED], old_rt[N_RT], old_tstp;
static int handlers_in;

/* May we change the terminal: are we its foreground process group? A
 * background job that sets its modes, flushes or controls its flow is
 * stopped by SIGTTOU (and writes too under `stty tostop`), and the settings
 * are the foreground job's (the shell's) to keep. A terminal that is not
 * our controlling one (ENOTTY) has no job control: ours. Async-signal-safe. */
static int terminal_ours(void)
{
    int saved = errno;
    pid_t fg = tcgetpgrp(STDIN_FILENO);
    int ours = fg == getpgrp() || (fg < 0 && errno == ENOTTY);
    errno = saved;
    return ours;
}

/* Blocked in a write past the grace: only async-signal-safe calls here. */
static void give_up(void)
{
    if (have_shell_tio && !suspended && terminal_ours())
        (void)tcsetattr(STDIN_FILENO, TCSANOW, &shell_tio);
    _exit(128 + (int)quit_signal);
}

static void on_quit_signal(int sig)
{
    if (sig == SIGALRM && grace_armed) { /* the grace is up */
        if (writing)
            give_up();
        alarm(QUIT_GRACE_S); /* busy elsewhere (a bot, a save): it will read again */
        return;
    }
    if (!quit_signal)
        quit_signal = sig; /* the input loop sees it, saves and leaves in order */
    /* Output a Ctrl-S stopped (were flow control on) goes again, so a
     * write blocked on it goes through and the loop sees the signal: TCOON
     * alone undoes only a TCOOFF (Linux), and undoing one starts the
     * output whatever stopped it. Not from the background (`kill %1` on a
     * suspended gin): no write of ours is blocked then, and the tcflow
     * would stop gin again (SIGTTOU) instead of letting it leave. */
    if (!suspended && terminal_ours()) {
        (void)tcflow(STDOUT_FILENO, TCOOFF);
        (void)tcflow(STDOUT_FILENO, TCOON);
    }
    if (!grace_armed) {
        grace_armed = 1;
        alarm(QUIT_GRACE_S);
    }
}

/* Back from a suspension with the terminal ours, as ncurses' own SIGTSTP
 * handler comes back: type-ahead dropped, the settings the terminal has now
 * kept as the ones to give back at the end (an stty while stopped sticks),
 * then the update puts the table's modes back (the program mode saved at
 * the stop: flow control off again) and repaints the whole screen at the
 * terminal's size now. */
static void resume_screen(void)
{
    sig_atomic_t was = writing;
    suspended = 0;
    flushinp();
    def_shell_mode();
    if (!isendwin()) /* not given back at the stop: it was not ours then */
        reset_prog_mode();
    clearok(curscr, TRUE);
    writing = 1;
    doupdate();
    writing = was;
}

/* Stop as SIGTSTP stops a program that does not catch it (the shell says
 * "Stopped"; an orphaned process group, which nobody could continue, is
 * not stopped), and return here when continued. */
static void stop_as_tstp(void)
{
    struct sigaction dfl, ours;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &ours);
    sigset_t tstp;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP); /* blocked while its handler runs */
    sigprocmask(SIG_UNBLOCK, &tstp, NULL);
    (void)kill(getpid(), SIGTSTP);
    sigaction(SIGTSTP, &ours, NULL);
}

/* Ctrl-Z. Ours, not ncurses': once continued, ncurses' handler takes the
 * terminal back unasked (a flush, the program's modes, a repaint), and
 * continued in the background, as `kill %1` continues a stopped job after
 * its SIGTERM (and `bg` does), that stopped gin again with SIGTTOU, so it
 * could not leave on the quit signal, and kept the table's lock, until
 * `fg`. That happens inside ncurses' handler, before any code of ours
 * runs, so guarding our own way out could not help. Here the terminal is given back as ncurses gives it, then gin
 * stops; continued, it takes the terminal again at once only as the
 * terminal's foreground process group with no quit signal come: a quit
 * leaves without touching it (it is the shell's), and a gin continued in
 * the background takes it at its next read or frame (gin_ui_reclaim).
 * endwin and doupdate in a handler are what ncurses' own handler does: a
 * Ctrl-Z in the middle of a frame costs that frame, repainted whole on the
 * way back. */
static void on_tstp(int sig)
{
    (void)sig;
    int saved = errno;
    sigset_t hold, old;
    sigemptyset(&hold);
    sigaddset(&hold, SIGALRM); /* the grace alarm and a resize wait for our return */
    sigaddset(&hold, SIGWINCH);
    sigprocmask(SIG_BLOCK, &hold, &old);
    if (screen_up && !suspended) {
        if (terminal_ours()) {
            def_prog_mode(); /* the table's modes as they are, for the return */
            endwin();
        }
        suspended = 1;
    }
    stop_as_tstp();
    /* A quit signal sent with the SIGCONT (kill %1, a hangup) has been
     * handled by now: it was pending when we were continued. */
    if (screen_up && suspended && !quit_signal && terminal_ours())
        resume_screen();
    sigprocmask(SIG_SETMASK, &old, NULL);
    errno = saved;
}

int gin_ui_reclaim(int sig)
{
    if (!suspended)
        return 0;
    if (quit_signal)
        return -1;
    if (!terminal_ours()) {
        /* Continued in the background (bg): stop as a job that wants its
         * terminal is stopped, the whole process group as the kernel
         * stops it; fg continues us here. */
        (void)kill(0, sig);
        if (quit_signal)
            return -1;
        if (!terminal_ours()) { /* not stopped (an orphaned group): wait, without spinning */
            struct timespec slice = {0, RECLAIM_SLICE_MS * 1000000L};
            nanosleep(&slice, NULL);
            return -1;
        }
    }
    resume_screen();
    return 1;
}

void gin_ui_show(void)
{
    wnoutrefresh(stdscr);
    if (gin_ui_reclaim(SIGTTOU) < 0)
        return; /* the terminal is not ours: the frame waits in curses */
    writing = 1;
    doupdate();
    writing = 0;
}

void gin_ui_repaint(void)
{
    clearok(curscr, TRUE); /* the next update clears the screen and draws every cell */
    gin_ui_show();
}

/* Ctrl-S and Ctrl-Q are keys at the table, not flow control: with it on, a
 * Ctrl-S froze the screen (the next update blocked in write) until Ctrl-Q.
 * Off while the table runs; ncurses puts the terminal back as it found it
 * when it ends (and after a suspension, back as this). */
static void flow_control_off(void)
{
    struct termios t;
    if (tcgetattr(STDIN_FILENO, &t) != 0)
        return;
    t.c_iflag &= (tcflag_t) ~(IXON | IXOFF);
    if (tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0)
        def_prog_mode();
}

static void on_crash(int sig)
{
    /* Give the terminal back before dying, then let the previous handler
     * (the default, or a sanitizer's) have the signal: it is blocked while
     * we run, so the raise is delivered to that handler when we return, and
     * a fault that recurs on return goes there too. Not a terminal we
     * gave back at a Ctrl-Z, or that is another job's now. */
    if (!suspended && terminal_ours())
        endwin();
    for (int i = 0; i < N_CRASH; i++)
        if (crash_sigs[i] == sig)
            sigaction(sig, &old_crash[i], NULL);
    raise(sig);
}

static int rt_count(void)
{
#ifdef SIGRTMIN
    int n = SIGRTMAX - SIGRTMIN + 1;
    return n < 0 ? 0 : n > N_RT ? N_RT : n;
#else
    return 0;
#endif
}

static void install_handlers(void)
{
    if (handlers_in)
        return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_quit_signal; /* no SA_RESTART: getch returns so we notice */
    for (int i = 0; i < N_QUIT; i++)
        sigaction(quit_sigs[i], &sa, &old_quit[i]);
#ifdef SIGRTMIN
    for (int i = 0; i < rt_count(); i++)
        sigaction(SIGRTMIN + i, &sa, &old_rt[i]);
#endif
    sa.sa_handler = on_tstp; /* in place of ncurses' own */
    sigaction(SIGTSTP, &sa, &old_tstp);
    sa.sa_handler = SIG_IGN;
    for (int i = 0; i < N_IGNORED; i++)
        sigaction(ignored_sigs[i], &sa, &old_ignored[i]);
    sa.sa_handler = on_crash;
    for (int i = 0; i < N_CRASH; i++)
        sigaction(crash_sigs[i], &sa, &old_crash[i]);
    handlers_in = 1;
}

/* Put back what was there before (the default, or a sanitizer's). */
static void restore_handlers(void)
{
    if (!handlers_in)
        return;
    for (int i = 0; i < N_QUIT; i++)
        sigaction(quit_sigs[i], &old_quit[i], NULL);
#ifdef SIGRTMIN
    for (int i = 0; i < rt_count(); i++)
        sigaction(SIGRTMIN + i, &old_rt[i], NULL);
#endif
    sigaction(SIGTSTP, &old_tstp, NULL);
    for (int i = 0; i < N_IGNORED; i++)
        sigaction(ignored_sigs[i], &old_ignored[i], NULL);
    for (int i = 0; i < N_CRASH; i++)
        sigaction(crash_sigs[i], &old_crash[i], NULL);
    handlers_in = 0;
}

void gin_ui_hold_signals(sigset_t *old)
{
    sigset_t s;
    sigemptyset(&s);
    for (int i = 0; i < N_QUIT; i++)
        sigaddset(&s, quit_sigs[i]);
#ifdef SIGRTMIN
    for (int i = 0; i < rt_count(); i++)
        sigaddset(&s, SIGRTMIN + i);
#endif
    sigaddset(&s, SIGWINCH);
    sigaddset(&s, SIGTSTP);
    pthread_sigmask(SIG_BLOCK, &s, old);
}

int gin_ui_quit_signal(void) { return quit_signal; }

void gin_ui_hang_up(void)
{
    if (!quit_signal)
        quit_signal = SIGHUP;
}

static int color_number(const char *name)
{
    static const char *const names[] = {"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"};
    for (int i = 0; i < 8; i++)
        if (!strcmp(name, names[i]))
            return i;
    return -1; /* "default" */
}

static int pair_number(const char *name)
{
    static const char *const names[] = {"face",   "red",  "blue",  "green", "back",   "select",
                                        "header", "meld", "error", "dim",   "layoff", "key"};
    for (int i = 0; i < GIN_PAIR_COUNT - 1; i++)
        if (!strcmp(name, names[i]))
            return i + 1;
    return 0;
}

void gin_ui_colors(const char *theme)
{
    if (!gin_ui_st.color)
        return;
    const char *text = gin_asset("themes.txt");
    if (!theme)
        theme = "classic";
    /* Defaults first, so a theme may set only what it changes. */
    init_pair(GIN_PAIR_FACE, COLOR_BLACK, COLOR_WHITE);
    init_pair(GIN_PAIR_RED, COLOR_RED, COLOR_WHITE);
    init_pair(GIN_PAIR_BLUE, COLOR_BLUE, COLOR_WHITE);
    init_pair(GIN_PAIR_GREEN, COLOR_GREEN, COLOR_WHITE);
    init_pair(GIN_PAIR_BACK, COLOR_WHITE, COLOR_BLUE);
    init_pair(GIN_PAIR_SELECT, COLOR_BLACK, COLOR_YELLOW);
    init_pair(GIN_PAIR_HEADER, COLOR_BLACK, COLOR_CYAN);
    init_pair(GIN_PAIR_MELD, COLOR_GREEN, -1);
    init_pair(GIN_PAIR_ERROR, COLOR_RED, -1);
    init_pair(GIN_PAIR_DIM, COLOR_CYAN, -1);
    init_pair(GIN_PAIR_LAYOFF, COLOR_MAGENTA, -1);
    init_pair(GIN_PAIR_KEY, COLOR_YELLOW, -1);
    while (text && *text) {
        const char *nl = strchr(text, '\n');
        size_t n = nl ? (size_t)(nl - text) : strlen(text);
        char line[128], th[32], el[32], fg[32], bg[32];
        if (n < sizeof line) {
            memcpy(line, text, n);
            line[n] = '\0';
            if (line[0] != '#' && sscanf(line, "%31s %31s %31s %31s", th, el, fg, bg) == 4 && !strcmp(th, theme) &&
                pair_number(el))
                init_pair((short)pair_number(el), (short)color_number(fg), (short)color_number(bg));
        }
        text += n + (nl ? 1 : 0);
    }
}

int gin_ui_attr(int pair)
{
    if (gin_ui_st.color)
        return (int)COLOR_PAIR(pair);
    switch (pair) {
    case GIN_PAIR_SELECT:
    case GIN_PAIR_HEADER:
        return A_REVERSE;
    case GIN_PAIR_ERROR:
    case GIN_PAIR_KEY:
        return A_BOLD;
    case GIN_PAIR_DIM:
        return A_DIM;
    case GIN_PAIR_LAYOFF:
        return A_UNDERLINE;
    default:
        return A_NORMAL;
    }
}

static const char *cur_theme;

static void setup_screen(const gin_ui_opts *o)
{
    cbreak(); /* not raw: Ctrl-Z and Ctrl-C still raise their signals */
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    /* Home and End as many terminals send them whatever TERM's entry says
     * (tmux, screen, rxvt, the Linux console: ESC [ 1 ~ and ESC [ 4 ~;
     * xterm outside application mode: ESC [ H and ESC [ F). */
    static const struct {
        const char *seq;
        int key;
    } extra[] = {{"\033[1~", KEY_HOME}, {"\033[4~", KEY_END}, {"\033[7~", KEY_HOME},
                 {"\033[8~", KEY_END},  {"\033[H", KEY_HOME}, {"\033[F", KEY_END}};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (key_defined(extra[i].seq) == 0)
            define_key(extra[i].seq, extra[i].key);
    curs_set(0);
    set_escdelay(25);
    mouseinterval(0);
    cur_theme = o ? o->theme : NULL;
    gin_ui_set_opts(o);
}

void gin_ui_set_opts(const gin_ui_opts *o)
{
    int want = o ? o->color : 1;
    gin_ui_st.color = 0;
    if (want && has_colors() && start_color() == OK) {
        use_default_colors();
        gin_ui_st.color = 1;
        gin_ui_colors(o && o->theme ? o->theme : cur_theme);
    }
    gin_ui_st.four_color = o ? o->four_color : 0;
    /* Off, the terminal's own mouse use (selecting text) works again.
     * Turned on first, then off: curses writes the terminal's "mouse off"
     * only when it turns its own mouse off, and a table killed with the
     * mouse on (SIGKILL) left the terminal reporting it. */
    mmask_t on = BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON4_PRESSED | GIN_UI_WHEEL_DOWN;
    mousemask(on, NULL);
    if (o && o->no_mouse)
        mousemask(0, NULL);
}

int gin_ui_open(const gin_ui_opts *o, char *why, size_t cap)
{
    if (gin_ui_check_terminal(why, cap) != 0)
        return -1;
    const char *cs = nl_langinfo(CODESET);
    gin_ui_st.utf8 = !(o && o->ascii) && cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
    /* newterm, not initscr: a terminal that fails is an error we report,
     * not an exit inside the library. */
    have_shell_tio = tcgetattr(STDIN_FILENO, &shell_tio) == 0;
    real_screen = newterm(NULL, stdout, stdin);
    if (!real_screen) {
        snprintf(why, cap, "cannot use terminal type '%s' (set TERM, or try gin --help)", getenv("TERM"));
        return -1;
    }
    set_term(real_screen);
    install_handlers();
    gin_ui_st.open = 1;
    gin_ui_st.test = 0;
    setup_screen(o);
    flow_control_off();
    screen_up = 1;
    return 0;
}

int gin_ui_open_test(FILE *out, FILE *in, int lines, int cols, int utf8, const gin_ui_opts *o)
{
    test_screen = newterm("xterm-256color", out, in);
    if (!test_screen)
        test_screen = newterm("xterm", out, in);
    if (!test_screen)
        return -1;
    set_term(test_screen);
    resizeterm(lines, cols);
    gin_ui_st.open = 1;
    gin_ui_st.test = 1;
    gin_ui_st.utf8 = utf8;
    setup_screen(o);
    return 0;
}

void gin_ui_close(void)
{
    if (!gin_ui_st.open)
        return;
    gin_ui_st.open = 0;
    screen_up = 0;
    /* A terminal given back at a Ctrl-Z stays as the shell has it (gin
     * leaves from there on a quit signal); one that is another job's now
     * is not ours to set (and we would be stopped trying). */
    writing = 1;
    if (test_screen || (!suspended && terminal_ours()))
        endwin();
    writing = 0;
    suspended = 0;
    if (test_screen) {
        delscreen(test_screen);
        test_screen = NULL;
    } else {
        alarm(0);
        grace_armed = 0;
        restore_handlers();
        if (real_screen)
            delscreen(real_screen);
        real_screen = NULL;
    }
}

int gin_ui_utf8(void) { return gin_ui_st.utf8; }

void gin_ui_size(int *lines, int *cols)
{
    int y, x;
    getmaxyx(stdscr, y, x);
    *lines = y;
    *cols = x;
}
