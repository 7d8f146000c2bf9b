/* randbot: a minimal bot for the gin bot protocol (docs/protocol.md).
 * It passes every upcard, always draws from the stock and throws a random
 * card; it never knocks, so it loses, but it always plays legal gin.
 *
 *   cc -std=c11 -o randbot examples/randbot.c
 *   gin sim --p1 exec:./randbot --p2 easy --games 10
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char hand[11][3]; /* our cards, as "7H" */
static int n_hand, me = -1;

static void add(const char *c)
{
    if (n_hand < 11)
        snprintf(hand[n_hand++], 3, "%s", c);
}

static void drop(const char *c)
{
    for (int i = 0; i < n_hand; i++)
        if (!strcmp(hand[i], c)) {
            memcpy(hand[i], hand[--n_hand], 3);
            return;
        }
}

int main(void)
{
    char line[4096];
    setvbuf(stdout, NULL, _IOLBF, 0); /* one answer per line, sent at once */
    while (fgets(line, sizeof line, stdin)) {
        char *w[40];
        int k = 0;
        for (char *t = strtok(line, " \t\r\n"); t && k < 40; t = strtok(NULL, " \t\r\n"))
            w[k++] = t;
        if (k == 0)
            continue;
        if (!strcmp(w[0], "gin")) {
            puts("ok randbot");
        } else if (!strcmp(w[0], "game") && k == 3) {
            me = atoi(w[1]);
            srand((unsigned)strtoul(w[2], NULL, 10));
        } else if (!strcmp(w[0], "deal")) {
            n_hand = 0;
            for (int i = 1; i < k; i++)
                add(w[i]);
        } else if (!strcmp(w[0], "move") && k == 4 && atoi(w[1]) == me) {
            /* our own moves come back to us: the card we drew, or threw */
            if (!strcmp(w[2], "stock") || !strcmp(w[2], "pile") || !strcmp(w[2], "take"))
                add(w[3]);
            else if (!strcmp(w[2], "discard"))
                drop(w[3]);
        } else if (!strcmp(w[0], "offer")) {
            puts("pass");
        } else if (!strcmp(w[0], "draw")) {
            puts("stock");
        } else if (!strcmp(w[0], "discard")) {
            printf("discard %s\n", hand[rand() % n_hand]);
        } else if (!strcmp(w[0], "error")) {
            fprintf(stderr, "randbot: the referee says:%s\n", line + 5);
        } else if (!strcmp(w[0], "quit")) {
            break;
        }
    }
    return 0;
}
