/* The knocker's choice of spread at the table: after the knock is
 * confirmed, a hand that can show its melds in more than one way picks
 * one (or lets the rules choose). The list comes from the player's own
 * cards only, and the rules' choice is not named before the knock: showing
 * it would tell the player something about the other hands. */
#include <stdio.h>
#include <string.h>
#include "gin/meld.h"
#include "play.h"
#include "ui.h"

enum { PICK_MAX = 18 }; /* fits under the title at 80x24, with the note */

/* "[7♥ 8♥ 9♥] [7♣ 8♣ 9♣]  deadwood 2: 2♠" */
static void spread_line(const gin_arrangement *a, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int m = 0; m < a->n_melds; m++) {
        n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s[", m ? " " : "");
        for (gin_cardset s = a->melds[m]; s && n < cap; s &= s - 1) {
            char c[GIN_UI_CARD_TEXT];
            gin_ui_card_text(gin_cardset_first(s), c, sizeof c);
            n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s%s", s == a->melds[m] ? "" : " ", c);
        }
        n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "]");
    }
    if (n < cap)
        n += (size_t)snprintf(buf + n, cap - n, "  deadwood %d%s", a->deadwood, a->unmatched ? ":" : "");
    for (gin_cardset s = a->unmatched; s && n < cap; s &= s - 1) {
        char c[GIN_UI_CARD_TEXT];
        gin_ui_card_text(gin_cardset_first(s), c, sizeof c);
        n += (size_t)snprintf(buf + n, cap - n, " %s", c);
    }
}

int gin_play_pick_spread(int seats, const gin_view *v, gin_card thrown, gin_action *out)
{
    *out = gin_action_make(GIN_ACT_KNOCK, thrown);
    gin_cardset kept = v->hand & ~gin_cardset_of(thrown);
    gin_arrangement list[PICK_MAX];
    int n = gin_spreads(kept, v->knock_limit, list, PICK_MAX);
    if (n <= 1 || gin_deadwood(kept) == 0) /* one way only, or gin: nothing to lay off */
        return 1;
    int shown = n < PICK_MAX ? n : PICK_MAX;
    const char *others = seats > 2 ? "the others" : "the bot";
    static char lines[PICK_MAX + 1][GIN_UI_LINE];
    const char *items[PICK_MAX + 1];
    snprintf(lines[0], sizeof lines[0], "Let the rules pick: least deadwood, leaving %s the most deadwood", others);
    for (int i = 0; i < shown; i++)
        spread_line(&list[i], lines[i + 1], sizeof lines[i + 1]);
    for (int i = 0; i <= shown; i++)
        items[i] = lines[i];
    char title[GIN_UI_LINE], ct[GIN_UI_CARD_TEXT], footer[GIN_PLAY_WHY];
    gin_ui_card_text(thrown, ct, sizeof ct);
    snprintf(title, sizeof title, "Knock, throwing %s face down: which melds do you show?", ct);
    snprintf(footer, sizeof footer,
             "The melds you show decide what %s can lay off on them: a card that fits a run may not fit the "
             "same cards shown as sets. %s\n↑↓ choose   Enter: knock with this spread   Esc: back to your turn",
             others, n > shown ? "(The first of them, by deadwood.)" : "");
    int cursor = 0;
    for (;;) {
        int k = gin_ui_menu(title, items, shown + 1, &cursor, footer);
        if (k == -2)
            return -1;
        if (k == -1)
            return 0;
        if (k > shown) /* left or right (GIN_UI_MENU_PREV and up): not a choice here */
            continue;
        if (k > 0)
            out->spread = gin_spread_of(&list[k - 1]);
        return 1;
    }
}
