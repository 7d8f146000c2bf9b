/* The table's keys (keys.h): the one table, and what is derived from it. */
#include "keys.h"

#include <stdio.h>
#include <string.h>
#include "ui.h"

#define W_TURN GIN_WHEN_TURN
#define W_ALL GIN_WHEN_ALWAYS

/* K(command, acts when, shown when, key-line priority, codes, names, label,
 * ASCII label, help) */
#define K(c, w, sh, pr, codes, names, line, ascii, help)                                                               \
    {                                                                                                                  \
        c, w, sh, pr, codes, names, line, ascii, help                                                                  \
    }
#define CODES(...)                                                                                                     \
    {                                                                                                                  \
        __VA_ARGS__                                                                                                    \
    }
static const gin_key table[] = {
    K(GIN_CMD_TAKE, GIN_WHEN_OFFER, GIN_WHEN_OFFER, 0, CODES('d'), "d", "d take", NULL,
      "on the upcard offer: take the upcard (or click the pile)"),
    K(GIN_CMD_PASS, GIN_WHEN_OFFER, GIN_WHEN_OFFER, 0, CODES('p'), "p", "p pass", NULL, "on the upcard offer: pass"),
    K(GIN_CMD_STOCK, GIN_WHEN_DRAW, GIN_WHEN_DRAW, 0, CODES('s'), "s", "s stock", NULL,
      "draw from the stock (or click the stock)"),
    K(GIN_CMD_PILE, GIN_WHEN_DRAW, GIN_WHEN_DRAW, 0, CODES('d'), "d", "d pile", NULL,
      "take the top card of the discard pile (or click the pile)"),
    K(GIN_CMD_STEP, W_TURN, GIN_WHEN_DISCARD, 1, CODES(GIN_KEY_LEFT, 'h', GIN_KEY_RIGHT, 'l'), "arrows, h l",
      "\xe2\x86\x90\xe2\x86\x92 pick", "<- -> pick", "pick a card (or click it)"),
    K(GIN_CMD_PICK, W_TURN, 0, 0, CODES('1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-'), "1-9, 0, -", NULL, NULL,
      "pick card 1 to 11 by its number"),
    K(GIN_CMD_THROW, GIN_WHEN_DISCARD, GIN_WHEN_DISCARD, 0, CODES(GIN_KEY_ENTER, ' '), "Enter, Space", "Enter throw",
      NULL, "throw the picked card (or click it again, or click the pile)"),
    K(GIN_CMD_KNOCK, GIN_WHEN_DISCARD, GIN_WHEN_DISCARD, 0, CODES('k'), "k", "k knock", NULL,
      "knock, throwing the picked card face down (k again confirms)"),
    K(GIN_CMD_GIN, GIN_WHEN_DISCARD, GIN_WHEN_DISCARD, 0, CODES('g'), "g", "g gin", NULL, "go gin"),
    K(GIN_CMD_MOVE, W_TURN, GIN_WHEN_DISCARD, 5, CODES(GIN_KEY_SLEFT, '<', ',', GIN_KEY_SRIGHT, '>', '.'), "< > , .",
      "< > move", NULL, "move the picked card left / right (your own order)"),
    K(GIN_CMD_SORT, W_ALL, W_TURN, 4, CODES('o'), "o", "o sort", NULL, "sort by melds, rank or suit"),
    K(GIN_CMD_HINT, W_TURN, W_TURN, 2, CODES('H'), "H", "H hint", NULL,
      "hint: the coach's best moves, their values and why"),
    K(GIN_CMD_UNDO, W_TURN, W_TURN, 2, CODES('u'), "u", "u undo", NULL,
      "undo your last decision, again and again back to the start of the hand (practice games)"),
    K(GIN_CMD_POSITION, W_TURN, 0, 0, CODES('w'), "w", NULL, NULL,
      "write the position to a file, as a bot reads it (for gin advise)"),
    K(GIN_CMD_LOG_SCROLL, W_TURN, 0, 0, CODES(GIN_KEY_PGUP, GIN_KEY_PGDN), "PgUp PgDn", NULL, NULL,
      "scroll the move log back and on (or the mouse wheel over it)"),
    K(GIN_CMD_LOG_VIEW, W_ALL, W_ALL, 5, CODES('L'), "L", "L log", NULL, "the whole hand's moves, on a page"),
    K(GIN_CMD_PILE_VIEW, W_ALL, W_ALL, 4, CODES('v'), "v", "v pile", NULL,
      "the discard pile: who threw each card, and who took it back"),
    K(GIN_CMD_TRACKER, W_ALL, W_ALL, 4, CODES('c'), "c", "c cards", NULL,
      "the card tracker: every card in a grid, in your hand, thrown (by whom), taken by the bot, or unseen"),
    K(GIN_CMD_SHEET, W_ALL, W_ALL, 4, CODES('t'), "t", "t sheet", NULL, "the score sheet"),
    K(GIN_CMD_HELP, W_ALL, W_ALL, 1, CODES('?'), "?", "? help", NULL, "this help: the keys and the rules in play"),
    K(GIN_CMD_MENU, W_ALL, W_ALL, 3, CODES('m'), "m", "m menu", NULL,
      "menu: the bot, players, rules, target, Hollywood, practice, the coach, colours, speed, mouse, sort, "
      "statistics, drills, the score sheet, help, resign or a new game"),
    K(GIN_CMD_QUIT, W_ALL, W_ALL, 0, CODES('q', 'Q'), "q", "q quit", NULL,
      "quit (the game is saved; the next gin offers to resume it)"),
};
#undef K
#undef CODES
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

void gin_keys_waiting(char *buf, size_t cap)
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

void gin_keys_pick(char *buf, size_t cap)
{
    const gin_key *k = gin_key_find('1', GIN_WHEN_DISCARD);
    size_t n = 0;
    for (int i = 0; k && i < GIN_KEY_CODES && k->codes[i] && n + 1 < cap; i++)
        buf[n++] = (char)k->codes[i];
    if (cap)
        buf[n] = '\0';
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
