/* gin_agent_decide: dispatch by phase, and an agent's failure is never
 * mistaken for a move. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "gin/agent.h"
#include "gin/error.h"

static int answer; /* what every callback of the stub agent returns */

static int stub_offer(void *self, const gin_view *v)
{
    (void)self;
    (void)v;
    return answer;
}
static int stub_draw(void *self, const gin_view *v)
{
    (void)self;
    (void)v;
    return answer;
}
static int stub_discard(void *self, const gin_view *v, gin_action *out)
{
    (void)self;
    (void)v;
    out->kind = GIN_ACT_DISCARD;
    out->card = gin_card_make(12, GIN_SPADES);
    return answer < 0 ? answer : GIN_OK;
}

static const gin_agent stub = {"stub", NULL, stub_offer, stub_draw, stub_discard, NULL, NULL};

static gin_view view_in(int phase)
{
    gin_view v;
    memset(&v, 0, sizeof v);
    v.phase = phase;
    return v;
}

static void test_offer(void **state)
{
    (void)state;
    gin_view v = view_in(GIN_PHASE_OFFER);
    gin_action a;
    answer = 1;
    assert_int_equal(gin_agent_decide(&stub, &v, &a), GIN_OK);
    assert_int_equal(a.kind, GIN_ACT_TAKE_UPCARD);
    answer = 0;
    assert_int_equal(gin_agent_decide(&stub, &v, &a), GIN_OK);
    assert_int_equal(a.kind, GIN_ACT_PASS);
}

/* Regression: a negative offer answer used to be read as "take". */
static void test_offer_failure_passes_through(void **state)
{
    (void)state;
    gin_view v = view_in(GIN_PHASE_OFFER);
    gin_action a;
    answer = GIN_ESTATE;
    assert_int_equal(gin_agent_decide(&stub, &v, &a), GIN_ESTATE);
}

static void test_draw(void **state)
{
    (void)state;
    gin_view v = view_in(GIN_PHASE_DRAW);
    gin_action a;
    answer = GIN_ACT_DRAW_DISCARD;
    assert_int_equal(gin_agent_decide(&stub, &v, &a), GIN_OK);
    assert_int_equal(a.kind, GIN_ACT_DRAW_DISCARD);
    answer = GIN_ACT_DISCARD; /* not a draw */
    assert_int_equal(gin_agent_decide(&stub, &v, &a), GIN_EILLEGAL);
    answer = GIN_EFORMAT;
    assert_int_equal(gin_agent_decide(&stub, &v, &a), GIN_EFORMAT);
}

static void test_discard_and_bad_calls(void **state)
{
    (void)state;
    gin_view v = view_in(GIN_PHASE_DISCARD);
    gin_action a;
    answer = 0;
    assert_int_equal(gin_agent_decide(&stub, &v, &a), GIN_OK);
    assert_int_equal(a.kind, GIN_ACT_DISCARD);
    answer = GIN_EILLEGAL;
    assert_int_equal(gin_agent_decide(&stub, &v, &a), GIN_EILLEGAL);
    v.phase = GIN_PHASE_OVER;
    assert_int_equal(gin_agent_decide(&stub, &v, &a), GIN_ESTATE);
    assert_int_equal(gin_agent_decide(NULL, &v, &a), GIN_EINVAL);
    gin_agent none = {"none", NULL, NULL, NULL, NULL, NULL, NULL};
    v.phase = GIN_PHASE_DRAW;
    assert_int_equal(gin_agent_decide(&none, &v, &a), GIN_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_offer),
        cmocka_unit_test(test_offer_failure_passes_through),
        cmocka_unit_test(test_draw),
        cmocka_unit_test(test_discard_and_bad_calls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
