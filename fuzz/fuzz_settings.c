/* Fuzz the settings loader (gin_settings_parse on the file's bytes, with
 * their length): it never refuses text (bad lines are notes), refuses
 * only bytes that are not text, always leaves settings that make a rule
 * set (so the table always starts), and what it accepts formats and
 * parses back to the same settings, the lines it does not know or cannot
 * read kept (no more of them), and formats again to the same text. */
#include "fuzz_util.h"
#include "gin/error.h"
#include "settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gin_settings s, t;
    char notes[2048];
    gin_settings_default(&s);
    int bad = gin_settings_parse(&s, (const char *)data, size, "settings", NULL, notes, sizeof notes, NULL);
    FUZZ_CHECK(bad >= 0);
    FUZZ_CHECK(memchr(notes, '\0', sizeof notes));
    FUZZ_CHECK(memchr(s.level, '\0', sizeof s.level) && memchr(s.rules, '\0', sizeof s.rules));
    FUZZ_CHECK(bad == 0 || gin_kept_check_text((const char *)data, size, 1, NULL) == bad);
    gin_rules r;
    FUZZ_CHECK(gin_settings_rules(&s, &r, NULL) == GIN_OK);
    if (bad)
        return 0;
    static char buf[1024 + GIN_SETTINGS_KEPT * (GIN_SETTINGS_LINE + 1)], again[sizeof buf];
    int n = gin_settings_format(&s, buf, sizeof buf);
    FUZZ_CHECK(n > 0);
    gin_settings_default(&t);
    FUZZ_CHECK(gin_settings_parse(&t, buf, (size_t)n, "settings", NULL, notes, sizeof notes, NULL) == 0);
    FUZZ_CHECK(t.n_kept <= s.n_kept && (t.n_kept > 0 || notes[0] == '\0'));
    FUZZ_CHECK(gin_settings_format(&t, again, sizeof again) == n && !memcmp(buf, again, (size_t)n));
    FUZZ_CHECK(!strcmp(s.level, t.level) && !strcmp(s.rules, t.rules) && s.target == t.target &&
               s.hollywood == t.hollywood && s.four_color == t.four_color && s.no_color == t.no_color &&
               s.open == t.open && s.sort == t.sort && s.speed == t.speed && s.players == t.players &&
               s.mouse == t.mouse);
    return 0;
}
