/* The modal screens: text pages (help, pile, score sheet, statistics,
 * review), the showdown, the menu. Each waits for its own keys and redraws
 * itself on resize. */
#define _XOPEN_SOURCE_EXTENDED 1
#include "ui_internal.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

static void title_bar(int y, int cols, const char *title)
{
    int hattr = gin_ui_attr(GIN_PAIR_HEADER);
    attron(hattr);
    mvhline(y, 0, ' ', cols);
    attroff(hattr);
    gin_ui_put_clip(y, 1, cols - 2, hattr | (int)A_BOLD, title);
}

static int count_lines(const char *s)
{
    int n = 1;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* Copy line `i` of body into buf. */
static void nth_line(const char *body, int i, char *buf, size_t cap)
{
    while (i > 0 && *body) {
        if (*body++ == '\n')
            i--;
    }
    size_t n = strcspn(body, "\n");
    if (n >= cap)
        n = cap - 1;
    memcpy(buf, body, n);
    buf[n] = '\0';
}

void gin_ui_draw_text(const char *title, const char *body, const char *footer, int scroll)
{
    int lines, cols;
    gin_ui_size(&lines, &cols);
    erase();
    title_bar(0, cols, title);
    int rows = lines - 3, total = count_lines(body);
    for (int r = 0; r < rows && scroll + r < total; r++) {
        char buf[512];
        nth_line(body, scroll + r, buf, sizeof buf);
        gin_ui_put_clip(2 + r, 2, cols - 3, 0, buf);
    }
    char foot[GIN_UI_LINE + 32];
    if (total > rows)
        snprintf(foot, sizeof foot, "%s   (arrows scroll: %d-%d of %d)", footer, scroll + 1,
                 scroll + rows < total ? scroll + rows : total, total);
    else
        snprintf(foot, sizeof foot, "%s", footer);
    gin_ui_put_clip(lines - 1, 1, cols - 2, gin_ui_attr(GIN_PAIR_DIM), foot);
    wnoutrefresh(stdscr);
    doupdate();
}

/* Shared wait loop: scrolls, resizes, maps Enter/Esc/clicks to '\n'/27. */
static int wait_keys(const char *keys, int *scroll, int total, int rows, int *redraw)
{
    gin_ui_input in;
    for (;;) {
        gin_ui_read(&in, -1);
        if (in.kind == GIN_IN_QUIT)
            return -1;
        if (in.kind == GIN_IN_RESIZE) {
            *redraw = 1;
            return 0;
        }
        int k = in.kind == GIN_IN_CLICK ? '\n' : in.key;
        if (k == GIN_KEY_ENTER)
            k = '\n';
        if (k == GIN_KEY_ESC)
            k = 27;
        int max = total - rows > 0 ? total - rows : 0;
        int step = k == GIN_KEY_DOWN || k == 'j' ? 1 : k == GIN_KEY_UP || k == 'k' ? -1
                 : k == GIN_KEY_PGDN || k == ' ' ? rows : k == GIN_KEY_PGUP ? -rows : 0;
        if (step && !(k == ' ' && strchr(keys, ' ')) && !(k == 'k' && strchr(keys, 'k'))) {
            int s = *scroll + step;
            *scroll = s < 0 ? 0 : s > max ? max : s;
            *redraw = 1;
            return 0;
        }
        if (k > 0 && k < 256 && strchr(keys, k))
            return k;
    }
}

int gin_ui_text_screen(const char *title, const char *body, const char *footer, const char *keys)
{
    int scroll = 0;
    for (;;) {
        int lines, cols, redraw = 0;
        gin_ui_size(&lines, &cols);
        gin_ui_draw_text(title, body, footer, scroll);
        int k = wait_keys(keys, &scroll, count_lines(body), lines - 3, &redraw);
        if (!redraw)
            return k;
    }
}

/* Cards of a set in rank-then-suit order for sets, suit-then-rank for runs:
 * the natural order either way is the card index order within a suit, and
 * for a set the suits of one rank. */
static int set_cards(gin_cardset s, gin_card *out)
{
    int n = 0;
    for (int r = 0; r < GIN_RANKS; r++)
        for (int su = 0; su < GIN_SUITS; su++)
            if (gin_cardset_has(s, gin_card_make(r, su)))
                out[n++] = gin_card_make(r, su);
    return n;
}

static int spread_row(const gin_spread *sp, gin_card *cards, int *grp, int *laid)
{
    int n = 0;
    for (int m = 0; m < sp->n_melds; m++) {
        gin_card tmp[16];
        int k = set_cards(sp->melds[m] | sp->laid[m], tmp);
        for (int i = 0; i < k; i++, n++) {
            cards[n] = tmp[i];
            grp[n] = m;
            laid[n] = gin_cardset_has(sp->laid[m], tmp[i]);
        }
    }
    gin_card tmp[16];
    int k = set_cards(sp->unmatched, tmp);
    for (int i = 0; i < k; i++, n++) {
        cards[n] = tmp[i];
        grp[n] = -1;
        laid[n] = 0;
    }
    return n;
}

static void draw_spread(const gin_spread *sp, int y, int cols)
{
    gin_card cards[40];
    int grp[40], laid[40];
    int n = spread_row(sp, cards, grp, laid), groups = 0;
    for (int i = 1; i < n; i++)
        groups += grp[i] != grp[i - 1];
    char label[128];
    snprintf(label, sizeof label, "%s \xc2\xb7 deadwood %d", sp->label, sp->deadwood);
    if (!gin_ui_st.utf8) {
        char *p = strstr(label, "\xc2\xb7");
        if (p)
            memmove(p, p + 1, strlen(p + 1) + 1), *p = '-';
    }
    gin_ui_put_clip(y, 2, cols - 3, (int)A_BOLD, label);
    /* Six columns a card when it fits, overlapping down to four. */
    int step = 6;
    while (step > 4 && n * step + groups * 2 > cols - 4)
        step--;
    int x = (cols - (n * step + groups * 2)) / 2;
    if (x < 1)
        x = 1;
    for (int i = 0; i < n; i++) {
        if (i && grp[i] != grp[i - 1])
            x += 2;
        int mark = laid[i] ? gin_ui_attr(GIN_PAIR_LAYOFF) | (int)A_BOLD : 0;
        gin_ui_card_face(y + 2, x, 5, 3, cards[i], mark);
        const char *tag = laid[i] ? "+lay" : "";
        if (*tag)
            gin_ui_put(y + 5, x, gin_ui_attr(GIN_PAIR_LAYOFF), tag);
        int first = i == 0 || grp[i] != grp[i - 1];
        if (first) {
            const char *lab = grp[i] < 0 ? (n > i ? "deadwood" : "")
                            : gin_meld_is_set(sp->melds[grp[i]]) ? "set" : "run";
            gin_ui_put(y + 1, x, grp[i] < 0 ? gin_ui_attr(GIN_PAIR_DIM) : gin_ui_attr(GIN_PAIR_MELD) | (int)A_BOLD, lab);
        }
        x += step;
    }
}

void gin_ui_draw_showdown(const gin_showdown_screen *s)
{
    int lines, cols;
    gin_ui_size(&lines, &cols);
    erase();
    if (cols < GIN_UI_MIN_COLS || lines < GIN_UI_MIN_LINES) {
        gin_ui_too_small(lines, cols);
    } else {
        title_bar(0, cols, s->title);
        draw_spread(&s->spread[0], 2, cols);
        draw_spread(&s->spread[1], 9, cols);
        int total = count_lines(s->text);
        for (int r = 0; r < total && 16 + r < lines - 1; r++) {
            char buf[256];
            nth_line(s->text, r, buf, sizeof buf);
            gin_ui_put_clip(16 + r, 2, cols - 3, r == 0 ? (int)A_BOLD : 0, buf);
        }
        gin_ui_put_clip(lines - 1, 1, cols - 2, gin_ui_attr(GIN_PAIR_DIM), s->footer);
    }
    wnoutrefresh(stdscr);
    doupdate();
}

int gin_ui_showdown_screen(const gin_showdown_screen *s, const char *keys)
{
    for (;;) {
        int redraw = 0, scroll = 0;
        gin_ui_draw_showdown(s);
        int k = wait_keys(keys, &scroll, 0, 0, &redraw);
        if (!redraw)
            return k;
    }
}

int gin_ui_menu(const char *title, const char *const *items, int n, int *cursor, const char *footer)
{
    gin_ui_input in;
    for (;;) {
        int lines, cols;
        gin_ui_size(&lines, &cols);
        erase();
        title_bar(0, cols, title);
        for (int i = 0; i < n && 2 + i < lines - 1; i++) {
            int sel = i == *cursor;
            char buf[GIN_UI_LINE];
            snprintf(buf, sizeof buf, "%s %s", sel ? (gin_ui_st.utf8 ? "\xe2\x96\xb6" : ">") : " ", items[i]);
            gin_ui_put_clip(2 + i, 3, cols - 4, sel ? gin_ui_attr(GIN_PAIR_SELECT) | (int)A_BOLD : 0, buf);
        }
        gin_ui_put_clip(lines - 1, 1, cols - 2, gin_ui_attr(GIN_PAIR_DIM), footer);
        wnoutrefresh(stdscr);
        doupdate();
        gin_ui_read(&in, -1);
        if (in.kind == GIN_IN_QUIT)
            return -2;
        if (in.kind == GIN_IN_CLICK) {
            if (in.y >= 2 && in.y < 2 + n) {
                *cursor = in.y - 2;
                return *cursor;
            }
            continue;
        }
        if (in.kind != GIN_IN_KEY)
            continue;
        switch (in.key) {
        case GIN_KEY_UP: case 'k': *cursor = (*cursor + n - 1) % n; break;
        case GIN_KEY_DOWN: case 'j': *cursor = (*cursor + 1) % n; break;
        case GIN_KEY_LEFT: case 'h': return 1000 + *cursor;
        case GIN_KEY_RIGHT: case 'l': return 2000 + *cursor;
        case GIN_KEY_ENTER: case ' ': return *cursor;
        case GIN_KEY_ESC: case 'q': case 'm': return -1;
        default: break;
        }
    }
}
