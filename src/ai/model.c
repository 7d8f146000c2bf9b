/* The opponent's knocking style (botlib.h, ai_knock_model), from the
 * showdowns the seat's view kept: the expert's playouts play the opponent
 * so. Public information only: every showdown shows both hands. */
#include "botlib.h"

/* Shrunk toward an even mix: one half-knock and one half-pass of prior,
 * so the first hands move it only a little. */
static double eager_share(int knocks, int passed) { return (0.5 + knocks) / (1.0 + knocks + passed); }

void ai_model_knocks(const gin_view *v, int early, ai_knock_model *m)
{
    int opp = (v->seat + 1) % 2;
    int n = v->n_showdowns < GIN_VIEW_SHOWDOWNS ? v->n_showdowns : GIN_VIEW_SHOWDOWNS;
    int top = 0;
    m->knocks = m->passed = 0;
    for (int i = 0; i < n; i++) {
        const gin_view_showdown *r = &v->showdowns[i];
        if (r->seat == opp && r->deadwood > 0 && r->turns >= early) {
            m->knocks++;
            top = r->deadwood > top ? r->deadwood : top;
        }
    }
    m->late = m->knocks >= 2 ? top : v->knock_limit;
    /* Its last discard came just before our knock: a late one when more
     * than `early` discards preceded the knock. A late gin of its own
     * counts as playing on too: a seat that knocks at once seldom gets
     * there (it knocks on the way). */
    for (int i = 0; i < n; i++) {
        const gin_view_showdown *r = &v->showdowns[i];
        int passed_up =
            r->seat != opp && r->other >= 0 && r->other <= r->limit && r->other <= m->late && r->turns > early;
        int late_gin = r->seat == opp && r->deadwood == 0 && r->turns >= early;
        m->passed += passed_up || late_gin;
    }
    m->eager = eager_share(m->knocks, m->passed);
}
