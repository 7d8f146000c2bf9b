/* The catalogue of opponents (ai.h): every built-in opponent once, with its
 * name, the title a screen shows, a line about how it plays and its kind.
 * Adding an opponent, a style say, is one entry here (and its policy);
 * gin_ai_create (registry.c) makes each from its entry. */
#include "catalogue.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>
#include "botlib.h"
#include "gin/error.h"

static const ai_entry catalogue[] = {
    {{"random", "Random", "plays any legal move at random", GIN_OPPONENT_BASELINE}, 0},
    {{"simple", "Simple", "takes only cards that meld, throws the most deadwood, knocks as soon as it may",
      GIN_OPPONENT_BASELINE},
     0},
    {{"easy", "Easy", "forgets what was thrown and knocks at the first chance", GIN_OPPONENT_LEVEL}, GIN_LEVEL_EASY},
    {{"normal", "Normal", "watches the discards, throws safe cards, knocks early or low", GIN_OPPONENT_LEVEL},
     GIN_LEVEL_NORMAL},
    {{"hard", "Hard", "reads the discards and knocks when the odds favour it", GIN_OPPONENT_LEVEL}, GIN_LEVEL_HARD},
    {{"expert", "Expert", "plays each move out in sampled deals and picks the best", GIN_OPPONENT_LEVEL},
     GIN_LEVEL_EXPERT},
    {{"eager", "Eager", "throws safe cards and knocks as soon as it may", GIN_OPPONENT_STYLE}, AI_STYLE_EAGER},
    {{"waiter", "Waiter", "knocks only early or late in a hand; else plays for gin and undercuts", GIN_OPPONENT_STYLE},
     AI_STYLE_WAITER},
    {{"hoarder", "Hoarder", "takes every card that fits its hand, builds big melds, knocks low and late",
      GIN_OPPONENT_STYLE},
     AI_STYLE_HOARDER},
    {{"blocker", "Blocker", "defence first: never feeds your melds, throws safe cards, knocks at 5",
      GIN_OPPONENT_STYLE},
     AI_STYLE_BLOCKER},
    {{"collector", "Collector", "takes cards that pair or meld in plain sight, waits for the rest, knocks early",
      GIN_OPPONENT_STYLE},
     AI_STYLE_COLLECTOR},
};
enum { N_ENTRIES = sizeof catalogue / sizeof catalogue[0] };

const ai_entry *ai_catalogue_find(const char *name)
{
    for (int i = 0; name && i < N_ENTRIES; i++)
        if (!strcasecmp(name, catalogue[i].o.name))
            return &catalogue[i];
    return NULL;
}

const gin_opponent *gin_opponent_at(int i) { return i >= 0 && i < N_ENTRIES ? &catalogue[i].o : NULL; }

const gin_opponent *gin_opponent_find(const char *name)
{
    const ai_entry *e = ai_catalogue_find(name);
    return e ? &e->o : NULL;
}

const gin_opponent *gin_opponent_of_level(int level)
{
    for (int i = 0; i < N_ENTRIES; i++)
        if (catalogue[i].o.kind == GIN_OPPONENT_LEVEL && catalogue[i].param == level)
            return &catalogue[i].o;
    return NULL;
}

int gin_opponent_names(unsigned kinds, char *buf, size_t cap)
{
    if (!buf || !cap)
        return GIN_EINVAL;
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < N_ENTRIES; i++) {
        if (!((unsigned)catalogue[i].o.kind & kinds))
            continue;
        const char *sep = len ? ", " : "";
        size_t n = strlen(sep) + strlen(catalogue[i].o.name);
        if (len + n >= cap)
            return GIN_ESPACE;
        strcpy(buf + len, sep);
        strcpy(buf + len + strlen(sep), catalogue[i].o.name);
        len += n;
    }
    return (int)len;
}

const char *gin_ai_describe(const char *name)
{
    const ai_entry *e = ai_catalogue_find(name);
    return e ? e->o.about : NULL;
}
