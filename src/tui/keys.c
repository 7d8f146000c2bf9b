/* The table's keys (keys.h): the one table, and what is derived from it. */
#include "keys.h"

#include <stdio.h>
#include <string.h>
#include "ui.h"

#define W_TURN GIN_WHEN_TURN
#define W_ALL GIN_WHEN_ALWAYS

static const gin_key table[] = {
    {GIN_CMD_TAKE,
     GIN_WHEN_OFFER,
     GIN_WHEN_OFFER,
     {'d'},
     "d",
     "d take",
     NULL,
     0,
     "on the upcard offer: take the upcard (or click the pile)"},
    {GIN_CMD_PASS, GIN_WHEN_OFFER, GIN_WHEN_OFFER, {'p'}, "p", "p pass", NULL, 0, "on the upcard offer: pass"},
    {GIN_CMD_STOCK,
     GIN_WHEN_DRAW,
     GIN_WHEN_DRAW,
     {'s'},
     "s",
     "s stock",
     NULL,
     0,
     "draw from the stock (or click the stock)"},
    {GIN_CMD_PILE,
     GIN_WHEN_DRAW,
     GIN_WHEN_DRAW,
     {'d'},
     "d",
     "d pile",
     NULL,
     0,
     "take the top card of the discard pile (or click the pile)"},
    {GIN_CMD_STEP,
     W_TURN,
     GIN_WHEN_DISCARD,
     {GIN_KEY_LEFT, 'h', GIN_KEY_RIGHT, 'l'},
     "arrows, h l",
     "\xe2\x86\x90\xe2\x86\x92 pick",
     "<- -> pick",
     1,
     "pick a card (or click it)"},
    {GIN_CMD_PICK,
     W_TURN,
     0,
     {'1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-'},
     "1-9, 0, -",
     NULL,
     NULL,
     0,
     "pick card 1 to 11 by its number"},
    {GIN_CMD_THROW,
     GIN_WHEN_DISCARD,
     GIN_WHEN_DISCARD,
     {GIN_KEY_ENTER, ' '},
     "Enter, Space",
     "Enter throw",
     NULL,
     0,
     "throw the picked card (or click it again, or click the pile)"},
    {GIN_CMD_KNOCK,
     GIN_WHEN_DISCARD,
     GIN_WHEN_DISCARD,
     {'k'},
     "k",
     "k knock",
     NULL,
     0,
     "knock, throwing the picked card face down (k again confirms)"},
    {GIN_CMD_GIN, GIN_WHEN_DISCARD, GIN_WHEN_DISCARD, {'g'}, "g", "g gin", NULL, 0, "go gin"},
    {GIN_CMD_MOVE,
     W_TURN,
     GIN_WHEN_DISCARD,
     {GIN_KEY_SLEFT, '<', ',', GIN_KEY_SRIGHT, '>', '.'},
     "< > , .",
     "< > move",
     NULL,
     5,
     "move the picked card left / right (your own order)"},
    {GIN_CMD_SORT, W_ALL, W_TURN, {'o'}, "o", "o sort", NULL, 4, "sort by melds, rank or suit"},
    {GIN_CMD_HINT,
     W_ALL,
     W_TURN,
     {'H'},
     "H",
     "H hint",
     NULL,
     2,
     "hint: the best move by a quick search of the hand, and why"},
    {GIN_CMD_UNDO, W_TURN, W_TURN, {'u'}, "u", "u undo", NULL, 2, "undo your last move (practice games)"},
    {GIN_CMD_PILE_VIEW, W_ALL, W_ALL, {'v'}, "v", "v pile", NULL, 4, "the discard pile, with who threw each card"},
    {GIN_CMD_SHEET, W_ALL, W_ALL, {'t'}, "t", "t sheet", NULL, 4, "the score sheet"},
    {GIN_CMD_HELP, W_ALL, W_ALL, {'?'}, "?", "? help", NULL, 1, "this help: the keys and the rules in play"},
    {GIN_CMD_MENU,
     W_ALL,
     W_ALL,
     {'m'},
     "m",
     "m menu",
     NULL,
     3,
     "menu: level, players, rules, target, Hollywood, practice, colours, bot speed, statistics"},
    {GIN_CMD_QUIT,
     W_ALL,
     W_ALL,
     {'q', 'Q'},
     "q",
     "q quit",
     NULL,
     0,
     "quit (the game is saved; the next gin offers to resume it)"},
};
enum { N_KEYS = sizeof table / sizeof table[0] };

const gin_key *gin_keys(size_t *n)
{
    if (n)
        *n = N_KEYS;
    return table;
}

int gin_key_index(const gin_key *k, int code)
{
    for (int i = 0; i < GIN_KEY_CODES && k->codes[i]; i++)
        if (k->codes[i] == code)
            return i;
    return -1;
}

const gin_key *gin_key_find(int code, unsigned when)
{
    for (size_t i = 0; i < N_KEYS; i++)
        if ((table[i].when & when) && gin_key_index(&table[i], code) >= 0)
            return &table[i];
    return NULL;
}

const gin_key *gin_key_any(int code)
{
    for (size_t i = 0; i < N_KEYS; i++)
        if (gin_key_index(&table[i], code) >= 0)
            return &table[i];
    return NULL;
}

void gin_keys_kept(char *buf, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < N_KEYS; i++)
        if (table[i].when & GIN_WHEN_WAIT)
            for (int j = 0; j < GIN_KEY_CODES && table[i].codes[j]; j++) {
                int c = table[i].codes[j];
                if (c > ' ' && c < 127 && n + 1 < cap && !memchr(buf, c, n))
                    buf[n++] = (char)c;
            }
    if (cap)
        buf[n < cap ? n : cap - 1] = '\0';
}

int gin_keys_help(char *buf, size_t cap)
{
    size_t len = 0;
    for (size_t i = 0; i < N_KEYS; i++) {
        int w = snprintf(buf + len, cap - len, "  %-13s%s\n", table[i].names, table[i].help);
        if (w < 0 || (size_t)w >= cap - len)
            return -1;
        len += (size_t)w;
    }
    return (int)len;
}

/* "arrows, h l" as markdown: each key in backticks, the words plain. Keys
 * are separated by blanks; a comma ending a longer word separates too. */
static int md_names(const char *names, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (const char *p = names; *p;) {
        size_t n = strcspn(p, " ");
        int comma = n > 1 && p[n - 1] == ',';
        char word[32];
        if (n - (size_t)comma >= sizeof word)
            return -1;
        memcpy(word, p, n - (size_t)comma);
        word[n - (size_t)comma] = '\0';
        const char *tick = strcmp(word, "arrows") ? "`" : ""; /* a word, not a key */
        int w = snprintf(buf + len, cap - len, "%s%s%s%s%s", len ? " " : "", tick, word, tick, comma ? "," : "");
        if (w < 0 || (size_t)w >= cap - len)
            return -1;
        len += (size_t)w;
        p += n;
        p += strspn(p, " ");
    }
    return (int)len;
}

int gin_keys_markdown(char *buf, size_t cap)
{
    int w = snprintf(buf, cap, "| Keys | |\n|---|---|\n");
    if (w < 0 || (size_t)w >= cap)
        return -1;
    size_t len = (size_t)w;
    for (size_t i = 0; i < N_KEYS; i++) {
        char names[96];
        if (md_names(table[i].names, names, sizeof names) < 0)
            return -1;
        w = snprintf(buf + len, cap - len, "| %s | %s |\n", names, table[i].help);
        if (w < 0 || (size_t)w >= cap - len)
            return -1;
        len += (size_t)w;
    }
    return (int)len;
}
