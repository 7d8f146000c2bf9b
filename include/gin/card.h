/* gin — cards and card sets.
 *
 * A card is an index 0..63: suit * 16 + rank, rank 0 (ace) .. 12 (king).
 * A card set is a 64-bit mask with bit `card` set for each member, so one
 * suit is a 13-bit lane at bit 16 * suit and one rank is four bits 16 apart.
 * Only 52 of the 64 bits are cards; GIN_DECK has exactly those bits.
 *
 * Text notation (case-free): rank A 2-9 T J Q K (also "10"), suit S H D C or
 * the glyphs ♠ ♥ ♦ ♣ (also ♤ ♡ ♢ ♧). Canonical output is two ASCII
 * characters per card, "AS", "TD", "5H". */
#ifndef GIN_CARD_H
#define GIN_CARD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int gin_card;         /* 0..63; valid when gin_card_valid() */
typedef uint64_t gin_cardset; /* one bit per card */

enum { GIN_SPADES = 0, GIN_HEARTS = 1, GIN_DIAMONDS = 2, GIN_CLUBS = 3 };
enum { GIN_RANKS = 13, GIN_SUITS = 4, GIN_DECK_SIZE = 52 };

#define GIN_NO_CARD (-1)
#define GIN_SUIT_MASK UINT64_C(0x1fff)
#define GIN_DECK UINT64_C(0x1fff1fff1fff1fff)

static inline gin_card gin_card_make(int rank, int suit) { return suit * 16 + rank; }
static inline int gin_card_rank(gin_card c) { return c & 15; }
static inline int gin_card_suit(gin_card c) { return c >> 4; }
static inline int gin_card_valid(gin_card c) { return c >= 0 && c < 64 && (c & 15) < 13; }
/* Points as deadwood: ace 1, two to ten face value, court cards 10. */
static inline int gin_card_value(gin_card c)
{
    int r = (c & 15) + 1;
    return r > 10 ? 10 : r;
}

/* The set of one card; of a value outside 0..63 (GIN_NO_CARD) the empty
 * set, and "has" is 0: a shift by a negative or too large count would be
 * undefined, and callers pass GIN_NO_CARD for "none" (an empty pile). No
 * branch: this is in the inner loop of every search. */
static inline gin_cardset gin_cardset_of(gin_card c) { return (uint64_t)((unsigned)c < 64) << (c & 63); }
static inline int gin_cardset_has(gin_cardset s, gin_card c) { return (int)((s >> (c & 63)) & ((unsigned)c < 64)); }
/* The number of cards. With the popcnt instruction in the target (say
 * -march=x86-64-v2) the builtin is that instruction; without it gcc would
 * call a library routine, so count in registers instead (the meld kernels
 * use the instruction where the CPU has it, picked at run time). */
static inline int gin_cardset_count(gin_cardset s)
{
#if defined(__POPCNT__) || defined(__clang__)
    return __builtin_popcountll(s);
#else
    s = s - ((s >> 1) & UINT64_C(0x5555555555555555));
    s = (s & UINT64_C(0x3333333333333333)) + ((s >> 2) & UINT64_C(0x3333333333333333));
    s = (s + (s >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((s * UINT64_C(0x0101010101010101)) >> 56);
#endif
}
/* Lowest card of a non-empty set. */
static inline gin_card gin_cardset_first(gin_cardset s) { return __builtin_ctzll(s); }
/* The 13-bit rank mask of one suit. */
static inline unsigned gin_cardset_suit(gin_cardset s, int suit) { return (unsigned)(s >> (16 * suit)) & 0x1fffu; }
/* The cards of one rank, as a 4-bit suit mask. */
static inline unsigned gin_cardset_rank(gin_cardset s, int rank)
{
    s >>= rank;
    return (unsigned)((s & 1) | ((s >> 15) & 2) | ((s >> 30) & 4) | ((s >> 45) & 8));
}

/* Sum of the deadwood values of every card in `s` (ignores non-card bits). */
int gin_cardset_value(gin_cardset s);

/* Parse one card at `text`, skipping leading blanks (space, tab, comma).
 * On success stores the card in *out, the position just after it in *end
 * (if end is non-NULL) and returns GIN_OK. Errors: GIN_EEMPTY (nothing but
 * blanks), GIN_ERANK, GIN_ESUIT, GIN_ETOKEN (a card followed directly by a
 * character that is not a blank or the end); *end then points at the fault. */
int gin_card_parse(const char *text, gin_card *out, const char **end);

/* Parse every card of a blank-separated list up to NUL. Stores the set in
 * *out and returns the number of cards (>= 0). A duplicate card is
 * GIN_EDUPLICATE; other errors as gin_card_parse. If err_pos is non-NULL,
 * it receives the byte offset of the fault on error. */
int gin_cardset_parse(const char *text, gin_cardset *out, size_t *err_pos);

/* Write the canonical two-character form of `c` and a NUL into buf (3 bytes).
 * Returns GIN_OK or GIN_EINVAL for an invalid card. */
int gin_card_format(gin_card c, char buf[3]);

/* A card as people write it: the rank as printed on the card ("A", "2" ..
 * "10", "J", "Q", "K") and the suit as a glyph (glyphs != 0: "♠", "♥", "♦",
 * "♣", UTF-8) or a letter ("S", "H", "D", "C"). Static strings; "?" for a
 * value out of range. */
const char *gin_rank_name(int rank);
const char *gin_suit_name(int suit, int glyphs);
enum { GIN_CARD_NAME_MAX = 8 }; /* "10♥" and its NUL fit */
/* Write `c` as people write it ("10♥", "K♠"; "10H" without glyphs) into
 * buf with a NUL; "--" for an invalid card. Returns buf. */
char *gin_card_name(gin_card c, int glyphs, char buf[GIN_CARD_NAME_MAX]);

/* Write the cards of `s`, space-separated, in display order (by suit S H D C,
 * ascending rank within a suit) into buf with a NUL. Returns the length
 * written (excluding NUL), or GIN_ESPACE if cap is too small (3 * 52 bytes
 * always suffices). */
int gin_cardset_format(gin_cardset s, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
