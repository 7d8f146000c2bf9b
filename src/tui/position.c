/* The position in play, written down for analysis or sharing: the lines
 * the player's seat has received from the referee, as a bot would read
 * them (gin_proto_transcript), ending with the question now asked. `gin
 * advise` reads it back. One file in the state directory, replaced each
 * time, so the table never litters the working directory. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "atomic_file.h"
#include "gin/error.h"
#include "gin/protocol.h"
#include "play.h"

enum { POSITION_MAX = 1 << 18 };

int gin_play_write_position(const gin_record *rec, int human, gin_table *t, char *path, size_t cap)
{
    char dir[GIN_PATH_MAX], why[GIN_PLAY_WHY];
    if (gin_dir_path(GIN_DIR_STATE, dir, sizeof dir, why, sizeof why) != 0) {
        gin_table_msg(t, 1, "Cannot write the position: %s", why);
        return -1;
    }
    if (gin_path_join(path, cap, dir, "position") != 0) {
        gin_table_msg(t, 1, "Cannot write the position: the state directory's path is too long.");
        return -1;
    }
    char *text = malloc(POSITION_MAX);
    if (!text) {
        gin_table_msg(t, 1, "Cannot write the position: out of memory.");
        return -1;
    }
    int n = gin_proto_transcript(rec, human, text, POSITION_MAX);
    int rc = -1;
    if (n < 0)
        gin_table_msg(t, 1, "Cannot write the position: %s.", gin_strerror(n));
    else if (gin_file_write_atomic(path, text, (size_t)n) != 0)
        gin_table_msg(t, 1, "Cannot write %s: %s.", path, strerror(errno));
    else
        rc = 0;
    free(text);
    if (rc == 0)
        gin_table_msg(t, 0, "Position written to %s: gin advise < that file ranks your moves.", path);
    return rc;
}
