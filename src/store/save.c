/* The saved game: header lines, a blank line, then the game record. */
#include "save.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "atomic_file.h"
#include "gin/error.h"

enum { SAVE_TEXT_MAX = 1 << 21 };

int gin_save_format(const gin_save_info *info, const gin_record *rec, char *buf, size_t cap)
{
    int n =
        snprintf(buf, cap, "gin-save 1\nlevel %s\npractice %d\nhuman %d\n\n", info->level, info->practice, info->human);
    if (n < 0 || (size_t)n >= cap)
        return GIN_ESPACE;
    int m = gin_record_format(rec, buf + n, cap - (size_t)n);
    return m < 0 ? m : n + m;
}

int gin_save_parse(const char *text, gin_save_info *info, gin_record *rec)
{
    memset(info, 0, sizeof *info);
    int practice, human, used = 0;
    char level[16];
    if (sscanf(text, "gin-save 1\nlevel %15s\npractice %d\nhuman %d%n", level, &practice, &human, &used) != 3 ||
        used == 0)
        return GIN_EFORMAT;
    if ((practice != 0 && practice != 1) || human < 0 || human > 1)
        return GIN_EFORMAT;
    const char *body = strstr(text + used, "\n\n");
    if (!body)
        return GIN_EFORMAT;
    snprintf(info->level, sizeof info->level, "%s", level);
    info->practice = practice;
    info->human = human;
    int line = 0;
    return gin_record_parse(body + 2, rec, &line);
}

static int save_path(char *path, size_t cap, char *why, size_t why_cap)
{
    return gin_kept_path(GIN_DIR_STATE, "save", path, cap, why, why_cap);
}

struct save_dest {
    gin_save_info *info;
    gin_record *rec;
};

static int parse_save(void *ctx, const char *text)
{
    struct save_dest *d = ctx;
    return gin_save_parse(text, d->info, d->rec);
}

int gin_save_write(const gin_save_info *info, const gin_record *rec, char *why, size_t why_cap)
{
    char path[GIN_PATH_MAX];
    why[0] = '\0';
    if (save_path(path, sizeof path, why, why_cap) != 0)
        return -1;
    char *buf = malloc(SAVE_TEXT_MAX);
    if (!buf) {
        snprintf(why, why_cap, "out of memory saving the game");
        return -1;
    }
    int n = gin_save_format(info, rec, buf, SAVE_TEXT_MAX);
    if (n < 0) {
        snprintf(why, why_cap, "cannot save the game: %s", gin_strerror(n));
        free(buf);
        return -1;
    }
    int rc = gin_file_save(path, buf, n, "the game", why, why_cap);
    free(buf);
    return rc;
}

int gin_save_read(gin_save_info *info, gin_record *rec, char *why, size_t why_cap)
{
    char path[GIN_PATH_MAX];
    why[0] = '\0';
    if (save_path(path, sizeof path, why, why_cap) != 0)
        return -1;
    struct save_dest d = {info, rec};
    char bad[GIN_PATH_MAX];
    int st = GIN_OK;
    int rc = gin_file_load(path, SAVE_TEXT_MAX, parse_save, &d, GIN_EFORMAT, &st, bad, sizeof bad);
    if (rc >= 0)
        return rc;
    if (rc == -1)
        snprintf(why, why_cap, "The saved game was damaged (%s); moved it to %s.", gin_strerror(st), bad);
    else
        snprintf(why, why_cap, "The saved game %s cannot be read: %s.", path, strerror(errno));
    return -1;
}

int gin_save_remove(void)
{
    char path[GIN_PATH_MAX], why[256];
    if (save_path(path, sizeof path, why, sizeof why) != 0)
        return -1;
    return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
}
