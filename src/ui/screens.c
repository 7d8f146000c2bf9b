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

/* Text pages are wrapped to the window at draw time, so a resize re-wraps
 * them: each source line becomes one or more rows, broken at spaces, the
 * continuation rows indented like the line's own first word (a hanging
 * indent keeps lists and tables readable). */
typedef struct row_span {
    const char *s; /* first byte of the row's text */
    int len;       /* bytes */
    int indent;    /* columns of blank before it (continuation rows) */
} row_span;

enum { MAX_ROWS = 4096 };
static row_span rows_buf[MAX_ROWS];

struct collect {
    int n;
};

static void collect_row(void *ctx, const char *s, int len, int indent)
{
    struct collect *c = ctx;
    if (c->n < MAX_ROWS)
        rows_buf[c->n] = (row_span){s, len, indent};
    c->n++;
}

/* Wrap body into rows_buf; returns the row count (at most MAX_ROWS). */
static int wrap_rows(const char *body, int width)
{
    struct collect c = {0};
    gin_ui_wrap(body, width, collect_row, &c);
    return c.n < MAX_ROWS ? c.n : MAX_ROWS;
}

static void put_row(int y, int x, int w, int attr, const row_span *r)
{
    char buf[1024];
    int ind = r->indent < (int)sizeof buf / 2 ? r->indent : 0;
    memset(buf, ' ', (size_t)ind);
    int len = r->len < (int)sizeof buf - ind - 1 ? r->len : (int)sizeof buf - ind - 1;
    memcpy(buf + ind, r->s, (size_t)len);
    buf[ind + len] = '\0';
    gin_ui_put_clip(y, x, w, attr, buf);
}

/* Text page geometry: rows 2..lines-2, columns 2..cols-2. */
static int text_width(int cols) { return cols - 4; }

void gin_ui_draw_text(const char *title, const char *body, const char *footer, int scroll)
{
    int lines, cols;
    gin_ui_size(&lines, &cols);
    erase();
    if (cols < 20 || lines < 5) {
        gin_ui_too_small(lines, cols, NULL);
        gin_ui_show();
        return;
    }
    title_bar(0, cols, title);
    int rows = lines - 3, total = wrap_rows(body, text_width(cols));
    if (scroll > total - rows)
        scroll = total - rows;
    if (scroll < 0)
        scroll = 0;
    for (int r = 0; r < rows && scroll + r < total; r++)
        put_row(2 + r, 2, text_width(cols), 0, &rows_buf[scroll + r]);
    char foot[GIN_UI_LINE + 64], where[64] = "";
    if (total > rows)
        snprintf(where, sizeof where, "(%s scroll: %d-%d of %d)",
                 gin_ui_st.utf8 ? "\xe2\x86\x91\xe2\x86\x93" : "arrows", scroll + 1,
                 scroll + rows < total ? scroll + rows : total, total);
    int ww = gin_ui_strwidth(where);
    if (ww && gin_ui_strwidth(footer) + 3 + ww <= cols - 2) {
        snprintf(foot, sizeof foot, "%s   %s", footer, where);
    } else {
        /* No room beside the keys: the scroll position goes to the title
         * bar's right end, so neither is cut. */
        snprintf(foot, sizeof foot, "%s", footer);
        if (ww && ww + 2 <= cols)
            gin_ui_put_clip(0, cols - 1 - ww, ww, gin_ui_attr(GIN_PAIR_HEADER) | (int)A_BOLD, where);
    }
    gin_ui_put_clip(lines - 1, 1, cols - 2, gin_ui_attr(GIN_PAIR_DIM), foot);
    gin_ui_show();
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
        int max = total - rows > 0 ? total - rows : 0;
        if (in.kind == GIN_IN_WHEEL) { /* three rows a notch, as terminals scroll */
            int s = *scroll + 3 * in.key;
            *scroll = s < 0 ? 0 : s > max ? max : s;
            *redraw = 1;
            return 0;
        }
        int k = in.kind == GIN_IN_CLICK ? '\n' : in.key;
        if (k == GIN_KEY_ENTER)
            k = '\n';
        if (k == GIN_KEY_ESC)
            k = 27;
        int step = k == GIN_KEY_DOWN || k == 'j'   ? 1
                   : k == GIN_KEY_UP || k == 'k'   ? -1
                   : k == GIN_KEY_PGDN || k == ' ' ? rows
                   : k == GIN_KEY_PGUP             ? -rows
                                                   : 0;
        if (k == GIN_KEY_HOME || k == GIN_KEY_END) { /* the top, the bottom: never a way out */
            *scroll = k == GIN_KEY_HOME ? 0 : max;
            *redraw = 1;
            return 0;
        }
        /* Space pages on while there is more to read, even where it also
         * answers (a page's "continue"), as a pager does: it continued past
         * the practice review's unread rows. */
        int space_answers = k == ' ' && strchr(keys, ' ') && *scroll >= max;
        if (step && !space_answers && !(k == 'k' && strchr(keys, 'k'))) {
            int s = *scroll + step;
            *scroll = s < 0 ? 0 : s > max ? max : s;
            *redraw = 1;
            return 0;
        }
        if (k > 0 && k < 256 && strchr(keys, k))
            return k;
    }
}

/* In a window too small to show the screen, a key other than q (or a quit
 * signal) must not act: the player cannot see what it would answer. */
static int unseen_key(int k, int min_lines, int min_cols)
{
    int lines, cols;
    gin_ui_size(&lines, &cols);
    return (lines < min_lines || cols < min_cols) && k != -1 && k != 'q';
}

int gin_ui_text_screen(const char *title, const char *body, const char *footer, const char *keys)
{
    int scroll = 0;
    for (;;) {
        int lines, cols, redraw = 0;
        gin_ui_size(&lines, &cols);
        int total = wrap_rows(body, text_width(cols));
        if (scroll > total - (lines - 3))
            scroll = total - (lines - 3) > 0 ? total - (lines - 3) : 0;
        gin_ui_draw_text(title, body, footer, scroll);
        int k = wait_keys(keys, &scroll, total, lines - 3, &redraw);
        if (!redraw && !unseen_key(k, 5, 20))
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

static int spread_row(const gin_showdown_seat *sp, gin_card *cards, int *grp, int *laid)
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

static void draw_spread(const gin_showdown_seat *sp, int y, int cols)
{
    gin_card cards[40];
    int grp[40], laid[40];
    int n = spread_row(sp, cards, grp, laid), groups = 0;
    for (int i = 1; i < n; i++)
        groups += grp[i] != grp[i - 1];
    char label[GIN_UI_LINE + 32];
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
            const char *lab = grp[i] < 0                           ? (n > i ? "deadwood" : "")
                              : gin_meld_is_set(sp->melds[grp[i]]) ? "set"
                                                                   : "run";
            gin_ui_put(y + 1, x, grp[i] < 0 ? gin_ui_attr(GIN_PAIR_DIM) : gin_ui_attr(GIN_PAIR_MELD) | (int)A_BOLD,
                       lab);
        }
        x += step;
    }
}

/* A ring's seat in two rows: its label, then its cards as text: each
 * meld in brackets (cards laid on it by others marked + in the lay-off
 * colour), its unmatched cards, and what it laid off itself. */
static void put_card_text(int y, int *x, int right, gin_card c, int attr_extra, const char *prefix)
{
    char ct[GIN_UI_CARD_TEXT], buf[24];
    gin_ui_card_text(c, ct, sizeof ct);
    snprintf(buf, sizeof buf, "%s%s", prefix, ct);
    int w = gin_ui_strwidth(buf);
    if (*x + w > right)
        return;
    gin_ui_put(y, *x, attr_extra ? attr_extra : gin_ui_attr(gin_ui_suit_pair(c)) | (int)A_BOLD, buf);
    *x += w + 1;
}

static void draw_seat_row(const gin_showdown_seat *sp, int y, int cols)
{
    gin_ui_put_clip(y, 2, cols - 3, (int)A_BOLD, sp->label);
    int x = 4, right = cols - 1, lay = gin_ui_attr(GIN_PAIR_LAYOFF) | (int)A_BOLD;
    int meld = gin_ui_attr(GIN_PAIR_MELD);
    gin_card tmp[16];
    for (int m = 0; m < sp->n_melds; m++) {
        int k = set_cards(sp->melds[m] | sp->laid[m], tmp);
        if (x + 1 < right)
            gin_ui_put(y + 1, x++, meld, "[");
        for (int i = 0; i < k; i++) {
            int laid = gin_cardset_has(sp->laid[m], tmp[i]);
            put_card_text(y + 1, &x, right, tmp[i], laid ? lay : 0, laid ? "+" : "");
        }
        if (x > 5 && x - 1 < right)
            gin_ui_put(y + 1, x - 1, meld, "]");
        x++;
    }
    int k = set_cards(sp->unmatched, tmp);
    if (k && x + 9 < right) {
        gin_ui_put(y + 1, x, gin_ui_attr(GIN_PAIR_DIM), "deadwood");
        x += 9;
    }
    for (int i = 0; i < k; i++)
        put_card_text(y + 1, &x, right, tmp[i], 0, "");
    k = set_cards(sp->laid_off, tmp);
    if (k && x + 10 < right) {
        x++;
        gin_ui_put(y + 1, x, gin_ui_attr(GIN_PAIR_LAYOFF), "laid off");
        x += 9;
    }
    for (int i = 0; i < k; i++)
        put_card_text(y + 1, &x, right, tmp[i], lay, "+");
}

static void draw_ring_showdown(const gin_showdown_screen *s, int lines, int cols)
{
    int n = s->seats > GIN_MAX_SEATS ? GIN_MAX_SEATS : s->seats;
    int total = wrap_rows(s->text, text_width(cols));
    /* A blank row between seats when the text still fits under them. */
    int gap = 2 + n * 3 + total <= lines - 1 ? 1 : 0;
    int y = 2;
    for (int i = 0; i < n; i++, y += 2 + gap)
        draw_seat_row(&s->seat[i], y, cols);
    if (!gap)
        y++;
    const char *first_end = s->text + strcspn(s->text, "\n");
    for (int r = 0; r < total && y + r < lines - 1; r++)
        put_row(y + r, 2, text_width(cols), rows_buf[r].s < first_end ? (int)A_BOLD : 0, &rows_buf[r]);
}

void gin_ui_draw_showdown(const gin_showdown_screen *s)
{
    int lines, cols;
    gin_ui_size(&lines, &cols);
    erase();
    if (cols < GIN_UI_MIN_COLS || lines < GIN_UI_MIN_LINES) {
        gin_ui_too_small(lines, cols, NULL);
    } else {
        title_bar(0, cols, s->title);
        if (s->seats > 2) {
            draw_ring_showdown(s, lines, cols);
            gin_ui_put_clip(lines - 1, 1, cols - 2, gin_ui_attr(GIN_PAIR_DIM), s->footer);
            gin_ui_show();
            return;
        }
        draw_spread(&s->spread[0], 2, cols);
        draw_spread(&s->spread[1], 9, cols);
        int total = wrap_rows(s->text, text_width(cols));
        const char *first_end = s->text + strcspn(s->text, "\n");
        int top = 16 + total > lines - 1 ? 15 : 16; /* a long text takes the spacer row under the spreads */
        for (int r = 0; r < total && top + r < lines - 1; r++)
            put_row(top + r, 2, text_width(cols), rows_buf[r].s < first_end ? (int)A_BOLD : 0, &rows_buf[r]);
        gin_ui_put_clip(lines - 1, 1, cols - 2, gin_ui_attr(GIN_PAIR_DIM), s->footer);
    }
    gin_ui_show();
}

int gin_ui_showdown_screen(const gin_showdown_screen *s, const char *keys)
{
    for (;;) {
        int redraw = 0, scroll = 0;
        gin_ui_draw_showdown(s);
        int k = wait_keys(keys, &scroll, 0, 0, &redraw);
        if (!redraw && !unseen_key(k, GIN_UI_MIN_LINES, GIN_UI_MIN_COLS))
            return k;
    }
}

int gin_ui_menu(const char *title, const char *const *items, int n, int *cursor, const char *footer)
{
    gin_ui_input in;
    int top = 2; /* the row of the first item */
    for (;;) {
        int lines, cols;
        gin_ui_size(&lines, &cols);
        erase();
        title_bar(0, cols, title);
        /* A footer "note\nkeys": the note under the items, the keys at the bottom. */
        const char *keys = strrchr(footer, '\n');
        int total = 0;
        if (keys) {
            static char note[1024];
            size_t nl = (size_t)(keys - footer) < sizeof note ? (size_t)(keys - footer) : sizeof note - 1;
            memcpy(note, footer, nl);
            note[nl] = '\0';
            total = wrap_rows(note, cols - 6);
        }
        /* The blank rows above and below the items go first when the note
         * would not fit whole (a long menu at 80x24). */
        int gap = 2 + n + 1 + total + 1 <= lines ? 1 : 0;
        top = 1 + gap;
        for (int i = 0; i < n && top + i < lines - 1; i++) {
            int sel = i == *cursor;
            char buf[GIN_UI_LINE];
            snprintf(buf, sizeof buf, "%s %s", sel ? (gin_ui_st.utf8 ? "\xe2\x96\xb6" : ">") : " ", items[i]);
            gin_ui_put_clip(top + i, 3, cols - 4, sel ? gin_ui_attr(GIN_PAIR_SELECT) | (int)A_BOLD : 0, buf);
        }
        if (keys) {
            for (int r = 0; r < total && top + n + gap + r < lines - 1; r++)
                put_row(top + n + gap + r, 3, cols - 6, gin_ui_attr(GIN_PAIR_DIM), &rows_buf[r]);
            keys++;
        } else {
            keys = footer;
        }
        gin_ui_put_clip(lines - 1, 1, cols - 2, gin_ui_attr(GIN_PAIR_DIM), keys);
        gin_ui_show();
        gin_ui_read(&in, -1);
        if (in.kind == GIN_IN_QUIT)
            return -2;
        if (in.kind == GIN_IN_CLICK) {
            if (in.y >= top && in.y < top + n) {
                *cursor = in.y - top;
                return *cursor;
            }
            continue;
        }
        if (in.kind == GIN_IN_WHEEL) {
            *cursor = (*cursor + n + in.key) % n;
            continue;
        }
        if (in.kind != GIN_IN_KEY)
            continue;
        switch (in.key) {
        case GIN_KEY_UP:
        case 'k':
            *cursor = (*cursor + n - 1) % n;
            break;
        case GIN_KEY_DOWN:
        case 'j':
            *cursor = (*cursor + 1) % n;
            break;
        case GIN_KEY_LEFT:
        case 'h':
            return GIN_UI_MENU_PREV + *cursor;
        case GIN_KEY_RIGHT:
        case 'l':
            return GIN_UI_MENU_NEXT + *cursor;
        case GIN_KEY_ENTER:
        case ' ':
            return *cursor;
        case GIN_KEY_ESC:
        case 'q':
        case 'm':
            return -1;
        default:
            break;
        }
    }
}
