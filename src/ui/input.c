/* Reading the player: keys, clicks, resizes and quit signals, as plain
 * gin_ui_input values so the app never sees curses codes. */
#define _XOPEN_SOURCE_EXTENDED 1
#include "ui_internal.h"

#include <curses.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

/* The off-screen test terminal reads a file, which is never waited on:
 * its reads wait at most this long at a time, so a quit signal is noticed
 * within it even if curses restarts its wait. */
enum { READ_SLICE_MS = 200 };
enum { ASCII_BS = 8, CTRL_L = 12, ASCII_DEL = 127 };

long gin_ui_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int map_key(wint_t k, int is_code)
{
    if (!is_code) {
        if (k == '\r' || k == '\n')
            return GIN_KEY_ENTER;
        if (k == 27)
            return GIN_KEY_ESC;
        if (k == ASCII_DEL || k == ASCII_BS) /* what terminals send for Backspace */
            return GIN_KEY_BACKSPACE;
        return (int)k;
    }
    switch (k) {
    case KEY_LEFT:
        return GIN_KEY_LEFT;
    case KEY_RIGHT:
        return GIN_KEY_RIGHT;
    case KEY_UP:
        return GIN_KEY_UP;
    case KEY_DOWN:
        return GIN_KEY_DOWN;
    case KEY_ENTER:
        return GIN_KEY_ENTER;
    case KEY_PPAGE:
        return GIN_KEY_PGUP;
    case KEY_NPAGE:
        return GIN_KEY_PGDN;
    case KEY_HOME:
        return GIN_KEY_HOME;
    case KEY_END:
        return GIN_KEY_END;
    case KEY_SLEFT:
        return GIN_KEY_SLEFT;
    case KEY_SRIGHT:
        return GIN_KEY_SRIGHT;
    case KEY_BACKSPACE:
        return GIN_KEY_BACKSPACE;
    default:
        return 0;
    }
}

/* After an ESC that curses did not match to a key: if a control sequence
 * follows at once (ESC [ ... final, ESC O final: a key this terminal's
 * entry does not list, F5 say), read it whole and return 1, so it is
 * ignored rather than taken as Esc (which leaves pages) and letters. A
 * lone Esc, or Alt with a key, returns 0 with the next key put back. */
static int escape_sequence(void)
{
    wint_t c;
    timeout(0);
    int rc = get_wch(&c);
    if (rc == ERR)
        return 0;
    if (rc != OK || (c != '[' && c != 'O')) {
        if (rc == OK)
            unget_wch((wchar_t)c);
        else
            ungetch((int)c);
        return 0;
    }
    int ss3 = c == 'O';
    for (int n = 0; n < 32 && get_wch(&c) == OK; n++)
        if (ss3 || (c >= 0x40 && c <= 0x7e)) /* the final byte */
            break;
    return 1;
}

/* Has the terminal hung up (its window closed, its connection gone)? The
 * kernel tells only the session's leader with SIGHUP, and a leader that
 * ignores it lives on (a shell script that traps it, nohup-like
 * wrappers): then no signal reaches us and every read fails at once, so
 * the loop would spin, deaf, holding the table. poll says so instead:
 * hang-up or error on the input. Not asked of an off-screen test terminal,
 * whose input is a file the test controls. */
static int terminal_gone(void)
{
    if (gin_ui_st.test)
        return 0;
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    return poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL));
}

void gin_ui_drop_typeahead(const char *keep)
{
    /* Not while suspended: the flush would stop gin in the background
     * (SIGTTOU), and the keys are the shell's; taking the terminal back
     * drops what was typed anyway. */
    if (gin_ui_st.test || gin_ui_reclaim(SIGTTIN) < 0)
        return;
    wint_t c, kept = 0;
    int rc;
    timeout(0);
    for (int n = 0; keep && n < 256 && (rc = get_wch(&c)) != ERR; n++) /* bounded: keys come faster than we read */
        if (rc == OK && !kept && c > 0 && c < 128 && strchr(keep, (int)c))
            kept = c;
    flushinp();
    if (kept)
        unget_wch((wchar_t)kept);
}

/* One key from the terminal, or ERR after waiting up to ms (-1: for
 * ever) for input, a signal or the time: a key curses holds already is
 * returned at once, else the wait is pselect's, which sleeps until the
 * terminal has a byte or a handled signal comes (a quit, a resize, a
 * Ctrl-Z and fg), then the caller's loop looks again. The signals are held
 * from before the last look at the quit flag until pselect lets them in, so
 * one that comes in between wakes the wait instead of being missed; curses
 * sees a resize at its next read. An idle table wakes for nothing. */
static int read_or_wait(wint_t *k, long ms)
{
    sigset_t old;
    gin_ui_hold_signals(&old);
    int rc = ERR;
    if (!gin_ui_quit_signal()) {
        timeout(0);
        rc = get_wch(k);
        if (rc == ERR && ms != 0) {
            fd_set in;
            FD_ZERO(&in);
            FD_SET(STDIN_FILENO, &in);
            struct timespec t = {ms / 1000, ms % 1000 * 1000000L};
            (void)pselect(STDIN_FILENO + 1, &in, NULL, NULL, ms < 0 ? NULL : &t, &old);
        }
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}

void gin_ui_read(gin_ui_input *in, int timeout_ms)
{
    long start = gin_ui_now_ms();
    in->kind = GIN_IN_NONE;
    in->key = 0;
    in->y = in->x = -1;
    for (int looked = 0;; looked = 1) {
        if (gin_ui_quit_signal()) {
            in->kind = GIN_IN_QUIT;
            return;
        }
        int back = gin_ui_reclaim(SIGTTIN);
        if (back > 0) { /* repainted after a suspension: every loop redraws on a resize */
            in->kind = GIN_IN_RESIZE;
            return;
        }
        if (back < 0) /* suspended: the terminal is not ours to read */
            continue;
        long left = timeout_ms < 0 ? -1 : timeout_ms - (gin_ui_now_ms() - start);
        if (timeout_ms >= 0 && left <= 0 && looked)
            return;
        /* A time already up still looks once, so a read that does not
         * wait sees a key. */
        if (timeout_ms >= 0 && left < 0)
            left = 0;
        wint_t k;
        int rc;
        if (gin_ui_st.test) {
            timeout(left == 0 ? 0 : left < 0 || left > READ_SLICE_MS ? READ_SLICE_MS : (int)left);
            rc = get_wch(&k);
        } else {
            rc = read_or_wait(&k, left);
        }
        if (rc == ERR && terminal_gone())
            gin_ui_hang_up(); /* seen as a SIGHUP at the loop's top */
        if (rc == ERR)
            continue;
        if (rc == KEY_CODE_YES && k == KEY_RESIZE) {
            in->kind = GIN_IN_RESIZE;
            return;
        }
        if (rc == KEY_CODE_YES && k == KEY_MOUSE) {
            MEVENT ev;
            if (getmouse(&ev) != OK)
                continue;
            in->y = ev.y;
            in->x = ev.x;
            if (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)) {
                in->kind = GIN_IN_CLICK;
                return;
            }
            if (ev.bstate & (BUTTON4_PRESSED | GIN_UI_WHEEL_DOWN)) {
                in->kind = GIN_IN_WHEEL;
                in->key = ev.bstate & BUTTON4_PRESSED ? -1 : 1;
                return;
            }
            /* A release (or a button we do not use) is nothing: it is
             * reported to us only so that curses never waits for more
             * input inside get_wch to find a click (it would, past our
             * timeout, leaving the loop deaf until the next key). */
            in->y = in->x = -1;
            continue;
        }
        if (rc == OK && k == 27 && escape_sequence())
            continue;
        if (rc == OK && k == CTRL_L) {
            /* Repaint, as htop, less and vi do: the screen from scratch,
             * then a resize to the caller, which every loop (the table's,
             * each page's, menu's and prompt's) already answers by drawing
             * again and nothing else: no page or prompt takes it for a key
             * (the table said "Unknown key"). */
            gin_ui_repaint();
            in->kind = GIN_IN_RESIZE;
            return;
        }
        int key = map_key(k, rc == KEY_CODE_YES);
        if (key) {
            in->kind = GIN_IN_KEY;
            in->key = key;
            return;
        }
    }
}
