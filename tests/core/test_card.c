/* Cards: every accepted and rejected notation, error positions, formatting,
 * deadwood values, and a crash-free sweep over arbitrary bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gin/card.h"
#include "gin/error.h"

static gin_card parse1(const char *text)
{
    gin_card c = GIN_NO_CARD;
    const char *end = NULL;
    int status = gin_card_parse(text, &c, &end);
    assert_int_equal(status, GIN_OK);
    return c;
}

static void test_every_rank_and_suit_letter(void **state)
{
    (void)state;
    const char *ranks = "A23456789TJQK";
    const char *suits = "SHDC";
    for (int r = 0; r < 13; r++)
        for (int s = 0; s < 4; s++) {
            char up[3] = {ranks[r], suits[s], 0};
            char low[3] = {(char)(ranks[r] | 0x20), (char)(suits[s] | 0x20), 0};
            char mixed[3] = {ranks[r], (char)(suits[s] | 0x20), 0};
            assert_int_equal(parse1(up), gin_card_make(r, s));
            assert_int_equal(parse1(low), gin_card_make(r, s));
            assert_int_equal(parse1(mixed), gin_card_make(r, s));
        }
    assert_int_equal(parse1("10S"), gin_card_make(9, GIN_SPADES));
    assert_int_equal(parse1("10h"), gin_card_make(9, GIN_HEARTS));
    assert_int_equal(parse1("tD"), gin_card_make(9, GIN_DIAMONDS));
}

static void test_all_eight_glyphs(void **state)
{
    (void)state;
    struct {
        const char *text;
        gin_card card;
    } cases[] = {
        {"A\xE2\x99\xA0", gin_card_make(0, GIN_SPADES)},   /* ♠ */
        {"2\xE2\x99\xA5", gin_card_make(1, GIN_HEARTS)},   /* ♥ */
        {"3\xE2\x99\xA6", gin_card_make(2, GIN_DIAMONDS)}, /* ♦ */
        {"4\xE2\x99\xA3", gin_card_make(3, GIN_CLUBS)},    /* ♣ */
        {"5\xE2\x99\xA4", gin_card_make(4, GIN_SPADES)},   /* ♤ */
        {"6\xE2\x99\xA1", gin_card_make(5, GIN_HEARTS)},   /* ♡ */
        {"7\xE2\x99\xA2", gin_card_make(6, GIN_DIAMONDS)}, /* ♢ */
        {"8\xE2\x99\xA7", gin_card_make(7, GIN_CLUBS)},    /* ♧ */
        {"10♠", gin_card_make(9, GIN_SPADES)},
        {"k♦", gin_card_make(12, GIN_DIAMONDS)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_int_equal(parse1(cases[i].text), cases[i].card);
}

static void test_end_and_blanks(void **state)
{
    (void)state;
    const char *text = " \t,,QH, 3c";
    gin_card c;
    const char *end;
    assert_int_equal(gin_card_parse(text, &c, &end), GIN_OK);
    assert_int_equal(c, gin_card_make(11, GIN_HEARTS));
    assert_ptr_equal(end, text + 6);
    assert_int_equal(gin_card_parse(end, &c, &end), GIN_OK);
    assert_int_equal(c, gin_card_make(2, GIN_CLUBS));
    assert_ptr_equal(end, text + 10);
    assert_int_equal(gin_card_parse(end, &c, &end), GIN_EEMPTY);
    assert_ptr_equal(end, text + 10);
    /* end may be NULL */
    assert_int_equal(gin_card_parse("JC", &c, NULL), GIN_OK);
    const char *glyph = "A♣ 2S";
    assert_int_equal(gin_card_parse(glyph, &c, &end), GIN_OK);
    assert_ptr_equal(end, glyph + 4);
}

/* Each rejected notation: the code and the offset *end points at. */
static void test_rejected_single(void **state)
{
    (void)state;
    struct {
        const char *text;
        int status;
        ptrdiff_t pos;
    } cases[] = {
        {"", GIN_EEMPTY, 0},
        {"  \t, ", GIN_EEMPTY, 5},
        {"1", GIN_ERANK, 0},
        {"1S", GIN_ERANK, 0},
        {"11S", GIN_ERANK, 0},
        {"0S", GIN_ERANK, 0},
        {"XS", GIN_ERANK, 0},
        {"BH", GIN_ERANK, 0},
        {"\n", GIN_ERANK, 0},
        {"-AS", GIN_ERANK, 0},
        {"\xE2\x99\xA0"
         "A",
         GIN_ERANK, 0},
        {"A", GIN_ESUIT, 1},
        {"10", GIN_ESUIT, 2},
        {"10x", GIN_ESUIT, 2},
        {"A S", GIN_ESUIT, 1},
        {"AX", GIN_ESUIT, 1},
        {"AE", GIN_ESUIT, 1},
        {"A\xE2", GIN_ESUIT, 1},         /* truncated glyph */
        {"A\xE2\x99", GIN_ESUIT, 1},     /* truncated glyph */
        {"A\xE2\x99\xA8", GIN_ESUIT, 1}, /* U+2668, not a suit */
        {"A\xE2\x99\x9F", GIN_ESUIT, 1}, /* U+265F */
        {"A\xFF\xFE", GIN_ESUIT, 1},     /* invalid UTF-8 */
        {"A\xC3\xA9", GIN_ESUIT, 1},     /* é */
        {"AS10H", GIN_ETOKEN, 2},
        {"ASX", GIN_ETOKEN, 2},
        {"ASS", GIN_ETOKEN, 2},
        {"AS;", GIN_ETOKEN, 2},
        {"10HH", GIN_ETOKEN, 3},
        {"A\xE2\x99\xA0x", GIN_ETOKEN, 4},
        {"AS\n", GIN_ETOKEN, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gin_card c = 99;
        const char *end = NULL;
        int status = gin_card_parse(cases[i].text, &c, &end);
        assert_int_equal(status, cases[i].status);
        assert_int_equal(end - cases[i].text, cases[i].pos);
        assert_int_equal(c, 99); /* untouched on error */
    }
    gin_card c;
    assert_int_equal(gin_card_parse(NULL, &c, NULL), GIN_EINVAL);
    assert_int_equal(gin_card_parse("AS", NULL, NULL), GIN_EINVAL);
}

static void test_set_parse(void **state)
{
    (void)state;
    gin_cardset s = 0;
    size_t pos = 99;
    assert_int_equal(gin_cardset_parse("AS TD 5H", &s, &pos), 3);
    assert_true(s == (gin_cardset_of(gin_card_make(0, 0)) | gin_cardset_of(gin_card_make(9, 2)) |
                      gin_cardset_of(gin_card_make(4, 1))));
    assert_int_equal(pos, 99); /* untouched on success */
    assert_int_equal(gin_cardset_parse("", &s, NULL), 0);
    assert_true(s == 0);
    assert_int_equal(gin_cardset_parse(" ,\t", &s, NULL), 0);
    assert_int_equal(gin_cardset_parse("8♠,9♠,10♠,J♠\tA♦ 2♦ 3♦ 5♥ 5♣ 5♦", &s, NULL), 10);
    assert_int_equal(gin_cardset_value(s), 0 + 8 + 9 + 10 + 10 + 1 + 2 + 3 + 5 + 5 + 5);

    gin_cardset before = s;
    assert_int_equal(gin_cardset_parse("AS 2S as", &s, &pos), GIN_EDUPLICATE);
    assert_int_equal(pos, 6); /* the repeated card */
    assert_true(s == before); /* untouched on error */
    assert_int_equal(gin_cardset_parse("AS 10♠ TS", &s, &pos), GIN_EDUPLICATE);
    assert_int_equal(pos, 9); /* 10♠ is 5 bytes */
    assert_int_equal(gin_cardset_parse("AS ZZ", &s, &pos), GIN_ERANK);
    assert_int_equal(pos, 3);
    assert_int_equal(gin_cardset_parse("AS 2", &s, &pos), GIN_ESUIT);
    assert_int_equal(pos, 4);
    assert_int_equal(gin_cardset_parse("AS10H", &s, &pos), GIN_ETOKEN);
    assert_int_equal(pos, 2);
    assert_int_equal(gin_cardset_parse("AS 2H\xE2\x99", &s, &pos), GIN_ETOKEN);
    assert_int_equal(pos, 5);
    assert_int_equal(gin_cardset_parse(NULL, &s, &pos), GIN_EINVAL);
    assert_int_equal(gin_cardset_parse("AS", NULL, &pos), GIN_EINVAL);
}

static void test_whole_deck_round_trip(void **state)
{
    (void)state;
    char buf[3 * 52];
    int len = gin_cardset_format(GIN_DECK, buf, sizeof buf);
    assert_int_equal(len, 3 * 52 - 1);
    assert_int_equal((int)strlen(buf), len);
    assert_memory_equal(buf, "AS 2S 3S", 8);
    assert_string_equal(buf + len - 8, "JC QC KC");
    gin_cardset s;
    assert_int_equal(gin_cardset_parse(buf, &s, NULL), 52);
    assert_true(s == GIN_DECK);
}

static void test_format(void **state)
{
    (void)state;
    char b[3];
    assert_int_equal(gin_card_format(gin_card_make(9, GIN_DIAMONDS), b), GIN_OK);
    assert_string_equal(b, "TD");
    assert_int_equal(gin_card_format(gin_card_make(0, GIN_CLUBS), b), GIN_OK);
    assert_string_equal(b, "AC");
    assert_int_equal(gin_card_format(13, b), GIN_EINVAL);
    assert_int_equal(gin_card_format(-1, b), GIN_EINVAL);
    assert_int_equal(gin_card_format(64, b), GIN_EINVAL);
    assert_int_equal(gin_card_format(0, NULL), GIN_EINVAL);

    gin_cardset s;
    assert_int_equal(gin_cardset_parse("5h kc TD as 2s qh", &s, NULL), 6);
    char buf[32];
    assert_int_equal(gin_cardset_format(s, buf, sizeof buf), 17);
    assert_string_equal(buf, "AS 2S 5H QH TD KC"); /* S H D C, rank up */
    /* exact fit: 6 cards need 18 bytes; 17 is too small */
    assert_int_equal(gin_cardset_format(s, buf, 18), 17);
    assert_int_equal(gin_cardset_format(s, buf, 17), GIN_ESPACE);
    assert_string_equal(buf, "");
    assert_int_equal(gin_cardset_format(0, buf, 1), 0);
    assert_string_equal(buf, "");
    assert_int_equal(gin_cardset_format(0, buf, 0), GIN_ESPACE);
    assert_int_equal(gin_cardset_format(s, NULL, 10), GIN_EINVAL);
    /* bits that are not cards are ignored */
    assert_int_equal(gin_cardset_format(UINT64_C(1) << 13 | UINT64_C(1) << 63 | 1, buf, sizeof buf), 2);
    assert_string_equal(buf, "AS");
}

static void test_values(void **state)
{
    (void)state;
    for (int r = 0; r < 13; r++)
        for (int s = 0; s < 4; s++) {
            int expect = r < 10 ? r + 1 : 10;
            assert_int_equal(gin_card_value(gin_card_make(r, s)), expect);
            assert_int_equal(gin_cardset_value(gin_cardset_of(gin_card_make(r, s))), expect);
        }
    /* the deck: 4 * (1+...+10 + 30) = 4 * 85 */
    assert_int_equal(gin_cardset_value(GIN_DECK), 340);
    assert_int_equal(gin_cardset_value(~UINT64_C(0)), 340); /* non-card bits ignored */
    assert_int_equal(gin_cardset_value(0), 0);
    gin_cardset s;
    /* the classic rules: J J Q Q 2 6 6 = 54 */
    assert_int_equal(gin_cardset_parse("J♣ J♠ Q♦ Q♥ 2♥ 6♦ 6♣", &s, NULL), 7);
    assert_int_equal(gin_cardset_value(s), 54);
}

/* Arbitrary bytes never crash or read past the NUL: each string lives in an
 * exactly-sized heap block, so under ASan a read past the NUL is a fault. */
static void test_byte_sweep(void **state)
{
    (void)state;
    static const unsigned char alphabet[] = {'A',  '1',  '0',  'T',  's',  'H',  ' ',  ',',
                                             '\t', 0xE2, 0x99, 0xA0, 0xA7, 0xFF, 0x80, 'x'};
    uint64_t x = 12345;
    int ok = 0;
    for (int iter = 0; iter < 20000; iter++) {
        int len = (int)(iter % 9);
        char *buf = malloc((size_t)len + 1);
        assert_non_null(buf);
        for (int i = 0; i < len; i++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            buf[i] = (char)alphabet[(x >> 33) % sizeof alphabet];
        }
        buf[len] = 0;
        gin_cardset s;
        size_t pos = 0;
        int n = gin_cardset_parse(buf, &s, &pos);
        if (n >= 0)
            ok++;
        else
            assert_true(pos <= (size_t)len);
        gin_card c;
        const char *end = NULL;
        (void)gin_card_parse(buf, &c, &end);
        assert_true(end >= buf && end <= buf + len);
        free(buf);
    }
    assert_true(ok > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_rank_and_suit_letter),
        cmocka_unit_test(test_all_eight_glyphs),
        cmocka_unit_test(test_end_and_blanks),
        cmocka_unit_test(test_rejected_single),
        cmocka_unit_test(test_set_parse),
        cmocka_unit_test(test_whole_deck_round_trip),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_byte_sweep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
