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
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"
#include "gin/game.h"
#include "gin/rules.h"
#include "gin/score.h"
#include "gin/showdown.h"
#include "play.h"
#include "scene.h"
#include "ui.h"
#include "support/support.h"

#define C(text) test_card(text)

static FILE *out, *in;

static void open_term(int lines, int cols, int utf8)
{
    out = fopen("/dev/null", "w");
    in = fopen("/dev/null", "r");
    assert_non_null(out);
    assert_non_null(in);
    gin_ui_opts o = {1, 0, !utf8, NULL, 0};
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

/* A ring mid-hand: a run of hearts, a set of sevens, three deadwood cards. */
static void sample(gin_scene *t)
{
    gin_scene_clear(t);
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
    snprintf(t->pick_keys, sizeof t->pick_keys, "1234567890-");
    t->deadwood = 32;
    t->knock_limit = 10;
    snprintf(t->hand_note, sizeof t->hand_note, "You - deadwood 32 - knock at 10 or less");
    static gin_scene_line log2[1];
    snprintf(log2[0], sizeof log2[0], "Bot threw 9D.");
    t->log = (const gin_scene_line *)log2;
    t->n_log = 1;
    snprintf(t->message, sizeof t->message, "Your turn: draw from the stock (s) or take the 9D (d).");
    snprintf(t->keys, sizeof t->keys, "s stock  d discard  q quit");
}

/* NO_COLOR counts only when set to something (no-color.org): an empty
 * NO_COLOR, as some shells leave behind, keeps the colours. */
static void test_no_color_env(void **state)
{
    (void)state;
    unsetenv("NO_COLOR");
    assert_int_equal(gin_ui_no_color_env(), 0);
    setenv("NO_COLOR", "", 1);
    assert_int_equal(gin_ui_no_color_env(), 0);
    setenv("NO_COLOR", "1", 1);
    assert_int_equal(gin_ui_no_color_env(), 1);
    unsetenv("NO_COLOR");
}

static void test_table_80x24_utf8(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_scene t;
    sample(&t);
    gin_layout l;
    gin_ui_draw_scene(&t, &l);
    assert_false(l.too_small);
    assert_int_equal(find("hand 3"), 0);
    assert_non_null(strstr(row(0), "You 34 - Bot 12"));
    assert_true(find("Normal bot") > 0);
    int sy = find("Stock 21");
    assert_true(sy > 0);
    assert_non_null(strstr(row(l.hand_y + 1), "10\xe2\x99\xa5"));    /* 10♥ */
    assert_non_null(strstr(row(l.hand_y + 1), "K \xe2\x99\xa3"));    /* K♣ */
    assert_non_null(strstr(row(l.discard.y + 1), "9 \xe2\x99\xa6")); /* 9♦ on the pile */
    assert_non_null(strstr(row(l.opp.y + 1), "Q \xe2\x99\xa3"));     /* known Q♣ face up */
    assert_non_null(strstr(row(l.bracket_y), "run"));
    assert_non_null(strstr(row(l.bracket_y), "set"));
    assert_non_null(strstr(row(l.bracket_y), "deadwood"));
    assert_non_null(strstr(row(l.number_y), "\xe2\x96\xb2"
                                            "9")); /* ▲ marks the selection */
    assert_int_equal(find("Your turn: draw"), 22);
    assert_int_equal(find("s stock"), 23);
    close_term();
}

static void test_table_120x40_big_cards(void **state)
{
    (void)state;
    open_term(40, 120, 1);
    gin_scene t;
    sample(&t);
    gin_layout l;
    gin_ui_draw_scene(&t, &l);
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
    gin_scene t;
    sample(&t);
    gin_layout l;
    gin_ui_draw_scene(&t, &l);
    assert_non_null(strstr(row(l.hand_y + 1), "|10H|"));
    assert_non_null(strstr(row(l.hand_y + 1), "|K C|"));
    assert_non_null(strstr(row(l.hand_y), "+---+"));
    assert_int_equal(find("\xe2\x99\xa5"), -1); /* no glyphs anywhere */
    char buf[8];
    gin_ui_card_text(C("TD"), buf, sizeof buf);
    assert_string_equal(buf, "10D");
    close_term();
}

/* A meld's text: whole cards or none, in both modes, never past cap. */
static void test_cards_text(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    char buf[64];
    gin_ui_cards_text(test_cards("9H TH JH"), buf, sizeof buf);
    assert_string_equal(buf, "9\xe2\x99\xa5 10\xe2\x99\xa5 J\xe2\x99\xa5");
    gin_ui_cards_text(0, buf, sizeof buf);
    assert_string_equal(buf, "");
    char small[9]; /* "9♥" is 4 bytes, " 10♥" 6: only the first fits */
    gin_ui_cards_text(test_cards("9H TH JH"), small, sizeof small);
    assert_string_equal(small, "9\xe2\x99\xa5");
    char one[1];
    gin_ui_cards_text(test_cards("9H"), one, sizeof one);
    assert_string_equal(one, "");
    close_term();
    open_term(24, 80, 0);
    gin_ui_cards_text(test_cards("9H TH JH"), buf, sizeof buf);
    assert_string_equal(buf, "9H 10H JH");
    char ten[10]; /* exactly "9H 10H JH" and its NUL */
    gin_ui_cards_text(test_cards("9H TH JH"), ten, sizeof ten);
    assert_string_equal(ten, "9H 10H JH");
    gin_ui_cards_text(test_cards("9H TH JH"), ten, sizeof ten - 1);
    assert_string_equal(ten, "9H 10H");
    close_term();
}

static void test_tiny_window(void **state)
{
    (void)state;
    open_term(20, 60, 1);
    gin_scene t;
    sample(&t);
    gin_layout l;
    gin_ui_draw_scene(&t, &l);
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
    gin_showdown_seat *k = &s.spread[0], *d = &s.spread[1];
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
    snprintf(s.text, sizeof s.text,
             "Knock: 20 against 3: the difference, 17 points, to you.\nScore: you 51, the bot 12.");
    snprintf(s.footer, sizeof s.footer, "Enter: next hand");
    gin_ui_draw_showdown(&s);
    assert_int_equal(find("Hand 2: you knocked"), 0);
    assert_true(find("You (knocker)") > 0);
    assert_true(find("deadwood 3") > 0);
    assert_true(find("Bot \xc2\xb7 deadwood 20") > 0);
    assert_true(find("+lay") > 0); /* the laid-off 6♥ is marked */
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
    gin_ui_draw_text(
        "Game over: you win!",
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
    gin_scene t;
    sample(&t);
    gin_layout l;
    gin_layout_scene(80, 24, &t, &l);
    assert_false(l.too_small);
    /* Cards in order, groups set apart, all on screen. */
    for (int i = 1; i < t.n; i++)
        assert_true(l.hand_x[i] >= l.hand_x[i - 1] + l.card_w);
    assert_true(l.hand_x[3] - l.hand_x[2] > l.hand_x[2] - l.hand_x[1]);
    assert_true(l.hand_x[t.n - 1] + l.card_w <= 80);
    assert_true(l.number_y < l.msg_y);
    /* The log starts past "Discard 52" and a space, at every width (it
     * once ran into a two-digit count: "Discard 21You took..."). */
    for (int cols = 80; cols <= 200; cols += 20) {
        gin_layout w;
        gin_layout_scene(cols, 24, &t, &w);
        assert_true(w.log.x >= w.discard.x + (int)strlen("Discard 52") + 1);
    }
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
    gin_layout_scene(80, 24, &t, &l);
    assert_true(l.hand_x[0] >= 0);
    assert_true(l.hand_x[10] + l.card_w <= 80);
    gin_layout_scene(79, 24, &t, &l);
    assert_true(l.too_small);
}

struct indents {
    int *at, *n;
};

static void collect_indent(void *ctx, const char *str, int len, int indent)
{
    (void)str;
    (void)len;
    struct indents *d = ctx;
    if (*d->n < 8)
        d->at[(*d->n)++] = indent;
}

/* Text pages wrap at word boundaries to the window, and re-wrap when it
 * changes size: nothing is cut at the right edge. */
/* "deadwood" once and whole over the hand at 80x24: eleven cards in three
 * melds and one deadwood card (it was cut to "dead"), and in rank order,
 * where the deadwood falls in two places (it was said twice). */
static int count_in(const char *s, const char *w)
{
    int n = 0;
    for (const char *p = strstr(s, w); p; p = strstr(p + 1, w))
        n++;
    return n;
}

static void eleven(gin_scene *t, const char *const *cards, const int *group)
{
    sample(t);
    t->n = 11;
    for (int i = 0; i < 11; i++)
        t->cards[i] = C(cards[i]), t->group[i] = group[i];
    t->group_is_set[0] = 0;
    t->group_is_set[1] = 1;
    t->group_is_set[2] = 1;
    t->selected = -1;
}

static void test_deadwood_label_once_and_whole(void **state)
{
    (void)state;
    static const char *const melds[] = {"3H", "4H", "5H", "6H", "7S", "7D", "7C", "KS", "KD", "KC", "2D"};
    static const int melds_g[] = {0, 0, 0, 0, 1, 1, 1, 2, 2, 2, -1};
    static const char *const rank[] = {"2D", "3H", "4H", "5H", "6H", "7S", "7D", "7C", "9C", "KS", "KD"};
    static const int rank_g[] = {-1, 0, 0, 0, 0, 1, 1, 1, -1, -1, -1};
    for (int utf8 = 0; utf8 < 2; utf8++) {
        open_term(24, 80, utf8);
        gin_scene t;
        gin_layout l;
        eleven(&t, melds, melds_g);
        gin_ui_draw_scene(&t, &l);
        assert_int_equal(count_in(row(l.bracket_y), "deadwood"), 1);
        assert_int_equal(count_in(row(l.bracket_y), "dead"), 1);
        eleven(&t, rank, rank_g);
        gin_ui_draw_scene(&t, &l);
        assert_int_equal(count_in(row(l.bracket_y), "deadwood"), 1);
        assert_int_equal(count_in(row(l.bracket_y), "dead"), 1);
        assert_int_equal(count_in(row(l.bracket_y), "run"), 1);
        assert_int_equal(count_in(row(l.bracket_y), "set"), 1);
        close_term();
    }
}

/* A page longer than the screen with a long key line (the practice game
 * over's): the keys whole at the bottom, the scroll position whole at the
 * title bar's right end, in UTF-8 and ASCII. (It was cut at "(↑↓ scroll:".) */
static void test_long_footer_keeps_scroll(void **state)
{
    (void)state;
    static char body[4096];
    body[0] = '\0';
    for (int i = 1; i <= 40; i++)
        gin_play_add(body, sizeof body, "%sline %d", i > 1 ? "\n" : "", i);
    const char *keys = "n: new game   t: score sheet   r: replay the last hand   q: quit";
    for (int utf8 = 0; utf8 < 2; utf8++) {
        open_term(24, 80, utf8);
        gin_ui_draw_text("Game over: you win", body, keys, 0);
        assert_int_equal(find(keys), 23);
        assert_non_null(
            strstr(row(0), utf8 ? "(\xe2\x86\x91\xe2\x86\x93 scroll: 1-21 of 40)" : "(arrows scroll: 1-21 of 40)"));
        assert_non_null(strstr(row(0), "Game over: you win"));
        close_term();
    }
    /* A short key line keeps the position beside it. */
    open_term(24, 80, 1);
    gin_ui_draw_text("Help", body, "Enter: back", 0);
    assert_non_null(strstr(row(23), "Enter: back   (\xe2\x86\x91\xe2\x86\x93 scroll: 1-21 of 40)"));
    close_term();
}

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
            char t[512];
            snprintf(t, sizeof t, "%s", row(r));
            int w = gin_ui_strwidth(t);
            while (w > 0 && t[strlen(t) - 1] == ' ') /* trailing blanks */
                w--, t[strlen(t) - 1] = '\0';
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
    /* A two-column line (the help's keys) hangs its wrapped rows under its
     * second column, not at the margin. */
    int hang[8], n_hang = 0;
    gin_ui_wrap("  k      knock, throwing the picked card face down (k again confirms)", 30, collect_indent,
                &(struct indents){hang, &n_hang});
    assert_true(n_hang >= 3);
    assert_int_equal(hang[0], 0);
    for (int i = 1; i < n_hang; i++)
        assert_int_equal(hang[i], 9);
}

/* A two-player game in a given phase, both seats played from outside
 * (the match pulled, no agents), the human's turn at the table. */
static gin_play *play_at(int phase)
{
    static gin_play p;
    memset(&p, 0, sizeof p);
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), 0);
    p.rules = r;
    const gin_agent *none[2] = {NULL, NULL};
    gin_match *m = &p.ref.m;
    assert_int_equal(gin_match_init(m, &r, 7, none, NULL, NULL), 0);
    gin_table_init(&p.table, GIN_SORT_MELDS, m->game.cut, 0);
    assert_int_equal(gin_match_next(m), GIN_MATCH_MOVED); /* the deal */
    if (phase >= GIN_PHASE_DRAW) {                        /* both pass the upcard: the non-dealer draws */
        assert_int_equal(gin_match_submit(m, gin_action_make(GIN_ACT_PASS, GIN_NO_CARD)), 0);
        assert_int_equal(gin_match_submit(m, gin_action_make(GIN_ACT_PASS, GIN_NO_CARD)), 0);
    }
    if (phase >= GIN_PHASE_DISCARD)
        assert_int_equal(gin_match_submit(m, gin_action_make(GIN_ACT_DRAW_STOCK, GIN_NO_CARD)), 0);
    assert_int_equal(gin_match_next(m), GIN_MATCH_WAITING);
    p.human = m->game.hand.turn;
    p.bot = 1 - p.human;
    p.level = gin_play_bot_of("normal");
    p.stage = GIN_STAGE_TURN;
    assert_int_equal(m->game.hand.phase, phase);
    gin_table_sync_hand(&p.table, m->views[p.human].hand);
    return &p;
}

/* Quitting at the upcard offer is a command of the loop: the match is
 * left as it was (it once took a "pass" into the live game to unwind the
 * human agent's callback), the prompt waits for its answer, and y asks the
 * loop to leave. */
static void test_quit_at_the_offer_changes_nothing(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_play *p = play_at(GIN_PHASE_OFFER);
    static gin_match before;
    before = p->ref.m;
    gin_layout l;
    gin_scene t;
    gin_play_scene(p, &t);
    gin_ui_draw_scene(&t, &l);
    gin_action a = gin_action_make(GIN_ACT_TAKE_UPCARD, GIN_NO_CARD);
    gin_ui_input q = {GIN_IN_KEY, 'q', -1, -1}, y = {GIN_IN_KEY, 'y', -1, -1};
    assert_int_equal(gin_play_input(p, &q, &l, 1, &a), GIN_DO_NOTHING);
    assert_non_null(strstr(p->table.msg, "Quit?"));
    assert_int_equal(gin_play_input(p, &y, &l, 1, &a), GIN_DO_QUIT);
    assert_memory_equal(&before, &p->ref.m, sizeof before);
    /* While a bot plays, q asks too, and the answer is the loop's. */
    p->stage = GIN_STAGE_PACE;
    assert_int_equal(gin_play_input(p, &q, &l, 0, &a), GIN_DO_NOTHING);
    assert_int_equal(gin_play_input(p, &y, &l, 0, &a), GIN_DO_QUIT);
    gin_ui_input other = {GIN_IN_KEY, 'x', -1, -1};
    assert_int_equal(gin_play_input(p, &other, &l, 0, &a), GIN_DO_SKIP); /* any other key: skip the pause */
    assert_memory_equal(&before, &p->ref.m, sizeof before);
    close_term();
}

/* A game that ends after a number of hands says so in the header (which
 * hand of how many), and the score sheet of an ended hand says which comes
 * next, not that one is in play. */
static void test_max_hands_header_and_sheet(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_play *p = play_at(GIN_PHASE_DISCARD);
    p->ref.m.game.rules.max_hands = 2;
    p->ref.m.views[p->human].rules.max_hands = 2;
    gin_seating who = gin_play_seating(p);
    gin_scene t;
    gin_play_scene(p, &t);
    assert_non_null(strstr(t.title, "max-hands 2"));
    assert_non_null(strstr(t.title, "to 100 or 2 hands"));
    assert_non_null(strstr(t.title, "hand 1 of 2"));
    static char text[8192];
    gin_play_sheet_text(&p->ref.m.game, &who, text, sizeof text);
    assert_non_null(strstr(text, "Game to 100 or 2 hands"));
    assert_non_null(strstr(text, "Hand 1 is in play."));
    p->ref.m.game.hand.phase = GIN_PHASE_OVER;
    gin_play_sheet_text(&p->ref.m.game, &who, text, sizeof text);
    assert_non_null(strstr(text, "Hand 1 is over; hand 2 comes next."));
    assert_null(strstr(text, "is in play"));
    close_term();
}

/* A void hand says why: the stock, or the limit of discards (the limit
 * was told as "The stock ran low" too). */
static void test_void_says_why(void **state)
{
    (void)state;
    gin_play *p = play_at(GIN_PHASE_OFFER);
    gin_game *g = &p->ref.m.game;
    gin_seating who = gin_play_seating(p);
    gin_hand_end *e = &p->ref.end;
    e->is_void = 1;
    e->hand_no = 2;
    static gin_showdown_screen scr;
    g->hand.turns = 27;
    gin_play_showdown_screen(e, g, &who, &scr);
    assert_non_null(strstr(scr.text, "The stock ran low and nobody knocked: nobody scores."));
    g->hand.turns = GIN_HAND_MAX_TURNS;
    gin_play_showdown_screen(e, g, &who, &scr);
    assert_non_null(strstr(scr.text, "The hand reached 200 discards without a knock: nobody scores."));
    assert_null(strstr(scr.text, "stock ran low"));
}

/* A title too long for the header beside the score loses the rules, not
 * the hand and the dealer, and never runs into the score (at 80 columns
 * "classic, max-hands 5, gin-bonus 20" ended "hand 1 ofYou 0/0/0"). */
static void test_header_keeps_clear_of_the_score(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_play *p = play_at(GIN_PHASE_DISCARD);
    gin_rules *r = &p->ref.m.views[p->human].rules;
    r->max_hands = 5;
    r->gin_bonus = 20;
    r->hollywood = 1;
    gin_scene t;
    gin_play_scene(p, &t);
    assert_true(gin_ui_strwidth(t.title) + gin_ui_strwidth(t.score) + 4 > 80); /* too long together */
    gin_layout l;
    gin_ui_draw_scene(&t, &l);
    int y = find(t.score);
    assert_true(y >= 0);
    const char *hdr = row(y);
    assert_non_null(strstr(hdr, "hand 1 of 5"));
    assert_non_null(strstr(hdr, "deal")); /* who deals, whole */
    assert_null(strstr(hdr, "gin-bonus"));
    const char *at = strstr(hdr, t.score);
    assert_true(at - hdr >= 2 && at[-1] == ' ' && at[-2] == ' ');
    /* Room enough: the whole title. */
    r->max_hands = 0;
    r->gin_bonus = 25;
    r->hollywood = 0;
    gin_play_scene(p, &t);
    gin_ui_draw_scene(&t, &l);
    assert_true(find(t.title) >= 0);
    close_term();
}

/* Practice: while the coach judges the player's move (a moment), the
 * table says so. */
static void test_practice_review_says_it_is_thinking(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_play *p = play_at(GIN_PHASE_DISCARD);
    static gin_record rec;
    memset(&rec, 0, sizeof rec);
    p->ref.rec = &rec;
    p->practice = 1;
    gin_layout l;
    gin_scene t;
    gin_play_scene(p, &t);
    gin_ui_draw_scene(&t, &l);
    p->table.selected = 0;
    gin_action a;
    gin_ui_input enter = {GIN_IN_KEY, GIN_KEY_ENTER, -1, -1};
    assert_int_equal(gin_play_input(p, &enter, &l, 1, &a), GIN_DO_MOVE);
    assert_int_equal(p->review.n, 1);
    int seen = 0;
    for (int y = 0; y < 24 && !seen; y++)
        seen = strstr(row(y), "The coach is judging your move...") != NULL;
    assert_true(seen);
    close_term();
}

/* A position is analysed once: after the practice review's note on the
 * player's move the coach is no longer busy on that view (the hint, the
 * note after the move and the review read the same analysis), and it is
 * busy again on a view it has not analysed. */
static void test_a_position_is_analysed_once(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    static gin_record rec;
    memset(&rec, 0, sizeof rec);
    gin_play *p = play_at(GIN_PHASE_DISCARD);
    gin_view discard = p->ref.m.views[p->human];
    p = play_at(GIN_PHASE_OFFER);
    gin_view offer = p->ref.m.views[p->human];
    p->ref.rec = &rec;
    p->practice = 1;
    gin_action legal[64];
    assert_true(gin_view_legal(&discard, legal, 64) > 1);
    gin_play_review_note(p, &discard, legal[0]);
    assert_false(gin_play_coach_busy(p, &discard));
    assert_true(gin_play_coach_busy(p, &offer));
    assert_true(gin_view_legal(&offer, legal, 64) > 1);
    gin_play_review_note(p, &offer, legal[0]);
    assert_false(gin_play_coach_busy(p, &offer));
    assert_true(gin_play_coach_busy(p, &discard)); /* the table keeps the last analysis only */
    close_term();
}

/* Practice: the coach reviews each decision; the hand's review lists those
 * that cost half a point or more, and the game's summary counts them. */
static void test_practice_review(void **state)
{
    (void)state;
    gin_play *p = play_at(GIN_PHASE_OFFER);
    static gin_record rec;
    memset(&rec, 0, sizeof rec);
    p->ref.rec = &rec;
    p->practice = 1;
    p->human = 0;
    p->bot = 1;
    p->ref.m.game.hand_no = 1;
    gin_view v = test_view_at("4C 5C 6C 7C 8C 3H 3D 3S KS AH 2D", "QS JH 9D", GIN_PHASE_DISCARD, 6);
    gin_play_review_note(p, &v, gin_action_make(GIN_ACT_DISCARD, C("6C"))); /* breaks the run */
    gin_play_review_note(p, &v, gin_action_make(GIN_ACT_KNOCK, C("KS")));   /* the best */
    assert_int_equal(p->review.n, 2);
    assert_true(p->review.items[0].cost >= GIN_COACH_CLOSE);
    assert_true(p->review.items[1].cost < GIN_COACH_CLOSE);
    static char text[4096];
    gin_seating who = gin_play_seating(p);
    gin_review_text(&p->review, &who, 1, text, sizeof text);
    assert_non_null(strstr(text, "Turn 7: you chose to"));
    assert_non_null(strstr(text, "1 of your 2 decisions cost something"));
    /* A hand with no decision of the player's (the bot ended it first)
     * says so: it said "Each of your 0 decisions ... Well played." */
    gin_review_text(&p->review, &who, 2, text, sizeof text);
    assert_string_equal(text, "You had no decision to make in this hand.\n");
    gin_play_review_close_hand(p);
    assert_int_equal(p->review.summary.decisions, 2);
    assert_int_equal(p->review.summary.accurate, 1);
    assert_int_equal(p->review.summary.n_worst, 1);
    gin_play_summary_text(p, text, sizeof text);
    assert_non_null(strstr(text, "1 of 2 decisions within 0.5 points of the best (50%)"));
    assert_non_null(strstr(text, "Biggest mistakes:"));
    assert_non_null(strstr(text, "Hand 1, turn 7"));
}

/* The move log takes the rows the window has (6 at 80x24, 12 at 120x40),
 * newest at the bottom, and scrolls back. */
static void test_move_log_fills_and_scrolls(void **state)
{
    (void)state;
    static gin_scene_line lines[30];
    for (int i = 0; i < 30; i++)
        snprintf(lines[i], sizeof lines[i], "Move number %02d.", i + 1);
    int sizes[2][2] = {{24, 80}, {40, 120}}, shown[2];
    for (int k = 0; k < 2; k++) {
        open_term(sizes[k][0], sizes[k][1], 1);
        gin_scene t;
        sample(&t);
        t.log = (const gin_scene_line *)lines;
        t.n_log = 30;
        gin_layout l;
        gin_ui_draw_scene(&t, &l);
        shown[k] = l.log.h;
        assert_true(find("Move number 30.") > 0);
        char want[32];
        snprintf(want, sizeof want, "Move number %02d.", 30 - l.log.h + 2); /* the first row has a marker */
        assert_true(find(want) > 0);
        /* scrolled back by 10: the newest is gone, older ones show */
        t.log_scroll = 10;
        gin_ui_draw_scene(&t, &l);
        assert_int_equal(find("Move number 30."), -1);
        assert_true(find("Move number 20.") > 0);
        close_term();
    }
    assert_true(shown[0] >= 6);
    assert_true(shown[1] > shown[0]);
}

/* Oklahoma's spade-double option at the showdown: the arithmetic is the
 * showdown's, then the doubling is said with the points it makes. */
static void test_showdown_spade_double(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_play *p = play_at(GIN_PHASE_OFFER);
    gin_game *g = &p->ref.m.game;
    gin_seating who = gin_play_seating(p);
    gin_hand_end *e = &p->ref.end;
    g->rules.spade_double = 1;
    e->first_upcard = C("8S");
    gin_showdown sd;
    assert_int_equal(gin_showdown_settle(&g->rules, test_cards("AS 2S 3S 4H 5H 6H 7D 8D 9D 3C"),
                                         test_cards("AC 2C 5C 7C 9C JC QS 2D 4D 6D"), 10, &sd),
                     0);
    int plain = sd.points;
    sd.points *= 2; /* as the hand scores it */
    e->sd = sd;
    e->knocker = p->human;
    e->is_void = 0;
    gin_showdown_screen scr;
    gin_play_showdown_screen(e, g, &who, &scr);
    char want[96];
    snprintf(want, sizeof want, "the difference, %d points, to you.", plain);
    assert_non_null(strstr(scr.text, want));
    snprintf(want, sizeof want, "The first upcard was a spade: the hand counts double, %d points.", 2 * plain);
    assert_non_null(strstr(scr.text, want));
    e->first_upcard = C("8H"); /* not a spade: nothing said */
    e->sd.points = plain;
    gin_play_showdown_screen(e, g, &who, &scr);
    assert_null(strstr(scr.text, "counts double"));
    /* The help says the rule is in play, and only then. */
    static char help[32768];
    gin_play_help_text(&g->rules, 2, help, sizeof help);
    assert_non_null(strstr(help, "SPADES DOUBLE"));
    assert_non_null(strstr(help, "r replays the hand"));
    g->rules.spade_double = 0;
    gin_play_help_text(&g->rules, 2, help, sizeof help);
    assert_null(strstr(help, "SPADES DOUBLE"));
    close_term();
}

/* Hollywood: the showdown's score line gives the three games, as the
 * header does (it gave game 1 only: "you 27, the bot 0" all game long). */
static void test_showdown_hollywood_score(void **state)
{
    (void)state;
    gin_play *p = play_at(GIN_PHASE_OFFER);
    gin_game *g = &p->ref.m.game;
    gin_seating who = gin_play_seating(p);
    gin_hand_end *e = &p->ref.end;
    g->rules.hollywood = 1;
    g->rules.target = 10;
    int mine[3] = {27, 16, 0}, bots[3] = {0, 0, 28};
    for (int k = 0; k < 3; k++) {
        g->hollywood[k].points[who.human] = mine[k];
        g->hollywood[k].points[who.bot] = bots[k];
    }
    g->score = g->hollywood[0];
    assert_int_equal(gin_showdown_settle(&g->rules, test_cards("AS 2S 3S 4H 5H 6H 7D 8D 9D 3C"),
                                         test_cards("AC 2C 5C 7C 9C JC QS 2D 4D 6D"), 10, &e->sd),
                     0);
    e->knocker = who.bot;
    e->is_void = 0;
    gin_showdown_screen scr;
    gin_play_showdown_screen(e, g, &who, &scr);
    assert_non_null(strstr(scr.text, "Score: you 27/16/0, the bot 0/0/28 (three games, each to 10)."));
    /* The score sheet's heading names the rules once, Hollywood with them
     * (it read "standard, target 10, hollywood on rules, game to 10,
     * Hollywood: three games at once"). */
    static char sheet[32768];
    gin_play_sheet_text(g, &who, sheet, sizeof sheet);
    assert_non_null(strstr(sheet, "Rules: standard, target 10, hollywood on. Game to 10, three games at once."));
    g->rules.hollywood = 0;
    gin_play_showdown_screen(e, g, &who, &scr);
    assert_non_null(strstr(scr.text, "Score: you 27, the bot 0 (game to 10)."));
}

/* The showdown's words at a bot's knock: "the bot knocked" from the first
 * lay-off step to the end (the step said "Bot knocked"), the rules' pick
 * of the spread in the picker's words, never "pick one when you knock"
 * right after the player's picker, and the defender's cards not laid off
 * with the reason: no meld of their rank or suit, or not next to a run. */
static void test_showdown_words(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_play *p = play_at(GIN_PHASE_OFFER);
    gin_game *g = &p->ref.m.game;
    gin_seating who = gin_play_seating(p);
    gin_hand_end *e = &p->ref.end;
    e->hand_no = 1;
    e->first_upcard = C("8H");
    assert_int_equal(gin_showdown_settle(&g->rules, test_cards("4D 5D 6D 9S 9H 9C JS QS KS 2C"),
                                         test_cards("3H 3S 3C 7H 7C 7S TS 9D 8D KH"), 10, &e->sd),
                     0);
    assert_int_equal(e->sd.n_layoffs, 2); /* T♠ on J♠ Q♠ K♠, 9♦ on the nines */
    e->knocker = who.bot;
    e->is_void = 0;
    e->spreads = 2;
    e->chosen = 0;
    static gin_showdown_screen scr;
    gin_play_showdown_step(e, g, &who, &scr, 0);
    assert_string_equal(scr.title, "Hand 1: the bot knocked");
    gin_play_showdown_screen(e, g, &who, &scr);
    assert_string_equal(scr.title, "Hand 1: the bot knocked");
    assert_non_null(strstr(scr.text, "The bot showed its melds as the rules pick (of 2 ways): least deadwood, leaving "
                                     "you the most deadwood."));
    assert_non_null(strstr(scr.text, "You could not lay off K\xe2\x99\xa5: no set of its rank or run of its suit is "
                                     "down; 8\xe2\x99\xa6: not next to 4\xe2\x99\xa6 5\xe2\x99\xa6 "
                                     "6\xe2\x99\xa6.\n"));
    gin_ui_draw_showdown(&scr);
    assert_true(find("Score: you") > 0); /* the whole text on the screen at 80x24 */
    /* The same hands, the player the knocker, who took the rules' line in
     * the picker. */
    e->knocker = who.human;
    gin_play_showdown_screen(e, g, &who, &scr);
    assert_non_null(strstr(scr.text, "You let the rules pick how to show your melds (of 2 ways): least deadwood, "
                                     "leaving the bot the most deadwood."));
    assert_null(strstr(scr.text, "pick one when you knock"));
    assert_non_null(strstr(scr.text, "The bot could not lay off K\xe2\x99\xa5"));
    /* Gin: no lay-offs, so nothing is said of them. */
    assert_int_equal(gin_showdown_settle(&g->rules, test_cards("3H 3S 3C 7H 7C 7D 8S 9S TS JS"),
                                         test_cards("4C 5D 6D 9H 9C 9D QS KS KH 2C"), 10, &e->sd),
                     0);
    gin_play_showdown_screen(e, g, &who, &scr);
    assert_null(strstr(scr.text, "could not lay off"));
    close_term();
}

/* Oklahoma, first upcard a two: a knock only at deadwood 2 or less (the
 * issue saw one offered at 65). The table's choices, the key line and the
 * core's legal moves agree. */
static void test_oklahoma_limit_2_no_knock(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_view v = test_view_at("KS QH JD TC 9S 8H 7D 6C 5S 4H KD", "2C", GIN_PHASE_DISCARD, 3);
    assert_int_equal(gin_rules_preset("oklahoma", &v.rules), 0);
    v.first_upcard = C("2C");
    v.knock_limit = gin_rules_knock_limit(&v.rules, v.first_upcard);
    assert_int_equal(v.knock_limit, 2);
    gin_table_choice o;
    gin_table_options(&v, &o);
    assert_int_equal(o.limit, 2);
    assert_true(o.least > 2);
    assert_false(o.knock);
    assert_false(o.gin);
    gin_action legal[GIN_LEGAL_MAX];
    int n = gin_view_legal(&v, legal, GIN_LEGAL_MAX);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(legal[i].kind, GIN_ACT_KNOCK);
    /* At deadwood 2 the knock is there. */
    gin_view w = test_view_at("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C KC", "3D", GIN_PHASE_DISCARD, 3);
    w.rules = v.rules;
    w.knock_limit = 2;
    gin_table_options(&w, &o);
    assert_true(o.knock);
    assert_int_equal(o.least, 2);
    close_term();
}

/* Every meld's cards side by side in the table's order. */
static void assert_melds_together(const gin_table *p, gin_cardset held)
{
    gin_arrangement ar;
    assert_int_equal(gin_arrange(held, &ar), 0);
    for (int m = 0; m < ar.n_melds; m++) {
        int first = -1, last = -1;
        for (int i = 0; i < p->n_order; i++)
            if (gin_cardset_has(ar.melds[m], p->order[i])) {
                if (first < 0)
                    first = i;
                last = i;
            }
        assert_int_equal(last - first + 1, gin_cardset_count(ar.melds[m]));
    }
}

/* Melds stay together and labelled whatever the order: by melds, rank,
 * suit, and the player's own (moving a meld card moves the meld). */
static void test_sorts_keep_melds_together(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_play *pl = play_at(GIN_PHASE_DISCARD);
    gin_table *p = &pl->table;
    /* a four-card run, a set, deadwood of every rank in between */
    gin_cardset held = test_cards("3H 4H 5H 6H 9S 9D 9C AS KC 2D QH");
    pl->ref.m.views[pl->human].hand = held;
    for (int sort = GIN_SORT_MELDS; sort <= GIN_SORT_MANUAL; sort++) {
        p->sort = sort;
        p->n_order = 0;
        gin_table_sync_hand(p, held);
        assert_int_equal(p->n_order, 11);
        assert_melds_together(p, held);
        gin_scene t;
        gin_play_scene(pl, &t);
        gin_layout l;
        gin_ui_draw_scene(&t, &l);
        int y = find("run");
        assert_true(y > 0);
        assert_non_null(strstr(row(y), "set")); /* both melds labelled on the bracket row */
        const char *r = row(y);
        int runs = 0;
        for (const char *q = r; (q = strstr(q, " run ")) != NULL; q++)
            runs++;
        assert_int_equal(runs, 1); /* one bracket for the four-card run, not four */
    }
    /* By rank: the 9s set sits by its rank, after the low run. */
    p->sort = GIN_SORT_RANK;
    p->n_order = 0;
    gin_table_sync_hand(p, held);
    assert_int_equal(p->order[0], C("AS"));
    /* By hand: moving a card of the run moves the run past its neighbour. */
    p->sort = GIN_SORT_MANUAL;
    int i4 = -1;
    for (int i = 0; i < p->n_order; i++)
        if (p->order[i] == C("4H"))
            i4 = i;
    assert_true(i4 >= 0);
    p->selected = i4;
    /* by rank: AS 2D [3H 4H 5H 6H] ...; the run goes left past the 2D */
    assert_int_equal(p->order[1], C("2D"));
    assert_int_equal(p->order[2], C("3H"));
    gin_table_move_block(p, held, -1);
    assert_melds_together(p, held);
    assert_int_equal(p->order[p->selected], C("4H"));
    assert_int_equal(p->order[1], C("3H"));
    assert_int_equal(p->order[5], C("2D"));
    close_term();
}

/* The cards of a list, in its order. */
static int order_of(const char *text, gin_card *cards)
{
    int n = 0;
    gin_card c;
    for (const char *t = text; gin_card_parse(t, &c, &t) == GIN_OK;)
        cards[n++] = c;
    return n;
}

/* A saved game's own order of the hand: shown when it is the hand held
 * (sorted by hand, the picked card kept, a meld kept together), left
 * alone when it is another hand's. */
static void test_restore_order(void **state)
{
    (void)state;
    gin_play *pl = play_at(GIN_PHASE_DISCARD);
    gin_table *p = &pl->table;
    gin_cardset held = test_cards("3H 4H 5H 6H 9S 9D 9C AS KC 2D QH");
    p->sort = GIN_SORT_MELDS;
    p->n_order = 0;
    gin_table_sync_hand(p, held);
    p->selected = gin_table_index_of(p, C("4H"));
    gin_table before = *p;
    static const char *const other[] = {"KC 9S 9D 9C 3H 4H 5H 6H AS 2D", "KC 9S 9D 9C 3H 4H 5H 6H AS 2D QH JH",
                                        "KC 9S 9D 9C 3H 4H 5H 6H AS 2D 2D"};
    for (int k = 0; k < 3; k++) {
        gin_card c[12];
        assert_int_equal(gin_table_restore_order(p, held, c, order_of(other[k], c)), -1);
        assert_memory_equal(p, &before, sizeof before);
    }
    /* The run written apart (a hand-made save): shown together. */
    gin_card mine[11];
    assert_int_equal(order_of("KC 9S 9D 9C 3H QH 4H 5H 6H AS 2D", mine), 11);
    assert_int_equal(gin_table_restore_order(p, held, mine, 11), 0);
    assert_int_equal(p->sort, GIN_SORT_MANUAL);
    assert_int_equal(p->n_order, 11);
    assert_melds_together(p, held);
    assert_int_equal(p->order[0], C("KC"));
    assert_int_equal(p->order[4], C("3H"));
    assert_int_equal(p->order[8], C("QH"));
    assert_int_equal(p->order[p->selected], C("4H"));
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
                    gin_scene t;
                    gin_play_scene(p, &t);
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
                    gin_ui_draw_scene(&t, &l);
                    assert_non_null(strstr(row(23), "q quit"));
                    close_term();
                }
    open_term(40, 120, 1);
    gin_scene t;
    gin_play_scene(play_at(GIN_PHASE_DISCARD), &t);
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
    gin_game *g = &p->ref.m.game;
    int me = p->human, bot = p->bot;
    g->results[0] = hs(me, 17, GIN_RESULT_KNOCK);
    g->results[1] = hs(-1, 0, 0);
    g->results[2] = hs(bot, 31, GIN_RESULT_GIN);
    g->n_results = 3;
    assert_int_equal(gin_score_game(&g->rules, g->results, 3, &g->score), 0);
    gin_play_sheet_text(&p->ref.m.game, &(gin_seating){p->human, p->bot, 2}, text, sizeof text);
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
    gin_play_sheet_text(&p->ref.m.game, &(gin_seating){p->human, p->bot, 2}, text, sizeof text);
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

    /* Game over with both on the board: the final scores and the true
     * margin, not the winner's total called a margin. */
    open_term(24, 80, 1);
    p = play_at(GIN_PHASE_OFFER);
    g = &p->ref.m.game;
    me = p->human;
    bot = p->bot;
    g->results[0] = hs(me, 60, GIN_RESULT_KNOCK);
    g->results[1] = hs(bot, 20, GIN_RESULT_KNOCK);
    g->results[2] = hs(me, 45, GIN_RESULT_GIN);
    g->n_results = 3;
    assert_int_equal(gin_score_game(&g->rules, g->results, 3, &g->score), 0);
    g->over = 1;
    char want[128];
    snprintf(want, sizeof want, "You win the game, %d to %d (by %d), after 3 hands.", g->score.total[me],
             g->score.total[bot], g->score.total[me] - g->score.total[bot]);
    assert_true(g->score.total[bot] > 0 && g->score.total[me] > g->score.total[bot]);
    gin_play_gameover_text(p, title, sizeof title, text, sizeof text);
    assert_non_null(strstr(text, want));
    /* A game to a number of hands ends short of the target: the same. */
    g->rules.max_hands = 2;
    g->n_results = 2;
    assert_int_equal(gin_score_game(&g->rules, g->results, 2, &g->score), 0);
    assert_true(g->score.over);
    snprintf(want, sizeof want, "You win the game, %d to %d (by %d), after 2 hands.", g->score.total[me],
             g->score.total[bot], g->score.total[me] - g->score.total[bot]);
    gin_play_gameover_text(p, title, sizeof title, text, sizeof text);
    assert_non_null(strstr(text, want));
    close_term();

    /* Hollywood: three columns per player; the second hand you win counts
     * in games 1 and 2. */
    open_term(24, 80, 1);
    p = play_at(GIN_PHASE_OFFER);
    g = &p->ref.m.game;
    g->rules.hollywood = 1;
    me = p->human;
    g->results[0] = hs(me, 20, GIN_RESULT_KNOCK);
    g->results[1] = hs(me, 15, GIN_RESULT_KNOCK);
    g->n_results = 2;
    assert_int_equal(gin_score_hollywood(&g->rules, g->results, 2, g->hollywood), 0);
    gin_play_sheet_text(&p->ref.m.game, &(gin_seating){p->human, p->bot, 2}, text, sizeof text);
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
    gin_scene t;
    sample(&t);
    snprintf(t.message, sizeof t.message,
             "Quit? The game is saved for next time. y: save and quit, any other key: play on.");
    gin_ui_draw_scene(&t, NULL);
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
    gin_scene t;
    sample(&t);
    snprintf(t.message, sizeof t.message,
             "You can't knock: your least deadwood after a throw is 14, over this "
             "hand's limit of 10. LASTWORD");
    gin_layout l;
    gin_ui_draw_scene(&t, &l);
    assert_int_equal(find("You can't knock"), 21);
    assert_int_equal(find("LASTWORD"), 22);
    assert_true(l.number_y < 21);
    close_term();
}

/* A ring of `seats` mid-hand: your eight cards after a draw, the bots
 * around you with known cards, penalties and last moves; Bot 2 to move
 * (four seats) and Bot 3 the dealer. */
static void sample_seats(gin_scene *t, int seats)
{
    gin_scene_clear(t);
    snprintf(t->title, sizeof t->title, "gin \xc2\xb7 standard \xc2\xb7 %d players \xc2\xb7 to 100 \xc2\xb7 hand 2",
             seats);
    snprintf(t->score, sizeof t->score, "your penalty 26");
    t->seats = seats;
    t->n_opps = seats - 1;
    static const char *const names[] = {"Bot 1 (hard)", "Bot 2 (hard)", "Bot 3 (hard)"};
    static const int pts[] = {4, 27, 0};
    for (int i = 0; i < seats - 1; i++) {
        gin_scene_seat *o = &t->opps[i];
        snprintf(o->name, sizeof o->name, "%s", names[i]);
        o->count = 7;
        o->points = pts[i];
        snprintf(o->last, sizeof o->last, "threw %s",
                 i == 0   ? "K\xe2\x99\xa0"
                 : i == 1 ? "Q\xe2\x99\xa5"
                          : "J\xe2\x99\xa3");
    }
    t->opps[0].known = gin_cardset_of(C("QC")) | gin_cardset_of(C("9D"));
    t->opps[seats - 2].dealer = 1;
    t->opps[seats == 4 ? 1 : 0].turn = 1;
    t->stock_n = 23;
    t->pile_n = 6;
    t->discard_top = C("9H");
    const char *cards[] = {"3H", "4H", "5H", "7S", "7D", "7C", "TH", "KC"};
    int group[] = {0, 0, 0, 1, 1, 1, -1, -1};
    t->n = 8;
    for (int i = 0; i < 8; i++) {
        t->cards[i] = C(cards[i]);
        t->group[i] = group[i];
    }
    t->group_is_set[1] = 1;
    t->selected = 7;
    t->deadwood = 20;
    t->knock_limit = 10;
    snprintf(t->hand_note, sizeof t->hand_note, "You \xc2\xb7 deadwood 20 \xc2\xb7 knock at 10 or less");
    static gin_scene_line log4[3];
    snprintf(log4[0], sizeof log4[0], "Bot 1 threw K\xe2\x99\xa0.");
    snprintf(log4[1], sizeof log4[1], "Bot 2 drew from the stock.");
    snprintf(log4[2], sizeof log4[2], "Bot 2 threw Q\xe2\x99\xa5.");
    t->log = (const gin_scene_line *)log4;
    t->n_log = 3;
    snprintf(t->message, sizeof t->message, "Bot 2 threw Q\xe2\x99\xa5. (any key: skip the pause)");
    snprintf(t->keys, sizeof t->keys, "any key: skip the pause  ? help  q quit");
}

static int rects_overlap(gin_rect a, gin_rect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Every part of the table inside the window and apart from the others. */
static void check_seats_layout(const gin_scene *t, const gin_layout *l, int cols, int lines)
{
    assert_false(l->too_small);
    assert_int_equal(l->n_boxes, t->n_opps);
    gin_rect hand = {l->hand_label_y, 0, l->number_y - l->hand_label_y + 1, cols};
    gin_rect logr = l->log;
    gin_rect piles = {l->pile_label_y, l->stock.x, l->card_h + 1, l->discard.x + l->card_w - l->stock.x};
    for (int i = 0; i < l->n_boxes; i++) {
        gin_rect b = l->box[i];
        assert_true(b.x >= 0 && b.y > l->header_y && b.x + b.w <= cols && b.y + b.h <= l->msg_y);
        assert_false(rects_overlap(b, hand));
        assert_false(rects_overlap(b, logr));
        assert_false(rects_overlap(b, piles));
        for (int j = 0; j < i; j++)
            assert_false(rects_overlap(b, l->box[j]));
    }
    assert_false(rects_overlap(piles, logr));
    assert_false(rects_overlap(logr, hand));
    assert_true(l->number_y < l->msg_y && l->msg_y == lines - 2 && l->keys_y == lines - 1);
    for (int i = 0; i < t->n; i++)
        assert_true(l->hand_x[i] >= 0 && l->hand_x[i] + l->card_w <= cols);
}

static void test_table_4_seats_80x24(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_scene t;
    sample_seats(&t, 4);
    gin_layout l;
    gin_ui_draw_scene(&t, &l);
    check_seats_layout(&t, &l, 80, 24);
    assert_int_equal(l.card_h, 3);
    assert_int_equal(find("4 players"), 0);
    assert_non_null(strstr(row(0), "your penalty 26"));
    /* Left, top, right: Bot 1 and Bot 3 on one row, Bot 2 above them. */
    int y1 = find("Bot 1 (hard)"), y2 = find("Bot 2 (hard)"), y3 = find("Bot 3 (hard)");
    assert_true(y1 > 0 && y2 > 0 && y3 > 0);
    assert_int_equal(y1, y3);
    assert_true(y2 < y1);
    assert_true(strstr(row(y1), "Bot 1") < strstr(row(y1), "Bot 3"));
    /* The player to move is marked; the dealer's box says so. */
    assert_non_null(strstr(row(y2), "\xe2\x96\xb6 Bot 2"));
    assert_null(strstr(row(y1), "\xe2\x96\xb6"));
    assert_non_null(strstr(row(l.box[2].y + l.box[2].h - 1), "dealer"));
    /* Counts, penalties, known cards face up, last moves. */
    assert_non_null(strstr(row(l.box[0].y + 1), "7 cards \xc2\xb7 4 pts"));
    assert_non_null(strstr(row(l.box[1].y + 1), "7 cards \xc2\xb7 27 pts"));
    assert_non_null(strstr(row(l.box[0].y + 2),
                           "\xe2\x96\x91\xe2\x96\x91\xe2\x96\x91\xe2\x96\x91\xe2\x96\x91 9\xe2\x99\xa6 Q\xe2\x99\xa3"));
    assert_non_null(strstr(row(l.box[0].y + 3), "threw K\xe2\x99\xa0"));
    assert_non_null(strstr(row(l.box[1].y + 3), "threw Q\xe2\x99\xa5"));
    /* Piles between the side boxes, the log under them, your eight cards. */
    assert_true(find("Stock 23") == l.pile_label_y);
    assert_non_null(strstr(row(l.discard.y + 1), "9 \xe2\x99\xa5"));
    assert_true(find("Bot 2 drew from the stock.") == l.log.y + 1);
    assert_non_null(strstr(row(l.hand_y + 1), "K \xe2\x99\xa3"));
    assert_non_null(strstr(row(l.bracket_y), "set"));
    assert_int_equal(find("Bot 2 threw Q\xe2\x99\xa5. (any key"), 22);
    assert_int_equal(find("q quit"), 23);
    close_term();
}

static void test_table_3_seats_80x24_and_ascii(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_scene t;
    sample_seats(&t, 3);
    gin_layout l;
    gin_ui_draw_scene(&t, &l);
    check_seats_layout(&t, &l, 80, 24);
    int y1 = find("Bot 1 (hard)"), y2 = find("Bot 2 (hard)");
    assert_true(y1 > 0);
    assert_int_equal(y1, y2); /* left and right, nobody on top */
    assert_int_equal(find("Bot 3"), -1);
    assert_non_null(strstr(row(y1), "\xe2\x96\xb6 Bot 1"));
    assert_true(l.box[0].x < l.stock.x && l.discard.x + l.card_w < l.box[1].x);
    close_term();
    /* Without UTF-8: letters for suits, '#' backs, '>' for the turn. */
    open_term(24, 80, 0);
    gin_ui_draw_scene(&t, &l);
    assert_non_null(strstr(row(l.box[0].y), "> Bot 1 (hard)"));
    assert_non_null(strstr(row(l.box[0].y + 2), "##### 9D QC"));
    assert_non_null(strstr(row(l.box[0].y + 1), "7 cards - 4 pts"));
    assert_int_equal(find("\xe2\x99\xa5"), -1);
    close_term();
}

static void test_table_4_seats_120x40(void **state)
{
    (void)state;
    open_term(40, 120, 1);
    gin_scene t;
    sample_seats(&t, 4);
    gin_layout l;
    gin_ui_draw_scene(&t, &l);
    check_seats_layout(&t, &l, 120, 40);
    assert_int_equal(l.card_h, 5);
    assert_int_equal(l.box[0].w, 30);
    assert_non_null(strstr(row(l.hand_y + 2), "\xe2\x99\xa5")); /* big cards: suit in the middle */
    assert_true(find("Bot 2 (hard)") < find("Bot 1 (hard)"));
    assert_int_equal(find("Bot 2 threw Q\xe2\x99\xa5. (any"), 38);
    close_term();
}

/* Every window size from the minimum up keeps the parts apart and inside,
 * and the clicks still land on the piles and cards. */
static void test_table_layout_sizes(void **state)
{
    (void)state;
    for (int seats = 3; seats <= 4; seats++) {
        gin_scene t;
        sample_seats(&t, seats);
        for (int cols = 80; cols <= 200; cols += 7)
            for (int lines = 24; lines <= 60; lines += 3) {
                gin_layout l;
                gin_layout_scene(cols, lines, &t, &l);
                check_seats_layout(&t, &l, cols, lines);
                int card = -1;
                assert_int_equal(gin_layout_hit(&l, &t, l.stock.y + 1, l.stock.x + 1, &card), GIN_HIT_STOCK);
                assert_int_equal(gin_layout_hit(&l, &t, l.discard.y + 1, l.discard.x + 1, &card), GIN_HIT_DISCARD);
                assert_int_equal(gin_layout_hit(&l, &t, l.hand_y + 1, l.hand_x[7] + 1, &card), GIN_HIT_CARD);
                assert_int_equal(card, 7);
            }
        gin_layout l;
        gin_layout_scene(79, 24, &t, &l);
        assert_true(l.too_small);
    }
}

/* The table's showdown: every seat's row, the knocker's melds with the
 * cards laid on them marked, a defender's own lay-offs, the text. */
static void test_table_showdown_screen(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    gin_showdown_screen s;
    memset(&s, 0, sizeof s);
    snprintf(s.title, sizeof s.title, "Hand 4: Bot 2 knocked, and was undercut");
    s.seats = 4;
    gin_showdown_seat *k = &s.seat[0];
    snprintf(k->label, sizeof k->label, "Bot 2 \xc2\xb7 knocked \xc2\xb7 deadwood 8 \xc2\xb7 takes 13");
    k->n_melds = 2;
    k->melds[0] = gin_cardset_of(C("2S")) | gin_cardset_of(C("2C")) | gin_cardset_of(C("2D"));
    k->melds[1] = gin_cardset_of(C("5H")) | gin_cardset_of(C("6H")) | gin_cardset_of(C("7H"));
    k->laid[1] = gin_cardset_of(C("8H"));
    k->unmatched = gin_cardset_of(C("8C"));
    snprintf(s.seat[1].label, sizeof s.seat[1].label,
             "Bot 3 \xc2\xb7 deadwood 8 (16 before lay-offs) \xc2\xb7 takes 3");
    s.seat[1].n_melds = 1;
    s.seat[1].melds[0] = gin_cardset_of(C("TC")) | gin_cardset_of(C("TD")) | gin_cardset_of(C("TS"));
    s.seat[1].unmatched = gin_cardset_of(C("8S"));
    s.seat[1].laid_off = gin_cardset_of(C("8H"));
    snprintf(s.seat[2].label, sizeof s.seat[2].label, "You \xc2\xb7 deadwood 5 \xc2\xb7 wins the hand, takes 0");
    s.seat[2].unmatched = gin_cardset_of(C("AH")) | gin_cardset_of(C("AD")) | gin_cardset_of(C("3C"));
    snprintf(s.seat[3].label, sizeof s.seat[3].label, "Bot 1 \xc2\xb7 deadwood 36 \xc2\xb7 takes 31");
    s.seat[3].unmatched = gin_cardset_of(C("KS")) | gin_cardset_of(C("QH"));
    snprintf(s.text, sizeof s.text,
             "Undercut! Bot 2 knocked with deadwood 8, but you have 5: you win the hand.\n"
             "  Bot 2 (knocker): 8 - 5 + undercut penalty 10 = 13\n  Bot 3: 8 - 5 = 3\n"
             "  You: wins the hand, takes 0\n  Bot 1: 36 - 5 = 31\n"
             "Lay-offs (marked +) go only onto the knocker's own melds.\n"
             "Penalty totals: you 26, Bot 1 35, Bot 2 40, Bot 3 3 (game to 100; the lowest total wins).");
    snprintf(s.footer, sizeof s.footer, "Enter: next hand   t: score sheet");
    gin_ui_draw_showdown(&s);
    assert_int_equal(find("Hand 4: Bot 2 knocked"), 0);
    int yk = find("Bot 2 \xc2\xb7 knocked"), y3 = find("Bot 3 \xc2\xb7 deadwood 8"),
        yy = find("You \xc2\xb7 deadwood 5"), y1 = find("Bot 1 \xc2\xb7 deadwood 36");
    assert_true(yk > 0 && yk < y3 && y3 < yy && yy < y1);
    assert_non_null(strstr(row(yk + 1), "[2\xe2\x99\xa0 2\xe2\x99\xa6 2\xe2\x99\xa3]"));
    assert_non_null(strstr(row(yk + 1), "[5\xe2\x99\xa5 6\xe2\x99\xa5 7\xe2\x99\xa5 +8\xe2\x99\xa5]"));
    assert_non_null(strstr(row(y3 + 1), "laid off +8\xe2\x99\xa5"));
    assert_non_null(strstr(row(yy + 1), "deadwood A\xe2\x99\xa5 A\xe2\x99\xa6 3\xe2\x99\xa3"));
    assert_true(find("Undercut!") > y1);
    assert_true(find("8 - 5 + undercut penalty 10 = 13") > 0);
    assert_true(find("36 - 5 = 31") > 0);
    assert_true(find("(game to 100; the lowest") > 0);
    assert_true(find("total wins).") > 0);
    assert_int_equal(find("Enter: next hand"), 23);
    close_term();
}

static gin_cardset CS(const char *list)
{
    gin_cardset s = 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        s |= gin_cardset_of(C(tok));
    return s;
}

/* Each preset's rules on the help page fit 80 columns as written: the page
 * wraps a longer line with a hanging indent, which broke classic's scoring
 * line mid-sentence ("only without a" / "shutout;" / "a shutout doubles")
 * and oklahoma's and straight's first lines at 80x24. The page's text is
 * the window less 4 columns of margin. */
static void test_help_rules_fit_80(void **state)
{
    (void)state;
    static const char *presets[] = {"standard", "classic", "oklahoma", "straight"};
    static char help[32768];
    for (size_t i = 0; i < sizeof presets / sizeof *presets; i++) {
        gin_rules r;
        assert_int_equal(gin_rules_preset(presets[i], &r), 0);
        gin_play_help_text(&r, 2, help, sizeof help);
        char *keys = strstr(help, "KEYS\n");
        assert_non_null(keys);
        *keys = '\0'; /* the rules alone: the key list has its own hanging indents */
        int lines = 0;
        for (const char *c = help; *c; c++)
            lines += *c == '\n';
        help[strlen(help) - 1] = '\0'; /* the last line's newline: no row after it */
        if (gin_ui_wrap(help, 80 - 4, NULL, NULL) != lines)
            fail_msg("%s: a line of the rules wraps at 80 columns:\n%s", presets[i], help);
    }
}

/* A table of four's score sheet at 80x24: four column pairs of three-digit
 * totals beside the longest result stay on one screen row per hand (the
 * page wraps what is wider than its text, which would split a hand). */
static void test_four_player_sheet_fits(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    static gin_game g;
    memset(&g, 0, sizeof g);
    assert_int_equal(gin_rules_preset("standard", &g.rules), 0);
    assert_int_equal(gin_rules_ring(&g.rules, 4), 0);
    gin_seating who = {0, 1, 4};
    static const gin_hand_score hands[] = {
        {3, 160, GIN_RESULT_BIG_GIN, {61, 45, 54, 0}},
        {-1, 0, 0, {0}},
        {1, 95, GIN_RESULT_UNDERCUT, {48, 0, 38, 9}},
        {2, 70, GIN_RESULT_KNOCK, {9, 51, 0, 10}},
    };
    g.n_results = 4;
    memcpy(g.results, hands, sizeof hands);
    assert_int_equal(gin_score_game(&g.rules, g.results, 4, &g.score), 0);
    static char text[8192];
    gin_play_sheet_text(&g, &who, text, sizeof text);
    gin_ui_draw_text("Score sheet", text, "Enter: back", 0);
    int head = find("Hand  Won by");
    assert_true(head > 0);
    int y = find("You        Bot 1        Bot 2        Bot 3");
    assert_int_equal(y, head - 1);
    assert_non_null(strstr(row(head), "hand total   hand total   hand total   hand total"));
    assert_int_equal(find("   1  Bot 3: big gin"), head + 1);
    assert_non_null(strstr(row(head + 1), "   61    61     45    45     54    54      0     0"));
    assert_non_null(strstr(row(head + 2), "void (no score)         -    61      -    45      -    54      -     0"));
    assert_non_null(strstr(row(head + 3), "Bot 1: undercut        48   109      0    45     38    92      9     9"));
    assert_non_null(strstr(row(head + 4), "Bot 2: knock            9   118     51    96      0    92     10    19"));
    close_term();
}

/* The texts of a ring from a real settlement: docs/rules.md, worked
 * example 4 (three players; you knock with 8, Bot 1 undercuts with 6). */
static void test_table_texts(void **state)
{
    (void)state;
    open_term(24, 80, 1);
    static gin_play p;
    memset(&p, 0, sizeof p);
    gin_rules r;
    assert_int_equal(gin_rules_preset("standard", &r), 0);
    assert_int_equal(gin_rules_ring(&r, 3), 0);
    p.rules = r;
    p.human = 0;
    p.bot = 1;
    p.level = gin_play_bot_of("hard");
    gin_game *g = &p.ref.m.game;
    gin_seating who = {0, 1, 3};
    gin_hand_end *e = &p.ref.end;
    e->hand_no = 1;
    g->rules = r;
    g->hand_no = 1;
    gin_cardset held[3] = {CS("2S 2C 2D 5H 6H 7H 8C"), CS("9S 9H 9D 9C AH AD 4D"), CS("KS KD KC QH JD TC 8D")};
    assert_int_equal(gin_showdown_settle_ring(&r, held, 3, 0, 10, &e->ring), 0);
    assert_string_equal(gin_play_rules_base(gin_play_rules_of(&p), NULL), "standard");
    assert_string_equal(gin_seat_name(&who, 2), "Bot 2");
    /* The hand's score as the game keeps it. */
    g->n_results = 1;
    g->results[0] = (gin_hand_score){1, e->ring.total, GIN_RESULT_UNDERCUT, {0}};
    memcpy(g->results[0].penalty, e->ring.penalty, sizeof e->ring.penalty);
    assert_int_equal(gin_score_game(&r, g->results, 1, &g->score), 0);
    static gin_showdown_screen s;
    e->knocker = 0;
    gin_play_showdown_screen(e, g, &who, &s);
    assert_int_equal(s.seats, 3);
    assert_non_null(strstr(s.title, "you knocked, and were undercut"));
    assert_non_null(strstr(s.seat[0].label, "You"));
    assert_non_null(strstr(s.seat[0].label, "takes 12"));
    assert_non_null(strstr(s.seat[1].label, "Bot 1"));
    assert_non_null(strstr(s.seat[1].label, "wins the hand"));
    assert_non_null(strstr(s.text, "Undercut! You knocked with deadwood 8, but Bot 1 has 6"));
    assert_non_null(strstr(s.text, "You (knocker): 8 - 6 + undercut penalty 10 = 12"));
    assert_non_null(strstr(s.text, "Bot 2: 38 - 6 = 32"));
    assert_non_null(strstr(s.text, "Penalty totals: you 12, Bot 1 0, Bot 2 32"));
    gin_ui_draw_showdown(&s);
    assert_true(find("8 - 6 + undercut penalty 10 = 12") > 0);
    assert_true(find("[9\xe2\x99\xa0 9\xe2\x99\xa5 9\xe2\x99\xa6 9\xe2\x99\xa3]") > 0);

    /* The score sheet: a row per hand, a column pair per seat. */
    static char text[8192];
    gin_play_sheet_text(g, &who, text, sizeof text);
    assert_non_null(strstr(text, "Rules: standard. 3 players, game to 100 penalty points."));
    assert_non_null(strstr(text, "Bot 1: undercut"));
    assert_non_null(strstr(text, "   12    12      0     0     32    32"));

    /* Game over: the lowest total wins, spelled out. */
    g->n_results = 2;
    g->results[1] = (gin_hand_score){1, 82, GIN_RESULT_KNOCK, {10, 0, 72}};
    assert_int_equal(gin_score_game(&r, g->results, 2, &g->score), 0);
    assert_true(g->score.over);
    g->over = 1;
    char title[GIN_UI_LINE];
    gin_play_gameover_text(&p, title, sizeof title, text, sizeof text);
    assert_string_equal(title, "Game over: Bot 1 wins");
    assert_non_null(strstr(text, "Bot 2 reached 104 penalty points"));
    assert_non_null(strstr(text, "1. Bot 1      0   wins"));
    assert_non_null(strstr(text, "3. Bot 2    104"));
    assert_non_null(strstr(text, "not counted in the statistics"));
    g->results[1] = (gin_hand_score){0, 84, GIN_RESULT_KNOCK, {0, 12, 72}}; /* 12, 12, 104: a tie */
    assert_int_equal(gin_score_game(&r, g->results, 2, &g->score), 0);
    gin_play_gameover_text(&p, title, sizeof title, text, sizeof text);
    assert_string_equal(title, "Game over: a tie for the lowest total");
    assert_non_null(strstr(text, "a drawn game"));
    /* The pile names who threw each card and who took it back, and lines
     * its columns up whatever the card's width (10s are three columns). */
    p.table.n_pile_log = 4;
    p.table.pile_log[0] = (gin_pile_entry){C("5S"), -1, GIN_PILE_STAYS, 0};
    p.table.pile_log[1] = (gin_pile_entry){C("TD"), 2, 1, 0};
    p.table.pile_log[2] = (gin_pile_entry){C("KD"), 2, GIN_PILE_STAYS, 0};
    p.table.pile_log[3] = (gin_pile_entry){C("9C"), 0, GIN_PILE_STAYS, 0};
    gin_table_pile_text(&p.table, &p.ref.m.views[0], &who, text, sizeof text);
    assert_non_null(strstr(text, "thrown by Bot 2, taken by Bot 1"));
    assert_non_null(strstr(text, "thrown by you   (top)"));
    assert_non_null(strstr(text, "in the taker's box"));
    /* every line's description starts in the same column */
    int col = -1;
    for (const char *q = text; *q;) {
        const char *nl = strchr(q, '\n');
        if (!nl || nl == q)
            break;
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(nl - q), q);
        char *w = strstr(line, "the first") ? strstr(line, "the first") : strstr(line, "thrown");
        assert_non_null(w);
        *w = '\0';
        int c = gin_ui_strwidth(line);
        assert_true(col < 0 || c == col);
        col = c;
        q = nl + 1;
    }
    close_term();
}

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_color_env),
        cmocka_unit_test(test_table_80x24_utf8),
        cmocka_unit_test(test_table_120x40_big_cards),
        cmocka_unit_test(test_table_ascii),
        cmocka_unit_test(test_cards_text),
        cmocka_unit_test(test_tiny_window),
        cmocka_unit_test(test_showdown_screen),
        cmocka_unit_test(test_game_over_text_screen),
        cmocka_unit_test(test_layout_and_hits),
        cmocka_unit_test(test_text_page_wraps),
        cmocka_unit_test(test_long_footer_keeps_scroll),
        cmocka_unit_test(test_deadwood_label_once_and_whole),
        cmocka_unit_test(test_key_line_fits),
        cmocka_unit_test(test_quit_at_the_offer_changes_nothing),
        cmocka_unit_test(test_sorts_keep_melds_together),
        cmocka_unit_test(test_restore_order),
        cmocka_unit_test(test_practice_review),
        cmocka_unit_test(test_practice_review_says_it_is_thinking),
        cmocka_unit_test(test_a_position_is_analysed_once),
        cmocka_unit_test(test_max_hands_header_and_sheet),
        cmocka_unit_test(test_move_log_fills_and_scrolls),
        cmocka_unit_test(test_showdown_spade_double),
        cmocka_unit_test(test_showdown_hollywood_score),
        cmocka_unit_test(test_header_keeps_clear_of_the_score),
        cmocka_unit_test(test_void_says_why),
        cmocka_unit_test(test_showdown_words),
        cmocka_unit_test(test_oklahoma_limit_2_no_knock),
        cmocka_unit_test(test_score_sheet),
        cmocka_unit_test(test_tiny_window_centred),
        cmocka_unit_test(test_long_message_wraps),
        cmocka_unit_test(test_table_4_seats_80x24),
        cmocka_unit_test(test_table_3_seats_80x24_and_ascii),
        cmocka_unit_test(test_table_4_seats_120x40),
        cmocka_unit_test(test_table_layout_sizes),
        cmocka_unit_test(test_table_showdown_screen),
        cmocka_unit_test(test_table_texts),
        cmocka_unit_test(test_four_player_sheet_fits),
        cmocka_unit_test(test_help_rules_fit_80),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
