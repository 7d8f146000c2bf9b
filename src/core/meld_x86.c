/* gin — the AVX2 and AVX-512 meld kernels, and which one a CPU runs.
 *
 * Each kernel is compiled for its instruction set with a target attribute,
 * so the library as a whole still runs on any x86-64, and the public
 * functions pick a path per call from the CPU's features (see DESIGN.md,
 * "Kernels per instruction set", for why not ifunc or target_clones).
 *
 * Every discard (gin_meld_discards_*): one byte lane per card, 64 lanes for
 * the whole deck (card c is byte c, so a suit is 16 bytes and the bit masks
 * of meld_discard.c map straight onto lanes). A leaf is a handful of masked
 * byte adds: its deadwood in every lane, minus the card's value where it is
 * unmatched, plus the one- or two-card parts a cut leaves below and above.
 *
 * Least deadwood of many hands (gin_meld_batch_*): one 64-bit lane per hand
 * (8 with AVX-512, 4 with AVX2), branch-free for a hand whose ranks of 3+
 * cards are all forced (no card of them could join a run: take the set)
 * or hold one real choice (tried every way: none, the set, and with four
 * cards each three-set). Hands with two or more choices, about 1.5% of the
 * hands met in play, go to the scalar solver. Card values are summed with
 * a nibble table (pshufb) and a byte sum (psadbw): no popcount needed. */
#include <stdint.h>
#include "gin/error.h"
#include "gin/meld.h"
#include "meld_internal.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(GIN_NO_SIMD)
#define GIN_MELD_X86 1
#else
#define GIN_MELD_X86 0
#endif

#if GIN_MELD_X86
#include <immintrin.h>

#define T_AVX2 __attribute__((target("avx2,popcnt,bmi")))
#define T_AVX512 __attribute__((target("avx512f,avx512bw,avx2,popcnt,bmi")))

/* __builtin_cpu_supports reads the CPU model libgcc fills in once, before
 * main (it also checks that the OS saves the AVX and AVX-512 registers):
 * one load and a few bit tests, cheap enough to ask on every call. */
int gin_meld_path_supported(int path)
{
    int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi");
    if (path == GIN_MELD_AVX512)
        return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    if (path == GIN_MELD_AVX2)
        return avx2;
    return path == GIN_MELD_PORTABLE;
}

/* ---- shared by both instruction sets ---- */

/* Each of the 16 ranks of a suit lane, as bytes: the card's value, the
 * values one and two ranks below and above, and twice the value. The three
 * gap lanes are 0. */
#define ROW(a, b, c, d, e, f, g, h, i, j, k, l, m)                                                                     \
    {                                                                                                                  \
        a, b, c, d, e, f, g, h, i, j, k, l, m, 0, 0, 0                                                                 \
    }
static const uint8_t row_value[16] = ROW(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10);
static const uint8_t row_below1[16] = ROW(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10);
static const uint8_t row_below2[16] = ROW(0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10);
static const uint8_t row_above1[16] = ROW(2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 0);
static const uint8_t row_above2[16] = ROW(3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 0, 0);
static const uint8_t row_twice[16] = ROW(2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 20, 20, 20);
#undef ROW

/* Sum of the values of the cards of one nibble of a suit lane (bits 0-3:
 * ranks A-4, 4-7: 5-8, 8-11: 9-Q, 12: K), for each nibble value. */
#define NIB(a, b, c, d)                                                                                                \
    {                                                                                                                  \
        0, (a), (b), (a) + (b), (c), (a) + (c), (b) + (c), (a) + (b) + (c), (d), (a) + (d), (b) + (d),                 \
            (a) + (b) + (d), (c) + (d), (a) + (c) + (d), (b) + (c) + (d), (a) + (b) + (c) + (d)                        \
    }
static const uint8_t nib_value[4][16] = {NIB(1, 2, 3, 4), NIB(5, 6, 7, 8), NIB(9, 10, 10, 10), NIB(10, 0, 0, 0)};
#undef NIB

/* ---- every discard, AVX-512: one zmm of 64 byte lanes ---- */

/* A kernel's running state (the value rows are loaded where used: a
 * broadcast from L1 is one cheap load, and a small state stays in
 * registers across the inlined leaves). */
typedef struct state512 {
    __m512i acc; /* the least so far, card by card; 255: none yet */
} state512;

T_AVX512 static inline __m512i row512(const uint8_t *row)
{
    return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)row));
}

/* One leaf into t->acc by minimum. */
T_AVX512 static inline void leaf512(gin_meld_leaf l, state512 *t)
{
    __m512i *acc = &t->acc;
    gin_meld_cuts m = gin_meld_cuts_of(l.rest);
    __m512i dw = _mm512_set1_epi8((char)gin_meld_value(m.dead));
    __m512i v = _mm512_mask_sub_epi8(dw, m.dead, dw, row512(row_value));
    v = _mm512_mask_add_epi8(v, m.l1, v, row512(row_below1));
    v = _mm512_mask_add_epi8(v, m.l2, v, row512(row_below2));
    v = _mm512_mask_add_epi8(v, m.h1, v, row512(row_above1));
    v = _mm512_mask_add_epi8(v, m.h2, v, row512(row_above2));
    *acc = _mm512_mask_min_epu8(*acc, l.rest, *acc, v);
    *acc = _mm512_mask_min_epu8(*acc, l.set4, *acc, dw);
    *acc = _mm512_mask_min_epu8(*acc, l.set3, *acc, _mm512_add_epi8(dw, row512(row_twice)));
}

/* The least of the 16 bytes of x. */
T_AVX2 GIN_MELD_INLINE int min_epu8_128(__m128i x)
{
    x = _mm_min_epu8(x, _mm_srli_si128(x, 8));
    return _mm_cvtsi128_si32(_mm_minpos_epu16(_mm_cvtepu8_epi16(x))) & 0xffff;
}

GIN_MELD_LEAVES_FN(leaves512, T_AVX512, state512, leaf512)

T_AVX512 int gin_meld_discards_avx512(gin_cardset hand, int after[64])
{
    if (__builtin_popcountll(hand) > GIN_MELD_BYTE_CARDS)
        return gin_meld_discards_portable(hand, after);
    gin_meld_shape s = gin_meld_shape_of(hand);
    state512 t = {_mm512_set1_epi8((char)0xff)};
    if (leaves512(hand, &s, &t) < 0)
        return gin_meld_discards_portable(hand, after);
    __m512i acc = t.acc;
    __m256i m = _mm256_min_epu8(_mm512_castsi512_si256(acc), _mm512_extracti64x4_epi64(acc, 1));
    int best = min_epu8_128(_mm_min_epu8(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1)));
    /* Widen to int, -1 where no card. */
    const __m512i none = _mm512_set1_epi32(-1);
    _mm512_storeu_si512(
        after, _mm512_mask_blend_epi32((__mmask16)hand, none, _mm512_cvtepu8_epi32(_mm512_castsi512_si128(acc))));
    _mm512_storeu_si512(after + 16, _mm512_mask_blend_epi32((__mmask16)(hand >> 16), none,
                                                            _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(acc, 1))));
    _mm512_storeu_si512(after + 32, _mm512_mask_blend_epi32((__mmask16)(hand >> 32), none,
                                                            _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(acc, 2))));
    _mm512_storeu_si512(after + 48, _mm512_mask_blend_epi32((__mmask16)(hand >> 48), none,
                                                            _mm512_cvtepu8_epi32(_mm512_extracti32x4_epi32(acc, 3))));
    return best;
}

/* ---- every discard, AVX2: two ymm of 32 byte lanes ---- */

typedef struct state256 {
    __m256i lo, hi;  /* as state512's acc, cards 0-31 and 32-63 */
    uint64_t forced; /* the forced sets' cards, priced after the leaves */
    int least;       /* the least deadwood of a leaf */
} state256;

T_AVX2 GIN_MELD_INLINE __m256i row256(const uint8_t *row)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)row));
}

/* Bit i of m as byte lane i (0 or 0xff): lanes 0-31 in *lo, 32-63 in *hi.
 * pshufb stays within 128-bit halves, and each holds m twice after the
 * broadcast, so each half picks its own four bytes of m. */
T_AVX2 GIN_MELD_INLINE void expand256(uint64_t m, __m256i *lo, __m256i *hi)
{
    const __m256i sel = _mm256_set1_epi64x((long long)UINT64_C(0x8040201008040201));
    const __m256i pick_lo = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3,
                                             3, 3, 3, 3, 3, 3, 3);
    const __m256i pick_hi = _mm256_setr_epi8(4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7,
                                             7, 7, 7, 7, 7, 7, 7);
    __m256i b = _mm256_set1_epi64x((long long)m);
    *lo = _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(b, pick_lo), sel), sel);
    *hi = _mm256_cmpeq_epi8(_mm256_and_si256(_mm256_shuffle_epi8(b, pick_hi), sel), sel);
}

/* One half of a leaf: lanes where r is not set are pushed to 255 first. */
T_AVX2 GIN_MELD_INLINE __m256i half256(__m256i acc, __m256i dw, const __m256i *k)
{
    /* k: r, dead, l1, l2, h1, h2 as byte masks */
    __m256i v = _mm256_sub_epi8(dw, _mm256_and_si256(k[1], row256(row_value)));
    v = _mm256_add_epi8(v, _mm256_and_si256(k[2], row256(row_below1)));
    v = _mm256_add_epi8(v, _mm256_and_si256(k[3], row256(row_below2)));
    v = _mm256_add_epi8(v, _mm256_and_si256(k[4], row256(row_above1)));
    v = _mm256_add_epi8(v, _mm256_and_si256(k[5], row256(row_above2)));
    v = _mm256_or_si256(v, _mm256_xor_si256(k[0], _mm256_set1_epi8((char)0xff)));
    return _mm256_min_epu8(acc, v);
}

T_AVX2 GIN_MELD_INLINE void leaf256(gin_meld_leaf l, state256 *t)
{
    gin_meld_cuts m = gin_meld_cuts_of(l.rest);
    __m256i lo[6], hi[6];
    expand256(l.rest, &lo[0], &hi[0]);
    expand256(m.dead, &lo[1], &hi[1]);
    expand256(m.l1, &lo[2], &hi[2]);
    expand256(m.l2, &lo[3], &hi[3]);
    expand256(m.h1, &lo[4], &hi[4]);
    expand256(m.h2, &lo[5], &hi[5]);
    __m256i dw = _mm256_set1_epi8((char)gin_meld_value(m.dead));
    t->lo = half256(t->lo, dw, lo);
    t->hi = half256(t->hi, dw, hi);
    /* The forced sets are the same in every leaf: their cards' prices
     * follow from the least leaf, once. Expanding masks is dear here. */
    int v = gin_meld_value(m.dead);
    t->least = v < t->least ? v : t->least;
    uint64_t set4 = l.set4 & ~t->forced, set3 = l.set3 & ~t->forced;
    if (set4 | set3) {
        const __m256i ones = _mm256_set1_epi8((char)0xff);
        __m256i s4[2], s3[2], dw3 = _mm256_add_epi8(dw, row256(row_twice));
        expand256(set4, &s4[0], &s4[1]);
        expand256(set3, &s3[0], &s3[1]);
        t->lo = _mm256_min_epu8(t->lo, _mm256_or_si256(dw, _mm256_xor_si256(s4[0], ones)));
        t->lo = _mm256_min_epu8(t->lo, _mm256_or_si256(dw3, _mm256_xor_si256(s3[0], ones)));
        t->hi = _mm256_min_epu8(t->hi, _mm256_or_si256(dw, _mm256_xor_si256(s4[1], ones)));
        t->hi = _mm256_min_epu8(t->hi, _mm256_or_si256(dw3, _mm256_xor_si256(s3[1], ones)));
    }
}

GIN_MELD_LEAVES_FN(leaves256, T_AVX2, state256, leaf256)

T_AVX2 int gin_meld_discards_avx2(gin_cardset hand, int after[64])
{
    if (__builtin_popcountll(hand) > GIN_MELD_BYTE_CARDS)
        return gin_meld_discards_portable(hand, after);
    gin_meld_shape s = gin_meld_shape_of(hand);
    state256 t = {_mm256_set1_epi8((char)0xff), _mm256_set1_epi8((char)0xff), s.forced4 | s.forced3, 255};
    if (leaves256(hand, &s, &t) < 0)
        return gin_meld_discards_portable(hand, after);
    __m256i acc[2] = {t.lo, t.hi};
    if (t.forced) {
        __m256i lv = _mm256_set1_epi8((char)t.least), f4[2], f3[2];
        expand256(s.forced4, &f4[0], &f4[1]);
        expand256(s.forced3, &f3[0], &f3[1]);
        for (int h = 0; h < 2; h++) {
            acc[h] = _mm256_blendv_epi8(acc[h], lv, f4[h]);
            acc[h] = _mm256_blendv_epi8(acc[h], _mm256_add_epi8(lv, row256(row_twice)), f3[h]);
        }
    }
    __m256i m = _mm256_min_epu8(acc[0], acc[1]);
    int best = min_epu8_128(_mm_min_epu8(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1)));
    /* Widen to int; 255 (no card: values stay <= GIN_MELD_BYTE_MAX) becomes
     * -1, so the hand itself is not needed here. */
    (void)hand;
    _Alignas(32) uint8_t bytes[64];
    _mm256_store_si256((__m256i *)(void *)bytes, acc[0]);
    _mm256_store_si256((__m256i *)(void *)(bytes + 32), acc[1]);
    const __m256i empty = _mm256_set1_epi32(255);
    for (int i = 0; i < 64; i += 8) {
        __m256i x = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(bytes + i)));
        x = _mm256_or_si256(x, _mm256_cmpeq_epi32(x, empty));
        _mm256_storeu_si256((__m256i *)(void *)(after + i), x);
    }
    return best;
}

/* ---- many hands, AVX-512: 8 hands a zmm ---- */

T_AVX512 static inline __m512i runs8(__m512i r)
{
    __m512i t = _mm512_ternarylogic_epi64(r, _mm512_srli_epi64(r, 1), _mm512_srli_epi64(r, 2), 0x80); /* a&b&c */
    return _mm512_ternarylogic_epi64(t, _mm512_slli_epi64(t, 1), _mm512_slli_epi64(t, 2), 0xfe);      /* a|b|c */
}

T_AVX512 static inline __m512i spread8(__m512i x)
{
    x = _mm512_or_si512(x, _mm512_slli_epi64(x, 16));
    return _mm512_or_si512(x, _mm512_slli_epi64(x, 32));
}

T_AVX512 static inline __m512i fold8(__m512i x)
{
    x = _mm512_or_si512(x, _mm512_srli_epi64(x, 32));
    return _mm512_or_si512(x, _mm512_srli_epi64(x, 16));
}

typedef struct nibs512 {
    __m512i t[4], low;
} nibs512;

/* Value of the cards of d (a subset of GIN_DECK) per 64-bit lane. The low
 * nibble of each byte is ranks A-4 (even bytes) or 9-Q (odd bytes), the
 * high nibble 5-8 or K: a pshufb per table, the odd bytes masked in. */
T_AVX512 static inline __m512i value8(__m512i d, const nibs512 *n)
{
    const __mmask64 odd = UINT64_C(0xaaaaaaaaaaaaaaaa);
    __m512i lo = _mm512_and_si512(d, n->low), hi = _mm512_and_si512(_mm512_srli_epi16(d, 4), n->low);
    __m512i a = _mm512_mask_shuffle_epi8(_mm512_shuffle_epi8(n->t[0], lo), odd, n->t[2], lo);
    __m512i b = _mm512_mask_shuffle_epi8(_mm512_shuffle_epi8(n->t[1], hi), odd, n->t[3], hi);
    return _mm512_sad_epu8(_mm512_add_epi8(a, b), _mm512_setzero_si512());
}

/* Least deadwood with no set, or with the set of a rank whose cards are
 * `q`: the value of what no run takes. */
T_AVX512 static inline __m512i without8(__m512i hm, __m512i q, const nibs512 *n)
{
    __m512i r = _mm512_andnot_si512(q, hm);
    return value8(_mm512_andnot_si512(runs8(r), r), n);
}

/* Eight hands; *multi gets the lanes with two or more choice ranks, whose
 * answer here is meaningless. */
T_AVX512 static inline __m512i solve8(__m512i h, const nibs512 *n, __mmask8 *multi)
{
    const __m512i lane = _mm512_set1_epi64((long long)GIN_MELD_LANE);
    __m512i a = _mm512_and_si512(h, lane), b = _mm512_and_si512(_mm512_srli_epi64(h, 16), lane);
    __m512i c = _mm512_and_si512(_mm512_srli_epi64(h, 32), lane), d = _mm512_srli_epi64(h, 48);
    __m512i g = _mm512_or_si512(_mm512_ternarylogic_epi64(a, b, _mm512_or_si512(c, d), 0x80),
                                _mm512_ternarylogic_epi64(c, d, _mm512_or_si512(a, b), 0x80));
    __m512i run = runs8(h), sc = _mm512_and_si512(h, spread8(g));
    __m512i choice = _mm512_and_si512(g, fold8(_mm512_and_si512(sc, run)));
    __m512i spread_choice = spread8(choice);
    __m512i hm = _mm512_andnot_si512(_mm512_andnot_si512(spread_choice, sc), h); /* forced sets out */
    __m512i v = value8(_mm512_andnot_si512(run, hm), n);
    *multi = 0;
    __mmask8 some = _mm512_test_epi64_mask(choice, choice);
    if (!some)
        return v;
    *multi = _mm512_test_epi64_mask(choice, _mm512_add_epi64(choice, _mm512_set1_epi64(-1)));
    __m512i q = _mm512_and_si512(sc, spread_choice);
    v = _mm512_min_epu64(v, without8(hm, q, n));
    __mmask8 full = _mm512_cmpeq_epi64_mask(q, spread_choice) & some & (__mmask8) ~*multi;
    if (!full)
        return v;
    for (int s = 0; s < GIN_SUITS; s++) {
        __m512i q3 = _mm512_andnot_si512(_mm512_set1_epi64((long long)(GIN_MELD_LANE << (16 * s))), q);
        v = _mm512_mask_min_epu64(v, full, v, without8(hm, q3, n));
    }
    return v;
}

T_AVX512 void gin_meld_batch_avx512(const gin_cardset *hands, size_t n, int *out)
{
    nibs512 nb;
    for (int i = 0; i < 4; i++)
        nb.t[i] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(const void *)nib_value[i]));
    nb.low = _mm512_set1_epi8(0x0f);
    const uint64_t off_deck = ~GIN_DECK; /* the bits no card uses */
    const __m512i not_deck = _mm512_set1_epi64((long long)off_deck);
    for (size_t i = 0; i < n; i += 8) {
        __mmask8 live = n - i >= 8 ? 0xff : (__mmask8)((1u << (n - i)) - 1);
        __m512i h = _mm512_maskz_loadu_epi64(live, hands + i);
        __mmask8 bad = _mm512_test_epi64_mask(h, not_deck), multi;
        __m512i v = solve8(h, &nb, &multi);
        v = _mm512_mask_blend_epi64(bad, v, _mm512_set1_epi64(GIN_EINVAL));
        _mm512_mask_cvtepi64_storeu_epi32(out + i, live, v);
        for (unsigned x = multi & ~bad & live; x; x &= x - 1)
            out[i + (size_t)__builtin_ctz(x)] = gin_meld_deadwood(hands[i + (size_t)__builtin_ctz(x)]);
    }
}

/* ---- many hands, AVX2: 4 hands a ymm ---- */

T_AVX2 GIN_MELD_INLINE __m256i runs4(__m256i r)
{
    __m256i t = _mm256_and_si256(_mm256_and_si256(r, _mm256_srli_epi64(r, 1)), _mm256_srli_epi64(r, 2));
    return _mm256_or_si256(_mm256_or_si256(t, _mm256_slli_epi64(t, 1)), _mm256_slli_epi64(t, 2));
}

T_AVX2 GIN_MELD_INLINE __m256i spread4(__m256i x)
{
    x = _mm256_or_si256(x, _mm256_slli_epi64(x, 16));
    return _mm256_or_si256(x, _mm256_slli_epi64(x, 32));
}

T_AVX2 GIN_MELD_INLINE __m256i fold4(__m256i x)
{
    x = _mm256_or_si256(x, _mm256_srli_epi64(x, 32));
    return _mm256_or_si256(x, _mm256_srli_epi64(x, 16));
}

typedef struct nibs256 {
    __m256i t[4], low;
} nibs256;

/* As value8, with one pshufb per nibble of the 16-bit suit lane. */
T_AVX2 GIN_MELD_INLINE __m256i value4(__m256i d, const nibs256 *n)
{
    __m256i s = _mm256_shuffle_epi8(n->t[0], _mm256_and_si256(d, n->low));
    s = _mm256_add_epi8(s, _mm256_shuffle_epi8(n->t[1], _mm256_and_si256(_mm256_srli_epi16(d, 4), n->low)));
    s = _mm256_add_epi8(s, _mm256_shuffle_epi8(n->t[2], _mm256_and_si256(_mm256_srli_epi16(d, 8), n->low)));
    s = _mm256_add_epi8(s, _mm256_shuffle_epi8(n->t[3], _mm256_srli_epi16(d, 12)));
    return _mm256_sad_epu8(s, _mm256_setzero_si256());
}

T_AVX2 GIN_MELD_INLINE __m256i without4(__m256i hm, __m256i q, const nibs256 *n)
{
    __m256i r = _mm256_andnot_si256(q, hm);
    return value4(_mm256_andnot_si256(runs4(r), r), n);
}

/* Lane-wise minimum of small non-negative values (no vpminuq in AVX2). */
T_AVX2 GIN_MELD_INLINE __m256i min4(__m256i a, __m256i b) { return _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b)); }

T_AVX2 GIN_MELD_INLINE int lanes4(__m256i m) { return _mm256_movemask_pd(_mm256_castsi256_pd(m)); }

T_AVX2 GIN_MELD_INLINE __m256i solve4(__m256i h, const nibs256 *n, int *multi)
{
    const __m256i lane = _mm256_set1_epi64x((long long)GIN_MELD_LANE), zero = _mm256_setzero_si256();
    __m256i a = _mm256_and_si256(h, lane), b = _mm256_and_si256(_mm256_srli_epi64(h, 16), lane);
    __m256i c = _mm256_and_si256(_mm256_srli_epi64(h, 32), lane), d = _mm256_srli_epi64(h, 48);
    __m256i g = _mm256_or_si256(_mm256_and_si256(_mm256_and_si256(a, b), _mm256_or_si256(c, d)),
                                _mm256_and_si256(_mm256_and_si256(c, d), _mm256_or_si256(a, b)));
    __m256i run = runs4(h), sc = _mm256_and_si256(h, spread4(g));
    __m256i choice = _mm256_and_si256(g, fold4(_mm256_and_si256(sc, run)));
    __m256i spread_choice = spread4(choice);
    __m256i hm = _mm256_andnot_si256(_mm256_andnot_si256(spread_choice, sc), h);
    __m256i v = value4(_mm256_andnot_si256(run, hm), n);
    *multi = 0;
    if (_mm256_testz_si256(choice, choice))
        return v;
    __m256i one = _mm256_and_si256(choice, _mm256_add_epi64(choice, _mm256_set1_epi64x(-1)));
    *multi = lanes4(_mm256_cmpeq_epi64(one, zero)) ^ 15;
    __m256i q = _mm256_and_si256(sc, spread_choice);
    v = min4(v, without4(hm, q, n));
    /* Full: one choice rank holding four cards (q == 0 never matches: choice != 0 there). */
    __m256i full =
        _mm256_andnot_si256(_mm256_cmpeq_epi64(choice, zero),
                            _mm256_and_si256(_mm256_cmpeq_epi64(q, spread_choice), _mm256_cmpeq_epi64(one, zero)));
    if (_mm256_testz_si256(full, full))
        return v;
    for (int s = 0; s < GIN_SUITS; s++) {
        __m256i q3 = _mm256_andnot_si256(_mm256_set1_epi64x((long long)(GIN_MELD_LANE << (16 * s))), q);
        v = _mm256_blendv_epi8(v, min4(v, without4(hm, q3, n)), full);
    }
    return v;
}

T_AVX2 void gin_meld_batch_avx2(const gin_cardset *hands, size_t n, int *out)
{
    nibs256 nb;
    for (int i = 0; i < 4; i++)
        nb.t[i] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)nib_value[i]));
    nb.low = _mm256_set1_epi16(0x000f);  /* one nibble of each 16-bit suit lane */
    const uint64_t off_deck = ~GIN_DECK; /* the bits no card uses */
    const __m256i not_deck = _mm256_set1_epi64x((long long)off_deck), zero = _mm256_setzero_si256();
    const __m256i pack = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i h = _mm256_loadu_si256((const __m256i *)(const void *)(hands + i));
        __m256i bad = _mm256_xor_si256(_mm256_cmpeq_epi64(_mm256_and_si256(h, not_deck), zero), _mm256_set1_epi64x(-1));
        int multi;
        __m256i v = solve4(h, &nb, &multi);
        v = _mm256_blendv_epi8(v, _mm256_set1_epi64x(GIN_EINVAL), bad);
        _mm_storeu_si128((__m128i *)(void *)(out + i), _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, pack)));
        for (unsigned x = (unsigned)(multi & ~lanes4(bad)); x; x &= x - 1)
            out[i + (size_t)__builtin_ctz(x)] = gin_meld_deadwood(hands[i + (size_t)__builtin_ctz(x)]);
    }
    for (; i < n; i++)
        out[i] = hands[i] & ~GIN_DECK ? GIN_EINVAL : gin_meld_deadwood(hands[i]);
}

#else /* no x86 SIMD in this build: only the portable path exists */

int gin_meld_path_supported(int path) { return path == GIN_MELD_PORTABLE; }

int gin_meld_discards_avx512(gin_cardset hand, int after[64]) { return gin_meld_discards_portable(hand, after); }

int gin_meld_discards_avx2(gin_cardset hand, int after[64]) { return gin_meld_discards_portable(hand, after); }

void gin_meld_batch_avx512(const gin_cardset *hands, size_t n, int *out) { gin_meld_batch_portable(hands, n, out); }

void gin_meld_batch_avx2(const gin_cardset *hands, size_t n, int *out) { gin_meld_batch_portable(hands, n, out); }

#endif
