/* The card tracker (c at the table): each card's mark from the player's
 * view, in two seats and a ring, and the page drawn in an off-screen
 * terminal of 80x24 in UTF-8 and in ASCII, whole. (Its honesty, that it
 * changes with nothing the player has not seen, is test_screen's.) */
#define _XOPEN_SOURCE_EXTENDED 1
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include "play.h"
#include "ui.h"
#include "support/support.h"

#define C(text) test_card(text)

static FILE *out, *in;

static void open_term(int utf8)
{
    out = fopen("/dev/null", "w");
    in = fopen("/dev/null", "r");
    assert_non_null(out);
    assert_non_null(in);
    gin_ui_opts o = {0, 0, !utf8, NULL, 0}; /* no colour: the marks are letters */
    assert_int_equal(gin_ui_open_test(out, in, 24, 80, utf8, &o), 0);
}

static void close_term(void)
{
    gin_ui_close();
    fclose(out);
    fclose(in);
}

/* The mark of the card at rank column r (0 = ace) in the grid row of
 * `suit` ("S" or a glyph), as the text has it. */
static const char *mark(const char *text, const char *suit, int r)
{
    static char m[8];
    char key[16];
    snprintf(key, sizeof key, "\n  %s  ", suit);
    const char *row = strstr(text, key);
    assert_non_null(row);
    row += strlen(key);
    for (int i = 0; i < r; i++) { /* each cell is four columns, its mark at the right */
        row += strspn(row, " ");
        row += strcspn(row, " \n");
    }
    row += strspn(row, " ");
    size_t n = strcspn(row, " \n");
    assert_true(n > 0 && n < sizeof m);
    memcpy(m, row, n);
    m[n] = '\0';
    return m;
}

/* Seat 0, two seats: hand, the first upcard still down, the bot's throw, the
 * player's throw on top, a card the bot took back, and one shuffled back. */
static gin_view two_seats(void)
{
    gin_view v = test_view_at("AS 2S 3S 7H 8H 9H KC KD QC JD", "", GIN_PHASE_DRAW, 4);
    gin_card pile[3] = {C("5D"), C("9C"), C("4H")};
    int by[3] = {-1, 1, 0};
    for (int i = 0; i < 3; i++) {
        v.pile[i] = pile[i];
        v.pile_by[i] = (int8_t)by[i];
        v.seen |= gin_cardset_of(pile[i]);
    }
    v.pile_n = 3;
    v.known[1] = gin_cardset_of(C("6C")); /* the player threw it, the bot took it */
    v.seen |= v.known[1];
    v.stock_n = 52 - 20 - 3;
    return v;
}

static void test_marks_two_seats(void **state)
{
    (void)state;
    gin_view v = two_seats();
    gin_seating who = {0, 1, 2};
    static char text[GIN_PLAY_PAGE];
    open_term(0);
    gin_table_tracker_text(&v, &who, text, sizeof text);
    assert_string_equal(mark(text, "S", 0), "H");  /* in the hand */
    assert_string_equal(mark(text, "S", 3), ".");  /* 4S: unseen */
    assert_string_equal(mark(text, "D", 4), "u");  /* the first upcard */
    assert_string_equal(mark(text, "C", 8), "b");  /* thrown by the bot */
    assert_string_equal(mark(text, "H", 3), "y*"); /* thrown by you, the top */
    assert_string_equal(mark(text, "C", 5), "B");  /* taken by the bot */
    assert_string_equal(mark(text, "C", 12), "H"); /* K */
    assert_non_null(strstr(text, "        A   2   3   4   5   6   7   8   9  10   J   Q   K\n"));
    /* 52 = 10 in the hand + 3 on the pile + 1 known + 38 unseen: 29 in the
     * stock and 9 of the bot's 10 cards. */
    assert_non_null(strstr(text, "In your hand 10. On the pile 3. Known in the bot's hand: 1."));
    assert_non_null(strstr(text, "Unseen 38: the 29 in the stock and 9 in the bot's hand."));
    assert_null(strstr(text, "x  thrown")); /* nothing was shuffled back */
    /* A reshuffle (Oklahoma's stock rule): the pile but its top went back
     * into the stock; the player saw those cards, so they are not unseen. */
    v.pile[0] = v.pile[2];
    v.pile_by[0] = v.pile_by[2];
    v.pile_n = 1;
    v.stock_n = 29 + 2;
    gin_table_tracker_text(&v, &who, text, sizeof text);
    assert_string_equal(mark(text, "D", 4), "x");
    assert_string_equal(mark(text, "C", 8), "x");
    assert_string_equal(mark(text, "H", 3), "y*");
    assert_non_null(strstr(text, "x  thrown, then shuffled into the stock"));
    assert_non_null(strstr(text, "Unseen 38: 29 of the 31 in the stock (x: seen), 9 in the bot's hand."));
    close_term();
}

static void test_marks_ring(void **state)
{
    (void)state;
    gin_view v = two_seats();
    v.seats = 3;
    v.hand_size[2] = 10;
    v.pile_by[1] = 2; /* Bot 2 threw the 9C */
    v.known[1] = 0;
    v.known[2] = gin_cardset_of(C("6C"));
    v.stock_n = 52 - 30 - 3;
    gin_seating who = {0, 1, 3};
    static char text[GIN_PLAY_PAGE];
    open_term(0);
    gin_table_tracker_text(&v, &who, text, sizeof text);
    assert_string_equal(gin_seat_name(&who, 2), "Bot 2");
    assert_string_equal(mark(text, "C", 8), "b2");
    assert_string_equal(mark(text, "C", 5), "B2");
    assert_non_null(strstr(text, "Known in the bots' hands: 1."));
    assert_non_null(strstr(text, "Unseen 38: the 19 in the stock and 19 in the bots' hands."));
    assert_non_null(strstr(text, "(B2: Bot 2)"));
    close_term();
}

/* The page at 80x24: every line of the grid, the counts and the legend on
 * the screen at once, in UTF-8 (suit glyphs) and ASCII (letters). */
static void drawn(int utf8)
{
    gin_view v = two_seats();
    gin_seating who = {0, 1, 2};
    static char text[GIN_PLAY_PAGE];
    open_term(utf8);
    gin_table_tracker_text(&v, &who, text, sizeof text);
    int lines = 0;
    for (const char *p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
        char line[256];
        size_t n = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        assert_true(gin_ui_strwidth(line) <= 76); /* the page's margins */
        lines++;
    }
    assert_true(lines <= 20);
    gin_ui_draw_text("The cards, as far as you know", text, "Enter or q: back", 0);
    static char screen[24 * 400];
    screen[0] = '\0';
    for (int y = 0; y < 24; y++) {
        char row[400];
        int k = 0;
        for (int x = 0; x < 80; x++) {
            cchar_t cc;
            wchar_t wc[CCHARW_MAX + 1] = {0};
            attr_t a;
            short pair;
            if (mvin_wch(y, x, &cc) != OK || getcchar(&cc, wc, &a, &pair, NULL) == ERR || !wc[0])
                wc[0] = L' ';
            unsigned c = (unsigned)wc[0];
            if (c < 0x80)
                row[k++] = (char)c;
            else /* the suit glyphs: three bytes */
                row[k++] = (char)(0xe0 | (c >> 12)), row[k++] = (char)(0x80 | ((c >> 6) & 0x3f)),
                row[k++] = (char)(0x80 | (c & 0x3f));
        }
        row[k] = '\0';
        strcat(screen, row);
        strcat(screen, "\n");
    }
    const char *spade = utf8 ? "\xe2\x99\xa0" : "S", *club = utf8 ? "\xe2\x99\xa3" : "C";
    char want[64];
    snprintf(want, sizeof want, "%s     H   H   H   .", spade);
    assert_non_null(strstr(screen, want));
    snprintf(want, sizeof want, "%s     .   .   .   .   .   B", club);
    assert_non_null(strstr(screen, want));
    assert_non_null(strstr(screen, ".  unseen: in the stock or in the bot's hand")); /* the last line */
    assert_non_null(strstr(screen, "Enter or q: back"));
    assert_null(strstr(screen, "scroll:")); /* the whole page shows: nothing to scroll to */
    close_term();
}

static void test_page_80x24_utf8(void **state)
{
    (void)state;
    drawn(1);
}

static void test_page_80x24_ascii(void **state)
{
    (void)state;
    drawn(0);
}

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_marks_two_seats),
        cmocka_unit_test(test_marks_ring),
        cmocka_unit_test(test_page_80x24_utf8),
        cmocka_unit_test(test_page_80x24_ascii),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
