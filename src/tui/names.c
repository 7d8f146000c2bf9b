/* Names as the table shows them (seating.h): the seats ("You", "Bot",
 * "Bot 2") and the rules in play: the preset they come from and what was
 * changed in it ("classic, max-hands 2"), never a bare "custom". */
#include "play.h"

#include <stdio.h>
#include <string.h>
#include "gin/error.h"

const gin_opponent *gin_play_bot_of(const char *name)
{
    const gin_opponent *o = gin_opponent_find(name);
    /* The names are kept as written: "Hard" is not the name "hard". */
    return o && (o->kind & GIN_OPPONENT_TABLE) && !strcmp(o->name, name) ? o : NULL;
}

static const char *const bot_names[GIN_MAX_SEATS] = {"Bot 0", "Bot 1", "Bot 2", "Bot 3"};

const char *gin_seat_name(const gin_seating *s, int seat)
{
    if (seat == s->human)
        return "You";
    if (s->seats == 2)
        return "Bot";
    int n = s->seats > 0 ? s->seats : 2, k = ((seat - s->human) % n + n) % n;
    return k >= 0 && k < GIN_MAX_SEATS ? bot_names[k] : "Bot";
}

const char *gin_seat_name_in(const gin_seating *s, int seat)
{
    if (seat == s->human)
        return "you";
    return s->seats == 2 ? "the bot" : gin_seat_name(s, seat);
}

void gin_seating_narrator(const gin_seating *s, gin_narrator *n)
{
    memset(n, 0, sizeof *n);
    for (int seat = 0; seat < s->seats && seat < GIN_MAX_SEATS; seat++)
        n->name[seat] = gin_seat_name(s, seat);
    n->card = gin_ui_card_text;
}

int gin_play_seats(const gin_play *p)
{
    int n = p->ref.m.game.rules.seats ? p->ref.m.game.rules.seats : p->rules.seats;
    return n >= 2 && n <= GIN_MAX_SEATS ? n : 2;
}

gin_seating gin_play_seating(const gin_play *p)
{
    gin_seating s = {p->human, p->bot, gin_play_seats(p)};
    return s;
}

const gin_rules *gin_play_rules_of(const gin_play *p)
{
    return p->ref.m.game.rules.seats ? &p->ref.m.game.rules : &p->rules;
}

/* How many knobs of r differ from preset i (made a ring when r is one). */
static int knobs_off(const gin_rules *r, size_t i, int *first, int *second)
{
    gin_rules base = *gin_rules_preset_at(i);
    if (r->seats > 2 && gin_rules_ring(&base, r->seats) != GIN_OK)
        return GIN_RULES_NO_PRESET;
    int n = 0;
    *first = *second = -1;
    for (int k = 0; k < gin_rules_knob_count(); k++)
        if (gin_rules_knob_get(&base, k) != gin_rules_knob_get(r, k)) {
            if (n == 0)
                *first = k;
            else if (n == 1)
                *second = k;
            n++;
        }
    return n;
}

const char *gin_play_rules_base(const gin_rules *r, int *changes)
{
    size_t best = 0;
    int least = GIN_RULES_NO_PRESET + 1, a, b;
    for (size_t i = 0; i < gin_rules_preset_count(); i++) {
        int n = knobs_off(r, i, &a, &b);
        if (n < least) {
            least = n;
            best = i;
        }
    }
    if (changes)
        *changes = least;
    return gin_rules_preset_at(best)->name;
}

/* " knock 7": a knob as the command line writes it. */
static void knob_text(const gin_rules *r, int k, char *buf, size_t cap)
{
    int v = gin_rules_knob_get(r, k);
    const char *w = gin_rules_knob_word(k, v);
    if (w)
        snprintf(buf, cap, "%s %s", gin_rules_knob_name(k), w);
    else
        snprintf(buf, cap, "%s %d", gin_rules_knob_name(k), v);
}

void gin_play_rules_label(const gin_rules *r, char *buf, size_t cap)
{
    int changes = 0, a = -1, b = -1;
    const char *base = gin_play_rules_base(r, &changes);
    if (changes == 0) {
        snprintf(buf, cap, "%s", base);
        return;
    }
    for (size_t i = 0; i < gin_rules_preset_count(); i++)
        if (!strcmp(gin_rules_preset_at(i)->name, base))
            knobs_off(r, i, &a, &b);
    char ka[48], kb[48];
    knob_text(r, a, ka, sizeof ka);
    if (changes == 1) {
        snprintf(buf, cap, "%s, %s", base, ka);
    } else if (changes == 2) {
        knob_text(r, b, kb, sizeof kb);
        snprintf(buf, cap, "%s, %s, %s", base, ka, kb);
    } else {
        snprintf(buf, cap, "%s + %d changes", base, changes);
    }
}
