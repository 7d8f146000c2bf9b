/* The day's deal: the UTC date as YYYYMMDD (daily.h). */
#include "daily.h"

uint64_t gin_daily_seed(time_t t)
{
    struct tm tm;
    if (!gmtime_r(&t, &tm))
        return 0;
    return (uint64_t)(tm.tm_year + 1900) * 10000u + (uint64_t)(tm.tm_mon + 1) * 100u + (uint64_t)tm.tm_mday;
}
