/* The drills' progress file (drills.h). */
#include "drills.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gin/error.h"

static const char DRILLS_NAME[] = "drills";
enum { DRILLS_FILE_MAX = 1 << 16, DRILLS_LINE = 96 };

/* "YYYY-MM-DD" with a month 01-12 and a day 01-31. */
static int date_ok(const char *s)
{
    if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
        return 0;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
            return 0;
    int month = (s[5] - '0') * 10 + (s[6] - '0'), day = (s[8] - '0') * 10 + (s[9] - '0');
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

static gin_drill_day *find(gin_drill_progress *p, const char *date, const char *kind)
{
    for (int i = p->n - 1; i >= 0; i--)
        if (!strcmp(p->day[i].date, date) && !strcmp(p->day[i].kind, kind))
            return &p->day[i];
    return NULL;
}

/* One line "DATE KIND TRIED RIGHT" into *d: 0, or -1 with fault's text. */
static int parse_line(char *line, gin_drill_day *d, gin_text_fault *fault, int at)
{
    char *f[5];
    int n = 0;
    memset(d, 0, sizeof *d); /* every byte known: days compare whole */
    for (char *save = NULL, *t = strtok_r(line, " ", &save); t; t = strtok_r(NULL, " ", &save))
        if (n < 5)
            f[n++] = t;
        else
            n++;
    long long tried, right;
    if (n != 4)
        return gin_text_fault_at(fault, at, GIN_EFORMAT, "%d words, not 4 (date kind answered right)", n);
    if (!date_ok(f[0]))
        return gin_text_fault_at(fault, at, GIN_EFORMAT, "not a date YYYY-MM-DD");
    if (!gin_kept_name_ok(f[1]))
        return gin_text_fault_at(fault, at, GIN_EFORMAT, "not a kind of drill");
    if (gin_kept_number(f[2], 0, GIN_DRILL_COUNT_MAX, &tried) != 0 || gin_kept_number(f[3], 0, tried, &right) != 0)
        return gin_text_fault_at(fault, at, GIN_EFORMAT, "the counts must be whole numbers, right at most answered");
    snprintf(d->date, sizeof d->date, "%s", f[0]);
    snprintf(d->kind, sizeof d->kind, "%s", f[1]);
    d->tried = (int)tried;
    d->right = (int)right;
    return 0;
}

int gin_drill_progress_parse(gin_drill_progress *p, const char *text, size_t len, gin_text_fault *fault)
{
    p->n = 0;
    if (gin_kept_check_text(text, len, 0, fault) != 0)
        return GIN_EFORMAT;
    const char *at = text, *end = text + len;
    char line[DRILLS_LINE];
    int no = 1, rc = gin_kept_line(&at, end, line, sizeof line);
    long long version;
    if (rc == 0 || strncmp(line, "gin-drills ", 11) != 0 || gin_kept_number(line + 11, 1, 1000000, &version) != 0)
        return gin_text_fault_at(fault, 1, GIN_EFORMAT, "not a drills file (no 'gin-drills 1' line)");
    if (version > 1)
        return gin_text_fault_at(fault, 1, GIN_KEPT_NEWER, "format %lld", version);
    while ((rc = gin_kept_line(&at, end, line, sizeof line)) != 0) {
        no++;
        if (rc < 0)
            return gin_text_fault_at(fault, no, GIN_EFORMAT, "a line too long");
        if (p->n >= GIN_DRILL_DAYS)
            return gin_text_fault_at(fault, no, GIN_EFORMAT, "more than %d lines of days", GIN_DRILL_DAYS);
        gin_drill_day d;
        if (parse_line(line, &d, fault, no) != 0)
            return GIN_EFORMAT;
        if (p->n && strcmp(d.date, p->day[p->n - 1].date) < 0)
            return gin_text_fault_at(fault, no, GIN_EFORMAT, "a date before the line above's");
        if (find(p, d.date, d.kind))
            return gin_text_fault_at(fault, no, GIN_EFORMAT, "the day and kind a second time");
        p->day[p->n++] = d;
    }
    return GIN_OK;
}

int gin_drill_progress_format(const gin_drill_progress *p, char *buf, size_t cap)
{
    size_t n = 0;
    int w = snprintf(buf, cap, "gin-drills 1\n");
    for (int i = 0; w > 0 && (size_t)w < cap - n && i <= p->n; i++) {
        n += (size_t)w;
        if (i == p->n)
            return (int)n;
        const gin_drill_day *d = &p->day[i];
        w = snprintf(buf + n, cap - n, "%s %s %d %d\n", d->date, d->kind, d->tried, d->right);
    }
    return GIN_ESPACE;
}

int gin_drill_progress_add(gin_drill_progress *p, const char *date, const char *kind, int right)
{
    if (!date || !kind || !date_ok(date) || !gin_kept_name_ok(kind))
        return -1;
    char day[sizeof p->day[0].date];
    snprintf(day, sizeof day, "%s", date);
    if (p->n && strcmp(day, p->day[p->n - 1].date) < 0) /* a clock set back: counted on the newest day */
        snprintf(day, sizeof day, "%s", p->day[p->n - 1].date);
    date = day;
    gin_drill_day *d = find(p, date, kind);
    if (!d) {
        if (p->n == GIN_DRILL_DAYS) { /* full: the oldest line goes */
            memmove(p->day, p->day + 1, sizeof p->day[0] * (GIN_DRILL_DAYS - 1));
            p->n--;
        }
        d = &p->day[p->n++];
        memset(d, 0, sizeof *d);
        snprintf(d->date, sizeof d->date, "%s", date);
        snprintf(d->kind, sizeof d->kind, "%s", kind);
    }
    if (d->tried < GIN_DRILL_COUNT_MAX) { /* full: both counts stay, so they still agree */
        d->tried++;
        d->right += right != 0;
    }
    return 0;
}

void gin_drill_progress_totals(const gin_drill_progress *p, const char *kind, const char *from, int *tried, int *missed)
{
    long long t = 0, m = 0;
    for (int i = 0; i < p->n; i++) {
        const gin_drill_day *d = &p->day[i];
        if (strcmp(d->kind, kind) != 0 || (from && strcmp(d->date, from) < 0))
            continue;
        t += d->tried;
        m += d->tried - d->right;
    }
    *tried = t > GIN_DRILL_COUNT_MAX ? GIN_DRILL_COUNT_MAX : (int)t;
    *missed = m > *tried ? *tried : (int)m;
}

static int parse_kept(void *ctx, const char *text, size_t len, gin_text_fault *fault)
{
    return gin_drill_progress_parse(ctx, text, len, fault);
}

int gin_drill_progress_load(gin_kept *k, gin_drill_progress *p)
{
    int st = gin_kept_load(k, GIN_DIR_STATE, DRILLS_NAME, "the drills' progress file", DRILLS_FILE_MAX, parse_kept, p);
    if (st != GIN_KEPT_LOADED)
        p->n = 0;
    return st;
}

int gin_drill_progress_record(gin_kept *k, const gin_lock *lk, const char *date, const char *kind, int right,
                              gin_drill_progress *now, char *why, size_t why_cap)
{
    why[0] = '\0';
    if (!gin_kept_writable(k)) {
        snprintf(why, why_cap, "progress not kept: %s", k->why[0] ? k->why : "the file was never loaded");
        return -1;
    }
    if (!gin_lock_covers(lk, k->path)) {
        snprintf(why, why_cap, "progress not kept: %s is written only under the table lock", k->path);
        return -1;
    }
    gin_drill_progress *p = malloc(sizeof *p);
    char *buf = malloc(DRILLS_FILE_MAX);
    int rc = -1, n;
    if (!p || !buf)
        snprintf(why, why_cap, "progress not kept: out of memory");
    else if (gin_drill_progress_load(k, p) != GIN_KEPT_LOADED && k->state != GIN_KEPT_ABSENT)
        snprintf(why, why_cap, "progress not kept: %s", k->why);
    else if (gin_drill_progress_add(p, date, kind, right) != 0)
        snprintf(why, why_cap, "progress not kept: a bad date or kind");
    else if ((n = gin_drill_progress_format(p, buf, DRILLS_FILE_MAX)) < 0)
        snprintf(why, why_cap, "progress not kept: the file would be too large");
    else if (gin_kept_write(k, buf, (size_t)n, why, why_cap) == 0)
        rc = 0;
    if (rc == 0 && now)
        *now = *p;
    free(p);
    free(buf);
    return rc;
}
