/* gin showdown: settle knocks read from standard input as
 * `KNOCKER CARDS | DEFENDER CARDS` lines, under a rule preset. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_io.h"
#include "commands.h"
#include "gin/error.h"
#include "gin/quote.h"
#include "gin/meld.h"
#include "gin/rules.h"
#include "gin/showdown.h"
#include "opts.h"
#include "rules_args.h"

static const char showdown_usage[] = "usage: gin showdown [--rules NAME] [--KNOB VALUE...] [--upcard CARD] [--json]\n"
                                     "                    < LINES\n"
                                     "\n"
                                     "Settles knocks read from standard input, one a line:\n"
                                     "  KNOCKER CARDS | DEFENDER CARDS\n"
                                     "ten cards each, the knocker's after its discard (11 cards for the knocker\n"
                                     "means big gin), in the notation of 'gin analyze'. A tab and anything after\n"
                                     "it are ignored; blank lines and lines starting with # are skipped. The\n"
                                     "knocker spreads its least-deadwood melds, the defender spreads and lays off\n"
                                     "(not against gin) to its least deadwood, and the result is printed, one line\n"
                                     "of fields separated by tabs (<TAB>; the line is split here to fit):\n"
                                     "  undercut<TAB>defender +29<TAB>knocker 6: [TS TH TC] [AH AD AC] [5H 5D 5C] 6H\n"
                                     "  <TAB>defender 2: [JS JD JC] [KS KH KD KC] 2H<TAB>layoffs 5S TD\n"
                                     "\n"
                                     "Options:\n"
                                     "  The rule set decides the knock limit and the bonuses: --rules NAME picks a\n"
                                     "  preset, --KNOB VALUE overrides one knob (below). Oklahoma's knock limit is\n"
                                     "  the first upcard's value, which these lines do not give: the limit is not\n"
                                     "  checked unless --upcard is given. No preset allows big gin (11 cards for the\n"
                                     "  knocker): --big-gin 31 does. With --spade-double on, a hand counts double\n"
                                     "  when --upcard is a spade. Two players only: --seats 3 or 4 is refused.\n"
                                     "  -u, --upcard CARD    the hand's first upcard (sets Oklahoma's knock limit,\n"
                                     "                       and a spade doubles the hand with --spade-double on)\n"
                                     "  -j, --json           one JSON object a line, with the keys result (gin,\n"
                                     "                       big_gin, knock, undercut), winner (knocker, defender),\n"
                                     "                       points, knocker_deadwood, defender_deadwood,\n"
                                     "                       knocker_melds, defender_melds, layoffs,\n"
                                     "                       knocker_unmatched, defender_unmatched\n"
                                     "  -h, --help           show this text\n";

static const char showdown_usage_end[] = "\n"
                                         "The defender's deadwood and melds are those after its layoffs. A bad line\n"
                                         "(unknown or duplicate card, wrong count, a card in both hands, no '|', a\n"
                                         "knock over the limit) is reported on standard error as 'line N: what is\n"
                                         "wrong'; the other lines are still answered, and the exit status is then 1.\n";

static const char *const result_names[] = {"knock", "undercut", "gin", "big_gin"};

typedef struct showdown_opts {
    gin_rules rules;
    int knock_limit; /* < 0: not checked */
    int factor;      /* the points' multiplier: 2 for a doubled hand (--spade-double, a spade --upcard) */
    int json;
} showdown_opts;

/* Explain a GIN_EKNOCK from the settle: which of its causes applies. */
static void report_knock(long line, const showdown_opts *op, gin_cardset knocker, int n)
{
    int dw = gin_deadwood(knocker);
    if (n == 11 && op->rules.big_gin_bonus <= 0)
        cli_line_error(line, "knocker has 11 cards: no big gin in %s rules (--big-gin BONUS)", op->rules.name);
    else if (n == 11)
        cli_line_error(line,
                       "knocker has 11 cards that are not all melded (deadwood %d): "
                       "not big gin",
                       dw);
    else
        cli_line_error(line, "knocker's deadwood %d is over the knock limit %d", dw, op->knock_limit);
}

static void out_side(cli_out *o, const char *who, const gin_arrangement *a)
{
    cli_out_str(o, who);
    cli_out_char(o, ' ');
    cli_out_int(o, a->deadwood);
    cli_out_char(o, ':');
    if (a->n_melds > 0) {
        cli_out_char(o, ' ');
        cli_out_melds(o, a->melds, a->n_melds);
    }
    if (a->unmatched) {
        cli_out_char(o, ' ');
        cli_out_cards(o, a->unmatched);
    }
}

/* Settle one line into o (ctx: the showdown_opts). Returns 0, or -1 after
 * reporting the line as bad. */
static int showdown_line(char *text, long line, void *ctx, cli_out *o)
{
    const showdown_opts *op = ctx;
    char *bar = strchr(text, '|');
    if (!bar) {
        cli_line_error(line, "no '|' between the knocker's and the defender's cards");
        return -1;
    }
    *bar = '\0';
    const char *side_text[2] = {text, bar + 1};
    static const char *const side_name[2] = {"knocker", "defender"};
    gin_cardset hand[2];
    int n[2];
    for (int s = 0; s < 2; s++) {
        size_t pos = 0;
        n[s] = gin_cardset_parse(side_text[s], &hand[s], &pos);
        if (n[s] < 0) {
            cli_parse_error(line, side_name[s], side_text[s], n[s], pos);
            return -1;
        }
    }
    if (n[0] != 10 && n[0] != 11) {
        cli_line_error(line, "knocker has %d card%s (10 after its discard, or 11 for big gin)", n[0],
                       n[0] == 1 ? "" : "s");
        return -1;
    }
    if (n[1] != 10) {
        cli_line_error(line, "defender has %d card%s (needs 10)", n[1], n[1] == 1 ? "" : "s");
        return -1;
    }
    if (hand[0] & hand[1]) {
        char both[3 * GIN_DECK_SIZE + 1];
        if (gin_cardset_format(hand[0] & hand[1], both, sizeof both) < 0)
            strcpy(both, "?");
        cli_line_error(line, "both hands hold %s", both);
        return -1;
    }

    gin_showdown sd;
    int rc = gin_showdown_settle(&op->rules, hand[0], hand[1], op->knock_limit, &sd);
    if (rc == GIN_EKNOCK) {
        report_knock(line, op, hand[0], n[0]);
        return -1;
    }
    if (rc != GIN_OK || sd.kind < 0 || sd.kind > GIN_RESULT_BIG_GIN) {
        cli_line_error(line, "%s", rc != GIN_OK ? gin_strerror(rc) : "bad result");
        return -1;
    }
    sd.points *= op->factor;
    gin_cardset laid = 0;
    for (int i = 0; i < sd.n_layoffs && i < 11; i++)
        laid |= gin_cardset_of(sd.layoffs[i].card);
    const char *winner = sd.winner == GIN_KNOCKER ? "knocker" : "defender";

    if (op->json) {
        cli_out_str(o, "{\"result\":\"");
        cli_out_str(o, result_names[sd.kind]);
        cli_out_str(o, "\",\"winner\":\"");
        cli_out_str(o, winner);
        cli_out_str(o, "\",\"points\":");
        cli_out_int(o, sd.points);
        cli_out_str(o, ",\"knocker_deadwood\":");
        cli_out_int(o, sd.knocker.deadwood);
        cli_out_str(o, ",\"defender_deadwood\":");
        cli_out_int(o, sd.defender.deadwood);
        cli_out_str(o, ",\"knocker_melds\":");
        cli_out_json_melds(o, sd.knocker.melds, sd.knocker.n_melds);
        cli_out_str(o, ",\"defender_melds\":");
        cli_out_json_melds(o, sd.defender.melds, sd.defender.n_melds);
        cli_out_str(o, ",\"layoffs\":");
        cli_out_json_cards(o, laid);
        cli_out_str(o, ",\"knocker_unmatched\":");
        cli_out_json_cards(o, sd.knocker.unmatched);
        cli_out_str(o, ",\"defender_unmatched\":");
        cli_out_json_cards(o, sd.defender.unmatched);
        cli_out_char(o, '}');
    } else {
        cli_out_str(o, result_names[sd.kind]);
        cli_out_char(o, '\t');
        cli_out_str(o, winner);
        cli_out_str(o, " +");
        cli_out_int(o, sd.points);
        cli_out_char(o, '\t');
        out_side(o, "knocker", &sd.knocker);
        cli_out_char(o, '\t');
        out_side(o, "defender", &sd.defender);
        cli_out_str(o, "\tlayoffs ");
        cli_out_cards(o, laid);
    }
    return 0;
}

/* Parse the options into *op. Returns -1 to go on, else an exit status. */
static int showdown_options(int argc, char **argv, showdown_opts *op)
{
    static const struct option longopts[] = {
        {"upcard", required_argument, NULL, 'u'},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *upcard_text = NULL;
    char err[512];
    if (gin_rules_args("gin showdown", &argc, argv, NULL, &op->rules, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    int c;
    cli_opts o;
    cli_opts_init(&o, "gin showdown", argc, argv, "u:jh", longopts);
    while ((c = cli_next(&o)) != -1) {
        switch (c) {
        case 'u':
            upcard_text = o.value;
            break;
        case 'j':
            op->json = 1;
            break;
        case 'h':
            fputs(showdown_usage, stdout);
            gin_rules_args_usage(stdout);
            fputs(showdown_usage_end, stdout);
            return 0;
        default:
            return CLI_USAGE;
        }
    }
    if (optind < argc) {
        char q[160];
        fprintf(stderr,
                "gin showdown: unexpected argument '%s': lines are read from standard "
                "input (try 'gin showdown --help')\n",
                gin_quote(argv[optind], strlen(argv[optind]), q, sizeof q));
        return CLI_USAGE;
    }
    if (op->rules.seats != 2) { /* the lines hold two hands: a table's knock is not one of them */
        fprintf(stderr, "gin showdown: --seats %d: the lines settle two-player knocks only\n", op->rules.seats);
        return CLI_USAGE;
    }
    op->knock_limit = op->rules.knock_limit < 0 ? -1 : op->rules.knock_limit;
    op->factor = 1;
    if (upcard_text) {
        gin_card up;
        const char *end = NULL;
        if (gin_card_parse(upcard_text, &up, &end) != GIN_OK || (end && *end)) {
            char q[160];
            fprintf(stderr, "gin showdown: --upcard: must be one card, such as 7H, not '%s'\n",
                    gin_quote(upcard_text, strlen(upcard_text), q, sizeof q));
            return 2;
        }
        op->knock_limit = gin_rules_knock_limit(&op->rules, up);
        op->factor = gin_rules_hand_factor(&op->rules, up);
    }
    return -1;
}

int gin_cmd_showdown(int argc, char **argv)
{
    showdown_opts op;
    memset(&op, 0, sizeof op);
    int status = showdown_options(argc, argv, &op);
    if (status >= 0)
        return status;
    return cli_answer_lines("gin showdown", showdown_line, &op);
}
