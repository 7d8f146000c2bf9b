/* A game over hands: the cut, shuffling and dealing from the game's RNG,
 * recording each hand's score, the dealer rotation of the rule set, and
 * the end of the game (plain or Hollywood) as score.c judges it. */
#include <string.h>
#include "gin/game.h"
#include "gin/error.h"

/* Each seat cuts one card of a shuffled deck; the lowest (or highest) rank
 * deals, and a tie for it is cut again. */
static int cut_for_deal(gin_game *g)
{
    int seats = g->rules.seats;
    for (;;) {
        gin_card deck[GIN_DECK_SIZE];
        gin_deck_shuffle(&g->rng, deck);
        int best = 0, tie = 0;
        for (int s = 0; s < seats; s++) {
            g->cut[s] = deck[s];
            if (s == 0)
                continue;
            int r = gin_card_rank(deck[s]), rb = gin_card_rank(deck[best]);
            int better = g->rules.cut == GIN_CUT_HIGH_DEALS ? r > rb : r < rb;
            if (better) {
                best = s;
                tie = 0;
            } else if (r == rb) {
                tie = 1;
            }
        }
        if (!tie)
            return best;
    }
}

int gin_game_init(gin_game *g, const gin_rules *r, uint64_t seed)
{
    if (!g || !r)
        return GIN_EINVAL;
    if (gin_rules_check(r, NULL) != GIN_OK)
        return GIN_ERULES;
    memset(g, 0, sizeof *g);
    g->rules = *r;
    g->seed = seed;
    gin_rng_seed(&g->rng, seed);
    for (int s = 0; s < GIN_MAX_SEATS; s++)
        g->cut[s] = GIN_NO_CARD;
    g->dealer = cut_for_deal(g);
    g->hand.phase = GIN_PHASE_OVER;
    g->hand.knocker = -1;
    g->score.seats = r->seats;
    g->score.winner = -1;
    for (int i = 0; i < 3; i++) {
        g->hollywood[i].seats = r->seats;
        g->hollywood[i].winner = -1;
    }
    return GIN_OK;
}

int gin_game_deal(gin_game *g, gin_event_fn on_event, void *ctx)
{
    if (!g)
        return GIN_EINVAL;
    if (g->over || (g->hand_no > 0 && g->hand.phase != GIN_PHASE_OVER))
        return GIN_ESTATE;
    gin_deck_shuffle(&g->rng, g->deck);
    uint64_t reshuffle_seed = gin_rng_next(&g->rng);
    int rc = gin_hand_deal(&g->hand, &g->rules, g->dealer, g->deck, reshuffle_seed, on_event, ctx);
    if (rc != GIN_OK)
        return rc;
    g->hand_no++;
    return GIN_OK;
}

/* Winner of the game when it is over: plain, the score's winner; Hollywood,
 * the highest sum of the three games' totals (-1 on a tie). */
static int game_winner(const gin_game *g, int *total)
{
    if (!g->rules.hollywood && g->score.winner >= 0) {
        *total = g->score.total[g->score.winner];
        return g->score.winner;
    }
    /* Hollywood, or a game stopped at GIN_MAX_HANDS: the highest total (a
     * ring's penalty totals: the lowest). */
    int best = -1, best_total = 0, tie = 0, low = g->rules.seats > 2;
    for (int s = 0; s < g->rules.seats; s++) {
        int t = g->score.total[s];
        if (g->rules.hollywood)
            t = g->hollywood[0].total[s] + g->hollywood[1].total[s] + g->hollywood[2].total[s];
        if (best < 0 || (low ? t < best_total : t > best_total)) {
            best = s;
            best_total = t;
            tie = 0;
        } else if (t == best_total) {
            tie = 1;
        }
    }
    *total = best_total;
    return tie ? -1 : best;
}

/* A ring's loser: the seat with the most penalty points this hand, the
 * first from the winner's left on a tie. */
static int table_loser(const gin_hand_score *hs, int seats)
{
    int worst = -1;
    for (int i = 1; i < seats; i++) {
        int s = (hs->winner + i) % seats;
        if (worst < 0 || hs->penalty[s] > hs->penalty[worst])
            worst = s;
    }
    return worst;
}

static void hand_ended(gin_game *g, gin_event_fn on_event, void *ctx)
{
    const gin_hand *h = &g->hand;
    gin_hand_score hs = {-1, 0, 0, {0}};
    if (!h->void_hand && h->knocker >= 0 && h->seats > 2) {
        hs.winner = h->ring.winner;
        hs.points = h->ring.total;
        hs.kind = h->ring.kind;
        for (int s = 0; s < h->seats; s++)
            hs.penalty[s] = h->ring.penalty[s];
    } else if (!h->void_hand && h->knocker >= 0) {
        int defender = (h->knocker + 1) % h->seats;
        hs.winner = h->result.winner == GIN_KNOCKER ? h->knocker : defender;
        hs.points = h->result.points;
        hs.kind = h->result.kind;
    }
    if (g->n_results < GIN_MAX_HANDS)
        g->results[g->n_results++] = hs;

    /* A void hand is dealt again by the same dealer. */
    if (hs.winner >= 0) {
        switch (g->rules.next_dealer) {
        case GIN_NEXT_LOSER_DEALS:
            g->dealer = h->seats > 2 ? table_loser(&hs, h->seats) : (hs.winner + 1) % h->seats;
            break;
        case GIN_NEXT_ALTERNATE:
            g->dealer = (g->dealer + 1) % h->seats;
            break;
        default:
            g->dealer = hs.winner;
            break;
        }
    }

    size_t n = (size_t)g->n_results;
    gin_score_game(&g->rules, g->results, n, &g->score);
    if (g->rules.hollywood) {
        gin_score_hollywood(&g->rules, g->results, n, g->hollywood);
        g->over = g->hollywood[0].over && g->hollywood[1].over && g->hollywood[2].over;
    } else {
        g->over = g->score.over;
    }
    /* A game of endless void hands must still end: stop when the results
     * table is full. */
    if (g->n_results >= GIN_MAX_HANDS)
        g->over = 1;
    if (g->over && on_event) {
        int total = 0;
        int w = game_winner(g, &total);
        gin_event ev = {GIN_EV_GAME_OVER, w, GIN_NO_CARD, 0, total, NULL};
        on_event(ctx, &ev);
    }
}

int gin_game_apply(gin_game *g, gin_action a, gin_event_fn on_event, void *ctx)
{
    if (!g)
        return GIN_EINVAL;
    if (g->over || g->hand_no == 0 || g->hand.phase == GIN_PHASE_OVER)
        return GIN_ESTATE;
    int rc = gin_hand_apply(&g->hand, a, on_event, ctx);
    if (rc != GIN_OK)
        return rc;
    if (g->hand.phase == GIN_PHASE_OVER)
        hand_ended(g, on_event, ctx);
    return GIN_OK;
}

int gin_game_winner(const gin_game *g, int *total)
{
    int t = 0;
    if (!g)
        return -1;
    int w = g->over ? game_winner(g, &t) : -1;
    if (total)
        *total = g->over ? t : 0;
    return w;
}
