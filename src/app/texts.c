/* The words of the side screens: the pile, the score sheet, the showdown
 * spelled out, the game's totals, the practice review, the help. */
#include "play.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "gin/score.h"
#include "ui.h"

struct gin_asset { const char *name; const char *data; size_t size; };
extern const struct gin_asset gin_assets[];

static const char *asset(const char *name)
{
    for (const struct gin_asset *a = gin_assets; a->name; a++)
        if (!strcmp(a->name, name))
            return a->data;
    return NULL;
}

/* Append to buf (bounded; silently truncates). */
static void add(char *buf, size_t cap, const char *fmt, ...)
{
    size_t n = strlen(buf);
    if (n + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
}

static const char *name_of(const gin_play *p, int seat) { return seat == p->human ? "You" : "Bot"; }

void gin_play_pile_text(const gin_play *p, char *buf, size_t cap)
{
    const gin_hand *h = &p->m.game.hand;
    buf[0] = '\0';
    if (!h->pile_n) {
        add(buf, cap, "The pile is empty.");
        return;
    }
    for (int i = 0; i < h->pile_n; i++) {
        char c[16];
        gin_ui_card_text(h->pile[i], c, sizeof c);
        int by = h->pile_by[i];
        add(buf, cap, "%3d.  %-4s  %s%s\n", i + 1, c,
            by < 0 ? "the first upcard" : by == p->human ? "thrown by you" : "thrown by the bot",
            i == h->pile_n - 1 ? "   (top)" : "");
    }
    add(buf, cap, "\n%d in the stock. Cards the bot took from the pile and still holds are shown face up above its hand.",
        h->stock_n);
}

static const char *kind_word(int kind)
{
    switch (kind) {
    case GIN_RESULT_GIN: return "gin";
    case GIN_RESULT_BIG_GIN: return "big gin";
    case GIN_RESULT_UNDERCUT: return "undercut";
    default: return "knock";
    }
}

static void sheet_one(const gin_play *p, char *buf, size_t cap, int game)
{
    const gin_game *g = &p->m.game;
    int hw = g->rules.hollywood;
    add(buf, cap, "        %-16s%-16s\n", "You", "Bot");
    add(buf, cap, "        %-16s%-16s\n", "---", "---");
    int run[2] = {0, 0}, won[2] = {0, 0};
    for (int i = 0; i < g->n_results; i++) {
        const gin_hand_score *r = &g->results[i];
        if (r->winner < 0) {
            add(buf, cap, "%4d    (void hand: nobody scores)\n", i + 1);
            continue;
        }
        int w = r->winner == p->human ? 0 : 1;
        won[w]++;
        /* Hollywood: the nth hand a player wins counts from game min(n,3). */
        if (hw && won[w] < game + 1)
            continue;
        run[w] += r->points;
        char cell[32];
        snprintf(cell, sizeof cell, "%d (+%d %s)", run[w], r->points, kind_word(r->kind));
        add(buf, cap, "%4d    %-16s%-16s\n", i + 1, w == 0 ? cell : "", w == 1 ? cell : "");
    }
    const gin_game_score *s = hw ? &g->hollywood[game] : &g->score;
    add(buf, cap, "        %-16s%-16s\n", "===", "===");
    add(buf, cap, "points  %-16d%-16d\n", s->points[p->human], s->points[p->bot]);
    add(buf, cap, "boxes   %-16d%-16d\n", s->hands_won[p->human], s->hands_won[p->bot]);
}

void gin_play_sheet_text(const gin_play *p, char *buf, size_t cap)
{
    const gin_game *g = &p->m.game;
    buf[0] = '\0';
    add(buf, cap, "%s rules, game to %d.  Each line is the running total of the hand's winner.\n\n",
        g->rules.name, g->rules.target);
    if (!g->rules.hollywood) {
        sheet_one(p, buf, cap, 0);
        return;
    }
    for (int k = 0; k < 3; k++) {
        add(buf, cap, "Hollywood game %d%s\n", k + 1, g->hollywood[k].over ? " (over)" : "");
        sheet_one(p, buf, cap, k);
        add(buf, cap, "\n");
    }
}

static void totals(const gin_play *p, const gin_game_score *s, const gin_rules *r, char *buf, size_t cap)
{
    int h = p->human, b = p->bot;
    add(buf, cap, "                     %8s %8s\n", "You", "Bot");
    add(buf, cap, "  hand points        %8d %8d\n", s->points[h], s->points[b]);
    add(buf, cap, "  game bonus         %8d %8d\n", s->game_bonus[h], s->game_bonus[b]);
    add(buf, cap, "  boxes (%d x %-3d)    %8d %8d   (hands won: %d and %d)\n", r->box_bonus,
        r->box_bonus, s->box_bonus[h], s->box_bonus[b], s->hands_won[h], s->hands_won[b]);
    if (s->shutout)
        add(buf, cap, "  shutout!  the loser scored nothing: the winner's %s doubled\n",
            r->shutout == GIN_SHUTOUT_DOUBLE_NO_BOX ? "score (no boxes)" : "total");
    add(buf, cap, "  total              %8d %8d\n", s->total[h], s->total[b]);
}

void gin_play_gameover_text(const gin_play *p, char *title, size_t tcap, char *buf, size_t cap)
{
    const gin_game *g = &p->m.game;
    int total = 0, w = gin_game_winner(g, &total);
    snprintf(title, tcap, "Game over: %s", w == p->human ? "you win!" : w == p->bot ? "the bot wins" : "a tie");
    buf[0] = '\0';
    if (!g->rules.hollywood) {
        totals(p, &g->score, &g->rules, buf, cap);
    } else {
        for (int k = 0; k < 3; k++) {
            add(buf, cap, "Hollywood game %d:\n", k + 1);
            totals(p, &g->hollywood[k], &g->rules, buf, cap);
            add(buf, cap, "\n");
        }
    }
    add(buf, cap, "\n%s %s by %d after %d hands.\n", w == p->human ? "You win" : w == p->bot ? "The bot wins" : "Nobody wins",
        w < 0 ? "" : "the game", total, g->n_results);
    if (p->practice)
        add(buf, cap, "A practice game: it is not counted in your statistics.\n");
    else if (p->stats_ok) {
        const gin_level_stats *l = &p->stats.level[p->level];
        add(buf, cap, "Against the %s bot you have won %d of %d games (best streak %d).\n",
            gin_stats_level_name(p->level), l->wins, l->games, l->best_streak);
    }
}

void gin_play_review_text(const gin_play *p, int hand_no, char *buf, size_t cap)
{
    buf[0] = '\0';
    int n = 0;
    double lost = 0;
    for (int i = 0; i < p->n_review; i++) {
        const gin_review_item *r = &p->review[i];
        if (r->hand_no != hand_no)
            continue;
        char mine[64], best[64];
        gin_play_action_text(r->chosen, mine, sizeof mine);
        gin_play_action_text(r->best, best, sizeof best);
        add(buf, cap, "Turn %d: you chose to %s.\n   The hard bot would %s (about %.1f points better):\n   %s\n\n",
            r->turn + 1, mine, best, r->cost, r->reason);
        n++;
        lost += r->cost;
    }
    if (!n)
        add(buf, cap, "Every decision this hand matched the hard bot's advice. Well played.\n");
    else
        add(buf, cap, "%d decision%s differed; estimated cost %.1f points in all.\n", n, n == 1 ? "" : "s", lost);
}

const char *gin_play_help_text(const gin_play *p, char *buf, size_t cap)
{
    char name[64];
    snprintf(name, sizeof name, "help-%s.txt", p->m.game.rules.name);
    const char *rules = asset(name);
    const char *keys = asset("help-keys.txt");
    buf[0] = '\0';
    if (rules)
        add(buf, cap, "%s\n", rules);
    else
        add(buf, cap, "Rules in play: %s (custom). Knock limit %d, gin bonus %d, undercut bonus %d, game to %d.\n"
                      "See `gin --help` and docs/rules.md.\n\n",
            p->m.game.rules.name, p->m.game.rules.knock_limit, p->m.game.rules.gin_bonus,
            p->m.game.rules.undercut_bonus, p->m.game.rules.target);
    if (keys)
        add(buf, cap, "%s", keys);
    return buf;
}

void gin_play_showdown_screen(const gin_play *p, gin_showdown_screen *s)
{
    memset(s, 0, sizeof *s);
    const gin_game *g = &p->m.game;
    const gin_hand *h = &g->hand;
    snprintf(s->footer, sizeof s->footer, "Enter: next hand   t: score sheet");
    char score[96];
    snprintf(score, sizeof score, "Score: you %d, the bot %d (game to %d).", g->score.points[p->human],
             g->score.points[p->bot], g->rules.target);
    if (p->hand_void) {
        snprintf(s->title, sizeof s->title, "Hand %d is void", g->hand_no);
        for (int i = 0; i < 2; i++) {
            int seat = i == 0 ? p->human : p->bot;
            gin_arrangement ar;
            if (gin_arrange(h->held[seat], &ar) != 0)
                memset(&ar, 0, sizeof ar);
            gin_spread *sp = &s->spread[i];
            snprintf(sp->label, sizeof sp->label, "%s", i == 0 ? "You" : "Bot");
            sp->n_melds = ar.n_melds;
            memcpy(sp->melds, ar.melds, sizeof ar.melds);
            sp->unmatched = ar.unmatched;
            sp->deadwood = ar.deadwood;
        }
        snprintf(s->text, sizeof s->text,
                 "The stock ran low and nobody knocked: nobody scores.\nThe same dealer deals again.\n%s", score);
        return;
    }
    const gin_showdown *sd = &p->sd;
    int k = p->sd_knocker, d = k == p->human ? p->bot : p->human;
    int gin = sd->kind == GIN_RESULT_GIN || sd->kind == GIN_RESULT_BIG_GIN;
    snprintf(s->title, sizeof s->title, "Hand %d: %s %s", g->hand_no, k == p->human ? "you" : "the bot",
             sd->kind == GIN_RESULT_BIG_GIN ? "went big gin" : gin ? "went gin" : "knocked");
    gin_spread *ks = &s->spread[0], *ds = &s->spread[1];
    snprintf(ks->label, sizeof ks->label, "%s (%s)", name_of(p, k), gin ? "gin" : "knocker");
    ks->n_melds = sd->knocker.n_melds;
    memcpy(ks->melds, sd->knocker.melds, sizeof ks->melds);
    ks->unmatched = sd->knocker.unmatched;
    ks->deadwood = sd->knocker.deadwood;
    for (int i = 0; i < sd->n_layoffs; i++)
        if (sd->layoffs[i].meld >= 0 && sd->layoffs[i].meld < GIN_MAX_MELDS)
            ks->laid[sd->layoffs[i].meld] |= gin_cardset_of(sd->layoffs[i].card);
    snprintf(ds->label, sizeof ds->label, "%s", name_of(p, d));
    ds->n_melds = sd->defender.n_melds;
    memcpy(ds->melds, sd->defender.melds, sizeof ds->melds);
    ds->unmatched = sd->defender.unmatched;
    ds->deadwood = sd->defender.deadwood;

    const gin_rules *r = &g->rules;
    char *t = s->text;
    size_t cap = sizeof s->text;
    t[0] = '\0';
    int kd = sd->knocker.deadwood, dd = sd->defender.deadwood;
    const char *kn = k == p->human ? "you" : "the bot", *dn = d == p->human ? "you" : "the bot";
    if (sd->kind == GIN_RESULT_GIN || sd->kind == GIN_RESULT_BIG_GIN) {
        int bonus = sd->kind == GIN_RESULT_GIN ? r->gin_bonus : r->big_gin_bonus;
        add(t, cap, "%s: %s bonus %d + %s deadwood %d = %d points to %s.\n",
            sd->kind == GIN_RESULT_GIN ? "Gin" : "Big gin", sd->kind == GIN_RESULT_GIN ? "gin" : "big gin",
            bonus, d == p->human ? "your" : "the bot's", dd, sd->points, kn);
        add(t, cap, "No layoffs against gin.\n");
    } else {
        if (sd->n_layoffs)
            add(t, cap, "%s laid off %d card%s (marked +lay): deadwood %d before, %d after.\n",
                d == p->human ? "You" : "The bot", sd->n_layoffs, sd->n_layoffs == 1 ? "" : "s",
                sd->defender_deadwood_before_layoffs, dd);
        if (sd->kind == GIN_RESULT_UNDERCUT)
            add(t, cap, "Undercut! %s %d against the knock's %d: difference %d + undercut bonus %d = %d points to %s.\n",
                d == p->human ? "Your" : "The bot's", dd, kd, kd - dd, r->undercut_bonus, sd->points, dn);
        else
            add(t, cap, "Knock: %d against %d: the difference, %d points, to %s.\n", dd, kd, sd->points, kn);
    }
    add(t, cap, "%s", score);
}
