/* gin — the catalogue's entries as the agents' constructor needs them
 * (private to src/ai): each opponent's public entry and the level or style
 * it is made as. */
#ifndef GIN_AI_CATALOGUE_H
#define GIN_AI_CATALOGUE_H

#include "ai.h"

typedef struct ai_entry {
    gin_opponent o;
    int param; /* a level: GIN_LEVEL_*; a style: AI_STYLE_*; a baseline: unused */
} ai_entry;

/* The entry named `name` (case-free), or NULL. */
const ai_entry *ai_catalogue_find(const char *name);

#endif
