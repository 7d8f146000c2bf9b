/* `gin replay FILE`: play a game record back, checking every action and
 * every recorded result, and print the game hand by hand with the scores.
 * A damaged record exits 1 naming the line at fault. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kept.h"
#include "commands.h"
#include "gin/error.h"
#include "gin/quote.h"
#include "gin/record.h"
#include "history.h"
#include "narrate.h"
#include "opts.h"
#include "play.h"
#include "save.h"
#include "seating.h"

enum { MAX_FILE = 8 << 20, SENTENCE_MAX = 256 };

typedef struct printer {
    FILE *out;
    int moves; /* --moves: print every action */
    const gin_game *g;
    gin_narrator tell; /* the table's own narration, the seats named */
} printer;

/* A card as the record writes it: "KS". */
static void card_word(gin_card c, char *buf, size_t cap)
{
    char w[3];
    snprintf(buf, cap, "%s", gin_card_format(c, w) == GIN_OK ? w : "??");
}

/* The seats named as the table names them ("You", "Bot", "Bot 2") when
 * the file says which seat a person played (a history entry, a saved
 * game); else by number ("Seat 0"). */
static void name_seats(gin_narrator *n, int seats, int human)
{
    static const char *const numbered[GIN_MAX_SEATS] = {"Seat 0", "Seat 1", "Seat 2", "Seat 3"};
    memset(n, 0, sizeof *n);
    gin_seating who = {human, human >= 0 ? (human + 1) % seats : -1, seats};
    for (int s = 0; s < seats && s < GIN_MAX_SEATS; s++)
        n->name[s] = human >= 0 && human < seats ? gin_seat_name(&who, s) : numbered[s];
    n->card = card_word;
}

/* Seat s's name, as the sentences start it. */
static const char *who(const printer *p, int s) { return s >= 0 && s < GIN_MAX_SEATS ? p->tell.name[s] : "?"; }

/* The verb as seat s's name takes it: "spreads", or "spread" after "You". */
static const char *verb(const printer *p, int s, const char *one, const char *you)
{
    return strcmp(who(p, s), "You") ? one : you;
}

static const char *const kind_words[] = {"knock", "undercut", "gin", "big gin"};

static void put_cards(FILE *out, gin_cardset s)
{
    char buf[3 * GIN_DECK_SIZE + 1];
    if (gin_cardset_format(s, buf, sizeof buf) >= 0)
        fputs(buf, out);
}

static void put_card(FILE *out, gin_card c)
{
    char buf[3];
    fputs(gin_card_format(c, buf) == GIN_OK ? buf : "??", out);
}

static void put_spread(FILE *out, const gin_arrangement *a)
{
    for (int i = 0; i < a->n_melds; i++) {
        fputs(i ? " | " : "", out);
        put_cards(out, a->melds[i]);
    }
    if (a->unmatched) {
        fputs(a->n_melds ? " | deadwood " : "deadwood ", out);
        put_cards(out, a->unmatched);
    }
    fprintf(out, " (%d)", a->deadwood);
}

/* A ring's showdown: every seat's spread from the knocker on, each
 * defender's layoffs, and the penalty each takes. */
static void print_ring_showdown(const printer *p, const gin_ring_showdown *t, const gin_event *ev)
{
    FILE *out = p->out;
    for (int i = 0; i < t->seats; i++) {
        int s = (t->knocker + i) % t->seats;
        if (t->n_layoffs[s] > 0) {
            fprintf(out, "  %s %s", who(p, s), verb(p, s, "lays off", "lay off"));
            for (int j = 0; j < t->n_layoffs[s]; j++) {
                fputc(' ', out);
                put_card(out, t->layoffs[s][j].card);
            }
            fputc('\n', out);
        }
        fprintf(out, "  %s %s: ", who(p, s),
                s == t->knocker ? verb(p, s, "spreads", "spread") : verb(p, s, "defends", "defend"));
        put_spread(out, &t->spread[s]);
        if (s == t->winner)
            fputs(", wins the hand\n", out);
        else
            fprintf(out, ", takes %d\n", t->penalty[s]);
    }
    fprintf(out, "  %s: %s %s the hand, %d penalty points paid\n",
            t->kind >= 0 && t->kind < 4 ? kind_words[t->kind] : "?", who(p, ev->seat), verb(p, ev->seat, "wins", "win"),
            ev->value);
}

static void on_event(void *ctx, const gin_event *ev)
{
    printer *p = ctx;
    FILE *out = p->out;
    const gin_game *g = p->g;
    char line[SENTENCE_MAX];
    int told = gin_narrate(&p->tell, g->rules.seats, ev, GIN_TELL_SENTENCE, line, sizeof line) > 0;
    switch (ev->kind) {
    case GIN_EV_DEAL:
        if (told) /* once a hand: who dealt, the upcard */
            fprintf(out, "\nhand %d: %s\n", g->hand_no + 1, line);
        fprintf(out, "  %s: ", who(p, ev->seat));
        put_cards(out, ev->cards);
        fputc('\n', out);
        break;
    case GIN_EV_TAKE_UPCARD:
    case GIN_EV_PASS:
    case GIN_EV_DRAW_STOCK:
    case GIN_EV_DRAW_DISCARD:
    case GIN_EV_DISCARD:
        if (p->moves)
            fprintf(out, "    %s\n", line);
        break;
    case GIN_EV_KNOCK:
    case GIN_EV_GIN:
        fprintf(out, "  %.*s (after %d turns).\n", (int)strlen(line) - 1, line, g->hand.turns);
        break;
    case GIN_EV_RESHUFFLE:
        fprintf(out, "  %s\n", line);
        break;
    case GIN_EV_VOID:
        fprintf(out, "  %.*s (%s %d turns, stock %d): no score, the same dealer deals.\n", (int)strlen(line) - 1, line,
                g->hand.turns >= GIN_HAND_MAX_TURNS ? "the limit, reached after" : "after", g->hand.turns, ev->value);
        break;
    case GIN_EV_HAND_OVER:
        if (ev->showdown && g->rules.seats > 2) {
            print_ring_showdown(p, &g->hand.ring, ev);
        } else if (ev->showdown) {
            const gin_showdown *sd = ev->showdown;
            int k = g->hand.knocker, d = (k + 1) % g->rules.seats;
            fprintf(out, "  %s %s: ", who(p, k), verb(p, k, "spreads", "spread"));
            put_spread(out, &sd->knocker);
            for (int i = 0; i < sd->n_layoffs; i++) {
                if (!i)
                    fprintf(out, "\n  %s %s ", who(p, d), verb(p, d, "lays off", "lay off"));
                else
                    fputc(' ', out);
                put_card(out, sd->layoffs[i].card);
            }
            fprintf(out, "\n  %s %s: ", who(p, d), verb(p, d, "spreads", "spread"));
            put_spread(out, &sd->defender);
            fprintf(out, "\n  %s: %s %s %d\n", sd->kind >= 0 && sd->kind < 4 ? kind_words[sd->kind] : "?",
                    who(p, ev->seat), verb(p, ev->seat, "scores", "score"), ev->value);
        }
        break;
    default: /* lay-offs and penalties print with the spreads, the game's end in the totals */
        break;
    }
}

static void print_totals(const printer *p, const gin_game *g)
{
    FILE *out = p->out;
    fputs(g->rules.seats > 2 ? "  penalty totals:" : "  score:", out);
    for (int s = 0; s < g->rules.seats; s++)
        fprintf(out, " %s %d%s", who(p, s), g->score.points[s], s + 1 < g->rules.seats ? "," : "\n");
}

static void print_final(const printer *p, const gin_game *g)
{
    FILE *out = p->out;
    const gin_game_score *games = g->rules.hollywood ? g->hollywood : &g->score;
    int n = g->rules.hollywood ? 3 : 1;
    fprintf(out, "\n%s after %d hand%s\n", g->over ? "game over" : "game in progress", g->n_results,
            g->n_results == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        const gin_game_score *sc = &games[i];
        if (n > 1)
            fprintf(out, "game %d%s\n", i + 1, sc->over ? "" : " (not over)");
        for (int s = 0; s < g->rules.seats; s++)
            if (g->rules.seats > 2)
                fprintf(out, "  %s: %d penalty points, %d hand%s won\n", who(p, s), sc->total[s], sc->hands_won[s],
                        sc->hands_won[s] == 1 ? "" : "s");
            else
                fprintf(out, "  %s: %d points, %d hand%s won, game bonus %d, boxes %d, total %d\n", who(p, s),
                        sc->points[s], sc->hands_won[s], sc->hands_won[s] == 1 ? "" : "s", sc->game_bonus[s],
                        sc->box_bonus[s], sc->total[s]);
        if (sc->shutout)
            fputs("  shutout\n", out);
    }
    if (g->over) {
        int total = 0;
        int w = gin_game_winner(g, &total);
        if (w >= 0 && g->rules.seats > 2)
            fprintf(out, "%s %s with the lowest penalty total, %d\n", who(p, w), verb(p, w, "wins", "win"), total);
        else if (w >= 0)
            fprintf(out, "%s %s, %d\n", who(p, w), verb(p, w, "wins", "win"), total);
        else
            fputs("a tie\n", out);
    }
}

/* The whole file, NUL-terminated, in a malloc'd buffer the caller frees;
 * NULL with *why (the system's reason, or what is wrong with the file).
 * Opened without blocking and checked to be a regular file first, so a FIFO
 * or a directory is an error, not a hang. */
static char *read_file(const char *path, char *why, size_t cap)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(why, cap, "%s", strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, cap, "not a regular file (%s)",
                 S_ISDIR(st.st_mode)    ? "a directory"
                 : S_ISFIFO(st.st_mode) ? "a FIFO"
                                        : "a device or socket");
        close(fd);
        return NULL;
    }
    char *buf = malloc(MAX_FILE + 1);
    size_t n = 0;
    ssize_t got = 1;
    while (buf && n <= MAX_FILE && (got = read(fd, buf + n, MAX_FILE + 1 - n)) > 0)
        n += (size_t)got;
    int err = got < 0 ? errno : 0;
    close(fd);
    if (!buf || err || n > MAX_FILE) {
        snprintf(why, cap, "%s", !buf ? "out of memory" : err ? strerror(err) : "too large for a game record");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    if (memchr(buf, '\0', n)) {
        snprintf(why, cap, "not a text file (it holds a NUL byte)");
        free(buf);
        return NULL;
    }
    return buf;
}

/* Report a fault at `line` of the file (0: the file as a whole), quoting
 * that line. */
static void fault(const char *path, const char *text, int line, const char *what)
{
    if (line <= 0) {
        fprintf(stderr, "gin replay: %s: %s\n", path, what);
        return;
    }
    fprintf(stderr, "gin replay: %s:%d: %s", path, line, what);
    const char *s = text;
    for (int i = 1; s && i < line; i++) {
        s = strchr(s, '\n');
        s = s ? s + 1 : NULL;
    }
    if (s && *s) {
        int len = (int)strcspn(s, "\r\n");
        char q[256];
        gin_quote(s, (size_t)(len > 60 ? 60 : len), q, sizeof q);
        fprintf(stderr, ": \"%s\"", q);
    } else if (line > 1) {
        fputs(" (the file ends early: truncated?)", stderr);
    }
    fputc('\n', stderr);
}

/* What the file is, once judged. */
typedef struct judged {
    gin_record *rec;
    int kind; /* 0 a game record, 1 a saved game, 2 a history entry */
    gin_save_info save;
    gin_history_info entry;
} judged;

/* Judge text as what it says it is, with the judgement the program's own
 * readers use (save.h: as the table resumes it; history.h: as the history
 * keeps it), or as a game record that must replay. Returns 0, or 1 after
 * the message. */
static int judge(const char *path, const char *text, size_t len, judged *j)
{
    gin_text_fault f = {0, ""};
    int rc;
    if (!strncmp(text, "gin-save ", 9)) {
        j->kind = 1;
        rc = gin_save_judge(text, len, gin_play_level_known, &j->save, j->rec, &f);
    } else if (!strncmp(text, "gin-history ", 12)) {
        j->kind = 2;
        rc = gin_history_judge(text, len, &j->entry, j->rec, &f);
    } else {
        static gin_game g;
        int line = 0, idx = -1;
        j->kind = 0;
        rc = gin_record_parse_why(text, j->rec, &line, f.what, sizeof f.what);
        if (rc == GIN_OK) {
            rc = gin_record_replay_lines(j->rec, &g, NULL, NULL, &idx, &line);
            snprintf(f.what, sizeof f.what, "%s", gin_strerror(rc));
        }
        f.line = line;
    }
    if (rc == GIN_OK)
        return 0;
    if (rc == GIN_KEPT_NEWER)
        snprintf(f.what, sizeof f.what, "written by a newer gin (a later format); left as it is");
    fault(path, text, f.line, f.what);
    return 1;
}

static void usage(FILE *out)
{
    fputs("usage: gin replay [--moves] [--quiet] FILE\n"
          "       gin replay [--moves] [--quiet] N\n"
          "       gin replay [--moves] [--quiet] --save\n"
          "  Plays back a game record or a saved game (the table's save file, as it\n"
          "  is), checking every action and recorded score, and prints the game hand\n"
          "  by hand. N (digits only) is game N of the history (gin history lists\n"
          "  them; write ./N for a file of that name); --save is the game saved now.\n"
          "  --moves prints every action, --quiet only checks.\n"
          "  Exit 0 if the record is sound, 1 if it is damaged or cannot be read,\n"
          "  2 for a usage mistake.\n",
          out);
}

/* The file `gin replay N` or `--save` means, into path[], as the table
 * and `gin history` reach it (a link in the way is not followed). Returns
 * 0, or 1 after the message. */
static int kept_path(const char *arg, int save, gin_record *rec, char *path, size_t cap)
{
    long long id = 0;
    if (!save && (strspn(arg, "0123456789") != strlen(arg) || gin_kept_number(arg, 1, 999999999, &id) != 0)) {
        fprintf(stderr, "gin replay: %s: no such game in the history (numbers start at 1; gin history lists them)\n",
                arg);
        return 1;
    }
    static gin_kept k;
    gin_save_info info;
    gin_history_info h;
    int st = save ? gin_save_read(&k, &info, rec, gin_play_level_known) : gin_history_read((int)id, &k, &h, rec);
    snprintf(path, cap, "%s", k.path);
    if (st == GIN_KEPT_ABSENT) {
        if (save)
            fprintf(stderr, "gin replay: there is no saved game (%s)\n", k.path);
        else
            fprintf(stderr, "gin replay: there is no game %lld in the history (gin history lists them)\n", id);
        return 1;
    }
    if (st == GIN_KEPT_LOADED || st == GIN_KEPT_DAMAGED)
        return 0; /* judged again below, to say where */
    fprintf(stderr, "gin replay: %s\n", k.why);
    return 1;
}

/* A history entry's header, before the game. */
static void history_line(const gin_history_info *h)
{
    printf("%s, %s, %s", h->date, h->players > 2 ? "a table" : h->level, h->result);
    for (int i = 0; i < h->players; i++)
        printf("%s%d", i ? "-" : " ", h->score[i]);
    printf("%s; you are seat %d\n", h->practice ? ", practice" : h->counted ? ", counted" : ", not counted", h->human);
    printf("  under %s rules\n", h->rules); /* a line of its own: it can be long */
}

/* The file the operands name: FILE, game N of the history, or the save
 * (--save) into *path (kept[] holds the last two). Returns -1 to go on,
 * else the exit status after the message. */
static int which_file(int argc, char **argv, int save, gin_record *rec, char *kept, size_t cap, const char **path,
                      int *numbered)
{
    if (optind + !save != argc) {
        fprintf(stderr, "gin replay: %s (try 'gin replay --help')\n",
                save             ? "--save replays the saved game: no file with it"
                : optind == argc ? "which file? name one game record or saved game"
                                 : "one file at a time");
        return CLI_USAGE;
    }
    *path = save ? "" : argv[optind];
    *numbered = !save && (*path)[0] >= '0' && (*path)[0] <= '9' && strspn(*path, "0123456789") == strlen(*path);
    if (save || *numbered) { /* the save, or game N of the history */
        if (kept_path(*path, save, rec, kept, cap) != 0)
            return 1;
        *path = kept;
    }
    return -1;
}

/* Print as we go: replay action by action through the game. */
static void print_game(const gin_record *rec, gin_game *g, printer *p)
{
    gin_game_init(g, &rec->rules, rec->seed);
    for (int i = 0; i < rec->n_actions; i++) {
        if (g->hand_no == 0 || g->hand.phase == GIN_PHASE_OVER)
            gin_game_deal(g, on_event, p);
        gin_game_apply(g, rec->actions[i], on_event, p);
        if (g->hand.phase == GIN_PHASE_OVER)
            print_totals(p, g);
    }
    print_final(p, g);
}

int gin_cmd_replay(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"moves", no_argument, NULL, 'm'},
        {"quiet", no_argument, NULL, 'q'},
        {"save", no_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int moves = 0, quiet = 0, save = 0, c, rc;
    cli_opts o;
    cli_opts_init(&o, "gin replay", argc, argv, "h", longopts);
    while ((c = cli_next(&o)) != -1) {
        if (c == 'm')
            moves = 1;
        else if (c == 'q')
            quiet = 1;
        else if (c == 's')
            save = 1;
        else if (c == 'h') {
            usage(stdout);
            return 0;
        } else
            return CLI_USAGE;
    }
    static char kept[GIN_PATH_MAX];
    static judged j;
    const char *path = NULL;
    int numbered = 0;
    j.rec = malloc(sizeof *j.rec);
    gin_game *g = malloc(sizeof *g);
    if (!j.rec || !g) {
        fprintf(stderr, "gin replay: out of memory\n");
        free(j.rec), free(g);
        return 1;
    }
    rc = which_file(argc, argv, save, j.rec, kept, sizeof kept, &path, &numbered);
    char why[256], *text = NULL;
    if (rc < 0 && !(text = read_file(path, why, sizeof why))) {
        fprintf(stderr, "gin replay: %s: %s\n", path, why);
        rc = 1;
    }
    if (rc < 0 && judge(path, text, strlen(text), &j) != 0)
        rc = 1;
    free(text);
    if (rc >= 0) {
        free(j.rec), free(g);
        return rc;
    }
    const gin_record *rec = j.rec;
    printer p = {stdout, moves, g, {{0}, NULL}};
    name_seats(&p.tell, rec->rules.seats, j.kind == 2 ? j.entry.human : j.kind == 1 ? j.save.human : -1);
    if (numbered && !quiet && j.kind == 2)
        history_line(&j.entry);
    if (!quiet)
        printf("rules %s, seed %llu, %d actions\n", rec->rules.name, (unsigned long long)rec->seed, rec->n_actions);
    if (!quiet) {
        print_game(rec, g, &p);
    } else {
        (void)gin_record_replay(rec, g, NULL, NULL, NULL); /* it replays: judged so */
        printf("%s: ok, %d hand%s%s\n", path, g->n_results, g->n_results == 1 ? "" : "s", g->over ? ", game over" : "");
    }
    free(j.rec), free(g);
    return 0;
}
