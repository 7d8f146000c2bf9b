/* gin — the terminal: the only layer that speaks curses. The app builds a
 * gin_scene (scene.h) and asks this layer to paint it and to read the
 * player's keys and clicks, which come back as plain gin_ui_input values. */
#ifndef GIN_UI_H
#define GIN_UI_H

#include <stddef.h>
#include <stdio.h>
#include "gin/card.h"
#include "gin/showdown.h"
#include "scene.h"

typedef struct gin_ui_opts {
    int color;         /* 1 = colours (when the terminal has them) */
    int four_color;    /* 1 = four-colour deck */
    int ascii;         /* 1 = force letters for suits; else UTF-8 when the locale is */
    const char *theme; /* theme name from assets/themes (NULL: "classic") */
    int no_mouse;      /* 1 = keys only: the terminal keeps the mouse (select, paste) */
} gin_ui_opts;

/* NO_COLOR asks for no colours: set and not empty (no-color.org). */
int gin_ui_no_color_env(void);

/* Can the table run here? Standard input and output must be a terminal,
 * TERM set to a known type that can address the cursor. Changes nothing:
 * call it before starting anything the table would need. Returns 0, or -1
 * with a sentence in why[]. */
int gin_ui_check_terminal(char *why, size_t cap);
/* Start curses on standard input and output: the caller has already called
 * setlocale(LC_ALL, ""). Refuses as gin_ui_check_terminal does (returns -1
 * with a sentence in why[]; nothing is left changed then). On success installs the signal handlers:
 * every signal whose default ends the process either asks to quit
 * (gin_ui_quit_signal: SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGUSR1/2, SIGALRM,
 * real-time signals, ...) or, for the crash signals, restores the terminal
 * and passes the signal on to the handler there before; SIGPIPE and SIGXFSZ
 * are ignored; SIGTSTP (Ctrl-Z) gives the terminal back and stops, and the
 * table takes it again when continued as the terminal's foreground (term.c,
 * on_tstp). Returns 0. */
int gin_ui_open(const gin_ui_opts *o, char *why, size_t cap);
/* Start on an off-screen terminal of a fixed size (tests): output to `out`,
 * input from `in`. utf8 forces the suit glyphs on or off. Returns 0 or -1. */
int gin_ui_open_test(FILE *out, FILE *in, int lines, int cols, int utf8, const gin_ui_opts *o);
/* Restore the terminal. Safe to call twice. */
void gin_ui_close(void);
/* Change colours / four-colour live (from the menu). */
void gin_ui_set_opts(const gin_ui_opts *o);
/* 1 when suits are drawn as UTF-8 glyphs. */
int gin_ui_utf8(void);
/* Current size. */
void gin_ui_size(int *lines, int *cols);
/* Milliseconds of a clock that only goes forward (CLOCK_MONOTONIC): the
 * table's deadlines. */
long gin_ui_now_ms(void);

/* A card's short text in the current mode: "10♥", "K♠" or "10H", "KS";
 * GIN_UI_CARD_TEXT bytes hold any. */
enum { GIN_UI_CARD_TEXT = 16 };
void gin_ui_card_text(gin_card c, char *buf, size_t cap);
/* The cards of m, lowest first, one space between, into the caller's buf of
 * cap bytes (cap >= 1): always NUL-terminated, "" for no cards. When they do
 * not all fit, it stops before the first card that would not fit whole, so
 * no card (nor a glyph's UTF-8) is ever cut in two. */
void gin_ui_cards_text(gin_cardset m, char *buf, size_t cap);

/* Display width of a UTF-8 string (each code point one column: the card
 * glyphs, arrows and box lines we draw are all single-width). */
int gin_ui_strwidth(const char *s);

/* Input. */
enum gin_ui_in_kind {
    GIN_IN_NONE = 0,   /* timed out */
    GIN_IN_KEY = 1,    /* key: a character or a GIN_KEY_* code */
    GIN_IN_CLICK = 2,  /* a mouse click at (y, x) */
    GIN_IN_RESIZE = 3, /* the window changed size, or Ctrl-L repainted it: redraw */
    GIN_IN_QUIT = 4,   /* SIGINT, SIGTERM or SIGHUP: save and leave */
    GIN_IN_WHEEL = 5   /* the mouse wheel at (y, x): key -1 rolled up (back), +1 down */
};
enum {
    GIN_KEY_LEFT = 0x1000,
    GIN_KEY_RIGHT,
    GIN_KEY_UP,
    GIN_KEY_DOWN,
    GIN_KEY_ENTER,
    GIN_KEY_ESC,
    GIN_KEY_PGUP,
    GIN_KEY_PGDN,
    GIN_KEY_HOME,
    GIN_KEY_END,
    GIN_KEY_SLEFT,
    GIN_KEY_SRIGHT,
    GIN_KEY_BACKSPACE
};
typedef struct gin_ui_input {
    int kind; /* enum gin_ui_in_kind */
    int key;
    int y, x;
} gin_ui_input;
/* The one input function: wait up to timeout_ms (< 0: forever; 0: take
 * only what is waiting) for a key, a click, the wheel, a resize or a quit
 * signal (GIN_IN_NONE when the time is up). Every loop of the table reads
 * through it, the table's own and each modal page's, so none can miss a
 * signal or a resize. Ctrl-L is no key: the screen is repainted from
 * scratch and it comes back as a resize. */
void gin_ui_read(gin_ui_input *in, int timeout_ms);
/* Forget the keys and clicks typed and not yet read (not on an off-screen
 * test terminal, whose input is the test's script), but for the first of
 * them that is in `keep` (NULL: none), which is read next: a q typed
 * while a bot decided still asks to quit. */
void gin_ui_drop_typeahead(const char *keep);
/* The signal that asked to quit (SIGINT...), or 0. */
int gin_ui_quit_signal(void);

/* Paint the table (or, in a small window, the size message) and show it. */
void gin_ui_draw_scene(const gin_scene *t, gin_layout *layout_out);

/* A modal text screen: a title, a body (lines split at '\n'; scrolls with
 * arrows / PgUp / PgDn), a footer. Waits for one of `keys` (also Enter and
 * Esc when they are listed as '\n' and 27) and returns it, or -1 on a quit
 * signal. Redraws on resize. */
int gin_ui_text_screen(const char *title, const char *body, const char *footer, const char *keys);

/* The showdown and game-over screens: a title, the two spreads and the
 * scoring spelled out. Pure model filled by the app. */
typedef struct gin_showdown_seat {
    char label[GIN_UI_LINE]; /* "You knocked", "Bot"; in a ring the whole
                              * line ("Bot 2 knocked · deadwood 4 · takes 0") */
    int n_melds;
    gin_cardset melds[GIN_MAX_MELDS];
    gin_cardset laid[GIN_MAX_MELDS]; /* cards the other hand(s) laid off on each meld */
    gin_cardset unmatched;
    int deadwood;
    gin_cardset laid_off; /* a ring: this defender's cards laid off on the knocker's melds */
} gin_showdown_seat;
typedef struct gin_showdown_screen {
    char title[GIN_UI_LINE];
    gin_showdown_seat spread[2];
    char text[2048]; /* the scoring, spelled out, '\n'-separated */
    char footer[GIN_UI_LINE];
    /* A ring of 3-4 (seats > 2): one compact row per seat in seat[],
     * the knocker first then the others in turn order; spread[] unused. */
    int seats;
    gin_showdown_seat seat[GIN_MAX_SEATS];
} gin_showdown_screen;
/* Draw it and wait for one of keys (as gin_ui_text_screen). */
int gin_ui_showdown_screen(const gin_showdown_screen *s, const char *keys);
/* Draw it without waiting (tests). */
void gin_ui_draw_showdown(const gin_showdown_screen *s);
/* Draw a text screen without waiting (tests). */
void gin_ui_draw_text(const char *title, const char *body, const char *footer, int scroll);

/* Word-wrap text to `width` columns (pure: no terminal needed): each
 * '\n'-separated line becomes one or more rows, broken at spaces (a word
 * longer than the width is cut), continuation rows indented like the
 * line's first word. emit (may be NULL) gets each row: its bytes, length
 * and indent. Returns the number of rows. */
int gin_ui_wrap(const char *text, int width, void (*emit)(void *ctx, const char *s, int len, int indent), void *ctx);

/* A menu: items "label: value"; returns the index chosen with Enter, -1 for
 * Esc/q, -2 on a quit signal. Left/Right on an item returns
 * GIN_UI_MENU_PREV + index or GIN_UI_MENU_NEXT + index so the caller can
 * cycle a value (the menus have fewer items than GIN_UI_MENU_PREV). */
enum { GIN_UI_MENU_PREV = 1000, GIN_UI_MENU_NEXT = 2000 };
int gin_ui_menu(const char *title, const char *const *items, int n, int *cursor, const char *footer);

#endif
