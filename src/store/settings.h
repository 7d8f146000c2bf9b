/* gin — the player's chosen settings, kept in $XDG_CONFIG_HOME/gin/settings
 * as "key = value" lines. Parsing and formatting are pure; see settings.c. */
#ifndef GIN_SETTINGS_H
#define GIN_SETTINGS_H

#include <stddef.h>

typedef struct gin_settings {
    char level[16]; /* easy, normal, hard, expert */
    char rules[16]; /* preset name */
    int target;     /* 0 = the preset's */
    int hollywood;  /* -1 = the preset's, 0 off, 1 on */
    int four_color; /* 1 = four-colour deck */
    int no_color;   /* 1 = no colours */
    int open;       /* 1 = practice: open hands, undo, review */
    int sort;       /* 0 melds, 1 rank, 2 suit */
    int fast;       /* 1 = no pause after the bot's moves */
    int players;    /* 2, or 3-4: you against two or three bots */
} gin_settings;

/* The defaults: normal bot, standard rules, two players, colours, melds sort. */
void gin_settings_default(gin_settings *s);
/* Parse text over *s (unknown keys are ignored so newer files still load).
 * Returns 0, or the 1-based line of a malformed line (s keeps what parsed). */
int gin_settings_parse(gin_settings *s, const char *text);
/* Format into buf. Returns the length, or -1 if it does not fit. */
int gin_settings_format(const gin_settings *s, char *buf, size_t cap);

/* Load from the config dir; a missing file gives the defaults; a damaged one
 * is moved to settings.bad and a message written to why (why[0] is 0 when
 * all is well). Returns 0; -1 when the file was damaged and moved aside (or
 * the dir is unusable); -2 when it could not be moved (do not overwrite it). */
int gin_settings_load(gin_settings *s, char *why, size_t why_cap);
/* Save atomically. Returns 0, or -1 with a message in why. */
int gin_settings_save(const gin_settings *s, char *why, size_t why_cap);

#endif
