/* Fuzz the saved-game loader (gin_save_parse, as gin_save_read uses it on
 * the file's bytes) and the replay that resuming does. A save that parses
 * and replays formats back to text that parses the same. */
#include "fuzz_util.h"
#include "gin/error.h"
#include "gin/record.h"
#include "save.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { TEXT_CAP = 1 << 21 };

static gin_record rec, again;
static gin_game game;
static char text_out[TEXT_CAP];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20))
        return 0;
    char *text = fuzz_cstr(data, size);
    gin_save_info info, info2;
    int rc = gin_save_parse(text, &info, &rec);
    free(text);
    if (rc != GIN_OK)
        return 0;
    FUZZ_CHECK(memchr(info.level, '\0', sizeof info.level) != NULL);
    FUZZ_CHECK(info.practice == 0 || info.practice == 1);
    FUZZ_CHECK(info.human == 0 || info.human == 1);
    if (gin_record_replay(&rec, &game, NULL, NULL, NULL) != GIN_OK)
        return 0;
    int n = gin_save_format(&info, &rec, text_out, sizeof text_out);
    FUZZ_CHECK(n > 0);
    FUZZ_CHECK(gin_save_parse(text_out, &info2, &again) == GIN_OK);
    FUZZ_CHECK(!strcmp(info.level, info2.level) && info.practice == info2.practice && info.human == info2.human);
    FUZZ_CHECK(again.n_actions == rec.n_actions && again.seed == rec.seed);
    return 0;
}
