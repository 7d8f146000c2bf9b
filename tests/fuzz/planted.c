/* A fuzz target with a planted fault, for tests/fuzz/catches.sh: an input
 * that starts with "boom" fails its invariant, as a finding would. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FUZZ_CHECK(!(size >= 4 && !memcmp(data, "boom", 4)));
    return 0;
}
