/* The bot protocol's lines (docs/protocol.md): one keyword, then fields,
 * separated by blanks; writing and reading them, exact inverses. Pure. */
#include "gin/protocol.h"

#include <stddef.h>
#include <string.h>
#include "action_words.h"
#include "gin/action.h"
#include "gin/error.h"
#include "gin/number.h"
#include "proto_line.h"
#include "text.h"

static const char *const keywords[GIN_PROTO_KINDS] = {
    "gin",    "rules",   "game",    "hand",  "deal", "move",    "reshuffle", "void", "melds",   "unmatched", "layoff",
    "result", "endhand", "endgame", "offer", "draw", "discard", "error",     "quit", "penalty", "analyze",
};

const char *gin_proto_keyword(int kind) { return kind >= 0 && kind < GIN_PROTO_KINDS ? keywords[kind] : NULL; }

/* ---- writing: fields after a keyword, each preceded by a space ---- */

static void put(gin_text *o, const char *str) { gin_text_put(o, str); }

static void put_int(gin_text *o, long long v)
{
    gin_text_put(o, " ");
    gin_text_int(o, v);
}

static void put_u64(gin_text *o, uint64_t v)
{
    gin_text_put(o, " ");
    gin_text_u64(o, v);
}

static int put_card(gin_text *o, gin_card c)
{
    char b[3];
    if (gin_card_format(c, b) != GIN_OK)
        return GIN_EINVAL;
    put(o, " ");
    put(o, b);
    return GIN_OK;
}

/* Cards in display order, each preceded by a space; `sep` joins them
 * (" " for a list, "," for a meld written as one word). */
static int put_cards(gin_text *o, gin_cardset s, const char *sep)
{
    if (s & ~GIN_DECK)
        return GIN_EINVAL;
    int first = 1;
    for (int suit = 0; suit < GIN_SUITS; suit++)
        for (int r = 0; r < GIN_RANKS; r++) {
            gin_card c = gin_card_make(r, suit);
            if (!gin_cardset_has(s, c))
                continue;
            char b[3];
            gin_card_format(c, b);
            put(o, first ? " " : sep);
            put(o, b);
            first = 0;
        }
    return GIN_OK;
}

static int format_rules(gin_text *o, const gin_rules *r)
{
    put(o, " ");
    put(o, r->name && gin_rules_preset(r->name, NULL) == GIN_OK ? r->name : "custom");
    for (int i = 0; i < gin_rules_knob_count(); i++) {
        int v = gin_rules_knob_get(r, i);
        if (gin_rules_knob_since(i) >= 3 && v == 0)
            continue; /* knobs added since: only when on, so every bot of protocol 1 still reads the line */
        const char *word = gin_rules_knob_word(i, v);
        put(o, " ");
        put(o, gin_rules_knob_name(i));
        if (word) {
            put(o, " ");
            put(o, word);
        } else {
            put_int(o, v);
        }
    }
    return GIN_OK;
}

/* The fields of the showdown's messages and the rest after a hand. */
static int format_after_hand(gin_text *o, const gin_proto_msg *m)
{
    int rc = GIN_OK;
    switch (m->kind) {
    case GIN_PROTO_MELDS:
        put_int(o, m->seat);
        if (m->n_melds < 0 || m->n_melds > GIN_MAX_MELDS)
            return GIN_EINVAL;
        for (int i = 0; i < m->n_melds && rc == GIN_OK; i++)
            rc = m->melds[i] ? put_cards(o, m->melds[i], ",") : GIN_EINVAL;
        return rc;
    case GIN_PROTO_UNMATCHED:
        put_int(o, m->seat);
        return put_cards(o, m->cards, " ");
    case GIN_PROTO_LAYOFF:
        put_int(o, m->seat);
        rc = put_card(o, m->card);
        put_int(o, m->n);
        return rc;
    case GIN_PROTO_RESULT:
        if (m->result < 0 || m->result > GIN_RESULT_BIG_GIN)
            return GIN_EINVAL;
        put_int(o, m->seat);
        put(o, " ");
        put(o, gin_result_word(m->result));
        put_int(o, m->n);
        return GIN_OK;
    case GIN_PROTO_ENDHAND: {
        int ns = m->n_scores ? m->n_scores : 2;
        if (ns < 2 || ns > GIN_MAX_SEATS)
            return GIN_EINVAL;
        for (int i = 0; i < ns; i++)
            put_int(o, m->scores[i]);
        return GIN_OK;
    }
    default: /* GIN_PROTO_PENALTY, GIN_PROTO_ENDGAME */
        put_int(o, m->seat);
        put_int(o, m->n);
        return GIN_OK;
    }
}

/* The fields of a move: the seat, its word and (most moves) the card. */
static int format_move(gin_text *o, const gin_proto_msg *m)
{
    const gin_action_word *w = gin_action_word_of_event(m->event, m->card);
    if (!w)
        return GIN_EINVAL;
    put_int(o, m->seat);
    put(o, " ");
    put(o, w->word);
    if (m->card != GIN_NO_CARD)
        return put_card(o, m->card);
    return m->event == GIN_EV_DRAW_STOCK || m->event == GIN_EV_GIN ? GIN_OK : GIN_EINVAL;
}

/* An error's text on one line, whatever it holds. */
static void format_error_text(gin_text *o, const gin_proto_msg *m)
{
    char t[sizeof m->text];
    size_t i = 0;
    for (; i < sizeof t - 1 && m->text[i]; i++)
        t[i] = m->text[i] == '\n' || m->text[i] == '\r' ? ' ' : m->text[i];
    t[i] = '\0';
    put(o, " ");
    put(o, t);
}

int gin_proto_format(const gin_proto_msg *m, char *buf, size_t cap)
{
    if (!m || !buf || !gin_proto_keyword(m->kind))
        return GIN_EINVAL;
    gin_text o;
    gin_text_init(&o, buf, cap);
    put(&o, keywords[m->kind]);
    int rc = GIN_OK;
    switch (m->kind) {
    case GIN_PROTO_HELLO:
    case GIN_PROTO_RESHUFFLE:
    case GIN_PROTO_VOID:
        put_int(&o, m->n);
        break;
    case GIN_PROTO_RULES:
        rc = format_rules(&o, &m->rules);
        break;
    case GIN_PROTO_GAME:
        put_int(&o, m->seat);
        put_u64(&o, m->seed);
        break;
    case GIN_PROTO_HAND:
        put_int(&o, m->n);
        put_int(&o, m->dealer);
        rc = put_card(&o, m->card);
        break;
    case GIN_PROTO_DEAL:
        rc = put_cards(&o, m->cards, " ");
        break;
    case GIN_PROTO_MOVE:
        rc = format_move(&o, m);
        break;
    case GIN_PROTO_MELDS:
    case GIN_PROTO_UNMATCHED:
    case GIN_PROTO_LAYOFF:
    case GIN_PROTO_RESULT:
    case GIN_PROTO_ENDHAND:
    case GIN_PROTO_PENALTY:
    case GIN_PROTO_ENDGAME:
        rc = format_after_hand(&o, m);
        break;
    case GIN_PROTO_ERROR:
        format_error_text(&o, m);
        break;
    case GIN_PROTO_ANALYZE:
        if (m->result != GIN_PROTO_OFFER && m->result != GIN_PROTO_DRAW && m->result != GIN_PROTO_DISCARD)
            return GIN_EINVAL;
        put(&o, " ");
        put(&o, keywords[m->result]);
        if (m->n > 0)
            put_int(&o, m->n);
        break;
    default:
        break; /* requests and quit have no fields */
    }
    if (rc != GIN_OK)
        return rc;
    put(&o, "\n");
    return o.full ? GIN_ESPACE : (int)o.len;
}

/* ---- reading ---- */

int gin_proto_line(const char *line, size_t *len)
{
    size_t n = strlen(line);
    if (n > 0 && line[n - 1] == '\n')
        n--;
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (n >= GIN_PROTO_LINE_MAX)
        return GIN_EFORMAT;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)line[i] < 32 && !gin_text_blank(line[i]))
            return GIN_EFORMAT;
    *len = n;
    return GIN_OK;
}

int gin_proto_words(const char *line, gin_words *w)
{
    size_t n;
    if (gin_proto_line(line, &n) != GIN_OK)
        return GIN_EFORMAT;
    return gin_words_split(line, n, GIN_WORDS_MAX, w) > 0 ? GIN_OK : GIN_EFORMAT;
}

static int same(const char *a, const char *b) { return gin_text_same_word(a, b); }

/* A decimal integer in [lo, hi], nothing else. */
static int inum(const char *s, int lo, int hi, int *v)
{
    long long x;
    if (gin_number_parse(s, lo, hi, &x, NULL) != GIN_OK)
        return 0;
    *v = (int)x;
    return 1;
}

static int one_card(const char *s, gin_card *c) { return gin_text_card(s, c); }

/* Cards of words[from..n): each one card. */
static int card_list(const gin_words *w, int from, gin_cardset *out)
{
    gin_cardset s = 0;
    for (int i = from; i < w->n; i++) {
        gin_card c;
        if (!one_card(w->w[i], &c) || gin_cardset_has(s, c))
            return 0;
        s |= gin_cardset_of(c);
    }
    *out = s;
    return 1;
}

static int seat_word(const char *s, int *seat) { return inum(s, 0, GIN_MAX_SEATS - 1, seat); }

/* m->text from t, up to the line's end, cut to fit. */
static void text_from(gin_proto_msg *m, const char *t)
{
    size_t i = 0;
    for (; i < sizeof m->text - 1 && t[i] && t[i] != '\n' && t[i] != '\r'; i++)
        m->text[i] = t[i];
    m->text[i] = '\0';
}

/* The preset, then each knob by name; a knob of no name this gin knows is
 * left out (counted, the first kept), not the whole line: a bot reads the
 * knobs it knows (docs/protocol.md). */
static int parse_rules(const gin_words *w, gin_proto_msg *m)
{
    gin_rules *r = &m->rules;
    if (w->n < 2 || (w->n - 2) % 2)
        return GIN_EFORMAT;
    int custom = same(w->w[1], "custom");
    if (gin_rules_preset(custom ? "standard" : w->w[1], r) != GIN_OK)
        return GIN_ENAME;
    for (int i = 2; i < w->n; i += 2) {
        int rc = gin_rules_set(r, w->w[i], w->w[i + 1], NULL);
        if (rc == GIN_ENAME) { /* gin_rules_set's answer for a knob of no known name only */
            if (m->n++ == 0)
                text_from(m, w->w[i]);
            continue;
        }
        if (rc != GIN_OK)
            return rc == GIN_EINVAL ? GIN_EFORMAT : rc;
    }
    if (custom)
        r->name = "custom";
    return GIN_OK;
}

/* move SEAT WORD [CARD]: the action words (action.c); the card a move
 * shows: none for big gin, the drawer's own for a draw from the stock
 * (hidden from the others), else always. */
static int parse_move(const gin_words *w, gin_proto_msg *m)
{
    if (w->n < 3 || w->n > 4 || !seat_word(w->w[1], &m->seat))
        return GIN_EFORMAT;
    const gin_action_word *aw = gin_action_word_find(w->w[2], 1);
    if (!aw)
        return GIN_EFORMAT;
    int shown = aw->gin && !aw->card ? 0 : aw->event == GIN_EV_DRAW_STOCK ? 2 : 1; /* 2: optional */
    m->event = aw->event;
    m->card = GIN_NO_CARD;
    if (w->n == 4)
        return shown && one_card(w->w[3], &m->card) ? GIN_OK : GIN_EFORMAT;
    return shown == 1 ? GIN_EFORMAT : GIN_OK;
}

/* game SEAT SEED: the seed is any uint64. */
static int parse_game(const gin_words *ws, gin_proto_msg *m)
{
    if (ws->n != 3 || !seat_word(ws->w[1], &m->seat))
        return GIN_EFORMAT;
    return gin_number_parse_u64(ws->w[2], UINT64_MAX, &m->seed, NULL) == GIN_OK ? GIN_OK : GIN_EFORMAT;
}

/* melds SEAT M1 M2 ...: each a valid meld, no card twice. */
static int parse_melds(const gin_words *ws, gin_proto_msg *m)
{
    int n = ws->n;
    if (n < 2 || n - 2 > GIN_MAX_MELDS || !seat_word(ws->w[1], &m->seat))
        return GIN_EFORMAT;
    gin_cardset all = 0;
    for (int i = 2; i < n; i++) {
        gin_cardset s;
        if (gin_cardset_parse(ws->w[i], &s, NULL) < 3 || (s & all) || !gin_meld_valid(s))
            return GIN_EFORMAT;
        all |= s;
        m->melds[m->n_melds++] = s;
    }
    return GIN_OK;
}

/* result SEAT WORD POINTS */
static int parse_result(const gin_words *ws, gin_proto_msg *m)
{
    if (ws->n != 4 || !seat_word(ws->w[1], &m->seat) || !inum(ws->w[3], 0, 1000000, &m->n))
        return GIN_EFORMAT;
    m->result = gin_result_of_word(ws->w[2], GIN_ACTION_CASE_FREE);
    return m->result >= 0 ? GIN_OK : GIN_EFORMAT;
}

/* endhand P0 P1 [P2 [P3]] */
static int parse_endhand(const gin_words *ws, gin_proto_msg *m)
{
    int n = ws->n;
    if (n < 3 || n > 1 + GIN_MAX_SEATS)
        return GIN_EFORMAT;
    m->n_scores = n - 1;
    for (int i = 1; i < n; i++)
        if (!inum(ws->w[i], 0, 100000000, &m->scores[i - 1]))
            return GIN_EFORMAT;
    return GIN_OK;
}

/* error TEXT: the rest of the line, kept as it is. */
static int parse_error(const gin_words *ws, const char *line, gin_proto_msg *m)
{
    text_from(m, ws->n > 1 ? line + ws->at[1] : "");
    return GIN_OK;
}

/* analyze REQUEST [PLAYOUTS] */
static int parse_analyze(const gin_words *ws, gin_proto_msg *m)
{
    if (ws->n < 2 || ws->n > 3)
        return GIN_EFORMAT;
    m->result = -1;
    for (int k = GIN_PROTO_OFFER; k <= GIN_PROTO_DISCARD; k++)
        if (same(ws->w[1], keywords[k]))
            m->result = k;
    if (m->result < 0)
        return GIN_EFORMAT;
    return ws->n == 2 || inum(ws->w[2], 1, 100000000, &m->n) ? GIN_OK : GIN_EFORMAT;
}

/* The fields of message kind m->kind from the words of its line. */
static int parse_fields(const gin_words *ws, const char *line, gin_proto_msg *m)
{
    int n = ws->n;
    switch (m->kind) {
    case GIN_PROTO_HELLO:
        return n == 2 && inum(ws->w[1], 0, 1000000, &m->n) ? GIN_OK : GIN_EFORMAT;
    case GIN_PROTO_RULES:
        return parse_rules(ws, m);
    case GIN_PROTO_GAME:
        return parse_game(ws, m);
    case GIN_PROTO_HAND:
        return n == 4 && inum(ws->w[1], 1, 1000000, &m->n) && seat_word(ws->w[2], &m->dealer) &&
                       one_card(ws->w[3], &m->card)
                   ? GIN_OK
                   : GIN_EFORMAT;
    case GIN_PROTO_DEAL: /* the keyword and the cards dealt: ten, or seven in a ring */
        return (n - 1 == GIN_DEALT || n - 1 == GIN_RING_DEALT) && card_list(ws, 1, &m->cards) ? GIN_OK : GIN_EFORMAT;
    case GIN_PROTO_MOVE:
        return parse_move(ws, m);
    case GIN_PROTO_RESHUFFLE:
    case GIN_PROTO_VOID:
        return n == 2 && inum(ws->w[1], 0, GIN_DECK_SIZE, &m->n) ? GIN_OK : GIN_EFORMAT;
    case GIN_PROTO_MELDS:
        return parse_melds(ws, m);
    case GIN_PROTO_UNMATCHED:
        return n >= 2 && seat_word(ws->w[1], &m->seat) && card_list(ws, 2, &m->cards) ? GIN_OK : GIN_EFORMAT;
    case GIN_PROTO_LAYOFF:
        return n == 4 && seat_word(ws->w[1], &m->seat) && one_card(ws->w[2], &m->card) &&
                       inum(ws->w[3], 0, GIN_MAX_MELDS - 1, &m->n)
                   ? GIN_OK
                   : GIN_EFORMAT;
    case GIN_PROTO_RESULT:
        return parse_result(ws, m);
    case GIN_PROTO_ENDHAND:
        return parse_endhand(ws, m);
    case GIN_PROTO_ENDGAME:
        return n == 3 && inum(ws->w[1], -1, GIN_MAX_SEATS - 1, &m->seat) && inum(ws->w[2], 0, 100000000, &m->n)
                   ? GIN_OK
                   : GIN_EFORMAT;
    case GIN_PROTO_PENALTY:
        return n == 3 && seat_word(ws->w[1], &m->seat) && inum(ws->w[2], 0, 1000000, &m->n) ? GIN_OK : GIN_EFORMAT;
    case GIN_PROTO_ERROR:
        return parse_error(ws, line, m);
    case GIN_PROTO_ANALYZE:
        return parse_analyze(ws, m);
    case GIN_PROTO_OFFER:
    case GIN_PROTO_DRAW:
    case GIN_PROTO_DISCARD:
    case GIN_PROTO_QUIT:
        return n == 1 ? GIN_OK : GIN_EFORMAT;
    default:
        return GIN_EFORMAT;
    }
}

int gin_proto_parse(const char *line, gin_proto_msg *m)
{
    if (!line || !m)
        return GIN_EINVAL;
    gin_words ws;
    memset(m, 0, sizeof *m);
    m->card = GIN_NO_CARD;
    m->kind = -1;
    if (gin_proto_words(line, &ws) != GIN_OK)
        return GIN_EFORMAT;
    for (int k = 0; k < GIN_PROTO_KINDS; k++)
        if (same(ws.w[0], keywords[k]))
            m->kind = k;
    return parse_fields(&ws, line, m);
}
