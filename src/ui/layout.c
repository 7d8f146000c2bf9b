/* Where each part of the table goes for a window size. Pure arithmetic so
 * the layout is tested without a terminal and mouse clicks map back to it. */
#include "scene.h"

#include <string.h>

void gin_scene_clear(gin_scene *t)
{
    memset(t, 0, sizeof *t);
    t->discard_top = GIN_NO_CARD;
    t->selected = -1;
    t->taken = GIN_NO_CARD;
    t->drawn = GIN_NO_CARD;
    for (int i = 0; i < GIN_UI_MAX_HAND; i++)
        t->group[i] = -1;
}

/* Width of the hand with `gap` columns between cards and `brk` more where
 * one group ends and another begins. */
static int hand_width(const gin_scene *t, int cw, int gap, int brk)
{
    int w = 0;
    for (int i = 0; i < t->n; i++) {
        if (i)
            w += gap + (t->group[i] != t->group[i - 1] ? brk : 0);
        w += cw;
    }
    return w;
}

/* The hand, centred; tighten the spacing if it does not fit. */
static void place_hand(gin_layout *l, const gin_scene *t, int big, int cols)
{
    int gap = big ? 2 : 1, brk = 2;
    while (hand_width(t, l->card_w, gap, brk) > cols - 2 && (gap || brk)) {
        if (brk > 1 || !gap) /* the meld gaps down to one, then the card gaps, then the rest */
            brk--;
        else
            gap--;
    }
    int x = (cols - hand_width(t, l->card_w, gap, brk)) / 2;
    if (x < 0)
        x = 0;
    for (int i = 0; i < t->n; i++) {
        if (i)
            x += gap + (t->group[i] != t->group[i - 1] ? brk : 0);
        l->hand_x[i] = x;
        x += l->card_w;
    }
}

/* A ring's opponent box (wider in a wide window), and its log's width
 * there; the move log beside the piles needs LOG_MIN_COLS columns (the
 * cut's line at 80x24). */
enum { BOX_W = 24, BOX_W_WIDE = 30, BOX_H = 5, LOG_W_WIDE = 76, LOG_MIN_COLS = 44 };

/* A ring of three or four: the opponents' boxes left, (top,) right; the
 * stock and pile between them; the move log under them; your hand at the
 * bottom. Rows at 80x24 with four seats: header 1, top box 5, middle 5,
 * log 3, hand 6, message and keys 2; the spare rows become gaps. */
static void layout_seats(int cols, int lines, const gin_scene *t, gin_layout *l, int big)
{
    int ch = l->card_h;
    int n = t->n_opps < 0 ? 0 : t->n_opps > GIN_UI_MAX_OPPS ? GIN_UI_MAX_OPPS : t->n_opps;
    int top = n == 3; /* the opponent across sits on top */
    int bw = cols >= GIN_UI_WIDE_COLS ? BOX_W_WIDE : BOX_W, bh = BOX_H;
    int mid_h = 1 + ch > bh ? 1 + ch : bh;
    int fixed = 1 + (top ? bh : 0) + mid_h + GIN_UI_LOG_LINES + (3 + ch) + 2;
    /* Spare rows, one at a time: above the message first (so a long one
     * can wrap into it), then between the log and your hand, between the
     * boxes, under the header. */
    int spare = lines - fixed, gaps[4] = {0, 0, 0, 0};
    static const int order[4] = {3, 2, 1, 0};
    for (int i = 0; spare > 0; i++, spare--)
        gaps[order[i % 4]]++;
    int y = 0;
    l->header_y = y++;
    y += gaps[0];
    l->n_boxes = n;
    int top_y = y;
    if (top)
        y += bh + gaps[1];
    else
        y += gaps[1];
    int mid_y = y;
    y += mid_h;
    l->log = (gin_rect){y, 0, GIN_UI_LOG_LINES + gaps[2], 0};
    y += GIN_UI_LOG_LINES + gaps[2];
    l->hand_label_y = y++;
    l->bracket_y = y++;
    l->hand_y = y;
    y += ch;
    l->number_y = y++;
    l->msg_y = lines - 2;
    l->keys_y = lines - 1;
    /* Boxes in turn order from your left: left, (top,) right. */
    int side_y = mid_y + (mid_h - bh) / 2;
    for (int i = 0; i < n; i++) {
        int pos = i == 0 ? 0 : (i == n - 1 ? 2 : 1); /* 0 left, 1 top, 2 right */
        if (pos == 0)
            l->box[i] = (gin_rect){side_y, 1, bh, bw};
        else if (pos == 2)
            l->box[i] = (gin_rect){side_y, cols - 1 - bw, bh, bw};
        else
            l->box[i] = (gin_rect){top_y, (cols - bw) / 2, bh, bw};
    }
    /* The piles centred between the side boxes. */
    int piles_w = 2 * l->card_w + 6;
    l->pile_label_y = mid_y + (mid_h - 1 - ch) / 2;
    l->stock = (gin_rect){l->pile_label_y + 1, (cols - piles_w) / 2, ch, l->card_w};
    l->discard = (gin_rect){l->stock.y, l->stock.x + l->card_w + 6, ch, l->card_w};
    /* The log: a sentence a row, under the boxes. */
    l->log.x = cols >= GIN_UI_WIDE_COLS ? (cols - LOG_W_WIDE) / 2 : 2;
    l->log.w = cols - 2 * l->log.x;
    l->opp = (gin_rect){mid_y, 0, 0, 0};
    l->opp_label_y = mid_y;
    place_hand(l, t, big, cols);
}

void gin_layout_scene(int cols, int lines, const gin_scene *t, gin_layout *l)
{
    memset(l, 0, sizeof *l);
    l->cols = cols;
    l->lines = lines;
    if (cols < GIN_UI_MIN_COLS || lines < GIN_UI_MIN_LINES) {
        l->too_small = 1;
        return;
    }
    int big = cols >= GIN_UI_WIDE_COLS && lines >= GIN_UI_BIG_LINES;
    l->card_w = big ? 7 : 5;
    l->card_h = big ? 5 : 3;
    int ch = l->card_h;
    if (t->seats > 2) {
        layout_seats(cols, lines, t, l, big);
        return;
    }

    /* Rows: header, opponent (label + cards), piles (label + cards), hand
     * (label, brackets, cards, numbers), message and keys; the spare rows
     * are shared out as gaps between the sections. */
    int fixed = 1 + (1 + ch) + (1 + ch) + (3 + ch) + 2;
    int spare = lines - fixed, gaps[4];
    for (int i = 0; i < 4; i++)
        gaps[i] = spare / 4 + (i < spare % 4 ? 1 : 0);
    int y = 0;
    l->header_y = y++;
    y += gaps[0];
    l->opp_label_y = y++;
    l->opp = (gin_rect){y, 0, ch, 0};
    y += ch + gaps[1];
    l->pile_label_y = y++;
    l->stock = (gin_rect){y, 0, ch, l->card_w};
    l->discard = (gin_rect){y, 0, ch, l->card_w};
    y += ch + gaps[2];
    l->hand_label_y = y++;
    l->bracket_y = y++;
    l->hand_y = y;
    y += ch;
    l->number_y = y;
    l->msg_y = lines - 2;
    l->keys_y = lines - 1;

    place_hand(l, t, big, cols);

    /* The opponent: backs overlapped, then the known cards face up (or, in
     * practice, the whole hand face up). */
    int open_n = gin_cardset_count(t->opp_open);
    if (open_n) {
        l->opp_step = l->card_w + 1;
        l->opp.w = open_n * l->opp_step - 1;
    } else {
        int known = gin_cardset_count(t->opp_known);
        int backs = t->opp_count - known;
        if (backs < 0)
            backs = 0;
        l->opp_step = 2;
        int bw = backs ? (backs - 1) * l->opp_step + l->card_w : 0;
        l->opp.w = bw + (known ? 2 + known * (l->card_w + 1) - 1 : 0);
    }
    l->opp.x = (cols - l->opp.w) / 2;
    if (l->opp.x < 0)
        l->opp.x = 0;

    /* Stock and discard side by side left of centre, the log to their right. */
    int piles_w = 2 * l->card_w + 4;
    l->stock.x = cols / 2 - piles_w - 2;
    /* The log needs room for a sentence ("New hand: the bot deals. Upcard
     * 10♥."): move the piles left rather than cut it. */
    /* Right of the discard: its card, or its label "Discard 52" and a space
     * when that is wider (the log once ran into a two-digit count). */
    int past_discard = l->card_w + 5 > 11 ? l->card_w + 5 : 11;
    int log_min = LOG_MIN_COLS, need = l->stock.x + (l->card_w + 6) + past_discard + log_min + 1;
    if (need > cols)
        l->stock.x -= need - cols;
    if (l->stock.x < 2)
        l->stock.x = 2;
    l->discard.x = l->stock.x + l->card_w + 6;
    /* The log's column is free from under the opponent's cards to above
     * your hand, less a blank row at each end (6 rows at 80x24, 12 at 120x40). */
    l->log.y = l->opp.y + ch + 1;
    l->log.x = l->discard.x + past_discard;
    l->log.h = l->hand_label_y - 1 - l->log.y;
    if (l->log.h < GIN_UI_LOG_LINES) {
        l->log.y = l->stock.y;
        l->log.h = GIN_UI_LOG_LINES;
    }
    l->log.w = cols - l->log.x - 1;
}

static int in_rect(gin_rect r, int y, int x) { return y >= r.y && y < r.y + r.h && x >= r.x && x < r.x + r.w; }

int gin_layout_hit(const gin_layout *l, const gin_scene *t, int y, int x, int *card)
{
    if (l->too_small)
        return GIN_HIT_NONE;
    /* The pile labels sit right above the piles: count them as the pile. */
    gin_rect s = l->stock, d = l->discard;
    s.y--, s.h++, d.y--, d.h++;
    if (in_rect(s, y, x))
        return GIN_HIT_STOCK;
    if (in_rect(d, y, x))
        return GIN_HIT_DISCARD;
    if (y >= l->bracket_y && y <= l->number_y) {
        for (int i = 0; i < t->n; i++) {
            if (x >= l->hand_x[i] && x < l->hand_x[i] + l->card_w) {
                if (card)
                    *card = i;
                return GIN_HIT_CARD;
            }
        }
    }
    return GIN_HIT_NONE;
}
