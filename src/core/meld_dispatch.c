/* gin — the public every-discard and batch solvers: each call picks the
 * best kernel the CPU runs (meld_x86.c: AVX-512, AVX2; meld_discard.c: the
 * portable one), so one build runs anywhere and uses what it finds. */
#include "gin/error.h"
#include "gin/meld.h"
#include "meld_internal.h"

/* ---- the public functions: pick a kernel per call ---- */

/* The best kernel this CPU runs. */
static inline int path_best(void)
{
    if (gin_meld_path_supported(GIN_MELD_AVX512))
        return GIN_MELD_AVX512;
    return gin_meld_path_supported(GIN_MELD_AVX2) ? GIN_MELD_AVX2 : GIN_MELD_PORTABLE;
}

int gin_meld_discards_on(int path, gin_cardset hand, int after[64])
{
    if (path == GIN_MELD_AVX512 && gin_meld_path_supported(path))
        return gin_meld_discards_avx512(hand, after);
    if (path == GIN_MELD_AVX2 && gin_meld_path_supported(path))
        return gin_meld_discards_avx2(hand, after);
    return gin_meld_discards_portable(hand, after);
}

int gin_discard_deadwoods(gin_cardset hand, int after[64])
{
    if (!after || !hand || (hand & ~GIN_DECK))
        return GIN_EINVAL;
    switch (path_best()) {
    case GIN_MELD_AVX512:
        return gin_meld_discards_avx512(hand, after);
    case GIN_MELD_AVX2:
        return gin_meld_discards_avx2(hand, after);
    default:
        return gin_meld_discards_portable(hand, after);
    }
}

void gin_meld_batch_on(int path, const gin_cardset *hands, size_t n, int *out)
{
    if (path == GIN_MELD_AVX512 && gin_meld_path_supported(path))
        gin_meld_batch_avx512(hands, n, out);
    else if (path == GIN_MELD_AVX2 && gin_meld_path_supported(path))
        gin_meld_batch_avx2(hands, n, out);
    else
        gin_meld_batch_portable(hands, n, out);
}

int gin_deadwood_batch(const gin_cardset *hands, size_t n, int *out)
{
    if (n && (!hands || !out))
        return GIN_EINVAL;
    gin_meld_batch_on(path_best(), hands, n, out);
    return GIN_OK;
}
