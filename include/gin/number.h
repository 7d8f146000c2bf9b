/* gin — decimal numbers read from text, one way everywhere gin reads one:
 * records, the bot protocol, rule values, kept files and command-line
 * options. Exact: what is not wholly a number in range is refused, never
 * read in part. */
#ifndef GIN_NUMBER_H
#define GIN_NUMBER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Read the whole NUL-terminated `text` as a decimal number: an optional '-'
 * then one or more digits 0-9 and nothing else (no blanks, no '+', no hex;
 * leading zeros are fine and "-0" is 0), within [lo, hi]. Returns GIN_OK
 * with the value in *out; GIN_EFORMAT when the text is not such a number;
 * GIN_ERANGE when it is one outside [lo, hi] (beyond any long long
 * included: the value never overflows); GIN_EINVAL for NULL text or out,
 * or lo > hi. *out is written only on success. fault (may be NULL) gets
 * the byte offset of the fault: for GIN_EFORMAT the first byte that
 * cannot belong to a number (the end, for an empty text or a lone '-');
 * for GIN_ERANGE the digit at which the value, read left to right, passes
 * the bound away from zero, or 0 when the whole number stays short of
 * lo > 0 (or of hi < 0); on success the text's length. */
int gin_number_parse(const char *text, long long lo, long long hi, long long *out, size_t *fault);

/* The same for an unsigned 64-bit number (a seed) in [0, hi]: digits only,
 * no '-'. */
int gin_number_parse_u64(const char *text, uint64_t hi, uint64_t *out, size_t *fault);

#ifdef __cplusplus
}
#endif
#endif
