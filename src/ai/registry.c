/* Built-in agents by name: each made from its entry in the catalogue of
 * opponents (catalogue.c). */
#include <stddef.h>
#include "ai.h"
#include "botlib.h"
#include "catalogue.h"
#include "gin/error.h"

int gin_ai_create(const char *name, uint64_t seed, int think_ms, gin_agent *out)
{
    const ai_entry *e = ai_catalogue_find(name);
    if (!e || !out)
        return GIN_ENAME;
    switch (e->o.kind) {
    case GIN_OPPONENT_BASELINE:
        return gin_baseline_create(e->o.name, seed, out);
    case GIN_OPPONENT_STYLE:
        return ai_bot_create_params(ai_style_params(e->param), e->o.name, seed, out);
    default:
        return gin_bot_create(e->param, seed, think_ms, out);
    }
}
