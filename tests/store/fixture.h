/* Shared by the store's tests: a fresh temporary home for the kept files
 * ($XDG_STATE_HOME, $XDG_CONFIG_HOME and $HOME under one directory), and
 * small file helpers. Header-only: each test program includes it once. */
#ifndef GIN_TEST_STORE_FIXTURE_H
#define GIN_TEST_STORE_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kept.h"

typedef struct store_fixture {
    char root[256];            /* the temporary directory */
    char state[GIN_PATH_MAX];  /* $XDG_STATE_HOME/gin */
    char config[GIN_PATH_MAX]; /* $XDG_CONFIG_HOME/gin */
} store_fixture;

static inline void fx_rm_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        unlink(path);
        return;
    }
    chmod(path, 0700);
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char sub[GIN_PATH_MAX];
            if (gin_path_join(sub, sizeof sub, path, e->d_name) == 0)
                fx_rm_tree(sub);
        }
        closedir(d);
    }
    rmdir(path);
}

/* A fresh root with state/ and config/ (not yet created: the store makes
 * them) and home/ (created: $HOME must exist). */
static inline int fx_setup(void **state)
{
    store_fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    snprintf(f->root, sizeof f->root, "/tmp/gin-store-test-XXXXXX");
    if (!mkdtemp(f->root))
        return -1;
    char p[512];
    snprintf(p, sizeof p, "%s/state", f->root);
    setenv("XDG_STATE_HOME", p, 1);
    snprintf(f->state, sizeof f->state, "%s/gin", p);
    snprintf(p, sizeof p, "%s/config", f->root);
    setenv("XDG_CONFIG_HOME", p, 1);
    snprintf(f->config, sizeof f->config, "%s/gin", p);
    snprintf(p, sizeof p, "%s/home", f->root);
    if (mkdir(p, 0700) != 0)
        return -1;
    setenv("HOME", p, 1);
    *state = f;
    return 0;
}

static inline int fx_teardown(void **state)
{
    store_fixture *f = *state;
    fx_rm_tree(f->root);
    free(f);
    return 0;
}

/* PATH = DIR/NAME, asserting it fits. */
static inline void fx_path(char *buf, size_t cap, const char *dir, const char *name)
{
    assert_int_equal(gin_path_join(buf, cap, dir, name), 0);
}

static inline void fx_mkdirs(const char *dir)
{
    char tmp[GIN_PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(tmp, 0700);
            *p = '/';
        }
    mkdir(tmp, 0700);
}

/* Write len bytes to DIR/NAME (creating DIR), as a person or another
 * program would: no atomic replace. */
static inline void fx_write(const char *dir, const char *name, const char *data, size_t len)
{
    char path[GIN_PATH_MAX];
    fx_mkdirs(dir);
    fx_path(path, sizeof path, dir, name);
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(data, 1, len, fp), len);
    assert_int_equal(fclose(fp), 0);
}

static inline void fx_write_text(const char *dir, const char *name, const char *text)
{
    fx_write(dir, name, text, strlen(text));
}

/* The bytes of DIR/NAME (malloc'd, *len), or NULL if it is not a readable
 * regular file. */
static inline char *fx_read(const char *dir, const char *name, size_t *len)
{
    char path[GIN_PATH_MAX], *text = NULL;
    size_t n = 0;
    fx_path(path, sizeof path, dir, name);
    if (gin_file_read_all(path, 1 << 22, &text, &n) != 1)
        return NULL;
    if (len)
        *len = n;
    return text;
}

static inline int fx_exists(const char *dir, const char *name)
{
    char path[GIN_PATH_MAX];
    struct stat st;
    fx_path(path, sizeof path, dir, name);
    return lstat(path, &st) == 0;
}

#endif
