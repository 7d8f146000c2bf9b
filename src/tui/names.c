/* Names as the table shows them: the seats ("You", "Bot", "Bot 2") and the
 * rules in play (a preset made a ring of three or four keeps its name). */
#include "play.h"

#include <string.h>
#include "gin/error.h"

int gin_play_seats(const gin_play *p)
{
    int n = p->m.game.rules.seats ? p->m.game.rules.seats : p->rules.seats;
    return n >= 2 && n <= GIN_MAX_SEATS ? n : 2;
}

const char *gin_play_rules_name(const gin_play *p)
{
    return gin_play_rules_label(p->m.game.rules.seats ? &p->m.game.rules : &p->rules);
}

const char *gin_play_rules_label(const gin_rules *g)
{
    if (g->seats <= 2 || !g->name || strcmp(g->name, "custom") != 0)
        return g->name ? g->name : "custom";
    /* A preset made a ring by gin_rules_ring is still that preset: the
     * seat count is shown beside it. */
    for (size_t i = 0; i < gin_rules_preset_count(); i++) {
        gin_rules r = *gin_rules_preset_at(i);
        if (gin_rules_ring(&r, g->seats) != GIN_OK)
            continue;
#define SAME(f) (r.f == g->f)
        if (SAME(cut) && SAME(next_dealer) && SAME(first_turn) && SAME(knock_limit) && SAME(gin_bonus) &&
            SAME(big_gin_bonus) && SAME(undercut_bonus) && SAME(stock_low) && SAME(stock_void_at) && SAME(target) &&
            SAME(max_hands) && SAME(game_bonus) && SAME(box_bonus) && SAME(shutout) && SAME(hollywood) &&
            SAME(undercut_penalty))
            return gin_rules_preset_at(i)->name;
#undef SAME
    }
    return g->name;
}

const char *gin_play_seat_name(const gin_play *p, int seat)
{
    static const char *const bots[GIN_MAX_SEATS] = {"Bot 0", "Bot 1", "Bot 2", "Bot 3"};
    if (seat == p->human)
        return "You";
    if (gin_play_seats(p) == 2)
        return "Bot";
    int n = gin_play_seats(p), k = ((seat - p->human) % n + n) % n;
    return k >= 0 && k < GIN_MAX_SEATS ? bots[k] : "Bot";
}
