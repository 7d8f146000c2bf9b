/* Rule options shared by every command: see rules_args.h. */
#include "rules_args.h"

#include <stdio.h>
#include <string.h>

#include "gin/error.h"
#include "help.h"

/* Is `name` (length n) one of the knob names in the comma-separated list? */
static int is_knob(const char *name, size_t n)
{
    const char *list = gin_rules_knob_names();
    while (*list) {
        size_t len = strcspn(list, ",");
        if (len == n && !strncmp(list, name, n))
            return 1;
        list += len;
        while (*list == ',' || *list == ' ')
            list++;
    }
    return 0;
}

/* The option at argv[i] if it is `--rules` or a knob: its name (without the
 * dashes, length *n) and its value (inline after '=', the next argument, or
 * NULL when missing). *used is how many arguments it takes. NULL if argv[i]
 * is not a rule option. */
static const char *rule_option(int argc, char **argv, int i, size_t *n, const char **value, int *used)
{
    const char *a = argv[i];
    if (strncmp(a, "--", 2) != 0 || a[2] == '\0')
        return NULL;
    const char *name = a + 2;
    const char *eq = strchr(name, '=');
    *n = eq ? (size_t)(eq - name) : strlen(name);
    if (!(*n == 5 && !strncmp(name, "rules", 5)) && !is_knob(name, *n))
        return NULL;
    if (eq) {
        *value = eq + 1;
        *used = 1;
    } else if (*n == 9 && !strncmp(name, "hollywood", 9) && (i + 1 >= argc || strcmp(argv[i + 1], "on") != 0) &&
               (i + 1 >= argc || strcmp(argv[i + 1], "off") != 0)) {
        *value = "on"; /* a bare flag */
        *used = 1;
    } else {
        *value = i + 1 < argc ? argv[i + 1] : NULL;
        *used = 2;
    }
    return name;
}

static int kept(const char *name, size_t n, const char *const *keep)
{
    for (; keep && *keep; keep++)
        if (strlen(*keep) == n && !strncmp(*keep, name, n))
            return 1;
    return 0;
}

int gin_rules_knobs_take(const char *cmd, int *argc, char **argv, const char *const *keep, gin_rules_knobs *out,
                         char *err, size_t errcap)
{
    memset(out, 0, sizeof *out);
    int w = 1, i = 1;
    while (i < *argc) {
        if (!strcmp(argv[i], "--")) {
            while (i < *argc)
                argv[w++] = argv[i++];
            break;
        }
        size_t n;
        const char *value;
        int used;
        const char *name = rule_option(*argc, argv, i, &n, &value, &used);
        if (name && kept(name, n, keep) && n == 9 && !strncmp(name, "hollywood", 9) && value &&
            (!strcmp(value, "on") || !strcmp(value, "off") || strchr(argv[i], '='))) {
            /* A command that keeps --hollywood as its own flag (the table)
             * still takes the knob's documented --hollywood on|off. */
            static char on[] = "--hollywood", off[] = "--no-hollywood";
            if (strcmp(value, "on") != 0 && strcmp(value, "off") != 0) {
                snprintf(err, errcap, "%s: --hollywood %s: hollywood: expected on or off", cmd, value);
                return 2;
            }
            argv[w++] = strcmp(value, "on") == 0 ? on : off;
            i += used;
            continue;
        }
        if (!name || kept(name, n, keep)) {
            argv[w++] = argv[i++];
            continue;
        }
        if (!value) {
            snprintf(err, errcap, "%s: --%.*s needs a value", cmd, (int)n, name);
            return 2;
        }
        if (n == 5 && !strncmp(name, "rules", 5)) {
            out->preset = value;
        } else {
            if (out->n == GIN_RULES_ARGS_MAX) {
                snprintf(err, errcap, "%s: too many rule options", cmd);
                return 2;
            }
            snprintf(out->set[out->n].name, sizeof out->set[out->n].name, "%.*s", (int)n, name);
            out->set[out->n++].value = value;
        }
        i += used;
    }
    argv[w] = NULL;
    *argc = w;
    return 0;
}

int gin_rules_knobs_apply(const char *cmd, const gin_rules_knobs *k, gin_rules *r, char *err, size_t errcap)
{
    for (int i = 0; i < k->n; i++) {
        const char *why = NULL;
        if (gin_rules_set(r, k->set[i].name, k->set[i].value, &why) != GIN_OK) {
            snprintf(err, errcap, "%s: --%s %s: %s", cmd, k->set[i].name, k->set[i].value, why ? why : "invalid value");
            return 2;
        }
    }
    return 0;
}

int gin_rules_args(const char *cmd, int *argc, char **argv, const char *fallback, gin_rules *out, int *given, char *err,
                   size_t errcap)
{
    gin_rules_knobs k;
    if (gin_rules_knobs_take(cmd, argc, argv, NULL, &k, err, errcap) != 0)
        return 2;
    const char *preset = k.preset ? k.preset : fallback ? fallback : "standard";
    if (gin_rules_preset(preset, out) != GIN_OK) {
        snprintf(err, errcap, "%s: --rules: unknown rules '%s' (choose one of: %s)", cmd, preset,
                 gin_rules_preset_names());
        return 2;
    }
    if (given)
        *given = k.preset != NULL || k.n > 0;
    return gin_rules_knobs_apply(cmd, &k, out, err, errcap);
}

void gin_rules_args_usage(FILE *f)
{
    fprintf(f,
            "  --rules NAME        rule preset: %s\n"
            "                      (standard is the default)\n"
            "  --KNOB VALUE        override one rule (docs/rules.md); the knobs:\n",
            gin_rules_preset_names());
    fputs("                      ", f);
    cli_help_wrap(f, 22, 22, gin_rules_knob_names()); /* under the description column */
}
