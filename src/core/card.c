/* gin — card and card-set notation: parsing, formatting, deadwood value.
 *
 * The parser reads one byte at a time and never looks past a byte it has
 * not yet checked for NUL, so any byte sequence (invalid or truncated UTF-8
 * included) is safe. */
#include "gin/card.h"

#include <string.h>
#include "gin/error.h"
#include "text.h"

static const char rank_chars[GIN_RANKS + 1] = "A23456789TJQK";
static const char suit_chars[GIN_SUITS + 1] = "SHDC";

/* Bits of the cards of rank 0 (ace) in all four suits; shift by rank. */
#define RANK_LANE UINT64_C(0x0001000100010001)

int gin_cardset_value(gin_cardset s)
{
    s &= GIN_DECK;
    int total = 0;
    for (int r = 0; r < GIN_RANKS; r++)
        total += gin_cardset_count(s & (RANK_LANE << r)) * (r >= 9 ? 10 : r + 1);
    return total;
}

static int is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == ','; }

/* Rank at p: returns the rank and sets *len, or -1. "1" must be followed by
 * "0"; p[1] is only read once p[0] is known to be '1' (not NUL). */
static int parse_rank(const unsigned char *p, int *len)
{
    unsigned char c = (unsigned char)gin_text_lower(p[0]);
    *len = 1;
    if (c >= '2' && c <= '9')
        return c - '1';
    switch (c) {
    case 'a':
        return 0;
    case 't':
        return 9;
    case 'j':
        return 10;
    case 'q':
        return 11;
    case 'k':
        return 12;
    case '1':
        if (p[1] == '0') {
            *len = 2;
            return 9;
        }
        return -1;
    default:
        return -1;
    }
}

/* Suit at p: a letter, or U+2660..U+2667 (E2 99 A0..A7), which are
 * ♠ ♡ ♢ ♣ ♤ ♥ ♦ ♧ in that order. Returns the suit and sets *len, or -1. */
static int parse_suit(const unsigned char *p, int *len)
{
    static const signed char glyph_suit[8] = {GIN_SPADES, GIN_HEARTS, GIN_DIAMONDS, GIN_CLUBS,  /* ♠ ♡ ♢ ♣ */
                                              GIN_SPADES, GIN_HEARTS, GIN_DIAMONDS, GIN_CLUBS}; /* ♤ ♥ ♦ ♧ */
    *len = 1;
    switch ((unsigned char)gin_text_lower(p[0])) {
    case 's':
        return GIN_SPADES;
    case 'h':
        return GIN_HEARTS;
    case 'd':
        return GIN_DIAMONDS;
    case 'c':
        return GIN_CLUBS;
    default:
        break;
    }
    /* Short-circuit order guarantees we stop at the first mismatch (a NUL
     * is always a mismatch), so a truncated glyph is never over-read. */
    if (p[0] == 0xE2 && p[1] == 0x99 && p[2] >= 0xA0 && p[2] <= 0xA7) {
        *len = 3;
        return glyph_suit[p[2] - 0xA0];
    }
    return -1;
}

int gin_card_parse(const char *text, gin_card *out, const char **end)
{
    if (!text || !out)
        return GIN_EINVAL;
    const unsigned char *p = (const unsigned char *)text;
    while (is_blank(*p))
        p++;
    int status = GIN_OK, len = 0, rank = -1, suit = -1;
    if (*p == 0) {
        status = GIN_EEMPTY;
    } else if ((rank = parse_rank(p, &len)) < 0) {
        status = GIN_ERANK;
    } else if (p += len, (suit = parse_suit(p, &len)) < 0) {
        status = GIN_ESUIT;
    } else {
        p += len;
        if (*p != 0 && !is_blank(*p))
            status = GIN_ETOKEN;
    }
    if (end)
        *end = (const char *)p;
    if (status == GIN_OK)
        *out = gin_card_make(rank, suit);
    return status;
}

int gin_cardset_parse(const char *text, gin_cardset *out, size_t *err_pos)
{
    if (!text || !out) {
        if (err_pos)
            *err_pos = 0;
        return GIN_EINVAL;
    }
    gin_cardset set = 0;
    int n = 0;
    const char *p = text;
    for (;;) {
        while (is_blank((unsigned char)*p))
            p++;
        const char *start = p, *end = p;
        gin_card c;
        int status = gin_card_parse(p, &c, &end);
        if (status == GIN_EEMPTY)
            break;
        if (status == GIN_OK && gin_cardset_has(set, c)) {
            status = GIN_EDUPLICATE;
            end = start; /* point at the repeated card, not after it */
        }
        if (status != GIN_OK) {
            if (err_pos)
                *err_pos = (size_t)(end - text);
            return status;
        }
        set |= gin_cardset_of(c);
        n++;
        p = end;
    }
    *out = set;
    return n;
}

int gin_card_format(gin_card c, char buf[3])
{
    if (!buf || !gin_card_valid(c))
        return GIN_EINVAL;
    buf[0] = rank_chars[gin_card_rank(c)];
    buf[1] = suit_chars[gin_card_suit(c)];
    buf[2] = '\0';
    return GIN_OK;
}

const char *gin_rank_name(int rank)
{
    static const char *const names[GIN_RANKS] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
    return rank >= 0 && rank < GIN_RANKS ? names[rank] : "?";
}

const char *gin_suit_name(int suit, int glyphs)
{
    static const char *const glyph[GIN_SUITS] = {"\xe2\x99\xa0", "\xe2\x99\xa5", "\xe2\x99\xa6", "\xe2\x99\xa3"};
    static const char *const letter[GIN_SUITS] = {"S", "H", "D", "C"};
    if (suit < 0 || suit >= GIN_SUITS)
        return "?";
    return glyphs ? glyph[suit] : letter[suit];
}

char *gin_card_name(gin_card c, int glyphs, char buf[GIN_CARD_NAME_MAX])
{
    if (!gin_card_valid(c)) {
        memcpy(buf, "--", 3);
        return buf;
    }
    char *p = buf;
    for (const char *r = gin_rank_name(gin_card_rank(c)); *r;)
        *p++ = *r++;
    for (const char *s = gin_suit_name(gin_card_suit(c), glyphs); *s;)
        *p++ = *s++;
    *p = '\0';
    return buf;
}

int gin_cardset_format(gin_cardset s, char *buf, size_t cap)
{
    if (!buf)
        return GIN_EINVAL;
    s &= GIN_DECK;
    int n = gin_cardset_count(s);
    size_t need = n ? (size_t)n * 3 : 1; /* "XX" per card, a blank or the NUL after each */
    if (cap < need) {
        if (cap)
            buf[0] = '\0';
        return GIN_ESPACE;
    }
    /* Card index order is display order: suit S H D C = 0..3, then rank. */
    char *p = buf;
    while (s) {
        gin_card c = gin_cardset_first(s);
        s &= s - 1;
        if (p != buf)
            *p++ = ' ';
        *p++ = rank_chars[gin_card_rank(c)];
        *p++ = suit_chars[gin_card_suit(c)];
    }
    *p = '\0';
    return (int)(p - buf);
}
