/* gin — the day's deal (`gin --deal daily`): one seed per UTC date, the
 * same for everyone, so two players can play the same cards and compare.
 * The seed is the date written as a number, YYYYMMDD (3 December 2026 is
 * 20261203): anyone can deal it again with --seed, and it needs no table
 * of ours to agree on. The deal also depends on the rules (the seats), so
 * players compare under the same rules. */
#ifndef GIN_CLI_DAILY_H
#define GIN_CLI_DAILY_H

#include <stdint.h>
#include <time.h>

/* The seed of the deal of the UTC date of t; 0 when t has no date (gmtime
 * fails). */
uint64_t gin_daily_seed(time_t t);

#endif
