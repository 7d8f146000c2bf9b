/* The card tracker: from a seat's view, where every card may be and how
 * likely the opponent is to hold each unseen one. */
#include "botlib.h"

/* How a discard or decline of a card changes the odds that the opponent holds
 * cards near it (it is probably not collecting that rank or those neighbours),
 * and how a card it took from the pile raises them (it is building there). */
static const float k_discard_same_rank = 0.55f;
static const float k_discard_adjacent = 0.65f;
static const float k_discard_gap = 0.85f;
static const float k_taken_same_rank = 1.9f;
static const float k_taken_adjacent = 1.9f;
static const float k_taken_gap = 1.3f;

/* Multiply weights of the cards near `c` by the three factors. */
static void scale_near(float w[64], gin_cardset unseen, gin_card c, float same_rank, float adjacent, float gap)
{
    int r = gin_card_rank(c), s = gin_card_suit(c);
    for (int os = 0; os < GIN_SUITS; os++) {
        gin_card x = gin_card_make(r, os);
        if (os != s && gin_cardset_has(unseen, x))
            w[x] *= same_rank;
    }
    for (int d = -2; d <= 2; d++) {
        int rr = r + d;
        if (d == 0 || rr < 0 || rr >= GIN_RANKS)
            continue;
        gin_card x = gin_card_make(rr, s);
        if (gin_cardset_has(unseen, x))
            w[x] *= (d == 1 || d == -1) ? adjacent : gap;
    }
}

/* How far a card `seat` took says it builds there, 0..1: the share of its
 * pile takes this game that it still held in a meld or laid off at the
 * showdown, over the share a bot that takes only to build reaches (about
 * 0.9 for hard, simple and blocker; 0.66 for hoarder, which takes pairs
 * and near runs too), shrunk toward 1 by four takes of prior. A seat that
 * takes to block or mislead throws its takes or leaves them unmatched. */
static const float k_build_share = 0.9f;
static float build_weight(const gin_view *v, int seat)
{
    if (v->seats != 2)
        return 1.0f;
    float share = (4.0f * k_build_share + (float)v->takes_used[seat]) / (4.0f + (float)v->takes[seat]);
    return share >= k_build_share ? 1.0f : share / k_build_share;
}

/* Weights of the unseen cards for `seat`'s hidden hand (1: no evidence)
 * from what it threw, declined and took. */
static void seat_weights(const gin_view *v, int seat, gin_cardset unseen, gin_cardset known, int infer, float w[64])
{
    for (int c = 0; c < 64; c++)
        w[c] = 1.0f;
    if (!infer)
        return;
    gin_cardset thrown = (v->discarded[seat] | v->declined[seat]);
    for (gin_cardset s = thrown; s; s &= s - 1)
        scale_near(w, unseen, gin_cardset_first(s), k_discard_same_rank, k_discard_adjacent, k_discard_gap);
    float b = build_weight(v, seat);
    for (gin_cardset s = known; s; s &= s - 1)
        scale_near(w, unseen, gin_cardset_first(s), 1.0f + b * (k_taken_same_rank - 1.0f),
                   1.0f + b * (k_taken_adjacent - 1.0f), 1.0f + b * (k_taken_gap - 1.0f));
}

static void ring_tracker(const gin_view *v, int infer, ai_tracker *t);

void ai_tracker_build(const gin_view *v, int infer, ai_tracker *t)
{
    if (v->seats > 2) {
        ring_tracker(v, infer, t);
        return;
    }
    for (int c = 0; c < 64; c++)
        t->p_rest[c] = 0.0f;
    t->me = v->seat;
    t->opp = v->seats > 1 ? (v->seat + 1) % v->seats : v->seat;
    t->hand = v->hand;
    t->pile = 0;
    for (int i = 0; i < v->pile_n && i < GIN_DECK_SIZE; i++)
        if (gin_card_valid(v->pile[i]))
            t->pile |= gin_cardset_of(v->pile[i]);
    gin_cardset others = 0;
    for (int s = 0; s < v->seats && s < GIN_MAX_SEATS; s++)
        if (s != v->seat)
            others |= v->known[s];
    t->opp_known = v->known[t->opp] & ~t->hand & ~t->pile;
    t->unseen = GIN_DECK & ~t->hand & ~t->pile & ~others;
    t->stock_n = v->stock_n;
    int n_unseen = gin_cardset_count(t->unseen);
    int hidden = v->hand_size[t->opp] - gin_cardset_count(t->opp_known);
    if (hidden < 0)
        hidden = 0;
    if (hidden > n_unseen)
        hidden = n_unseen;
    t->opp_hidden = hidden;

    float w[64];
    seat_weights(v, t->opp, t->unseen, t->opp_known, infer, w);
    for (int c = 0; c < 64; c++)
        t->p_opp[c] = gin_cardset_has(t->opp_known, c) ? 1.0f : 0.0f;
    if (hidden == 0 || n_unseen == 0)
        return;
    /* Scale the weights so they sum to the hidden count, capping each at 1:
     * repeat while a cap frees mass for the others (few rounds in practice). */
    gin_cardset free_cards = t->unseen;
    double need = hidden;
    for (int round = 0; round < 8 && free_cards; round++) {
        double sum = 0;
        for (gin_cardset s = free_cards; s; s &= s - 1)
            sum += w[gin_cardset_first(s)];
        double k = need / sum;
        gin_cardset capped = 0;
        for (gin_cardset s = free_cards; s; s &= s - 1) {
            gin_card c = gin_cardset_first(s);
            double p = w[c] * k;
            if (p >= 1.0) {
                capped |= gin_cardset_of(c);
                p = 1.0;
            }
            t->p_opp[c] = (float)p;
        }
        if (!capped)
            break;
        free_cards &= ~capped;
        need -= gin_cardset_count(capped);
    }
}

/* Draw one card from pool by weight. */
static gin_card draw_weighted(gin_rng *rng, gin_cardset pool, const float w[64], double sum)
{
    double u = (double)(gin_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0) * sum;
    gin_card pick = GIN_NO_CARD;
    for (gin_cardset s = pool; s; s &= s - 1) {
        pick = gin_cardset_first(s);
        u -= w[pick];
        if (u < 0)
            break;
    }
    return pick;
}

/* A sampled opponent that keeps its melds draws x into `all`, then throws
 * whichever of x and the cards it drew so far (`got`) leaves the least
 * deadwood (ties: the higher card), adding it to *thrown. -1 on a bad hand. */
static int keep_melds(gin_cardset *all, gin_cardset *got, gin_cardset *thrown, gin_card x)
{
    gin_cardset h = *all | gin_cardset_of(x);
    gin_card best = ai_least_throw(h, *got | gin_cardset_of(x), x);
    if (best == GIN_NO_CARD)
        return -1;
    *all = h & ~gin_cardset_of(best);
    *got = (*got | gin_cardset_of(x)) & ~gin_cardset_of(best);
    *thrown |= gin_cardset_of(best);
    return 0;
}

gin_cardset ai_tracker_sample(const ai_tracker *t, gin_rng *rng, int improve, gin_cardset *stock_out)
{
    gin_cardset pool = t->unseen;
    int want = t->opp_hidden;
    int n_pool = gin_cardset_count(pool);
    if (improve > n_pool - want - 2)
        improve = n_pool - want - 2; /* leave the stock a card or two */
    if (improve < 0)
        improve = 0;
    float w[64];
    double sum = 0;
    for (gin_cardset s = pool; s; s &= s - 1) {
        gin_card c = gin_cardset_first(s);
        /* Weight by the odds ratio: sequential draws then match the marginals better. */
        float p = t->p_opp[c];
        w[c] = p >= 0.999f ? 1000.0f : p / (1.0f - p) + 1e-6f;
        sum += w[c];
    }
    gin_cardset got = 0;
    for (int i = 0; i < want && pool; i++) {
        gin_card pick = draw_weighted(rng, pool, w, sum);
        got |= gin_cardset_of(pick);
        pool &= ~gin_cardset_of(pick);
        sum -= w[pick];
    }
    /* The opponent has been drawing and keeping its melds: replay `improve`
     * draws from the rest, each followed by the least-deadwood discard
     * (never a card it is known to hold; thrown cards go back to the pool). */
    gin_cardset all = got | t->opp_known;
    gin_cardset thrown = 0;
    for (int i = 0; i < improve && pool; i++) {
        double psum = 0;
        for (gin_cardset s = pool; s; s &= s - 1)
            psum += 1.0 - t->p_opp[gin_cardset_first(s)] + 1e-6;
        double u = (double)(gin_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0) * psum;
        gin_card x = GIN_NO_CARD;
        for (gin_cardset s = pool; s; s &= s - 1) {
            x = gin_cardset_first(s);
            u -= 1.0 - t->p_opp[x] + 1e-6;
            if (u < 0)
                break;
        }
        pool &= ~gin_cardset_of(x);
        if (keep_melds(&all, &got, &thrown, x) < 0)
            break;
    }
    if (stock_out)
        *stock_out = pool | thrown;
    return all;
}

/* ---- a ring of three or four ---- */

void ai_ring_build(const gin_view *v, int infer, ai_ring *tb)
{
    int seats = v->seats < 2 ? 2 : v->seats > GIN_MAX_SEATS ? GIN_MAX_SEATS : v->seats;
    tb->me = v->seat;
    tb->seats = seats;
    tb->n_opp = 0;
    tb->hand = v->hand;
    tb->pile = 0;
    for (int i = 0; i < v->pile_n && i < GIN_DECK_SIZE; i++)
        if (gin_card_valid(v->pile[i]))
            tb->pile |= gin_cardset_of(v->pile[i]);
    gin_cardset others = 0;
    for (int s = 0; s < GIN_MAX_SEATS; s++) {
        tb->known[s] = 0;
        tb->hidden[s] = 0;
        for (int c = 0; c < 64; c++)
            tb->p[s][c] = 0.0f;
    }
    for (int k = 1; k < seats; k++) {
        int s = (v->seat + k) % seats;
        tb->opp[tb->n_opp++] = s;
        tb->known[s] = v->known[s] & ~tb->hand & ~tb->pile;
        others |= tb->known[s];
    }
    tb->unseen = GIN_DECK & ~tb->hand & ~tb->pile & ~others;
    tb->stock_n = v->stock_n;
    int n_unseen = gin_cardset_count(tb->unseen);
    int left = n_unseen;
    for (int k = 0; k < tb->n_opp; k++) {
        int s = tb->opp[k];
        int h = v->hand_size[s] - gin_cardset_count(tb->known[s]);
        if (h < 0)
            h = 0;
        if (h > left)
            h = left;
        tb->hidden[s] = h;
        left -= h;
    }
    /* Balance the weights (Sinkhorn): row r of the opponents holds hidden[r]
     * cards, the stock row the rest; each unseen card is in one row. */
    float w[GIN_MAX_SEATS][64];
    double a[GIN_MAX_SEATS], b[64];
    for (int k = 0; k < tb->n_opp; k++) {
        int s = tb->opp[k];
        seat_weights(v, s, tb->unseen, tb->known[s], infer, w[s]);
        a[s] = 1.0;
        for (int c = 0; c < 64; c++)
            if (gin_cardset_has(tb->known[s], c))
                tb->p[s][c] = 1.0f;
    }
    if (n_unseen == 0)
        return;
    for (int c = 0; c < 64; c++)
        b[c] = 1.0;
    double stock_rows = left, a_stock = 1.0;
    for (int it = 0; it < 12; it++) {
        for (int k = 0; k < tb->n_opp; k++) {
            int s = tb->opp[k];
            double sum = 0;
            for (gin_cardset q = tb->unseen; q; q &= q - 1) {
                gin_card c = gin_cardset_first(q);
                sum += w[s][c] * b[c];
            }
            a[s] = sum > 0 ? tb->hidden[s] / sum : 0;
        }
        double sum = 0;
        for (gin_cardset q = tb->unseen; q; q &= q - 1)
            sum += b[gin_cardset_first(q)];
        a_stock = sum > 0 ? stock_rows / sum : 0;
        for (gin_cardset q = tb->unseen; q; q &= q - 1) {
            gin_card c = gin_cardset_first(q);
            double col = a_stock;
            for (int k = 0; k < tb->n_opp; k++)
                col += w[tb->opp[k]][c] * a[tb->opp[k]];
            b[c] = col > 0 ? 1.0 / col : 0;
        }
    }
    for (int k = 0; k < tb->n_opp; k++) {
        int s = tb->opp[k];
        for (gin_cardset q = tb->unseen; q; q &= q - 1) {
            gin_card c = gin_cardset_first(q);
            double p = w[s][c] * a[s] * b[c];
            tb->p[s][c] = (float)(p > 1.0 ? 1.0 : p);
        }
    }
}

/* The two-seat tracker's view of a ring: `opp` is the seat on our left. */
static void ring_tracker(const gin_view *v, int infer, ai_tracker *t)
{
    ai_ring tb;
    ai_ring_build(v, infer, &tb);
    int l = tb.opp[0];
    t->me = v->seat;
    t->opp = l;
    t->hand = tb.hand;
    t->pile = tb.pile;
    t->opp_known = tb.known[l];
    t->unseen = tb.unseen;
    t->opp_hidden = tb.hidden[l];
    t->stock_n = tb.stock_n;
    for (int c = 0; c < 64; c++) {
        t->p_opp[c] = tb.p[l][c];
        float r = 0.0f;
        for (int k = 1; k < tb.n_opp; k++)
            if (gin_cardset_has(tb.unseen, c))
                r += tb.p[tb.opp[k]][c];
        t->p_rest[c] = r;
    }
}

/* Replay `improve` draws for one opponent holding `all` (of which `got` were
 * sampled, so may be thrown), each followed by its least-deadwood discard. */
static gin_cardset improve_hand(gin_rng *rng, gin_cardset *pool, gin_cardset all, gin_cardset got, int improve,
                                const float *p_stock)
{
    gin_cardset thrown = 0;
    for (int i = 0; i < improve && *pool; i++) {
        double psum = 0;
        for (gin_cardset s = *pool; s; s &= s - 1)
            psum += p_stock[gin_cardset_first(s)] + 1e-6;
        double u = (double)(gin_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0) * psum;
        gin_card x = GIN_NO_CARD;
        for (gin_cardset s = *pool; s; s &= s - 1) {
            x = gin_cardset_first(s);
            u -= p_stock[x] + 1e-6;
            if (u < 0)
                break;
        }
        *pool &= ~gin_cardset_of(x);
        if (keep_melds(&all, &got, &thrown, x) < 0)
            break;
    }
    /* Thrown cards went to the pile: out of play for the others. */
    (void)thrown;
    return all;
}

void ai_ring_sample(const ai_ring *tb, gin_rng *rng, int improve, gin_cardset out[GIN_MAX_SEATS])
{
    gin_cardset pool = tb->unseen;
    float p_stock[64];
    for (int c = 0; c < 64; c++) {
        float r = 1.0f;
        for (int k = 0; k < tb->n_opp; k++)
            r -= tb->p[tb->opp[k]][c];
        p_stock[c] = r > 0 ? r : 0;
    }
    gin_cardset got[GIN_MAX_SEATS];
    for (int k = 0; k < tb->n_opp; k++) {
        int s = tb->opp[k];
        float w[64];
        double sum = 0;
        for (gin_cardset q = pool; q; q &= q - 1) {
            gin_card c = gin_cardset_first(q);
            float p = tb->p[s][c];
            w[c] = p >= 0.999f ? 1000.0f : p / (1.0f - p) + 1e-6f;
            sum += w[c];
        }
        got[s] = 0;
        for (int i = 0; i < tb->hidden[s] && pool; i++) {
            gin_card pick = draw_weighted(rng, pool, w, sum);
            got[s] |= gin_cardset_of(pick);
            pool &= ~gin_cardset_of(pick);
            sum -= w[pick];
        }
    }
    int n_pool = gin_cardset_count(pool);
    int per = improve;
    if (tb->n_opp > 0 && per * tb->n_opp > n_pool - 2)
        per = (n_pool - 2) / tb->n_opp; /* leave the stock a card or two */
    if (per < 0)
        per = 0;
    for (int k = 0; k < tb->n_opp; k++) {
        int s = tb->opp[k];
        out[s] = improve_hand(rng, &pool, got[s] | tb->known[s], got[s], per, p_stock);
    }
}
