/* Status code descriptions. */
#include "gin/error.h"

const char *gin_strerror(int status)
{
    switch (status) {
    case GIN_OK:
        return "ok";
    case GIN_EINVAL:
        return "invalid argument";
    case GIN_EEMPTY:
        return "no card";
    case GIN_ERANK:
        return "unknown rank";
    case GIN_ESUIT:
        return "unknown or missing suit";
    case GIN_ETOKEN:
        return "unexpected text after a card";
    case GIN_EDUPLICATE:
        return "duplicate card";
    case GIN_ECOUNT:
        return "wrong number of cards";
    case GIN_EOVERLAP:
        return "the hands share a card";
    case GIN_EKNOCK:
        return "deadwood over the knock limit";
    case GIN_EILLEGAL:
        return "illegal action";
    case GIN_ERULES:
        return "invalid rule set";
    case GIN_ENAME:
        return "unknown name";
    case GIN_ESPACE:
        return "buffer too small";
    case GIN_EFORMAT:
        return "malformed input";
    case GIN_ESTATE:
        return "out of order";
    case GIN_EMISMATCH:
        return "replay disagrees with the record";
    case GIN_ERANGE:
        return "number out of range";
    case GIN_EINTR:
        return "interrupted";
    default:
        return "unknown error";
    }
}
