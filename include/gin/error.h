/* gin — status codes shared by every layer.
 *
 * Every fallible function returns an int: GIN_OK (0) or a negative code below.
 * Functions that count (n cards, n actions) return the count (>= 0) on success.
 * Nothing in the core aborts on bad input; it returns one of these. */
#ifndef GIN_ERROR_H
#define GIN_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

enum gin_status {
    GIN_OK = 0,
    GIN_EINVAL = -1,     /* bad argument: NULL pointer, out-of-range value */
    GIN_EEMPTY = -2,     /* no card where one was expected */
    GIN_ERANK = -3,      /* unknown rank character */
    GIN_ESUIT = -4,      /* unknown or missing suit */
    GIN_ETOKEN = -5,     /* text after a card that is not a separator */
    GIN_EDUPLICATE = -6, /* the same card twice */
    GIN_ECOUNT = -7,     /* wrong number of cards */
    GIN_EOVERLAP = -8,   /* two hands share a card */
    GIN_EKNOCK = -9,     /* knocker's deadwood is over the knock limit */
    GIN_EILLEGAL = -10,  /* action not legal in this state */
    GIN_ERULES = -11,    /* rule set has a nonsensical value */
    GIN_ENAME = -12,     /* unknown preset, agent or level name */
    GIN_ESPACE = -13,    /* output buffer too small */
    GIN_EFORMAT = -14,   /* malformed record or protocol line */
    GIN_ESTATE = -15,    /* call out of order (e.g. act on a finished hand) */
    GIN_EMISMATCH = -16, /* replay disagrees with the recorded result */
    GIN_ERANGE = -17,    /* a number outside the range allowed (number.h) */
    GIN_EINTR = -18      /* a wait given up at the caller's request: nothing changed, ask again */
};

/* A short, static, human-readable description of a status code ("unknown rank").
 * Never NULL; unknown codes give "unknown error". */
const char *gin_strerror(int status);

#ifdef __cplusplus
}
#endif
#endif
