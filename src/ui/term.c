/* Terminal setup and teardown: locale-aware start, colours and themes,
 * signal handlers that always give the terminal back. */
#define _XOPEN_SOURCE_EXTENDED 1
#include "ui_internal.h"
#include "gin_assets.h"

#include <curses.h>
#include <langinfo.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

struct gin_ui_state gin_ui_st;

static volatile sig_atomic_t quit_signal;
static SCREEN *test_screen;

static void on_quit_signal(int sig) { quit_signal = sig; /* the input loop sees it, saves and leaves in order */ }

static void on_crash(int sig)
{
    /* Give the terminal back before dying, then die the same way. */
    endwin();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_quit_signal; /* no SA_RESTART: getch returns so we notice */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGABRT, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGFPE, &sa, NULL);
}

static void restore_handlers(void)
{
    int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGABRT, SIGBUS, SIGFPE};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], SIG_DFL);
}

int gin_ui_quit_signal(void) { return quit_signal; }

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
    curs_set(0);
    set_escdelay(25);
    mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
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
}

int gin_ui_open(const gin_ui_opts *o)
{
    const char *cs = nl_langinfo(CODESET);
    gin_ui_st.utf8 = !(o && o->ascii) && cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
    install_handlers();
    if (!initscr()) {
        restore_handlers();
        return -1;
    }
    gin_ui_st.open = 1;
    gin_ui_st.test = 0;
    setup_screen(o);
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
    endwin();
    if (test_screen) {
        delscreen(test_screen);
        test_screen = NULL;
    } else {
        restore_handlers();
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
