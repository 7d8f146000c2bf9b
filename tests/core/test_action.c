/* Tests of the action codec (action.h): every action reads back as it was
 * written, every kind of text that is not an action is refused, and the
 * words' case, phase and claim of gin come out as documented. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gin/action.h"
#include "gin/error.h"
#include "gin/meld.h"
#include "gin/rng.h"
#include "support/support.h"

#define C(text) test_card(text)

static int parse(const char *text, unsigned flags, gin_action *a, int *gin, int *phase)
{
    return gin_action_parse(text, strlen(text), flags, a, gin, phase);
}

static void test_format(void **state)
{
    (void)state;
    char buf[GIN_ACTION_TEXT_MAX];
    gin_action a = gin_action_make(GIN_ACT_DISCARD, C("TH"));
    assert_int_equal(gin_action_format(a, 0, buf, sizeof buf), 10);
    assert_string_equal(buf, "discard TH");
    assert_int_equal(gin_action_format(a, 1, buf, sizeof buf), 10); /* only a knock claims gin */
    assert_string_equal(buf, "discard TH");
    a.kind = GIN_ACT_KNOCK;
    assert_true(gin_action_format(a, 0, buf, sizeof buf) > 0);
    assert_string_equal(buf, "knock TH");
    assert_true(gin_action_format(a, 1, buf, sizeof buf) > 0);
    assert_string_equal(buf, "gin TH");
    a.card = GIN_NO_CARD;
    assert_true(gin_action_format(a, 0, buf, sizeof buf) > 0);
    assert_string_equal(buf, "biggin");
    static const struct {
        int kind;
        const char *text;
    } plain[] = {{GIN_ACT_TAKE_UPCARD, "take"},
                 {GIN_ACT_PASS, "pass"},
                 {GIN_ACT_DRAW_STOCK, "stock"},
                 {GIN_ACT_DRAW_DISCARD, "pile"}};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        assert_true(gin_action_format(gin_action_make(plain[i].kind, C("5H")), 1, buf, sizeof buf) > 0);
        assert_string_equal(buf, plain[i].text); /* the card is not read */
    }
    /* what cannot be written */
    assert_int_equal(gin_action_format(gin_action_make(GIN_ACT_DISCARD, GIN_NO_CARD), 0, buf, sizeof buf), GIN_EINVAL);
    assert_int_equal(gin_action_format(gin_action_make(GIN_ACT_DISCARD, 13), 0, buf, sizeof buf), GIN_EINVAL);
    assert_int_equal(gin_action_format(gin_action_make(GIN_ACT_KNOCK + 1, 0), 0, buf, sizeof buf), GIN_EINVAL);
    assert_int_equal(gin_action_format(gin_action_make(-1, 0), 0, buf, sizeof buf), GIN_EINVAL);
    assert_int_equal(gin_action_format(a, 0, NULL, 8), GIN_EINVAL);
    gin_action bad = gin_action_make(GIN_ACT_KNOCK, C("2S"));
    bad.spread.runs = test_cards("7H 8H"); /* not a meld */
    assert_int_equal(gin_action_format(bad, 0, buf, sizeof buf), GIN_EINVAL);
    assert_int_equal(gin_action_format(gin_action_make(GIN_ACT_PASS, GIN_NO_CARD), 0, buf, 4), GIN_ESPACE);
    assert_int_equal(gin_action_format(gin_action_make(GIN_ACT_PASS, GIN_NO_CARD), 0, buf, 5), 4);
    assert_int_equal(gin_action_format(gin_action_make(GIN_ACT_PASS, GIN_NO_CARD), 0, buf, 0), GIN_ESPACE);
}

static void test_parse(void **state)
{
    (void)state;
    gin_action a;
    int gin = -1, phase = -1;
    assert_int_equal(parse("gin 10d", 0, &a, &gin, &phase), GIN_OK);
    assert_int_equal(a.kind, GIN_ACT_KNOCK);
    assert_int_equal(a.card, C("TD"));
    assert_int_equal(gin, 1);
    assert_int_equal(phase, GIN_PHASE_DISCARD);
    assert_int_equal(parse("  pile \t", 0, &a, &gin, &phase), GIN_OK);
    assert_int_equal(a.kind, GIN_ACT_DRAW_DISCARD);
    assert_int_equal(gin, 0);
    assert_int_equal(phase, GIN_PHASE_DRAW);
    assert_int_equal(parse("take", 0, &a, NULL, &phase), GIN_OK);
    assert_int_equal(phase, GIN_PHASE_OFFER);
    assert_int_equal(parse("biggin", 0, &a, &gin, NULL), GIN_OK);
    assert_int_equal(a.card, GIN_NO_CARD);
    assert_int_equal(gin, 1);
    assert_int_equal(parse("discard 5\xe2\x99\xa5", 0, &a, NULL, NULL), GIN_OK); /* cards as everywhere */
    assert_int_equal(a.card, C("5H"));
    /* case: exact unless asked */
    assert_int_equal(parse("PILE", 0, &a, NULL, NULL), GIN_EFORMAT);
    assert_int_equal(parse("PILE", GIN_ACTION_CASE_FREE, &a, NULL, NULL), GIN_OK);
    assert_int_equal(parse("Knock 2s", GIN_ACTION_CASE_FREE, &a, NULL, NULL), GIN_OK);
    /* only the length given is read */
    assert_int_equal(gin_action_parse("stock 5H", 5, 0, &a, NULL, NULL), GIN_OK);
    assert_int_equal(a.kind, GIN_ACT_DRAW_STOCK);
}

/* Every kind of text that is not an action; *out untouched. */
static void test_not_actions(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",                           /* nothing */
        "   \t ",                     /* blanks */
        "dsicard 5H",                 /* an unknown word */
        "takeX",                      /* a word run on */
        "stock 5H",                   /* a card where none goes */
        "take 5H",                    /* ... */
        "discard",                    /* a card missing */
        "knock",                      /* ... */
        "gin",                        /* ... */
        "discard 5Hx",                /* not a card */
        "discard 1X",                 /* ... */
        "discard 5H,",                /* more than one card word */
        "discard ,5H",                /* ... */
        "discard 5H,6H",              /* ... */
        "discard 5H 6H",              /* an extra word */
        "discard 2S 7H,8H,9H",        /* melds after a discard */
        "knock 2S 7H,8H",             /* a meld of two */
        "knock 2S 7H,8H,JH",          /* not a meld */
        "knock 2S 7H,8H,9H 9H,9C,9D", /* a card twice */
        "knock 2S 7H,8H,9H x",        /* not cards */
        "biggin 2S",                  /* a card after big gin (one card is no meld) */
        "discard\n5H",                /* a line end is not a blank */
        "discard 5H\r",               /* ... */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gin_action a = gin_action_make(-7, -7);
        int gin = -7, phase = -7;
        assert_int_equal(parse(bad[i], GIN_ACTION_CASE_FREE, &a, &gin, &phase), GIN_EFORMAT);
        assert_true(a.kind == -7 && a.card == -7 && gin == -7 && phase == -7);
    }
    gin_action a;
    assert_int_equal(gin_action_parse(NULL, 0, 0, &a, NULL, NULL), GIN_EINVAL);
    assert_int_equal(gin_action_parse("take", 4, 0, NULL, NULL, NULL), GIN_EINVAL);
    char huge[5000];
    memset(huge, ' ', sizeof huge);
    memcpy(huge, "take", 4);
    assert_int_equal(gin_action_parse(huge, sizeof huge, 0, &a, NULL, NULL), GIN_EFORMAT); /* too long to read */
}

/* A knock naming its melds writes them in display order and reads back. */
static void test_knock_melds(void **state)
{
    (void)state;
    gin_action a = gin_action_make(GIN_ACT_KNOCK, C("2S"));
    a.spread.runs = test_cards("7H 8H 9H 7C 8C 9C");
    a.spread.sets = test_cards("KS KH KD");
    char buf[GIN_ACTION_TEXT_MAX];
    assert_true(gin_action_format(a, 0, buf, sizeof buf) > 0);
    assert_string_equal(buf, "knock 2S KS,KH,KD 7H,8H,9H 7C,8C,9C");
    gin_action p;
    assert_int_equal(parse(buf, 0, &p, NULL, NULL), GIN_OK);
    assert_true(p.kind == a.kind && p.card == a.card);
    assert_true(p.spread.sets == a.spread.sets && p.spread.runs == a.spread.runs);
    assert_int_equal(parse("knock 2S", 0, &p, NULL, NULL), GIN_OK);
    assert_true((p.spread.sets | p.spread.runs) == 0);
    assert_int_equal(parse("gin 2S 7H,8H,9H", 0, &p, NULL, NULL), GIN_OK);
    assert_int_equal(parse("biggin 7H,8H,9H", 0, &p, NULL, NULL), GIN_OK);
    assert_true(p.card == GIN_NO_CARD && p.spread.runs == test_cards("7H 8H 9H"));
}

/* Random actions of every kind and card, and knocks with every spread a
 * random hand allows, read back as written, claims of gin and phase too. */
static void test_round_trips(void **state)
{
    (void)state;
    gin_rng rng;
    gin_rng_seed(&rng, 25);
    int knocks_with_melds = 0;
    for (int i = 0; i < 3000; i++) {
        gin_card c = (gin_card)(gin_rng_below(&rng, 4) * 16 + gin_rng_below(&rng, 13));
        int kind = (int)gin_rng_below(&rng, 6), claims = (int)gin_rng_below(&rng, 2);
        gin_action a = gin_action_make(kind, kind == GIN_ACT_KNOCK && i % 7 == 0 ? GIN_NO_CARD : c);
        gin_arrangement sp[16];
        if (kind == GIN_ACT_KNOCK) { /* melds of a random hand of ten */
            gin_cardset hand = 0;
            while (gin_cardset_count(hand) < 10) {
                gin_card d = (gin_card)(gin_rng_below(&rng, 4) * 16 + gin_rng_below(&rng, 13));
                if (d != a.card)
                    hand |= gin_cardset_of(d);
            }
            int n = gin_spreads(hand, 60, sp, 16);
            if (n > 0) {
                a.spread = gin_spread_of(&sp[gin_rng_below(&rng, (uint32_t)(n < 16 ? n : 16))]);
                knocks_with_melds++;
            }
        }
        char buf[GIN_ACTION_TEXT_MAX];
        int len = gin_action_format(a, claims, buf, sizeof buf);
        assert_true(len > 0 && (size_t)len == strlen(buf));
        gin_action p;
        int gin = -1, phase = -1;
        assert_int_equal(parse(buf, 0, &p, &gin, &phase), GIN_OK);
        assert_int_equal(p.kind, a.kind);
        if (kind == GIN_ACT_DISCARD || kind == GIN_ACT_KNOCK)
            assert_int_equal(p.card, a.card);
        assert_true(p.spread.sets == a.spread.sets && p.spread.runs == a.spread.runs);
        assert_int_equal(gin, kind == GIN_ACT_KNOCK && (claims || a.card == GIN_NO_CARD));
        assert_int_equal(phase, kind <= GIN_ACT_PASS           ? GIN_PHASE_OFFER
                                : kind <= GIN_ACT_DRAW_DISCARD ? GIN_PHASE_DRAW
                                                               : GIN_PHASE_DISCARD);
        /* one byte short: no room */
        assert_int_equal(gin_action_format(a, claims, buf, (size_t)len), GIN_ESPACE);
    }
    assert_true(knocks_with_melds > 100);
}

static void test_result_words(void **state)
{
    (void)state;
    static const char *const words[] = {"knock", "undercut", "gin", "biggin"};
    for (int k = 0; k < 4; k++) {
        assert_string_equal(gin_result_word(k), words[k]);
        assert_int_equal(gin_result_of_word(words[k], 0), k);
    }
    assert_null(gin_result_word(4));
    assert_null(gin_result_word(-1));
    assert_int_equal(gin_result_of_word("Undercut", 0), -1);
    assert_int_equal(gin_result_of_word("Undercut", GIN_ACTION_CASE_FREE), GIN_RESULT_UNDERCUT);
    assert_int_equal(gin_result_of_word("void", GIN_ACTION_CASE_FREE), -1);
    assert_int_equal(gin_result_of_word(NULL, 0), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format),      cmocka_unit_test(test_parse),       cmocka_unit_test(test_not_actions),
        cmocka_unit_test(test_knock_melds), cmocka_unit_test(test_round_trips), cmocka_unit_test(test_result_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
