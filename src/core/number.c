/* Decimal numbers from text (number.h): one scanner for every reader. */
#include "gin/number.h"

#include "gin/error.h"

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* The digits from text[from] to the NUL, as a magnitude no larger than
 * max: GIN_OK, GIN_EFORMAT (a byte that is not a digit, or no digit) or
 * GIN_ERANGE (past max), with the offset of the fault in *at. Syntax is
 * checked over the whole text first, so a malformed number is never called
 * out of range. */
static int magnitude(const char *text, size_t from, unsigned long long max, unsigned long long *m, size_t *at)
{
    size_t i = from;
    while (is_digit(text[i]))
        i++;
    if (text[i] != '\0' || i == from) {
        *at = i;
        return GIN_EFORMAT;
    }
    unsigned long long v = 0;
    for (i = from; text[i]; i++) {
        unsigned d = (unsigned)(text[i] - '0');
        if (d > max || v > (max - d) / 10) { /* v * 10 + d > max, without overflow */
            *at = i;
            return GIN_ERANGE;
        }
        v = v * 10 + d;
    }
    *m = v;
    *at = i;
    return GIN_OK;
}

/* |x| of a long long, LLONG_MIN included. */
static unsigned long long abs_of(long long x)
{
    return x < 0 ? (unsigned long long)-(x + 1) + 1 : (unsigned long long)x;
}

int gin_number_parse(const char *text, long long lo, long long hi, long long *out, size_t *fault)
{
    size_t at = 0;
    int rc = GIN_EINVAL;
    if (text && out && lo <= hi) {
        int neg = text[0] == '-';
        /* The magnitude may grow up to the bound on its own side of zero. */
        unsigned long long max = neg ? (lo < 0 ? abs_of(lo) : 0) : (hi > 0 ? (unsigned long long)hi : 0);
        unsigned long long m = 0;
        rc = magnitude(text, (size_t)neg, max, &m, &at);
        /* Still short of a bound on the far side of zero: lo > 0 or hi < 0. */
        if (rc == GIN_OK && ((!neg && lo > 0 && m < (unsigned long long)lo) || (neg && hi < 0 && m < abs_of(hi)) ||
                             (m == 0 && (lo > 0 || hi < 0)))) {
            rc = GIN_ERANGE;
            at = 0;
        }
        if (rc == GIN_OK)
            *out = neg ? (m ? -(long long)(m - 1) - 1 : 0) : (long long)m;
    }
    if (fault)
        *fault = at;
    return rc;
}

int gin_number_parse_u64(const char *text, uint64_t hi, uint64_t *out, size_t *fault)
{
    size_t at = 0;
    int rc = GIN_EINVAL;
    if (text && out) {
        unsigned long long m = 0;
        rc = magnitude(text, 0, hi, &m, &at);
        if (rc == GIN_OK)
            *out = (uint64_t)m;
    }
    if (fault)
        *fault = at;
    return rc;
}
