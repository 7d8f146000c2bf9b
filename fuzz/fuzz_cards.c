/* Fuzz card and hand notation: gin_card_parse and gin_cardset_parse on any
 * bytes, and what they accept formats and parses back to the same cards. */
#include "fuzz_util.h"
#include "gin/card.h"
#include "gin/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstr(data, size);
    size_t len = strlen(text);

    gin_cardset set = 0;
    size_t pos = (size_t)-1;
    int n = gin_cardset_parse(text, &set, &pos);
    if (n >= 0) {
        FUZZ_CHECK(n == gin_cardset_count(set));
        FUZZ_CHECK((set & ~GIN_DECK) == 0);
        char buf[3 * GIN_DECK_SIZE + 1];
        int m = gin_cardset_format(set, buf, sizeof buf);
        FUZZ_CHECK(m >= 0 && (size_t)m < sizeof buf);
        gin_cardset again = 0;
        FUZZ_CHECK(gin_cardset_parse(buf, &again, NULL) == n && again == set);
    } else {
        FUZZ_CHECK(n == GIN_EEMPTY || n == GIN_ERANK || n == GIN_ESUIT || n == GIN_ETOKEN || n == GIN_EDUPLICATE);
        FUZZ_CHECK(pos <= len);
    }

    /* One card at a time, as the --upcard option reads it. */
    const char *p = text;
    for (int guard = 0; guard <= (int)len; guard++) {
        gin_card c = GIN_NO_CARD;
        const char *end = NULL;
        int rc = gin_card_parse(p, &c, &end);
        if (rc != GIN_OK) {
            FUZZ_CHECK(end == NULL || (end >= text && end <= text + len));
            break;
        }
        FUZZ_CHECK(gin_card_valid(c));
        FUZZ_CHECK(end > p && end <= text + len);
        char one[3];
        FUZZ_CHECK(gin_card_format(c, one) == GIN_OK);
        gin_card back;
        FUZZ_CHECK(gin_card_parse(one, &back, NULL) == GIN_OK && back == c);
        p = end;
    }
    free(text);
    return 0;
}
