/* Replays fuzz inputs without libFuzzer, as SQLite's fuzzcheck does: a main
 * that hands every file named, and every file of every directory named (in
 * name order), to the target's LLVMFuzzerTestOneInput. Linked with each
 * fuzz_TARGET.c as fuzz_replay_TARGET, it runs fuzz/corpus/TARGET (the
 * seeds and the regression inputs of every finding) on every build under
 * ctest, and under ASan+UBSan in `make asan`. A failed invariant aborts;
 * the input being replayed is named on standard error first.
 * Usage: fuzz_replay_TARGET FILE|DIR...   Exit 0, or 2 for an unreadable
 * argument (a crash is the signal's status). */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { REPLAY_MAX = 1 << 24 }; /* bytes: far above any corpus file */

static char current[4096]; /* the input being replayed, for the handler */

/* SIGABRT, SIGSEGV...: name the input (async-signal-safe), then die of it. */
static void on_fatal(int sig)
{
    static const char what[] = "fuzz_replay: this input failed: ";
    ssize_t ignored = write(2, what, sizeof what - 1);
    ignored = write(2, current, strlen(current));
    ignored = write(2, "\n", 1);
    (void)ignored;
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Replay one file; 0, or -1 if it cannot be read. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    uint8_t *data = malloc(REPLAY_MAX);
    size_t size = data ? fread(data, 1, REPLAY_MAX, f) : 0;
    int bad = !data || ferror(f) || !feof(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: cannot read it whole (at most %d bytes)\n", path, REPLAY_MAX);
        free(data);
        return -1;
    }
    snprintf(current, sizeof current, "%s", path);
    /* A copy of exactly `size` bytes, so ASan sees a read past the end. */
    uint8_t *exact = malloc(size ? size : 1);
    if (!exact) {
        free(data);
        return -1;
    }
    memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 0;
}

static int regular(const struct dirent *e) { return e->d_name[0] != '.'; }

int main(int argc, char **argv)
{
    static const int fatal[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        signal(fatal[i], on_fatal);
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    long replayed = 0;
    int status = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            status = 2;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (replay_file(argv[i]) != 0)
                status = 2;
            else
                replayed++;
            continue;
        }
        struct dirent **names;
        int n = scandir(argv[i], &names, regular, alphasort);
        if (n < 0) {
            perror(argv[i]);
            status = 2;
            continue;
        }
        for (int k = 0; k < n; k++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], names[k]->d_name);
            if (replay_file(path) != 0)
                status = 2;
            else
                replayed++;
            free(names[k]);
        }
        free(names);
    }
    printf("fuzz_replay: %ld inputs replayed, no invariant failed\n", replayed);
    return replayed ? status : 2;
}
