/* Fuzz the saved-game loader (gin_save_parse on the file's bytes, with
 * their length, as gin_save_read hands them over) and the replay that
 * resuming does. Whatever it accepts has a bot's name, an identity,
 * practice 0 or 1, a seat for the human, and an order of distinct cards
 * (at most a hand's); a save that parses and replays formats back to text
 * that parses the same (its end and its order too), as format 3 when it
 * has an order and as format 2 when not. A refusal names a line within
 * the text. */
#include "fuzz_util.h"
#include "gin/error.h"
#include "gin/record.h"
#include "save.h"
#include "stats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { TEXT_CAP = 1 << 21 };

static gin_record rec, again;
static gin_game game;
static char text_out[TEXT_CAP];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20))
        return 0;
    gin_save_info info, info2;
    gin_text_fault fault = {-1, ""};
    int rc = gin_save_parse((const char *)data, size, &info, &rec, &fault);
    if (rc != GIN_OK) {
        FUZZ_CHECK(rc < 0 || rc == GIN_KEPT_NEWER);
        FUZZ_CHECK(fault.line >= 0 && memchr(fault.what, '\0', sizeof fault.what));
        return 0;
    }
    FUZZ_CHECK(gin_kept_name_ok(info.level) && gin_kept_game_ok(info.game));
    FUZZ_CHECK(info.practice == 0 || info.practice == 1);
    FUZZ_CHECK(info.human >= 0 && info.human < GIN_MAX_SEATS);
    FUZZ_CHECK(info.n_order >= 0 && info.n_order <= GIN_SAVE_ORDER_MAX);
    gin_cardset seen = 0;
    for (int i = 0; i < info.n_order; i++) {
        FUZZ_CHECK(gin_card_valid(info.order[i]) && !gin_cardset_has(seen, info.order[i]));
        seen |= gin_cardset_of(info.order[i]);
    }
    if (gin_record_replay(&rec, &game, NULL, NULL, NULL) != GIN_OK)
        return 0;
    int n = gin_save_format(&info, &rec, text_out, sizeof text_out);
    FUZZ_CHECK(n > 0);
    /* Format 3 only for an order: without one, format 2 as older gins read. */
    FUZZ_CHECK(!strncmp(text_out, info.n_order ? "gin-save 3\n" : "gin-save 2\n", 11));
    FUZZ_CHECK(gin_save_parse(text_out, (size_t)n, &info2, &again, NULL) == GIN_OK);
    FUZZ_CHECK(!strcmp(info.level, info2.level) && info.practice == info2.practice && info.human == info2.human);
    FUZZ_CHECK(!strcmp(info.game, info2.game) && info.ended == info2.ended);
    FUZZ_CHECK(!info.ended || !memcmp(&info.end, &info2.end, sizeof info.end));
    FUZZ_CHECK(info.n_order == info2.n_order && !memcmp(info.order, info2.order, sizeof info.order));
    FUZZ_CHECK(again.n_actions == rec.n_actions && again.seed == rec.seed);
    return 0;
}
