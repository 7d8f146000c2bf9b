/* gin — what the drills' files share (private to src/trainer): the
 * spread drill's words (drill_spread.c) that drill.c's calls hand on to. */
#ifndef GIN_TRAINER_DRILL_INTERNAL_H
#define GIN_TRAINER_DRILL_INTERNAL_H

#include <stddef.h>
#include "drill.h"

/* Whether a lead is a drill at `level` (< 0: any level): at least
 * GIN_DRILL_MARGIN, and within the level's band. */
int gin_drill_in_band(double lead, int level);

/* The choice of a spread drill that shows `s`, or -1. */
int gin_drill_spread_choice(const gin_drill *d, gin_spread s);
/* A spread drill's choice c as words (gin_drill_choice_text). */
void gin_drill_spread_text(const gin_drill *d, int c, const gin_trainer_voice *voice, char *buf, size_t cap);
/* A spread drill's verdict after choice c (gin_drill_explain). */
void gin_drill_spread_explain(const gin_drill *d, int c, const gin_trainer_voice *voice, char *buf, size_t cap);

#endif
