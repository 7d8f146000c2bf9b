/* The bot protocol's lines (docs/protocol.md): one keyword, then fields,
 * separated by blanks. Formatting and parsing are exact inverses, and the
 * client rebuilds from the messages the same events, in the same order, that
 * gin_match handed the referee's view, so both views stay equal. Pure. */
#include "gin/protocol.h"

#include <stddef.h>
#include <string.h>
#include "gin/error.h"
#include "gin/quote.h"
#include "text.h"

enum { MAX_WORDS = 64, MSGS_NEEDED = 32 };

static const char *const keywords[GIN_PROTO_KINDS] = {
    "gin",    "rules",   "game",    "hand",  "deal", "move",    "reshuffle", "void", "melds",   "unmatched", "layoff",
    "result", "endhand", "endgame", "offer", "draw", "discard", "error",     "quit", "penalty", "analyze",
};

static const char *const result_words[] = {"knock", "undercut", "gin", "biggin"};

const char *gin_proto_keyword(int kind) { return kind >= 0 && kind < GIN_PROTO_KINDS ? keywords[kind] : NULL; }

/* ---- output: fields after a keyword, each preceded by a space ---- */

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

static const char *move_word(int event, gin_card card)
{
    switch (event) {
    case GIN_EV_TAKE_UPCARD:
        return "take";
    case GIN_EV_PASS:
        return "pass";
    case GIN_EV_DRAW_STOCK:
        return "stock";
    case GIN_EV_DRAW_DISCARD:
        return "pile";
    case GIN_EV_DISCARD:
        return "discard";
    case GIN_EV_KNOCK:
        return "knock";
    case GIN_EV_GIN:
        return card == GIN_NO_CARD ? "biggin" : "gin";
    default:
        return NULL;
    }
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
        put(o, result_words[m->result]);
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
    const char *w = move_word(m->event, m->card);
    if (!w)
        return GIN_EINVAL;
    put_int(o, m->seat);
    put(o, " ");
    put(o, w);
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

/* ---- parsing ---- */

typedef struct words {
    int n;
    char *w[MAX_WORDS];
    char buf[GIN_PROTO_LINE_MAX];
    const char *rest[MAX_WORDS]; /* the original text from word i on */
} words;

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int same(const char *a, const char *b)
{
    while (*a && lower((unsigned char)*a) == lower((unsigned char)*b))
        a++, b++;
    return *a == '\0' && *b == '\0';
}

static int blank(int c) { return c == ' ' || c == '\t'; }

/* Split a line into words; the line end (LF or CRLF) is dropped. Any other
 * control character, or too long a line, is GIN_EFORMAT. */
static int split(const char *line, words *w)
{
    size_t n = strlen(line);
    if (n > 0 && line[n - 1] == '\n')
        n--;
    if (n > 0 && line[n - 1] == '\r')
        n--;
    if (n >= sizeof w->buf)
        return GIN_EFORMAT;
    memcpy(w->buf, line, n);
    w->buf[n] = '\0';
    w->n = 0;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)w->buf[i] < 32 && !blank(w->buf[i]))
            return GIN_EFORMAT;
    char *p = w->buf;
    for (;;) {
        while (blank(*p))
            p++;
        if (!*p)
            break;
        if (w->n == MAX_WORDS)
            return GIN_EFORMAT;
        w->rest[w->n] = line + (p - w->buf);
        w->w[w->n++] = p;
        while (*p && !blank(*p))
            p++;
        if (*p)
            *p++ = '\0';
    }
    return w->n ? GIN_OK : GIN_EFORMAT;
}

/* A decimal integer in [lo, hi], nothing else. */
static int num(const char *s, long long lo, long long hi, long long *v)
{
    int neg = *s == '-';
    if (neg)
        s++;
    if (!*s)
        return 0;
    unsigned long long u = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || u > (UINT64_MAX - 9) / 10)
            return 0;
        u = u * 10 + (unsigned)(*s - '0');
    }
    if (neg) {
        if (u > (unsigned long long)-(lo < 0 ? lo : 0))
            return 0;
        *v = -(long long)u;
    } else {
        if (u > (unsigned long long)hi)
            return 0;
        *v = (long long)u;
    }
    return *v >= lo && *v <= hi;
}

static int inum(const char *s, int lo, int hi, int *v)
{
    long long x;
    if (!num(s, lo, hi, &x))
        return 0;
    *v = (int)x;
    return 1;
}

static int one_card(const char *s, gin_card *c)
{
    const char *end;
    return gin_card_parse(s, c, &end) == GIN_OK && *end == '\0' && strchr(s, ',') == NULL;
}

/* Cards of words[from..n): each one card. */
static int card_list(const words *w, int from, gin_cardset *out)
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

static int parse_rules(const words *w, gin_rules *r)
{
    if (w->n < 2 || (w->n - 2) % 2)
        return GIN_EFORMAT;
    int custom = same(w->w[1], "custom");
    if (gin_rules_preset(custom ? "standard" : w->w[1], r) != GIN_OK)
        return GIN_ENAME;
    for (int i = 2; i < w->n; i += 2) {
        int rc = gin_rules_set(r, w->w[i], w->w[i + 1], NULL);
        if (rc != GIN_OK)
            return rc == GIN_EINVAL ? GIN_EFORMAT : rc;
    }
    if (custom)
        r->name = "custom";
    return GIN_OK;
}

static int parse_move(const words *w, gin_proto_msg *m)
{
    if (w->n < 3 || w->n > 4 || !seat_word(w->w[1], &m->seat))
        return GIN_EFORMAT;
    static const struct {
        const char *word;
        int event, card; /* card: 0 none, 1 required, 2 optional */
    } moves[] = {
        {"take", GIN_EV_TAKE_UPCARD, 1},  {"pass", GIN_EV_PASS, 1},       {"stock", GIN_EV_DRAW_STOCK, 2},
        {"pile", GIN_EV_DRAW_DISCARD, 1}, {"discard", GIN_EV_DISCARD, 1}, {"knock", GIN_EV_KNOCK, 1},
        {"gin", GIN_EV_GIN, 1},           {"biggin", GIN_EV_GIN, 0},
    };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        if (!same(w->w[2], moves[i].word))
            continue;
        m->event = moves[i].event;
        m->card = GIN_NO_CARD;
        if (w->n == 4) {
            if (moves[i].card == 0 || !one_card(w->w[3], &m->card))
                return GIN_EFORMAT;
        } else if (moves[i].card == 1) {
            return GIN_EFORMAT;
        }
        return GIN_OK;
    }
    return GIN_EFORMAT;
}

/* game SEAT SEED: the seed is any uint64, parsed by hand. */
static int parse_game(const words *ws, gin_proto_msg *m)
{
    if (ws->n != 3 || !seat_word(ws->w[1], &m->seat))
        return GIN_EFORMAT;
    uint64_t v = 0;
    const char *p = ws->w[2];
    if (!*p)
        return GIN_EFORMAT;
    for (; *p; p++) {
        if (*p < '0' || *p > '9' || v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
            return GIN_EFORMAT;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    m->seed = v;
    return GIN_OK;
}

/* melds SEAT M1 M2 ...: each a valid meld, no card twice. */
static int parse_melds(const words *ws, gin_proto_msg *m)
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
static int parse_result(const words *ws, gin_proto_msg *m)
{
    if (ws->n != 4 || !seat_word(ws->w[1], &m->seat) || !inum(ws->w[3], 0, 1000000, &m->n))
        return GIN_EFORMAT;
    for (int i = 0; i < 4; i++)
        if (same(ws->w[2], result_words[i])) {
            m->result = i;
            return GIN_OK;
        }
    return GIN_EFORMAT;
}

/* endhand P0 P1 [P2 [P3]] */
static int parse_endhand(const words *ws, gin_proto_msg *m)
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
static int parse_error(const words *ws, gin_proto_msg *m)
{
    const char *t = ws->n > 1 ? ws->rest[1] : "";
    size_t i = 0;
    for (; i < sizeof m->text - 1 && t[i] && t[i] != '\n' && t[i] != '\r'; i++)
        m->text[i] = t[i];
    m->text[i] = '\0';
    return GIN_OK;
}

/* analyze REQUEST [PLAYOUTS] */
static int parse_analyze(const words *ws, gin_proto_msg *m)
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

/* The fields of message kind m->kind from its words. */
static int parse_fields(const words *ws, gin_proto_msg *m)
{
    int n = ws->n;
    switch (m->kind) {
    case GIN_PROTO_HELLO:
        return n == 2 && inum(ws->w[1], 0, 1000000, &m->n) ? GIN_OK : GIN_EFORMAT;
    case GIN_PROTO_RULES:
        return parse_rules(ws, &m->rules);
    case GIN_PROTO_GAME:
        return parse_game(ws, m);
    case GIN_PROTO_HAND:
        return n == 4 && inum(ws->w[1], 1, 1000000, &m->n) && seat_word(ws->w[2], &m->dealer) &&
                       one_card(ws->w[3], &m->card)
                   ? GIN_OK
                   : GIN_EFORMAT;
    case GIN_PROTO_DEAL: /* ten cards, or seven in a ring */
        return (n == 11 || n == 8) && card_list(ws, 1, &m->cards) ? GIN_OK : GIN_EFORMAT;
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
        return parse_error(ws, m);
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
    words ws;
    memset(m, 0, sizeof *m);
    m->card = GIN_NO_CARD;
    m->kind = -1;
    if (split(line, &ws) != GIN_OK)
        return GIN_EFORMAT;
    for (int k = 0; k < GIN_PROTO_KINDS; k++)
        if (same(ws.w[0], keywords[k]))
            m->kind = k;
    return parse_fields(&ws, m);
}

/* ---- from events to messages ---- */

static gin_proto_msg *next_msg(gin_proto_msg *out, size_t cap, int *n, int kind)
{
    if (!out || (size_t)*n >= cap) { /* counted, not written: the caller sees it did not fit */
        (*n)++;
        return NULL;
    }
    gin_proto_msg *m = &out[(*n)++];
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->card = GIN_NO_CARD;
    return m;
}

static void endhand(const gin_view *v, gin_proto_msg *out, size_t cap, int *n)
{
    gin_proto_msg *m = next_msg(out, cap, n, GIN_PROTO_ENDHAND);
    if (m) {
        m->n_scores = v->seats >= 2 && v->seats <= GIN_MAX_SEATS ? v->seats : 2;
        for (int i = 0; i < m->n_scores; i++)
            m->scores[i] = v->scores[i];
    }
}

static void spread(int seat, const gin_arrangement *a, gin_proto_msg *out, size_t cap, int *n)
{
    gin_proto_msg *m = next_msg(out, cap, n, GIN_PROTO_MELDS);
    if (m) {
        m->seat = seat;
        m->n_melds = a->n_melds < GIN_MAX_MELDS ? a->n_melds : GIN_MAX_MELDS;
        memcpy(m->melds, a->melds, sizeof m->melds);
    }
    m = next_msg(out, cap, n, GIN_PROTO_UNMATCHED);
    if (m) {
        m->seat = seat;
        m->cards = a->unmatched;
    }
}

int gin_proto_is_game_start(const gin_view *v, const gin_event *ev)
{
    /* The first DEAL of a hand is the dealer's left's. */
    int seats = v && v->seats >= 2 && v->seats <= GIN_MAX_SEATS ? v->seats : 2;
    return v && ev && ev->kind == GIN_EV_DEAL && ev->value >= 0 && ev->seat == (ev->value + 1) % seats &&
           v->hand_no == 1;
}

static void layoff_msgs(int seat, const gin_layoff *l, int n_layoffs, gin_proto_msg *out, size_t cap, int *n)
{
    gin_proto_msg *m;
    for (int i = 0; i < n_layoffs && i < 11; i++)
        if ((m = next_msg(out, cap, n, GIN_PROTO_LAYOFF))) {
            m->seat = seat;
            m->card = l[i].card;
            m->n = l[i].meld;
        }
}

/* A ring's showdown: the knocker's spread, then each defender's layoffs
 * and spread in turn order from the knocker's left, then every seat's
 * penalty from the knocker on. The spreads are settled again from the
 * hands the PENALTY events showed: the same function of the same cards
 * as the hand's own settlement. */
static int table_showdown(const gin_proto_referee *r, const gin_view *v, const gin_event *ev, gin_proto_msg *out,
                          size_t cap, int *n)
{
    int seats = v->seats, k = r->knocker;
    if (k < 0 || k >= seats)
        return GIN_ESTATE;
    gin_ring_showdown t;
    /* The knocker's spread as shown (it may be its own choice). */
    gin_spread sp = ev->showdown ? gin_spread_of(&ev->showdown->knocker) : (gin_spread){0, 0};
    if (gin_showdown_settle_ring_spread(&v->rules, r->shown, seats, k, -1, sp, &t) != GIN_OK || t.winner != ev->seat ||
        t.total != ev->value)
        return GIN_ESTATE;
    spread(k, &t.spread[k], out, cap, n);
    for (int i = 1; i < seats; i++) {
        int d = (k + i) % seats;
        layoff_msgs(d, t.layoffs[d], t.n_layoffs[d], out, cap, n);
        spread(d, &t.spread[d], out, cap, n);
    }
    gin_proto_msg *m;
    for (int i = 0; i < seats; i++)
        if ((m = next_msg(out, cap, n, GIN_PROTO_PENALTY))) {
            m->seat = (k + i) % seats;
            m->n = t.penalty[m->seat];
        }
    return GIN_OK;
}

int gin_proto_event_msgs(const gin_view *v, const gin_event *ev, gin_proto_msg *out, size_t cap)
{
    return gin_proto_referee_msgs(NULL, v, ev, out, cap);
}

int gin_proto_referee_msgs(gin_proto_referee *r, const gin_view *v, const gin_event *ev, gin_proto_msg *out, size_t cap)
{
    if (!v || !ev || (!out && cap))
        return GIN_EINVAL;
    int n = 0, ring = v->seats > 2;
    gin_proto_msg *m;
    switch (ev->kind) {
    case GIN_EV_DEAL:
        /* The dealer's cards are dealt last: by then the view holds ours. */
        if (ev->seat != ev->value)
            break;
        if ((m = next_msg(out, cap, &n, GIN_PROTO_HAND))) {
            m->n = v->hand_no;
            m->dealer = ev->value;
            m->card = ev->card;
        }
        if ((m = next_msg(out, cap, &n, GIN_PROTO_DEAL)))
            m->cards = v->hand;
        break;
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_PASS:
    case GIN_EV_DRAW_STOCK:
    case GIN_EV_DRAW_DISCARD:
    case GIN_EV_DISCARD:
    case GIN_EV_KNOCK:
    case GIN_EV_GIN:
        if (r && (ev->kind == GIN_EV_KNOCK || ev->kind == GIN_EV_GIN))
            r->knocker = ev->seat;
        if ((m = next_msg(out, cap, &n, GIN_PROTO_MOVE))) {
            m->seat = ev->seat;
            m->event = ev->kind;
            m->card = ev->card;
        }
        break;
    case GIN_EV_PENALTY: /* told with the showdown */
        if (r && ev->seat >= 0 && ev->seat < GIN_MAX_SEATS)
            r->shown[ev->seat] = ev->cards;
        break;
    case GIN_EV_RESHUFFLE:
        if ((m = next_msg(out, cap, &n, GIN_PROTO_RESHUFFLE)))
            m->n = ev->value;
        break;
    case GIN_EV_VOID:
        if ((m = next_msg(out, cap, &n, GIN_PROTO_VOID)))
            m->n = ev->value;
        endhand(v, out, cap, &n);
        break;
    case GIN_EV_HAND_OVER: {
        const gin_showdown *sd = ev->showdown;
        if (sd && ring) {
            if (!r)
                return GIN_ESTATE;
            int rc = table_showdown(r, v, ev, out, cap, &n);
            if (rc != GIN_OK)
                return rc;
        } else if (sd) {
            int other = (ev->seat + 1) % 2;
            int k = sd->winner == GIN_KNOCKER ? ev->seat : other, d = (k + 1) % 2;
            spread(k, &sd->knocker, out, cap, &n);
            layoff_msgs(d, sd->layoffs, sd->n_layoffs, out, cap, &n);
            spread(d, &sd->defender, out, cap, &n);
        }
        if ((m = next_msg(out, cap, &n, GIN_PROTO_RESULT))) {
            m->seat = ev->seat;
            m->result = sd ? sd->kind : GIN_RESULT_KNOCK;
            m->n = ev->value;
        }
        endhand(v, out, cap, &n);
        break;
    }
    case GIN_EV_GAME_OVER:
        if ((m = next_msg(out, cap, &n, GIN_PROTO_ENDGAME))) {
            m->seat = ev->seat;
            m->n = ev->value;
        }
        break;
    default:
        break;
    }
    return (size_t)n <= cap ? n : GIN_ESPACE;
}

int gin_proto_game_msgs(const gin_rules *r, int seat, uint64_t seed, gin_proto_msg out[2])
{
    if (!r || !out || seat < 0 || seat >= r->seats || seat >= GIN_MAX_SEATS)
        return GIN_EINVAL;
    memset(out, 0, 2 * sizeof *out);
    out[0].kind = GIN_PROTO_RULES;
    out[0].rules = *r;
    out[0].card = out[1].card = GIN_NO_CARD;
    out[1].kind = GIN_PROTO_GAME;
    out[1].seat = seat;
    out[1].seed = seed;
    return 2;
}

/* ---- answers ---- */

int gin_proto_parse_answer(const char *line, int phase, gin_action *out, int *claims_gin)
{
    if (!line || !out)
        return GIN_EINVAL;
    words w;
    if (split(line, &w) != GIN_OK)
        return GIN_EFORMAT;
    static const struct {
        const char *word;
        int phase, kind, card, gin;
    } answers[] = {
        {"take", GIN_PHASE_OFFER, GIN_ACT_TAKE_UPCARD, 0, 0},  {"pass", GIN_PHASE_OFFER, GIN_ACT_PASS, 0, 0},
        {"stock", GIN_PHASE_DRAW, GIN_ACT_DRAW_STOCK, 0, 0},   {"pile", GIN_PHASE_DRAW, GIN_ACT_DRAW_DISCARD, 0, 0},
        {"discard", GIN_PHASE_DISCARD, GIN_ACT_DISCARD, 1, 0}, {"knock", GIN_PHASE_DISCARD, GIN_ACT_KNOCK, 1, 0},
        {"gin", GIN_PHASE_DISCARD, GIN_ACT_KNOCK, 1, 1},       {"biggin", GIN_PHASE_DISCARD, GIN_ACT_KNOCK, 0, 1},
    };
    for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++) {
        if (!same(w.w[0], answers[i].word))
            continue;
        gin_action a = gin_action_make(answers[i].kind, GIN_NO_CARD);
        /* A knock may name the melds it shows after its card. */
        int first_meld = 1 + answers[i].card;
        if (w.n < first_meld || (w.n > first_meld && a.kind != GIN_ACT_KNOCK) ||
            (answers[i].card && !one_card(w.w[1], &a.card)))
            return GIN_EFORMAT;
        for (int m = first_meld; m < w.n; m++) {
            gin_cardset s;
            if (gin_cardset_parse(w.w[m], &s, NULL) < 3 || gin_spread_add(&a.spread, s) != GIN_OK)
                return GIN_EFORMAT;
        }
        if (answers[i].phase != phase)
            return GIN_EILLEGAL;
        *out = a;
        if (claims_gin)
            *claims_gin = answers[i].gin;
        return GIN_OK;
    }
    return GIN_EFORMAT;
}

int gin_proto_format_answer(gin_action a, int claims_gin, char *buf, size_t cap)
{
    if (!buf)
        return GIN_EINVAL;
    gin_text o;
    gin_text_init(&o, buf, cap);
    switch (a.kind) {
    case GIN_ACT_TAKE_UPCARD:
        put(&o, "take");
        break;
    case GIN_ACT_PASS:
        put(&o, "pass");
        break;
    case GIN_ACT_DRAW_STOCK:
        put(&o, "stock");
        break;
    case GIN_ACT_DRAW_DISCARD:
        put(&o, "pile");
        break;
    case GIN_ACT_DISCARD:
    case GIN_ACT_KNOCK:
        if (a.kind == GIN_ACT_KNOCK && a.card == GIN_NO_CARD) {
            put(&o, "biggin");
            break;
        }
        put(&o, a.kind == GIN_ACT_DISCARD ? "discard" : claims_gin ? "gin" : "knock");
        if (put_card(&o, a.card) != GIN_OK)
            return GIN_EINVAL;
        break;
    default:
        return GIN_EINVAL;
    }
    if (a.kind == GIN_ACT_KNOCK && (a.spread.sets | a.spread.runs)) {
        char melds[GIN_SPREAD_TEXT_MAX];
        if (gin_spread_format(a.spread, melds, sizeof melds) < 0)
            return GIN_EINVAL;
        put(&o, " ");
        put(&o, melds);
    }
    put(&o, "\n");
    return o.full ? GIN_ESPACE : (int)o.len;
}

/* The referee's words for each refusal (gin_view_check), as bot authors
 * have read them since protocol 1: a card's name goes before the second
 * part when there is one. */
static const struct {
    const char *a, *b;
} refusals[GIN_ILLEGAL_REASONS] = {
    [GIN_ILLEGAL_NOT_DUE] = {"no move is due", NULL},
    [GIN_ILLEGAL_STOCK_EMPTY] = {"the stock is empty", NULL},
    [GIN_ILLEGAL_PILE_EMPTY] = {"the discard pile is empty", NULL},
    [GIN_ILLEGAL_PILE_BARRED] = {"after both players passed the upcard, the first draw is from the stock", NULL},
    [GIN_ILLEGAL_NOT_HELD] = {"", " is not in your hand"},
    [GIN_ILLEGAL_JUST_TAKEN] = {"", " was just taken from the pile and cannot be thrown this turn"},
    [GIN_ILLEGAL_NO_BIG_GIN] = {"big gin is not allowed under these rules", NULL},
    [GIN_ILLEGAL_BIG_GIN_UNMELDED] = {"biggin, but not all eleven cards are melded", NULL},
    [GIN_ILLEGAL_NOT_GIN] = {"gin ", ", but the other ten cards are not all melded"},
    [GIN_ILLEGAL_OVER_LIMIT] = {"knock ", " leaves more deadwood than the knock limit"},
    [GIN_ILLEGAL_NOT_MELDS] = {"the melds named are not melds of the cards you keep", NULL},
    [GIN_ILLEGAL_MELDS_OVER_LIMIT] = {"the melds named leave more deadwood than the knock limit", NULL},
    [GIN_ILLEGAL_GIN_AS_KNOCK] = {"the melds named leave deadwood, but the hand is gin: show it as gin", NULL},
};

/* A wrong kind of answer, named for the request it answers. */
static const char *wrong_kind(int phase)
{
    switch (phase) {
    case GIN_PHASE_OFFER:
        return "the answer to an offer is take or pass";
    case GIN_PHASE_DRAW:
        return "the answer to draw is stock or pile";
    default:
        return "the answer to discard is discard, knock, gin or biggin";
    }
}

int gin_proto_check(const gin_view *v, gin_action a, int claims_gin, char *why, size_t cap)
{
    if (why && cap)
        why[0] = '\0';
    int rc = gin_view_check(v, a, claims_gin, NULL);
    if (rc <= 0) /* GIN_OK, GIN_EINVAL */
        return rc;
    if (why && cap) {
        char cb[3] = "??";
        if (gin_card_valid(a.card))
            gin_card_format(a.card, cb);
        gin_text o;
        gin_text_init(&o, why, cap);
        if (rc == GIN_ILLEGAL_WRONG_KIND) {
            put(&o, wrong_kind(v->phase));
        } else if (rc > 0 && rc < GIN_ILLEGAL_REASONS) {
            put(&o, refusals[rc].a);
            if (refusals[rc].b) {
                put(&o, cb);
                put(&o, refusals[rc].b);
            }
        }
    }
    return GIN_EILLEGAL;
}

int gin_proto_parse_ok(const char *line, char *name, size_t namecap)
{
    if (!line || !name || !namecap)
        return GIN_EINVAL;
    words w;
    if (split(line, &w) != GIN_OK || !same(w.w[0], "ok") || w.n < 2)
        return GIN_EFORMAT;
    const char *t = w.rest[1];
    size_t i = 0;
    for (; i < namecap - 1 && t[i] && t[i] != '\n' && t[i] != '\r'; i++)
        name[i] = (unsigned char)t[i] >= 32 && (unsigned char)t[i] < 127 ? t[i] : '?';
    while (i > 0 && blank(name[i - 1]))
        i--;
    name[i] = '\0';
    return GIN_OK;
}

/* ---- quoting lines from outside ---- */

char *gin_proto_quote(const char *line, char *buf, size_t cap)
{
    size_t len = line ? strlen(line) : 0;
    if (len && line[len - 1] == '\n')
        len--;
    if (len && line[len - 1] == '\r')
        len--;
    return gin_quote(line, len, buf, cap);
}

/* ---- the client ---- */

void gin_proto_client_init(gin_proto_client *c)
{
    if (!c)
        return;
    memset(c, 0, sizeof *c);
    gin_rules_preset("standard", &c->rules);
    c->knocker = -1;
    c->last_mover = -1;
    c->upcard = GIN_NO_CARD;
    c->knock_card = GIN_NO_CARD;
}

static void emit(gin_proto_client *c, gin_event_fn fn, void *ctx, int kind, int seat, gin_card card, gin_cardset cards,
                 int value, const gin_showdown *sd)
{
    gin_event ev = {kind, seat, card, cards, value, sd};
    gin_view_apply(&c->view, &ev);
    if (fn)
        fn(ctx, &ev);
}

static int settle(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    if (c->knocker < 0 || c->n_spreads != 2)
        return GIN_ESTATE;
    gin_showdown *sd = &c->sd;
    int k = c->knocker, d = (k + 1) % 2;
    sd->kind = m->result;
    sd->winner = m->seat == k ? GIN_KNOCKER : GIN_DEFENDER;
    sd->points = m->n;
    gin_cardset kh = sd->knocker.unmatched, dh = sd->defender.unmatched | c->laid;
    for (int i = 0; i < sd->knocker.n_melds; i++)
        kh |= sd->knocker.melds[i];
    for (int i = 0; i < sd->defender.n_melds; i++)
        dh |= sd->defender.melds[i];
    int before = gin_deadwood(dh);
    sd->defender_deadwood_before_layoffs = before < 0 ? 0 : before;
    emit(c, fn, ctx, c->knock_event, k, c->knock_card, 0, sd->knocker.deadwood, NULL);
    for (int i = 0; i < sd->n_layoffs; i++)
        emit(c, fn, ctx, GIN_EV_LAYOFF, d, sd->layoffs[i].card, 0, sd->layoffs[i].meld, NULL);
    emit(c, fn, ctx, GIN_EV_HAND_OVER, m->seat, GIN_NO_CARD, kh | dh, m->n, sd);
    c->knocker = -1;
    return GIN_OK;
}

static int seats_of(const gin_proto_client *c)
{
    return c->view.seats >= 2 && c->view.seats <= GIN_MAX_SEATS ? c->view.seats : 2;
}

/* A ring's showdown, complete with `result`: the events in the order the
 * hand emitted them (knock, every defender's layoffs from the knocker's
 * left, every seat's penalty from the knocker, hand over with the two-seat
 * summary of the knocker against its left neighbour). */
static int settle_ring(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    int seats = seats_of(c), k = c->knocker, left = (k + 1) % seats;
    for (int s = 0; s < seats; s++)
        if (!c->have_spread[s] || !c->have_penalty[s])
            return GIN_ESTATE;
    if (m->seat >= seats || c->n_layoffs[k] > 0)
        return GIN_ESTATE;
    gin_cardset shown[GIN_MAX_SEATS], all = 0;
    for (int s = 0; s < seats; s++) {
        const gin_arrangement *a = &c->spread[s];
        shown[s] = a->unmatched;
        for (int i = 0; i < a->n_melds; i++)
            shown[s] |= a->melds[i];
        for (int i = 0; i < c->n_layoffs[s]; i++)
            shown[s] |= gin_cardset_of(c->layoffs[s][i].card);
        if (shown[s] & all)
            return GIN_ESTATE;
        all |= shown[s];
    }
    gin_showdown *sd = &c->sd;
    memset(sd, 0, sizeof *sd);
    sd->kind = m->result;
    sd->winner = m->seat == k ? GIN_KNOCKER : GIN_DEFENDER;
    sd->points = m->n;
    sd->knocker = c->spread[k];
    sd->defender = c->spread[left];
    int before = gin_deadwood(shown[left]);
    sd->defender_deadwood_before_layoffs = before < 0 ? 0 : before;
    sd->n_layoffs = c->n_layoffs[left];
    memcpy(sd->layoffs, c->layoffs[left], sizeof sd->layoffs);
    emit(c, fn, ctx, c->knock_event, k, c->knock_card, 0, c->spread[k].deadwood, NULL);
    for (int i = 0; i < seats; i++) {
        int s = (k + i) % seats;
        for (int j = 0; j < c->n_layoffs[s]; j++)
            emit(c, fn, ctx, GIN_EV_LAYOFF, s, c->layoffs[s][j].card, 0, c->layoffs[s][j].meld, NULL);
    }
    for (int i = 0; i < seats; i++) {
        int s = (k + i) % seats;
        emit(c, fn, ctx, GIN_EV_PENALTY, s, GIN_NO_CARD, shown[s], c->penalty[s], NULL);
    }
    emit(c, fn, ctx, GIN_EV_HAND_OVER, m->seat, GIN_NO_CARD, all, m->n, sd);
    c->knocker = -1;
    return GIN_OK;
}

static int move(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    gin_view *v = &c->view;
    if (v->phase == GIN_PHASE_OVER || c->knocker >= 0 || m->seat >= seats_of(c))
        return GIN_ESTATE;
    int s = m->seat;
    c->last_mover = s;
    switch (m->event) {
    case GIN_EV_TAKE_UPCARD:
        emit(c, fn, ctx, m->event, s, m->card, 0, 0, NULL);
        break;
    case GIN_EV_PASS:
        emit(c, fn, ctx, m->event, s, m->card, 0, ++c->passes, NULL);
        break;
    case GIN_EV_DRAW_STOCK:
        emit(c, fn, ctx, m->event, s, s == c->seat ? m->card : GIN_NO_CARD, 0, v->stock_n - 1, NULL);
        break;
    case GIN_EV_DRAW_DISCARD:
        emit(c, fn, ctx, m->event, s, m->card, 0, v->pile_n - 1, NULL);
        break;
    case GIN_EV_DISCARD:
        emit(c, fn, ctx, m->event, s, m->card, 0, v->pile_n + 1, NULL);
        break;
    case GIN_EV_KNOCK:
    case GIN_EV_GIN:
        /* Told with the showdown, once its deadwood is known. */
        c->knocker = s;
        c->knock_event = m->event;
        c->knock_card = m->card;
        memset(&c->sd, 0, sizeof c->sd);
        c->n_spreads = 0;
        c->laid = 0;
        memset(c->spread, 0, sizeof c->spread);
        memset(c->have_spread, 0, sizeof c->have_spread);
        memset(c->n_layoffs, 0, sizeof c->n_layoffs);
        memset(c->have_penalty, 0, sizeof c->have_penalty);
        break;
    default:
        return GIN_EINVAL;
    }
    return GIN_OK;
}

/* A deal: one DEAL event per seat from the dealer's left, the dealer last. */
static int client_deal(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    int seats = seats_of(c);
    if (!c->hand_open || gin_cardset_count(m->cards) != gin_cards_dealt(seats))
        return GIN_ESTATE;
    c->hand_open = 0;
    c->passes = 0;
    c->knocker = -1;
    c->last_mover = -1;
    for (int i = 1; i <= seats; i++) {
        int s = (c->dealer + i) % seats;
        emit(c, fn, ctx, GIN_EV_DEAL, s, c->upcard, s == c->seat ? m->cards : 0, c->dealer, NULL);
    }
    return GIN_OK;
}

/* The showdown's lines before the result: the spreads, the lay-offs, a
 * ring's penalties. */
static int client_spread(gin_proto_client *c, const gin_proto_msg *m)
{
    int ring = seats_of(c) > 2;
    if (m->kind == GIN_PROTO_MELDS || m->kind == GIN_PROTO_UNMATCHED) {
        gin_arrangement *a = ring ? &c->spread[m->seat] : m->seat == c->knocker ? &c->sd.knocker : &c->sd.defender;
        if (m->kind == GIN_PROTO_MELDS) {
            a->n_melds = m->n_melds;
            memcpy(a->melds, m->melds, sizeof a->melds);
            c->n_spreads++;
            c->have_spread[m->seat] = 1;
        } else {
            a->unmatched = m->cards;
            a->deadwood = gin_cardset_value(m->cards);
        }
        return GIN_OK;
    }
    if (m->kind == GIN_PROTO_PENALTY) {
        c->penalty[m->seat] = m->n;
        c->have_penalty[m->seat] = 1;
        return GIN_OK;
    }
    /* GIN_PROTO_LAYOFF */
    if (ring) {
        int *nl = &c->n_layoffs[m->seat];
        if (*nl >= 11)
            return GIN_ESTATE;
        c->layoffs[m->seat][*nl].card = m->card;
        c->layoffs[m->seat][(*nl)++].meld = m->n;
        return GIN_OK;
    }
    if (c->sd.n_layoffs >= 11)
        return GIN_ESTATE;
    c->sd.layoffs[c->sd.n_layoffs].card = m->card;
    c->sd.layoffs[c->sd.n_layoffs++].meld = m->n;
    c->laid |= gin_cardset_of(m->card);
    return GIN_OK;
}

/* Is message m in its place? A game's messages need a game, the
 * showdown's a knock, a seat must be one of the game's, and penalties are
 * a ring's only. */
static int client_in_order(const gin_proto_client *c, const gin_proto_msg *m)
{
    int needs_game = (m->kind >= GIN_PROTO_HAND && m->kind <= GIN_PROTO_ENDGAME) || m->kind == GIN_PROTO_PENALTY;
    if (needs_game && !c->in_game)
        return 0;
    int showdown = (m->kind >= GIN_PROTO_MELDS && m->kind <= GIN_PROTO_RESULT) || m->kind == GIN_PROTO_PENALTY;
    if (showdown && c->knocker < 0)
        return 0;
    if (showdown && m->kind != GIN_PROTO_RESULT && m->seat >= seats_of(c))
        return 0;
    return m->kind != GIN_PROTO_PENALTY || seats_of(c) > 2;
}

int gin_proto_client_feed(gin_proto_client *c, const gin_proto_msg *m, gin_event_fn fn, void *ctx)
{
    if (!c || !m)
        return GIN_EINVAL;
    if (!client_in_order(c, m))
        return GIN_ESTATE;
    switch (m->kind) {
    case GIN_PROTO_RULES:
        c->rules = m->rules;
        c->have_rules = 1;
        break;
    case GIN_PROTO_GAME:
        if (m->seat >= c->rules.seats)
            return GIN_ESTATE;
        c->seat = m->seat;
        c->seed = m->seed;
        c->in_game = 1;
        c->hand_open = 0;
        c->knocker = -1;
        gin_view_init(&c->view, &c->rules, m->seat);
        break;
    case GIN_PROTO_HAND:
        if (m->dealer >= seats_of(c))
            return GIN_ESTATE;
        c->hand_no = m->n;
        c->dealer = m->dealer;
        c->upcard = m->card;
        c->hand_open = 1;
        break;
    case GIN_PROTO_DEAL:
        return client_deal(c, m, fn, ctx);
    case GIN_PROTO_MOVE:
        return move(c, m, fn, ctx);
    case GIN_PROTO_RESHUFFLE:
        emit(c, fn, ctx, GIN_EV_RESHUFFLE, -1, GIN_NO_CARD, 0, m->n, NULL);
        break;
    case GIN_PROTO_VOID:
        emit(c, fn, ctx, GIN_EV_VOID, c->last_mover, GIN_NO_CARD, 0, m->n, NULL);
        break;
    case GIN_PROTO_MELDS:
    case GIN_PROTO_UNMATCHED:
    case GIN_PROTO_LAYOFF:
    case GIN_PROTO_PENALTY:
        return client_spread(c, m);
    case GIN_PROTO_RESULT:
        return seats_of(c) > 2 ? settle_ring(c, m, fn, ctx) : settle(c, m, fn, ctx);
    case GIN_PROTO_ENDGAME:
        emit(c, fn, ctx, GIN_EV_GAME_OVER, m->seat, GIN_NO_CARD, 0, m->n, NULL);
        break;
    default:
        break; /* hello, endhand, requests, error, quit */
    }
    return GIN_OK;
}
