/* Can the table run here: a terminal on both ends, of a known type that can
 * address the cursor. Asked before anything is started, so a ring that
 * cannot run has changed nothing. (Its own file: <term.h> defines macros
 * named like common variables, `lines` and `columns` among them.) */
#include "ui_internal.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <term.h>
#include <unistd.h>

int gin_ui_check_terminal(char *why, size_t cap)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        snprintf(why, cap, "the table needs a terminal (try gin sim, gin analyze or gin --help)");
        return -1;
    }
    const char *term = getenv("TERM");
    if (!term || !*term) {
        snprintf(why, cap, "TERM is not set, so the terminal type is unknown (set TERM, or try gin --help)");
        return -1;
    }
    /* The window's own size, from the terminal: LINES and COLUMNS in the
     * environment (exported by a shell or a script) would have ncurses draw
     * a table of that size into a window of another, garbled. With
     * use_tioctl ncurses writes the window's size into them before reading
     * them (use_env(FALSE) would also stop it following a resize). Set
     * before the first setupterm, which reads them. */
    use_tioctl(TRUE);
    /* setupterm with an error slot reports instead of exiting; a terminal
     * that cannot move the cursor (dumb, a printer) would show a blank or
     * garbled table, so it is refused the same way. */
    int err = 0;
    if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
        snprintf(why, cap, "cannot use terminal type '%s' (set TERM, or try gin --help)", term);
        return -1;
    }
    const char *cup = tigetstr("cup");
    /* tigetstr answers (char *)-1 for a name that is not a string capability. */
    int ok = cup && cup != (const char *)-1; // NOLINT(performance-no-int-to-ptr): the terminfo API's own marker
    del_curterm(cur_term);
    if (!ok) {
        snprintf(why, cap, "cannot use terminal type '%s': it cannot address the cursor (set TERM, or try gin --help)",
                 term);
        return -1;
    }
    return 0;
}

int gin_ui_no_color_env(void)
{
    const char *v = getenv("NO_COLOR");
    return v && *v;
}
