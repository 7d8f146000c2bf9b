/* The command line's options (opts.h). */
#include "opts.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "gin/error.h"
#include "gin/number.h"

void cli_opts_init(cli_opts *o, const char *cmd, int argc, char **argv, const char *shortopts,
                   const struct option *longopts)
{
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    o->argc = argc;
    o->argv = argv;
    o->shortopts = shortopts ? shortopts : "";
    o->longopts = longopts;
    optind = 1;
    opterr = 0;
}

/* The long option of `val`, or NULL. */
static const struct option *long_opt(const cli_opts *o, int val)
{
    for (const struct option *p = o->longopts; p && p->name; p++)
        if (!p->flag && p->val == val)
            return p;
    return NULL;
}

static const char *long_name(const cli_opts *o, int val)
{
    const struct option *p = long_opt(o, val);
    return p ? p->name : NULL;
}

/* Is `typed` "--NAME=..."? */
static int typed_with_value(const char *typed, const char *name)
{
    size_t n = strlen(name);
    return !strncmp(typed, "--", 2) && !strncmp(typed + 2, name, n) && typed[2 + n] == '=';
}

int cli_next(cli_opts *o)
{
    char spec[64];
    snprintf(spec, sizeof spec, ":%s", o->shortopts);
    int idx = -1;
    int c = getopt_long(o->argc, o->argv, spec, o->longopts, &idx);
    o->value = optarg;
    if (c == -1)
        return -1;
    const char *typed = optind > 0 && optind <= o->argc ? o->argv[optind - 1] : "?";
    if (c == ':' || c == '?') {
        /* For an unknown short option, or a value missing after -x, the
         * option is optopt; else the word as typed (up to any '='). A '?'
         * with optopt is a long option only when the word is that option
         * given a value: else a letter that is no short option, though a
         * long option may share it (-j is not --jobs). */
        const char *ln = optopt ? long_name(o, optopt) : NULL;
        if (c == '?' && ln && !typed_with_value(typed, ln))
            ln = NULL;
        if (ln)
            snprintf(o->shown, sizeof o->shown, "--%s", ln);
        else if (optopt)
            snprintf(o->shown, sizeof o->shown, "-%c", optopt);
        else
            snprintf(o->shown, sizeof o->shown, "%.*s", (int)strcspn(typed, "="), typed);
        const struct option *lo = optopt ? long_opt(o, optopt) : NULL;
        if (c == ':')
            fprintf(stderr, "%s: option '%s' needs a value\n", o->cmd, o->shown);
        else if (lo && lo->has_arg == no_argument && strchr(typed, '='))
            fprintf(stderr, "%s: option '%s' takes no value\n", o->cmd, o->shown);
        else
            fprintf(stderr, "%s: unknown option '%s' (try '%s --help')\n", o->cmd, o->shown, o->cmd);
        return '?';
    }
    if (idx >= 0) {
        /* getopt_long takes any unambiguous abbreviation (--gam for
         * --games); we take only the names the help documents, so that a
         * script keeps its meaning when an option is added. */
        const char *word = o->value && optind >= 2 && o->value == o->argv[optind - 1] ? o->argv[optind - 2] : typed;
        size_t len = strcspn(word, "=");
        if (strncmp(word, "--", 2) != 0 || len - 2 != strlen(o->longopts[idx].name)) {
            snprintf(o->shown, sizeof o->shown, "%.*s", (int)len, word);
            fprintf(stderr, "%s: unknown option '%s' (try '%s --help')\n", o->cmd, o->shown, o->cmd);
            return '?';
        }
    }
    const char *ln = idx >= 0 ? o->longopts[idx].name : long_name(o, c);
    if (ln)
        snprintf(o->shown, sizeof o->shown, "--%s", ln);
    else
        snprintf(o->shown, sizeof o->shown, "-%c", c);
    o->name = o->shown;
    return c;
}

int cli_bad(const cli_opts *o, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: %s: ", o->cmd, o->name ? o->name : "?");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return CLI_USAGE;
}

int cli_int(const cli_opts *o, long long lo, long long hi, long long *out)
{
    const char *s = o->value ? o->value : "";
    if (gin_number_parse(s, lo, hi, out, NULL) != GIN_OK) {
        cli_bad(o, "must be a whole number from %lld to %lld, not '%s'", lo, hi, s);
        return -1;
    }
    return 0;
}

int cli_seed(const cli_opts *o, uint64_t *out)
{
    const char *s = o->value ? o->value : "";
    if (gin_number_parse_u64(s, UINT64_MAX, out, NULL) != GIN_OK) {
        cli_bad(o, "must be a whole number from 0 to %llu, not '%s'", (unsigned long long)UINT64_MAX, s);
        return -1;
    }
    return 0;
}

int cli_no_operands(const cli_opts *o)
{
    if (optind < o->argc) {
        fprintf(stderr, "%s: unexpected argument '%s' (try '%s --help')\n", o->cmd, o->argv[optind], o->cmd);
        return CLI_USAGE;
    }
    return 0;
}
