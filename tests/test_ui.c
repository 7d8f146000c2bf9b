/* The terminal table rendered into an off-screen terminal (newterm on
 * /dev/null at a fixed size) and read back cell by cell; the layout model
 * and its hit testing without any terminal. */
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
#include "gin/game.h"
#include "gin/rules.h"
#include "gin/score.h"
#include "play.h"
#include "table.h"
#include "ui.h"

static FILE *out, *in;

static void open_term(int lines, int cols, int utf8)
{
    out = fopen("/dev/null", "w");
    in = fopen("/dev/null", "r");
    assert_non_null(out);
    assert_non_null(in);
    gin_ui_opts o = {1, 0, !utf8, NULL};
    assert_int_equal(gin_ui_open_test(out, in, lines, cols, utf8, &o), 0);
    int l, c;
    gin_ui_size(&l, &c);
    assert_int_equal(l, lines);
    assert_int_equal(c, cols);
}

static void close_term(void)
{
    gin_ui_close();
    fclose(out);
    fclose(in);
}

/* Row y of the virtual screen as UTF-8. */
static const char *row(int y)
{
    static char buf[2048];
    int lines, cols;
    gin_ui_size(&lines, &cols);
    size_t k = 0;
    for (int x = 0; x < cols && k + 8 < sizeof buf; x++) {
        cchar_t cc;
        wchar_t wc[CCHARW_MAX + 1] = {0};
        attr_t a;
        short pair;
        if (mvin_wch(y, x, &cc) != OK || getcchar(&cc, wc, &a, &pair, NULL) == ERR || !wc[0])
            wc[0] = L' ';
        unsigned c = (unsigned)wc[0];
        if (c < 0x80)
            buf[k++] = (char)c;
        else if (c < 0x800)
            buf[k++] = (char)(0xc0 | (c >> 6)), buf[k++] = (char)(0x80 | (c & 0x3f));
        else
            buf[k++] = (char)(0xe0 | (c >> 12)), buf[k++] = (char)(0x80 | ((c >> 6) & 0x3f)),
            buf[k++] = (char)(0x80 | (c & 0x3f));
    }
    buf[k] = '\0';
    return buf;
}

/* First row containing `s`, or -1. */
static int find(const char *s)
{
    int lines, cols;
    gin_ui_size(&lines, &cols);
    for (int y = 0; y < lines; y++)
        if (strstr(row(y), s))
            return y;
    return -1;
}

static gin_card C(const char *t)
{
    gin_card c = GIN_NO_CARD;
    assert_int_equal(gin_card_parse(t, &c, NULL), 0);
    return c;
}

/* A table mid-hand: a run of hearts, a set of sevens, three deadwood cards. */
static void sample(gin_table *t)
{
    gin_table_clear(t);
    snprintf(t->title, sizeof t->title, "gin - standard - to 100 - hand 3 - you deal");
    snprintf(t->score, sizeof t->score, "You 34 - Bot 12");
    snprintf(t->opp_name, sizeof t->opp_name, "Normal bot");
    t->opp_count = 10;
    t->opp_known = gin_cardset_of(C("QC"));
    t->stock_n = 21;
    t->pile_n = 9;
    t->discard_top = C("9D");
    const char *cards[] = {"3H", "4H", "5H", "7S", "7D", "7C", "TH", "JS", "KC", "2D"};
    int group[] = {0, 0, 0, 1, 1, 1, -1, -1, -1, -1};
    t->n = 10;
    for (int i = 0; i < 10; i++) {
        t->cards[i] = C(cards[i]);
        t->group[i] = group[i];
    }
    t->group_is_set[0] = 0;
    t->group_is_set[1] = 1;
    t->selected = 8;
    t->deadwood = 32;
    t->knock_limit = 10;
    snprintf(t->hand_note, sizeof t->hand_note, "You - deadwood 32 - knock at 10 or less");
    snprintf(t->log[2], sizeof t->log[2], "Bot threw 9D.");
    snprintf(t->message, sizeof t->message, "Your turn: draw from the stock (s) or take the 9D (d).");
    snprintf(t->keys, sizeof t->keys, "s stock  d discard  q quit");
}

static void test_table_80x24_utf8(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_table t;
    sample(&t);
    gin_layout l;
    gin_ui_draw_table(&t, &l);
    assert_false(l.too_small);
    assert_int_equal(find("hand 3"), 0);
    assert_non_null(strstr(row(0), "You 34 - Bot 12"));
    assert_true(find("Normal bot") > 0);
    int sy = find("Stock 21");
    assert_true(sy > 0);
    assert_non_null(strstr(row(l.hand_y + 1), "10\xe2\x99\xa5")); /* 10♥ */
    assert_non_null(strstr(row(l.hand_y + 1), "K \xe2\x99\xa3"));  /* K♣ */
    assert_non_null(strstr(row(l.discard.y + 1), "9 \xe2\x99\xa6")); /* 9♦ on the pile */
    assert_non_null(strstr(row(l.opp.y + 1), "Q \xe2\x99\xa3"));  /* known Q♣ face up */
    assert_non_null(strstr(row(l.bracket_y), "run"));
    assert_non_null(strstr(row(l.bracket_y), "set"));
    assert_non_null(strstr(row(l.bracket_y), "deadwood"));
    assert_non_null(strstr(row(l.number_y), "\xe2\x96\xb2" "9")); /* ▲ marks the selection */
    assert_int_equal(find("Your turn: draw"), 22);
    assert_int_equal(find("s stock"), 23);
    close_term();
}

static void test_table_120x40_big_cards(void **state)
{
    (void)state;
    open_term(40, 120, 1);
    gin_table t;
    sample(&t);
    gin_layout l;
    gin_ui_draw_table(&t, &l);
    assert_int_equal(l.card_h, 5);
    assert_int_equal(l.card_w, 7);
    /* Rank in the corner, suit in the middle, rank again bottom right. */
    assert_non_null(strstr(row(l.hand_y + 1), "10   "));
    assert_non_null(strstr(row(l.hand_y + 2), "\xe2\x99\xa5"));
    assert_non_null(strstr(row(l.hand_y + 3), "   10"));
    assert_int_equal(find("Your turn"), 38);
    close_term();
}

static void test_table_ascii(void **state)
{
    (void)state;
    open_term(24, 80, 0);
    assert_false(gin_ui_utf8());
    gin_table t;
    sample(&t);
    gin_layout l;
    gin_ui_draw_table(&t, &l);
    assert_non_null(strstr(row(l.hand_y + 1), "|10H|"));
    assert_non_null(strstr(row(l.hand_y + 1), "|K C|"));
    assert_non_null(strstr(row(l.hand_y), "+---+"));
    assert_int_equal(find("\xe2\x99\xa5"), -1); /* no glyphs anywhere */
    char buf[8];
    gin_ui_card_text(C("TD"), buf, sizeof buf);
    assert_string_equal(buf, "10D");
    close_term();
}

static void test_tiny_window(void **state)
{
    (void)state;
    open_term(20, 60, 1);
    gin_table t;
    sample(&t);
    gin_layout l;
    gin_ui_draw_table(&t, &l);
    assert_true(l.too_small);
    assert_true(find("at least 80x24") >= 0);
    assert_int_equal(find("Stock"), -1);
    close_term();
}

static void test_showdown_screen(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_showdown_screen s;
    memset(&s, 0, sizeof s);
    snprintf(s.title, sizeof s.title, "Hand 2: you knocked");
    gin_spread *k = &s.spread[0], *d = &s.spread[1];
    snprintf(k->label, sizeof k->label, "You (knocker)");
    k->n_melds = 2;
    k->melds[0] = gin_cardset_of(C("3H")) | gin_cardset_of(C("4H")) | gin_cardset_of(C("5H"));
    k->melds[1] = gin_cardset_of(C("7S")) | gin_cardset_of(C("7D")) | gin_cardset_of(C("7C"));
    k->laid[0] = gin_cardset_of(C("6H"));
    k->unmatched = gin_cardset_of(C("AS")) | gin_cardset_of(C("2C"));
    k->deadwood = 3;
    snprintf(d->label, sizeof d->label, "Bot");
    d->unmatched = gin_cardset_of(C("KS")) | gin_cardset_of(C("QD"));
    d->deadwood = 20;
    snprintf(s.text, sizeof s.text, "Knock: 20 against 3: the difference, 17 points, to you.\nScore: you 51, the bot 12.");
    snprintf(s.footer, sizeof s.footer, "Enter: next hand");
    gin_ui_draw_showdown(&s);
    assert_int_equal(find("Hand 2: you knocked"), 0);
    assert_true(find("You (knocker)") > 0);
    assert_true(find("deadwood 3") > 0);
    assert_true(find("Bot \xc2\xb7 deadwood 20") > 0);
    assert_true(find("+lay") > 0);           /* the laid-off 6♥ is marked */
    int y = find("6 \xe2\x99\xa5");
    assert_true(y > 0);
    assert_true(find("17 points, to you") > 0);
    assert_int_equal(find("Enter: next hand"), 23);
    close_term();
}

static void test_game_over_text_screen(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_ui_draw_text("Game over: you win!",
                     "                  You   Bot\n  game bonus      100     0\n  shutout!  doubled\n  total           412     0",
                     "n: new game   q: quit", 0);
    assert_int_equal(find("Game over: you win!"), 0);
    assert_true(find("game bonus") > 0);
    assert_true(find("shutout!") > 0);
    assert_true(find("412") > 0);
    assert_int_equal(find("n: new game"), 23);
    close_term();
}

static void test_layout_and_hits(void **state)
{
    (void)state;
    gin_table t;
    sample(&t);
    gin_layout l;
    gin_layout_table(80, 24, &t, &l);
    assert_false(l.too_small);
    /* Cards in order, groups set apart, all on screen. */
    for (int i = 1; i < t.n; i++)
        assert_true(l.hand_x[i] >= l.hand_x[i - 1] + l.card_w);
    assert_true(l.hand_x[3] - l.hand_x[2] > l.hand_x[2] - l.hand_x[1]);
    assert_true(l.hand_x[t.n - 1] + l.card_w <= 80);
    assert_true(l.number_y < l.msg_y);
    int card = -1;
    assert_int_equal(gin_layout_hit(&l, &t, l.stock.y + 1, l.stock.x + 1, &card), GIN_HIT_STOCK);
    assert_int_equal(gin_layout_hit(&l, &t, l.discard.y, l.discard.x + 2, &card), GIN_HIT_DISCARD);
    assert_int_equal(gin_layout_hit(&l, &t, l.hand_y + 1, l.hand_x[4] + 2, &card), GIN_HIT_CARD);
    assert_int_equal(card, 4);
    assert_int_equal(gin_layout_hit(&l, &t, 0, 0, &card), GIN_HIT_NONE);
    /* Eleven cards in five groups still fit 80 columns. */
    t.n = 11;
    t.cards[10] = C("AS");
    for (int i = 0; i < 11; i++)
        t.group[i] = i < 9 ? i / 3 : -1;
    gin_layout_table(80, 24, &t, &l);
    assert_true(l.hand_x[0] >= 0);
    assert_true(l.hand_x[10] + l.card_w <= 80);
    gin_layout_table(79, 24, &t, &l);
    assert_true(l.too_small);
}


/* Text pages wrap at word boundaries to the window, and re-wrap when it
 * changes size: nothing is cut at the right edge. */
static void test_text_page_wraps(void **state)
{
    (void)state;
    const char *body = "1.  J\xe2\x99\xa3  the first upcard\n\n31 in the stock. Cards the bot took from the pile and "
                       "still holds are shown face up above its hand, beside its card backs. ENDWORD";
    for (int pass = 0; pass < 2; pass++) {
        int cols = pass ? 60 : 80;
        open_term(24, cols, 1);
        gin_ui_draw_text("The discard pile", body, "Enter: back", 0);
        int y = find("31 in the stock.");
        assert_true(y > 0);
        /* The sentence goes on, on the next rows, within the page's width. */
        assert_true(find("ENDWORD") > y);
        for (int r = 1; r < 23; r++) {
            const char *t = row(r);
            int w = gin_ui_strwidth(t);
            while (w > 0 && t[strlen(t) - 1] == ' ') /* trailing blanks */
                w--, ((char *)t)[strlen(t) - 1] = '\0';
            assert_true(w <= cols - 2);
        }
        /* Every word whole: "hand," starts a row or follows a space. */
        assert_true(find("above its") > 0 || find("its hand,") > 0);
        assert_int_equal(find("Enter: back"), 23);
        close_term();
    }
    /* The wrap itself: 3 rows for 25 characters at 10 columns, indent kept. */
    assert_int_equal(gin_ui_wrap("aaaa bbbb cccc dddd eeee", 10, NULL, NULL), 3);
    assert_int_equal(gin_ui_wrap("short\n\nlines", 10, NULL, NULL), 3);
    assert_int_equal(gin_ui_wrap("averyveryverylongword", 10, NULL, NULL), 3);
}

/* A table in a given phase, from a dealt game (no agents needed). */
static gin_play *play_at(int phase)
{
    static gin_play p;
    memset(&p, 0, sizeof p);
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), 0);
    p.rules = r;
    assert_int_equal(gin_game_init(&p.m.game, &r, 7), 0);
    assert_int_equal(gin_game_deal(&p.m.game, NULL, NULL), 0);
    p.human = p.m.game.hand.turn;
    p.bot = 1 - p.human;
    p.level = 1;
    p.selected = -1;
    gin_view_init(&p.m.views[0], &p.m.game.rules, 0);
    gin_view_init(&p.m.views[1], &p.m.game.rules, 1);
    if (phase >= GIN_PHASE_DRAW) { /* both pass the upcard: the non-dealer draws */
        assert_int_equal(gin_game_apply(&p.m.game, (gin_action){GIN_ACT_PASS, GIN_NO_CARD}, NULL, NULL), 0);
        assert_int_equal(gin_game_apply(&p.m.game, (gin_action){GIN_ACT_PASS, GIN_NO_CARD}, NULL, NULL), 0);
        p.human = p.m.game.hand.turn;
        p.bot = 1 - p.human;
    }
    if (phase >= GIN_PHASE_DISCARD)
        assert_int_equal(gin_game_apply(&p.m.game, (gin_action){GIN_ACT_DRAW_STOCK, GIN_NO_CARD}, NULL, NULL), 0);
    assert_int_equal(p.m.game.hand.phase, phase);
    gin_play_sync_hand(&p, p.m.game.hand.held[p.human]);
    return &p;
}

/* The key line fits 80 columns in every phase (and in practice, with undo),
 * always with the way out; wider windows show more keys. */
static void test_key_line_fits(void **state)
{
    (void)state;
    int phases[] = {GIN_PHASE_OFFER, GIN_PHASE_DRAW, GIN_PHASE_DISCARD};
    for (int utf8 = 0; utf8 < 2; utf8++)
        for (int i = 0; i < 3; i++)
            for (int practice = 0; practice < 2; practice++)
                for (int bot_turn = 0; bot_turn < 2; bot_turn++) {
                    open_term(24, 80, utf8);
                    gin_play *p = play_at(phases[i]);
                    p->practice = practice;
                    if (bot_turn) { /* the bot is to move: its pause can be skipped */
                        p->human = 1 - p->human;
                        p->bot = 1 - p->bot;
                    }
                    gin_table t;
                    gin_play_table(p, &t);
                    assert_true(gin_ui_strwidth(t.keys) <= 78);
                    assert_non_null(strstr(t.keys, "q quit"));
                    if (bot_turn)
                        assert_non_null(strstr(t.keys, "skip"));
                    else if (phases[i] == GIN_PHASE_DISCARD)
                        assert_non_null(strstr(t.keys, "Enter throw"));
                    else
                        assert_non_null(strstr(t.keys, phases[i] == GIN_PHASE_OFFER ? "p pass" : "s stock"));
                    if (practice && !bot_turn)
                        assert_non_null(strstr(t.keys, "u undo"));
                    gin_layout l;
                    gin_ui_draw_table(&t, &l);
                    assert_non_null(strstr(row(23), "q quit"));
                    close_term();
                }
    open_term(40, 120, 1);
    gin_table t;
    gin_play_table(play_at(GIN_PHASE_DISCARD), &t);
    assert_non_null(strstr(t.keys, "t sheet"));
    assert_non_null(strstr(t.keys, "v pile"));
    close_term();
}

static gin_hand_score hs(int winner, int points, int kind)
{
    gin_hand_score h;
    memset(&h, 0, sizeof h);
    h.winner = winner;
    h.points = points;
    h.kind = kind;
    return h;
}

/* The score sheet reads like a gin pad: a row per hand with the hand's
 * points and both running totals, void hands marked, boxes, and at the end
 * the game bonus, boxes and shutout doubling with the final totals. */
static void test_score_sheet(void **state)
{
    (void)state;
    static char text[32768];
    open_term(24, 80, 1);
    gin_play *p = play_at(GIN_PHASE_OFFER);
    gin_game *g = &p->m.game;
    int me = p->human, bot = p->bot;
    g->results[0] = hs(me, 17, GIN_RESULT_KNOCK);
    g->results[1] = hs(-1, 0, 0);
    g->results[2] = hs(bot, 31, GIN_RESULT_GIN);
    g->n_results = 3;
    assert_int_equal(gin_score_game(&g->rules, g->results, 3, &g->score), 0);
    gin_play_sheet_text(p, text, sizeof text);
    gin_ui_draw_text("Score sheet", text, "Enter: back", 0);
    int y = find("You knock");
    assert_true(y > 0);
    assert_non_null(strstr(row(y), "17     17"));
    assert_non_null(strstr(row(y + 1), "void"));
    assert_non_null(strstr(row(y + 2), "Bot goes gin"));
    assert_non_null(strstr(row(y + 2), "17      31     31"));
    int b = find("Boxes (hands won)");
    assert_true(b > y + 2);
    assert_int_equal(find("Final total"), -1); /* not over yet */

    /* You reach the target, the bot never scored: a shutout. */
    g->results[0] = hs(me, 60, GIN_RESULT_KNOCK);
    g->results[1] = hs(me, 45, GIN_RESULT_GIN);
    g->n_results = 2;
    assert_int_equal(gin_score_game(&g->rules, g->results, 2, &g->score), 0);
    assert_true(g->score.over);
    assert_true(g->score.shutout);
    gin_play_sheet_text(p, text, sizeof text);
    gin_ui_draw_text("Score sheet", text, "Enter: back", 0);
    assert_true(find("Game bonus") > 0);
    assert_non_null(strstr(row(find("Game bonus")), "100"));
    assert_true(find("Shutout: doubled") > 0);
    assert_non_null(strstr(row(find("Shutout: doubled")), "x 2"));
    char fin[32];
    snprintf(fin, sizeof fin, "%d", g->score.total[me]);
    assert_true(find("Final total") > 0);
    assert_non_null(strstr(row(find("Final total")), fin));

    /* The game-over page spells out the same arithmetic. */
    char title[GIN_UI_LINE];
    gin_play_gameover_text(p, title, sizeof title, text, sizeof text);
    gin_ui_draw_text(title, text, "n: new game", 0);
    assert_true(find("Boxes (2 and 0 x") > 0);
    assert_non_null(strstr(row(find("Final total")), fin));
    close_term();

    /* Hollywood: three columns per player; the second hand you win counts
     * in games 1 and 2. */
    open_term(24, 80, 1);
    p = play_at(GIN_PHASE_OFFER);
    g = &p->m.game;
    g->rules.hollywood = 1;
    me = p->human;
    g->results[0] = hs(me, 20, GIN_RESULT_KNOCK);
    g->results[1] = hs(me, 15, GIN_RESULT_KNOCK);
    g->n_results = 2;
    assert_int_equal(gin_score_hollywood(&g->rules, g->results, 2, g->hollywood), 0);
    gin_play_sheet_text(p, text, sizeof text);
    gin_ui_draw_text("Score sheet", text, "Enter: back", 0);
    assert_true(find("G1    G2    G3") > 0);
    y = find("You knock 15");
    assert_true(y > 0);
    assert_non_null(strstr(row(y), "35    15"));
    close_term();
}

/* The size message is centred, "(q quits)" with it. */
static void test_tiny_window_centred(void **state)
{
    (void)state;
    open_term(20, 60, 1);
    gin_table t;
    sample(&t);
    snprintf(t.message, sizeof t.message, "Quit? The game is saved for next time. y: save and quit, any other key: play on.");
    gin_ui_draw_table(&t, NULL);
    int y = find("(q quits)");
    assert_true(y > 0);
    assert_int_equal((int)(strstr(row(y), "(q quits)") - row(y)), (60 - 9) / 2);
    assert_true(find("y: save and quit") > y); /* the quit prompt is seen */
    close_term();
}


/* A message too long for one row takes the blank row above it. */
static void test_long_message_wraps(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_table t;
    sample(&t);
    snprintf(t.message, sizeof t.message, "You can't knock: your least deadwood after a throw is 14, over this "
                                          "hand's limit of 10. LASTWORD");
    gin_layout l;
    gin_ui_draw_table(&t, &l);
    assert_int_equal(find("You can't knock"), 21);
    assert_int_equal(find("LASTWORD"), 22);
    assert_true(l.number_y < 21);
    close_term();
}

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_80x24_utf8),
        cmocka_unit_test(test_table_120x40_big_cards),
        cmocka_unit_test(test_table_ascii),
        cmocka_unit_test(test_tiny_window),
        cmocka_unit_test(test_showdown_screen),
        cmocka_unit_test(test_game_over_text_screen),
        cmocka_unit_test(test_layout_and_hits),
        cmocka_unit_test(test_text_page_wraps),
        cmocka_unit_test(test_key_line_fits),
        cmocka_unit_test(test_score_sheet),
        cmocka_unit_test(test_tiny_window_centred),
        cmocka_unit_test(test_long_message_wraps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
