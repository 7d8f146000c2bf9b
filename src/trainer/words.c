/* The trainer's words (words.h) and the short texts of a page: a move, its
 * value, its gap, the measure. */
#include "words.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const gin_trainer_voice reader = {NULL, 0};

void words_init(words *w, char *buf, size_t cap, const gin_trainer_voice *voice)
{
    w->buf = buf;
    w->cap = cap;
    w->len = 0;
    w->voice = voice ? voice : &reader;
    w->measured = -1;
    w->void_in = 2;
    w->offered = UINT32_MAX;
    if (cap)
        buf[0] = '\0';
}

void say(words *w, const char *fmt, ...)
{
    if (w->len + 1 >= w->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(w->buf + w->len, w->cap - w->len, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    if (w->len + (size_t)n < w->cap) {
        w->len += (size_t)n;
        return;
    }
    /* Cut short, at the last space: never inside a word, nor inside a
     * character (a suit's glyph is three bytes, and part of one is no text
     * a terminal can show). */
    size_t end = w->cap - 1;
    while (end > 0 && w->buf[end - 1] != ' ')
        end--;
    while (end > 0 && w->buf[end - 1] == ' ')
        end--;
    w->len = end;
    w->buf[end] = '\0';
}

void say_clause(words *w) { say(w, "%s", w->len ? "; " : ""); }

void words_capital(words *w)
{
    if (w->len && w->buf[0] >= 'a' && w->buf[0] <= 'z')
        w->buf[0] = (char)(w->buf[0] - 'a' + 'A');
}

void name_card(const gin_trainer_voice *voice, gin_card c, char *buf, size_t cap)
{
    if (voice && voice->card) {
        voice->card(c, buf, cap);
        return;
    }
    char t[3] = "--";
    gin_card_format(c, t);
    snprintf(buf, cap, "%s", t);
}

void say_card(words *w, gin_card c)
{
    char b[32];
    name_card(w->voice, c, b, sizeof b);
    say(w, "%s", b);
}

void say_cards(words *w, gin_cardset s)
{
    int first = 1;
    for (gin_cardset q = s & GIN_DECK; q; q &= q - 1, first = 0) {
        say(w, "%s", first ? "" : " ");
        say_card(w, gin_cardset_first(q));
    }
}

const char *w_your(const words *w) { return w->voice->bot ? "its" : "your"; }
const char *w_they(const words *w) { return w->voice->bot ? "you" : "they"; }
const char *w_them(const words *w) { return w->voice->bot ? "you" : "them"; }

static int is_gin(const gin_coach_move *m) { return m->value.action.kind == GIN_ACT_KNOCK && m->facts.deadwood == 0; }

void say_doing(words *w, const gin_coach_advice *a, int i)
{
    const gin_coach_move *m = &a->move[i];
    gin_action act = m->value.action;
    switch (act.kind) {
    case GIN_ACT_TAKE_UPCARD:
    case GIN_ACT_DRAW_DISCARD:
        say(w, "taking the ");
        say_card(w, a->top);
        break;
    case GIN_ACT_PASS:
        say(w, "passing");
        break;
    case GIN_ACT_DRAW_STOCK:
        say(w, "drawing from the stock");
        break;
    case GIN_ACT_KNOCK:
        if (act.card == GIN_NO_CARD) {
            say(w, "going big gin");
            break;
        }
        say(w, "%s, throwing the ", is_gin(m) ? "going gin" : "knocking");
        say_card(w, act.card);
        break;
    default:
        say(w, "throwing the ");
        say_card(w, act.card);
        break;
    }
}

/* A throw or knock as an instruction. */
static void say_throw(words *w, gin_action act, int gin)
{
    if (act.kind == GIN_ACT_KNOCK && act.card == GIN_NO_CARD) {
        say(w, "go big gin");
        return;
    }
    say(w, "%s the ", act.kind != GIN_ACT_KNOCK ? "throw" : gin ? "go gin, throwing" : "knock, throwing");
    say_card(w, act.card);
}

void gin_trainer_move(const gin_coach_advice *a, int i, const gin_trainer_voice *voice, char *buf, size_t cap)
{
    words w;
    words_init(&w, buf, cap, voice);
    if (!a || i < 0 || i >= a->n)
        return;
    const gin_coach_move *m = &a->move[i];
    gin_action act = m->value.action;
    switch (act.kind) {
    case GIN_ACT_TAKE_UPCARD:
    case GIN_ACT_DRAW_DISCARD:
        say(&w, "take the ");
        say_card(&w, a->top);
        if (m->facts.then.kind >= 0) {
            say(&w, ", then ");
            say_throw(&w, m->facts.then, m->facts.deadwood == 0);
        }
        break;
    case GIN_ACT_PASS:
        say(&w, "pass");
        break;
    case GIN_ACT_DRAW_STOCK:
        say(&w, "draw from the stock");
        break;
    default:
        say_throw(&w, act, is_gin(m));
        break;
    }
}

/* A value as shown, in tenths: of a percentage point of win chance, or of
 * a point. */
long value_tenths(const gin_coach_move *m, int measure)
{
    double x = measure == GIN_COACH_BY_WIN ? 100.0 * m->value.win : m->value.points;
    return lround(x * 10.0);
}

void gin_trainer_value(const gin_coach_advice *a, int i, int other, char *buf, size_t cap)
{
    if (!a || i < 0 || i >= a->n) {
        snprintf(buf, cap, "%s", "");
        return;
    }
    int measure = other ? !a->measure : a->measure;
    long t = value_tenths(&a->move[i], measure);
    const char *what = a->measure == GIN_COACH_BY_WIN ? "win" : "hand won";
    double x = a->move[i].value.win;
    /* Rounded to a certainty it is not: "win 100.0%" read as a sure thing. */
    if (measure == GIN_COACH_BY_WIN && t == 1000 && x < 1.0)
        snprintf(buf, cap, "%s >99.9%%", what);
    else if (measure == GIN_COACH_BY_WIN && t == 0 && x > 0.0)
        snprintf(buf, cap, "%s <0.1%%", what);
    else if (measure == GIN_COACH_BY_WIN)
        snprintf(buf, cap, "%s %ld.%ld%%", what, t / 10, t % 10);
    else
        snprintf(buf, cap, "%c%ld.%ld points", t < 0 ? '-' : '+', labs(t) / 10, labs(t) % 10);
}

void gin_trainer_gap(const gin_coach_advice *a, int i, char *buf, size_t cap)
{
    if (!a || i < 0 || i >= a->n) {
        snprintf(buf, cap, "%s", "");
        return;
    }
    if (i == 0 || a->move[i].equal) {
        snprintf(buf, cap, "%s", i == 0 ? "best" : "about equal");
        return;
    }
    long d = value_tenths(&a->move[0], a->measure) - value_tenths(&a->move[i], a->measure);
    if (d < 1)
        d = 1;
    snprintf(buf, cap, "%ld.%ld behind", d / 10, d % 10);
}

const char *gin_trainer_measure(const gin_coach_advice *a)
{
    return a && a->measure == GIN_COACH_BY_POINTS
               ? "ranked by the points this hand should bring (no one game's chance to weigh)"
               : "ranked by the chance to win the game";
}

int gin_trainer_knock(const gin_coach_advice *a, int from)
{
    if (!a)
        return -1;
    for (int i = from < 0 ? 0 : from; i < a->n; i++)
        if (a->move[i].value.action.kind == GIN_ACT_KNOCK)
            return i;
    return -1;
}
