/* Painting the table: cards, the opponent, the piles, your hand with its
 * melds bracketed, the message and key lines. All drawing goes to the
 * virtual screen and is shown with one doupdate per frame (no flicker). */
#define _XOPEN_SOURCE_EXTENDED 1
#include "ui_internal.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include "gin/meld.h"

/* Without UTF-8, text that still carries glyphs (a bot's reason, a log
 * line) is shown in letters, one column for one, never as blanks. */
static wchar_t ascii_of(wchar_t c)
{
    switch (c) {
    case 0x2660:
        return L'S';
    case 0x2665:
        return L'H';
    case 0x2666:
        return L'D';
    case 0x2663:
        return L'C';
    case 0x00b7:
        return L'-';
    case 0x2190:
        return L'<';
    case 0x2192:
        return L'>';
    case 0x2191:
    case 0x25b2:
        return L'^';
    case 0x2193:
        return L'v';
    case 0x25b6:
        return L'>';
    case 0x2014:
    case 0x2013:
    case 0x2500:
        return L'-';
    case 0x2502:
        return L'|';
    default:
        return c < 0x80 ? c : L'?';
    }
}

/* A string put on screen is at most PUT_MAX characters; UNCLIPPED: no
 * width of our own, only the window's. */
enum { PUT_MAX = 512, UNCLIPPED = 1 << 20 };

void gin_ui_put_clip(int y, int x, int w, int attr, const char *s)
{
    int lines, cols;
    gin_ui_size(&lines, &cols);
    if (y < 0 || y >= lines || x >= cols || w <= 0)
        return;
    wchar_t ws[PUT_MAX];
    int n = gin_ui_decode(s, ws, PUT_MAX - 1);
    if (!gin_ui_st.utf8)
        for (int i = 0; i < n; i++)
            ws[i] = ascii_of(ws[i]);
    int skip = x < 0 ? -x : 0;
    if (skip >= n)
        return;
    x += skip;
    if (n - skip > w)
        n = w + skip;
    if (x + (n - skip) > cols)
        n = cols - x + skip;
    attron(attr);
    mvaddnwstr(y, x, ws + skip, n - skip);
    attroff(attr);
}

void gin_ui_put(int y, int x, int attr, const char *s) { gin_ui_put_clip(y, x, UNCLIPPED, attr, s); }

static const char *boxch(int which)
{
    /* 0 tl, 1 tr, 2 bl, 3 br, 4 horizontal, 5 vertical */
    static const char *const u[] = {"\xe2\x94\x8c", "\xe2\x94\x90", "\xe2\x94\x94",
                                    "\xe2\x94\x98", "\xe2\x94\x80", "\xe2\x94\x82"};
    static const char *const a[] = {"+", "+", "+", "+", "-", "|"};
    return gin_ui_st.utf8 ? u[which] : a[which];
}

int gin_ui_suit_pair(gin_card c)
{
    int s = gin_card_suit(c);
    if (gin_ui_st.four_color)
        return s == GIN_HEARTS     ? GIN_PAIR_RED
               : s == GIN_DIAMONDS ? GIN_PAIR_BLUE
               : s == GIN_CLUBS    ? GIN_PAIR_GREEN
                                   : GIN_PAIR_FACE;
    return s == GIN_HEARTS || s == GIN_DIAMONDS ? GIN_PAIR_RED : GIN_PAIR_FACE;
}

/* A frame's top or bottom edge, w wide: corner, horizontals, corner. */
static void edge(int y, int x, int w, int attr, int left, int right)
{
    char line[256];
    size_t k = 0;
    for (int i = 0; i < w; i++) {
        const char *p = i == 0 ? boxch(left) : i == w - 1 ? boxch(right) : boxch(4);
        size_t pl = strlen(p);
        if (k + pl < sizeof line)
            memcpy(line + k, p, pl), k += pl;
    }
    line[k] = '\0';
    gin_ui_put(y, x, attr, line);
}

static void frame(int y, int x, int w, int h, int attr)
{
    edge(y, x, w, attr, 0, 1);
    edge(y + h - 1, x, w, attr, 2, 3);
    for (int r = 1; r < h - 1; r++) {
        gin_ui_put(y + r, x, attr, boxch(5));
        gin_ui_put(y + r, x + w - 1, attr, boxch(5));
    }
}

static void fill(int y, int x, int w, int attr, const char *ch)
{
    for (int i = 0; i < w; i++)
        gin_ui_put(y, x + i, attr, ch);
}

void gin_ui_card_face(int y, int x, int w, int h, gin_card c, int extra_attr)
{
    int attr = gin_ui_attr(gin_ui_suit_pair(c));
    int battr = extra_attr ? extra_attr : attr;
    frame(y, x, w, h, battr);
    for (int r = 1; r < h - 1; r++)
        fill(y + r, x + 1, w - 2, attr, " ");
    const char *rk = gin_rank_name(gin_card_rank(c));
    const char *su = gin_suit_name(gin_card_suit(c), gin_ui_st.utf8);
    if (h < 5) {
        char t[16];
        snprintf(t, sizeof t, "%-2s%s", rk, su);
        gin_ui_put(y + 1, x + 1, attr | (int)A_BOLD, t);
        return;
    }
    gin_ui_put(y + 1, x + 1, attr | (int)A_BOLD, rk);
    gin_ui_put(y + h / 2, x + w / 2, attr | (int)A_BOLD, su);
    gin_ui_put(y + h - 2, x + w - 1 - (int)strlen(rk), attr | (int)A_BOLD, rk);
}

void gin_ui_card_back(int y, int x, int w, int h)
{
    int attr = gin_ui_attr(GIN_PAIR_BACK);
    frame(y, x, w, h, attr);
    for (int r = 1; r < h - 1; r++)
        fill(y + r, x + 1, w - 2, attr, gin_ui_st.utf8 ? "\xe2\x96\x91" : "#");
}

static void empty_slot(int y, int x, int w, int h) { frame(y, x, w, h, gin_ui_attr(GIN_PAIR_DIM)); }

static void put_centred(int y, int cols, int attr, const char *s)
{
    int w = gin_ui_strwidth(s);
    gin_ui_put_clip(y, w < cols ? (cols - w) / 2 : 0, cols, attr, s);
}

struct centred {
    int y, cols, attr, max_y;
};

static void centred_row(void *ctx, const char *s, int len, int indent)
{
    struct centred *c = ctx;
    char buf[256];
    (void)indent;
    if (c->y > c->max_y || len >= (int)sizeof buf)
        return;
    memcpy(buf, s, (size_t)len);
    buf[len] = '\0';
    put_centred(c->y++, c->cols, c->attr, buf);
}

void gin_ui_too_small(int lines, int cols, const char *msg)
{
    char a[96], b[96];
    snprintf(a, sizeof a, "The window is %dx%d.", cols, lines);
    snprintf(b, sizeof b, "Please make it at least %dx%d.", GIN_UI_MIN_COLS, GIN_UI_MIN_LINES);
    int y = lines / 2 - 2;
    if (y < 0)
        y = 0;
    put_centred(y, cols, (int)A_BOLD, a);
    put_centred(y + 1, cols, 0, b);
    put_centred(y + 2, cols, gin_ui_attr(GIN_PAIR_DIM), "(q quits)");
    if (msg && *msg) {
        struct centred c = {y + 4, cols, (int)A_BOLD, lines - 1};
        gin_ui_wrap(msg, cols - 2, centred_row, &c);
    }
}

/* The columns a label over the cards i..j may use: theirs, and the free
 * columns beside them up to a column short of the neighbouring cards. */
static void label_span(const gin_scene *t, const gin_layout *l, int i, int j, int *left, int *right)
{
    *left = i > 0 ? l->hand_x[i - 1] + l->card_w + 1 : 0;
    *right = j + 1 < t->n ? l->hand_x[j + 1] - 2 : l->cols - 1;
}

/* The deadwood block that carries the one "deadwood" label: the widest
 * whose span holds the word (the first such), or -1. A label per block
 * said it twice in rank order; a shorter word cut it to "dead". */
static int deadwood_label_at(const gin_scene *t, const gin_layout *l)
{
    int best = -1, best_w = 0;
    for (int i = 0, j; i < t->n; i = j + 1) {
        for (j = i; j + 1 < t->n && t->group[j + 1] == t->group[i];)
            j++;
        int left, right, w = l->hand_x[j] + l->card_w - l->hand_x[i];
        label_span(t, l, i, j, &left, &right);
        if (t->group[i] < 0 && right - left + 1 >= 8 && w > best_w)
            best = i, best_w = w;
    }
    return best;
}

static void draw_brackets(const gin_scene *t, const gin_layout *l)
{
    int i = 0, dead_at = deadwood_label_at(t, l);
    while (i < t->n) {
        int j = i;
        while (j + 1 < t->n && t->group[j + 1] == t->group[i])
            j++;
        int x0 = l->hand_x[i], x1 = l->hand_x[j] + l->card_w - 1, w = x1 - x0 + 1;
        if (t->group[i] >= 0) {
            int attr = gin_ui_attr(GIN_PAIR_MELD);
            char line[512];
            size_t k = 0;
            for (int c = 0; c < w && k + 4 < sizeof line; c++) {
                const char *p = c == 0       ? (gin_ui_st.utf8 ? "\xe2\x95\xad" : "/")
                                : c == w - 1 ? (gin_ui_st.utf8 ? "\xe2\x95\xae" : "\\")
                                             : boxch(4);
                size_t pl = strlen(p);
                memcpy(line + k, p, pl);
                k += pl;
            }
            line[k] = '\0';
            gin_ui_put(l->bracket_y, x0, attr, line);
            const char *lab = t->group_is_set[t->group[i]] ? " set " : " run ";
            if (w >= 7)
                gin_ui_put(l->bracket_y, x0 + (w - 5) / 2, attr | (int)A_BOLD, lab);
        } else if (i == dead_at) {
            int left, right, x = x0 + (w - 8) / 2;
            label_span(t, l, i, j, &left, &right);
            x = x < left ? left : x + 8 > right + 1 ? right + 1 - 8 : x;
            gin_ui_put(l->bracket_y, x, gin_ui_attr(GIN_PAIR_DIM), "deadwood");
        }
        i = j + 1;
    }
}

static void draw_hand(const gin_scene *t, const gin_layout *l)
{
    const char *keys = t->pick_keys;
    draw_brackets(t, l);
    for (int i = 0; i < t->n; i++) {
        int sel = i == t->selected;
        gin_ui_card_face(l->hand_y, l->hand_x[i], l->card_w, l->card_h, t->cards[i],
                         sel ? gin_ui_attr(GIN_PAIR_SELECT) | (int)A_BOLD : 0);
        char num[16];
        int attr = gin_ui_attr(GIN_PAIR_DIM);
        if (sel) {
            snprintf(num, sizeof num, "%s%.1s", gin_ui_st.utf8 ? "\xe2\x96\xb2" : "^", keys + i);
            attr = gin_ui_attr(GIN_PAIR_KEY) | (int)A_BOLD;
        } else if (t->cards[i] == t->taken) {
            snprintf(num, sizeof num, "took");
            attr = gin_ui_attr(GIN_PAIR_ERROR);
        } else if (t->cards[i] == t->drawn) {
            snprintf(num, sizeof num, "new");
            attr = gin_ui_attr(GIN_PAIR_KEY);
        } else {
            snprintf(num, sizeof num, "%.1s", keys + i);
        }
        gin_ui_put(l->number_y, l->hand_x[i] + (l->card_w - gin_ui_strwidth(num)) / 2, attr, num);
    }
}

static void draw_opponent(const gin_scene *t, const gin_layout *l)
{
    char label[GIN_UI_LINE];
    int known = gin_cardset_count(t->opp_known);
    if (t->opp_open)
        snprintf(label, sizeof label, "%s \xc2\xb7 %d cards \xc2\xb7 open hand (practice)", t->opp_name, t->opp_count);
    else if (known)
        snprintf(label, sizeof label, "%s \xc2\xb7 %d cards \xc2\xb7 %d known (taken from the pile)", t->opp_name,
                 t->opp_count, known);
    else
        snprintf(label, sizeof label, "%s \xc2\xb7 %d cards", t->opp_name, t->opp_count);
    if (!gin_ui_st.utf8)
        for (char *p = label; (p = strstr(p, "\xc2\xb7"));)
            memmove(p, p + 1, strlen(p + 1) + 1), *p = '-';
    int w = gin_ui_strwidth(label);
    gin_ui_put(l->opp_label_y, (l->cols - w) / 2, (int)A_BOLD, label);
    int x = l->opp.x;
    if (t->opp_open) {
        /* Melds first, each in order, then the unmatched cards by rank. */
        gin_arrangement ar;
        gin_cardset parts[GIN_MAX_MELDS + 1];
        int np = 0;
        if (gin_arrange(t->opp_open, &ar) == 0) {
            for (int m = 0; m < ar.n_melds; m++)
                parts[np++] = ar.melds[m];
            parts[np++] = ar.unmatched;
        } else {
            parts[np++] = t->opp_open;
        }
        for (int i = 0; i < np; i++) {
            int set = i < np - 1 && gin_meld_is_set(parts[i]);
            gin_card order[16];
            int n = 0;
            /* Sets and the unmatched cards by rank; runs by suit, then rank. */
            for (int a = 0; a < GIN_RANKS * GIN_SUITS; a++) {
                int r = (set || i == np - 1) ? a / GIN_SUITS : a % GIN_RANKS;
                int su = (set || i == np - 1) ? a % GIN_SUITS : a / GIN_RANKS;
                gin_card c = gin_card_make(r, su);
                if (gin_cardset_has(parts[i], c) && n < 16)
                    order[n++] = c;
            }
            for (int k = 0; k < n; k++, x += l->opp_step)
                gin_ui_card_face(l->opp.y, x, l->card_w, l->card_h, order[k], 0);
        }
        return;
    }
    int backs = t->opp_count - known;
    for (int i = 0; i < backs; i++, x += l->opp_step)
        gin_ui_card_back(l->opp.y, x, l->card_w, l->card_h);
    if (backs)
        x += l->card_w - l->opp_step + 2;
    for (gin_cardset s = t->opp_known; s; s &= s - 1, x += l->card_w + 1)
        gin_ui_card_face(l->opp.y, x, l->card_w, l->card_h, gin_cardset_first(s), 0);
}

/* "·" as "-" without UTF-8, in place. */
static void plain_dots(char *s)
{
    if (gin_ui_st.utf8)
        return;
    for (char *p = s; (p = strstr(p, "\xc2\xb7"));)
        memmove(p, p + 1, strlen(p + 1) + 1), *p = '-';
}

/* A frame with a title in its top edge and a note in its bottom edge. */
static void titled_frame(gin_rect r, int attr, const char *title, int tattr, const char *note)
{
    frame(r.y, r.x, r.w, r.h, attr);
    if (title && *title)
        gin_ui_put_clip(r.y, r.x + 2, r.w - 4, tattr, title);
    if (note && *note) {
        int w = gin_ui_strwidth(note);
        gin_ui_put_clip(r.y + r.h - 1, r.x + r.w - 2 - w, w, gin_ui_attr(GIN_PAIR_DIM), note);
    }
}

/* One opponent in a ring: name in the frame (highlighted on its turn),
 * cards and penalty total, a back for each unknown card then the known
 * ones face up (or, in practice, the whole hand), and its last move. */
static void draw_seat_box(const gin_scene_seat *s, gin_rect r)
{
    int turn_attr = gin_ui_attr(GIN_PAIR_KEY) | (int)A_BOLD;
    char title[64];
    snprintf(title, sizeof title, " %s%s ", s->turn ? (gin_ui_st.utf8 ? "\xe2\x96\xb6 " : "> ") : "", s->name);
    titled_frame(r, s->turn ? turn_attr : gin_ui_attr(GIN_PAIR_DIM), title, s->turn ? turn_attr : (int)A_BOLD,
                 s->dealer ? " dealer " : NULL);
    int iw = r.w - 4, x0 = r.x + 2;
    char line[96];
    snprintf(line, sizeof line, "%d cards \xc2\xb7 %d pts", s->count, s->points);
    plain_dots(line);
    gin_ui_put_clip(r.y + 1, x0, iw, 0, line);
    /* Cards: backs (one column each) then faces ("Q♣ "), wrapping once. */
    gin_cardset faces = s->open ? s->open : s->known;
    int backs = s->open ? 0 : s->count - gin_cardset_count(s->known);
    int y = r.y + 2, x = x0;
    for (int i = 0; i < backs && x < x0 + iw; i++, x++)
        gin_ui_put(y, x, gin_ui_attr(GIN_PAIR_BACK), gin_ui_st.utf8 ? "\xe2\x96\x91" : "#");
    if (backs)
        x++;
    for (gin_cardset f = faces; f; f &= f - 1) {
        gin_card c = gin_cardset_first(f);
        char ct[GIN_UI_CARD_TEXT];
        gin_ui_card_text(c, ct, sizeof ct);
        int w = gin_ui_strwidth(ct);
        if (x + w > x0 + iw) {
            if (y == r.y + 3)
                break;
            y++;
            x = x0;
        }
        gin_ui_put(y, x, gin_ui_attr(gin_ui_suit_pair(c)) | (int)A_BOLD, ct);
        x += w + 1;
    }
    if (y == r.y + 2 && s->last[0])
        gin_ui_put_clip(r.y + 3, x0, iw, gin_ui_attr(GIN_PAIR_DIM), s->last);
}

/* The header bar: the title, two columns clear of the score at the right:
 * whole, or without the rules (the hand and the dealer matter more), or
 * cut short of it. */
static void draw_header(const gin_scene *t, int y, int cols)
{
    int hattr = gin_ui_attr(GIN_PAIR_HEADER);
    attron(hattr);
    mvhline(y, 0, ' ', cols);
    attroff(hattr);
    int sw = gin_ui_strwidth(t->score), room = cols - sw - 4;
    const char *title = gin_ui_strwidth(t->title) <= room || !t->brief[0] ? t->title : t->brief;
    gin_ui_put_clip(y, 1, room, hattr | (int)A_BOLD, title);
    gin_ui_put_clip(y, cols - sw - 1, sw, hattr | (int)A_BOLD, t->score);
}

/* The move log: the newest lines that fit (less what is scrolled away),
 * oldest at the top, the newest in bold; a marker when there is more. */
static void draw_log(const gin_scene *t, const gin_layout *l)
{
    if (!t->log || t->n_log <= 0 || l->log.h <= 0)
        return;
    int scroll = t->log_scroll < 0 ? 0 : t->log_scroll > t->n_log - 1 ? t->n_log - 1 : t->log_scroll;
    int last = t->n_log - 1 - scroll, rows = l->log.h, first = last - rows + 1;
    if (first < 0)
        first = 0;
    for (int i = first; i <= last; i++) {
        int attr = i == t->n_log - 1 ? (int)A_BOLD : gin_ui_attr(GIN_PAIR_DIM);
        char line[GIN_UI_LINE + 8];
        if (i == first && first > 0)
            snprintf(line, sizeof line, "%s %s", gin_ui_st.utf8 ? "\xe2\x86\x91" : "^", t->log[i]);
        else if (i == last && scroll > 0)
            snprintf(line, sizeof line, "%s %s", gin_ui_st.utf8 ? "\xe2\x86\x93" : "v", t->log[i]);
        else
            snprintf(line, sizeof line, "%s", t->log[i]);
        gin_ui_put_clip(l->log.y + (i - first), l->log.x, l->log.w, attr, line);
    }
}

static void draw_piles(const gin_scene *t, const gin_layout *l)
{
    char buf[64];
    snprintf(buf, sizeof buf, "Stock %d", t->stock_n);
    gin_ui_put(l->pile_label_y, l->stock.x, (int)A_BOLD, buf);
    snprintf(buf, sizeof buf, "Discard %d", t->pile_n);
    gin_ui_put(l->pile_label_y, l->discard.x, (int)A_BOLD, buf);
    if (t->stock_n > 0)
        gin_ui_card_back(l->stock.y, l->stock.x, l->card_w, l->card_h);
    else
        empty_slot(l->stock.y, l->stock.x, l->card_w, l->card_h);
    if (t->discard_top != GIN_NO_CARD)
        gin_ui_card_face(l->discard.y, l->discard.x, l->card_w, l->card_h, t->discard_top,
                         t->pile_hilite ? gin_ui_attr(GIN_PAIR_KEY) | (int)A_BOLD : 0);
    else
        empty_slot(l->discard.y, l->discard.x, l->card_w, l->card_h);
    draw_log(t, l);
}

struct msg_rows {
    int y, last, cols, attr;
};

static void msg_row(void *ctx, const char *s, int len, int indent)
{
    struct msg_rows *m = ctx;
    char buf[GIN_UI_LINE + 1];
    (void)indent;
    if (m->y > m->last)
        return;
    if (len > GIN_UI_LINE)
        len = GIN_UI_LINE;
    memcpy(buf, s, (size_t)len);
    buf[len] = '\0';
    gin_ui_put_clip(m->y++, 1, m->cols - 2, m->attr, buf);
}

void gin_ui_draw_scene(const gin_scene *t, gin_layout *out)
{
    gin_layout l;
    int lines, cols;
    gin_ui_size(&lines, &cols);
    gin_layout_scene(cols, lines, t, &l);
    erase();
    if (l.too_small) {
        gin_ui_too_small(lines, cols, t->message);
    } else {
        draw_header(t, l.header_y, cols);
        if (t->seats > 2)
            for (int i = 0; i < l.n_boxes; i++)
                draw_seat_box(&t->opps[i], l.box[i]);
        else
            draw_opponent(t, &l);
        draw_piles(t, &l);
        int hx = t->n ? l.hand_x[0] : 2;
        /* Over a narrow hand (seven cards in a ring) the line starts further
         * left rather than lose its end. */
        int nw = gin_ui_strwidth(t->hand_note);
        if (hx + nw > cols - 1)
            hx = cols - 1 - nw > 1 ? cols - 1 - nw : 1;
        gin_ui_put_clip(l.hand_label_y, hx, cols - hx - 1, (int)A_BOLD, t->hand_note);
        draw_hand(t, &l);
        /* A long message takes the blank row above it rather than lose its end. */
        int mattr = t->message_error ? gin_ui_attr(GIN_PAIR_ERROR) | (int)A_BOLD : (int)A_BOLD;
        int mrows = gin_ui_wrap(t->message, cols - 2, NULL, NULL), room = l.msg_y - 1 > l.number_y ? 2 : 1;
        struct msg_rows mr = {mrows > 1 && room > 1 ? l.msg_y - 1 : l.msg_y, l.msg_y, cols, mattr};
        if (mrows > room && strchr(t->message, '\n')) /* lines too long to wrap in the room: each on its row, cut */
            for (const char *s = t->message; s && mr.y <= mr.last; s = strchr(s, '\n'), s = s ? s + 1 : s)
                msg_row(&mr, s, (int)strcspn(s, "\n"), 0);
        else
            gin_ui_wrap(t->message, cols - 2, msg_row, &mr);
        gin_ui_put_clip(l.keys_y, 1, cols - 2, gin_ui_attr(GIN_PAIR_DIM), t->keys);
    }
    gin_ui_show();
    if (out)
        *out = l;
}
