/* gin — state shared by the curses files of src/ui (not a public header). */
#ifndef GIN_UI_INTERNAL_H
#define GIN_UI_INTERNAL_H

#include <curses.h>
#include <signal.h>
#include <wchar.h>
#include "ui.h"

/* The wheel rolled down: button 5, in the mouse protocol of ncurses 6 (an
 * older one has no such button, and the wheel then only scrolls back). */
#ifdef BUTTON5_PRESSED
#define GIN_UI_WHEEL_DOWN BUTTON5_PRESSED
#else
#define GIN_UI_WHEEL_DOWN 0
#endif

/* Colour pairs. */
enum {
    GIN_PAIR_FACE = 1,
    GIN_PAIR_RED,
    GIN_PAIR_BLUE,
    GIN_PAIR_GREEN,
    GIN_PAIR_BACK,
    GIN_PAIR_SELECT,
    GIN_PAIR_HEADER,
    GIN_PAIR_MELD,
    GIN_PAIR_ERROR,
    GIN_PAIR_DIM,
    GIN_PAIR_LAYOFF,
    GIN_PAIR_KEY,
    GIN_PAIR_COUNT
};

struct gin_ui_state {
    int open;
    int utf8;
    int color; /* colours in use */
    int four_color;
    int test; /* off-screen terminal */
};
extern struct gin_ui_state gin_ui_st;

/* Attributes for a colour pair (A_NORMAL-ish fallbacks without colour). */
int gin_ui_attr(int pair);
/* Set up the colour pairs from the theme (term.c). */
void gin_ui_colors(const char *theme);

/* UTF-8 to wide characters, our own so it works whatever the C library's
 * locale tables say (text.c). Returns the count written, at most cap. */
int gin_ui_decode(const char *s, wchar_t *out, int cap);

/* The terminal hung up without a SIGHUP reaching us (input.c): the
 * table quits as on SIGHUP, saving and giving the terminal back. */
void gin_ui_hang_up(void);

/* Block the signals the input loop must see (the quit signals, SIGWINCH,
 * SIGTSTP), the mask before into *old (term.c): held from the loop's last
 * look until its wait lets them in, none slips between the two. */
void gin_ui_hold_signals(sigset_t *old);

/* Show the frame drawn (term.c): the one place the table writes to the
 * terminal while it runs, marked so a quit signal is never lost to a write
 * that blocks. */
void gin_ui_show(void);
/* Ctrl-L: the whole screen painted again from scratch, whatever is on the
 * terminal now (a message another program wrote over the table), and
 * shown as gin_ui_show shows a frame (term.c). */
void gin_ui_repaint(void);
/* Before the table reads or writes the terminal after a Ctrl-Z (term.c):
 * 0, it is ours as it was; 1, it was given back at the Ctrl-Z and is ours
 * again (gin is its foreground process group), its modes put back and the
 * whole screen repainted (the caller redraws, as after a resize); -1, it is
 * not ours: a quit signal came while we were suspended (leave without
 * touching it), or gin was continued in the background (it stops then with
 * sig, SIGTTIN for a read, SIGTTOU for a frame, as a job that wants its
 * terminal is stopped; ask again later). */
int gin_ui_reclaim(int sig);

/* Drawing helpers (draw.c). */
void gin_ui_put(int y, int x, int attr, const char *s);
void gin_ui_put_clip(int y, int x, int w, int attr, const char *s);
void gin_ui_card_face(int y, int x, int w, int h, gin_card c, int extra_attr);
void gin_ui_card_back(int y, int x, int w, int h);
/* The colour pair of a card's suit (two or four colours). */
int gin_ui_suit_pair(gin_card c);
/* The size message, centred; `msg` (may be NULL) is the table's message
 * line, wrapped under it (so a quit prompt is seen). */
void gin_ui_too_small(int lines, int cols, const char *msg);

#endif
