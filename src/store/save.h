/* gin — the saved game: a game quit mid-way, kept in
 * $XDG_STATE_HOME/gin/save as a small header and the engine's game record
 * (docs/record.md). Resuming replays the record. */
#ifndef GIN_SAVE_H
#define GIN_SAVE_H

#include <stddef.h>
#include "gin/record.h"

typedef struct gin_save_info {
    char level[16]; /* the bot's level */
    int practice;   /* 1 = practice game (open hands; not in the statistics) */
    int human;      /* the human's seat */
} gin_save_info;

/* Write header + record text into buf. Returns the length, or a negative
 * gin status (GIN_ESPACE, GIN_EILLEGAL from gin_record_format). */
int gin_save_format(const gin_save_info *info, const gin_record *rec, char *buf, size_t cap);
/* Parse it back. Returns 0, or a negative gin status (GIN_EFORMAT ...). */
int gin_save_parse(const char *text, gin_save_info *info, gin_record *rec);

/* Write the save file atomically. Returns 0 or -1 with a message in why. */
int gin_save_write(const gin_save_info *info, const gin_record *rec, char *why, size_t why_cap);
/* Read it: 1 found (info, rec filled), 0 none, -1 damaged (moved to
 * save.bad; why says so) or unreadable (why says so). */
int gin_save_read(gin_save_info *info, gin_record *rec, char *why, size_t why_cap);
/* Remove the save file (a finished game). Returns 0 or -1. */
int gin_save_remove(void);

#endif
