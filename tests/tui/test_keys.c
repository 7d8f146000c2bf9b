/* The key table (src/tui/keys.c): sound in itself, and the key lists of the
 * README and of the manual page (docs/gin.6) are exactly what it makes, so
 * they cannot drift apart. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "keys.h"
#include "ui.h"

/* No key means two things at one moment, and every entry is described. */
static void test_table_is_sound(void **state)
{
    (void)state;
    size_t n;
    const gin_key *k = gin_keys(&n);
    assert_true(n >= 15);
    for (size_t i = 0; i < n; i++) {
        assert_non_null(k[i].names);
        assert_non_null(k[i].help);
        assert_true(k[i].codes[0] != 0);
        assert_true((k[i].shown & ~k[i].when) == 0); /* shown only where it acts */
        for (int c = 0; c < GIN_KEY_CODES && k[i].codes[c]; c++)
            for (unsigned w = 1; w <= GIN_WHEN_WAIT; w <<= 1)
                if (k[i].when & w)
                    assert_ptr_equal(gin_key_find(k[i].codes[c], w), &k[i]);
    }
    /* d takes the upcard on the offer and the pile when drawing */
    assert_int_equal(gin_key_find('d', GIN_WHEN_OFFER)->cmd, GIN_CMD_TAKE);
    assert_int_equal(gin_key_find('d', GIN_WHEN_DRAW)->cmd, GIN_CMD_PILE);
    assert_null(gin_key_find('d', GIN_WHEN_DISCARD));
    assert_null(gin_key_find('s', GIN_WHEN_WAIT)); /* no move while a bot plays */
    assert_int_equal(gin_key_find(GIN_KEY_ENTER, GIN_WHEN_DISCARD)->cmd, GIN_CMD_THROW);
}

/* The keys that act while a bot plays are pages and the quit, never a
 * move, nor the hint (it is about the player's own decision). */
static void test_waiting_keys(void **state)
{
    (void)state;
    char waiting[32];
    gin_keys_waiting(waiting, sizeof waiting);
    assert_non_null(strchr(waiting, '?'));
    assert_non_null(strchr(waiting, 'q'));
    assert_non_null(strchr(waiting, 'm'));
    for (const char *p = "dpsgkHu"; *p; p++)
        assert_null(strchr(waiting, *p));
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 17];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static void test_readme_lists_the_keys(void **state)
{
    (void)state;
    char *readme = read_file(GIN_SOURCE_DIR "/README.md");
    const char *start_mark =
        "<!-- The key list is made from src/tui/keys.c; tests/tui/test_keys.c keeps it in step. -->\n";
    char *a = strstr(readme, start_mark);
    assert_non_null(a);
    a += strlen(start_mark);
    char *b = strstr(a, "<!-- end of the key list -->");
    assert_non_null(b);
    *b = '\0';
    static char md[8192];
    assert_true(gin_keys_markdown(md, sizeof md) > 0);
    if (strcmp(a, md) != 0)
        fprintf(stderr, "README.md's key list differs from the key table; it should read:\n%s", md);
    assert_string_equal(a, md);
}

/* The manual page's KEYS list is the same table, as roff: a tagged
 * paragraph per entry, its keys in bold (a minus escaped), its help a
 * sentence. */
static int keys_roff(char *buf, size_t cap)
{
    size_t n, len = 0;
    const gin_key *k = gin_keys(&n);
    for (size_t i = 0; i < n; i++) {
        char names[64], help[256];
        size_t w = 0;
        for (const char *p = k[i].names; *p && w + 3 < sizeof names; p++) {
            if (*p == '-')
                names[w++] = '\\';
            names[w++] = *p;
        }
        names[w] = '\0';
        snprintf(help, sizeof help, "%s", k[i].help);
        if (help[0] >= 'a' && help[0] <= 'z')
            help[0] = (char)(help[0] - 'a' + 'A');
        int m = snprintf(buf + len, cap - len, ".TP\n.B %s\n%s.\n", names, help);
        if (m < 0 || (size_t)m >= cap - len)
            return -1;
        len += (size_t)m;
    }
    return (int)len;
}

static void test_manual_lists_the_keys(void **state)
{
    (void)state;
    char *page = read_file(GIN_SOURCE_DIR "/docs/gin.6");
    const char *start_mark =
        ".\\\" The key list is made from src/tui/keys.c; tests/tui/test_keys.c keeps it in step.\n";
    char *a = strstr(page, start_mark);
    assert_non_null(a);
    a += strlen(start_mark);
    char *b = strstr(a, ".\\\" end of the key list\n");
    assert_non_null(b);
    *b = '\0';
    static char roff[8192];
    assert_true(keys_roff(roff, sizeof roff) > 0);
    if (strcmp(a, roff) != 0)
        fprintf(stderr, "docs/gin.6's key list differs from the key table; it should read:\n%s", roff);
    assert_string_equal(a, roff);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_is_sound),
        cmocka_unit_test(test_waiting_keys),
        cmocka_unit_test(test_readme_lists_the_keys),
        cmocka_unit_test(test_manual_lists_the_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
