/* Fuzz the settings loader (gin_settings_parse on the file's bytes): what
 * it accepts formats and parses back to the same settings. */
#include "fuzz_util.h"
#include "settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstr(data, size);
    gin_settings s, t;
    gin_settings_default(&s);
    int bad = gin_settings_parse(&s, text);
    free(text);
    FUZZ_CHECK(bad >= 0);
    FUZZ_CHECK(memchr(s.level, '\0', sizeof s.level) && memchr(s.rules, '\0', sizeof s.rules));
    if (bad)
        return 0;
    char buf[1024];
    int n = gin_settings_format(&s, buf, sizeof buf);
    FUZZ_CHECK(n > 0);
    gin_settings_default(&t);
    FUZZ_CHECK(gin_settings_parse(&t, buf) == 0);
    FUZZ_CHECK(!strcmp(s.level, t.level) && !strcmp(s.rules, t.rules) && s.target == t.target &&
               s.hollywood == t.hollywood && s.four_color == t.four_color && s.no_color == t.no_color &&
               s.open == t.open && s.sort == t.sort && s.fast == t.fast);
    return 0;
}
