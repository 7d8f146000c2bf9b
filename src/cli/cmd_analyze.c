/* gin analyze: the least deadwood, melds and unmatched cards of hands read
 * from standard input, and for 11 cards the best discard. */
#include <stdio.h>
#include <string.h>
#include "cli_io.h"
#include "commands.h"
#include "gin/error.h"
#include "gin/quote.h"
#include "gin/meld.h"
#include "opts.h"

static const char analyze_usage[] = "usage: gin analyze [--json] < HANDS\n"
                                    "\n"
                                    "Reads hands from standard input, one a line, 1 to 11 cards each, e.g.\n"
                                    "  AS 2S 3S 7H 7D 7C KH QD 5C 9S\n"
                                    "Ranks A 2-9 T J Q K (10 also), suits S H D C (the glyphs too), any case.\n"
                                    "A tab and anything after it are ignored; blank lines and lines starting\n"
                                    "with # are skipped. For each hand it prints the least deadwood, the melds and\n"
                                    "the unmatched cards of a least-deadwood arrangement, and for 11 cards the best\n"
                                    "discard and the deadwood it leaves, on one line of fields separated by tabs\n"
                                    "(<TAB>; the line is split here to fit):\n"
                                    "  AS 2S 3S 9S 7H KH 7D QD 5C 7C<TAB>deadwood 34<TAB>melds [AS 2S 3S] [7H 7D 7C]\n"
                                    "  <TAB>unmatched 9S KH QD 5C\n"
                                    "\n"
                                    "Options:\n"
                                    "  -j, --json   one JSON object a line, with the keys hand, deadwood, melds,\n"
                                    "               unmatched, and for 11 cards discard and deadwood_after_discard\n"
                                    "  -h, --help   show this text\n"
                                    "\n"
                                    "A bad line is reported on standard error as 'line N: what is wrong'; the\n"
                                    "other lines are still answered, and the exit status is then 1.\n";

/* Answer one hand into o (*json_flag: as JSON). Returns 0, or -1 after
 * reporting the line as bad. */
static int analyze_line(char *text, long line, void *json_flag, cli_out *o)
{
    int json = *(const int *)json_flag;
    gin_cardset hand;
    size_t pos = 0;
    int n = gin_cardset_parse(text, &hand, &pos);
    if (n < 0) {
        cli_parse_error(line, NULL, text, n, pos);
        return -1;
    }
    if (n < 1 || n > 11) {
        cli_line_error(line, "%d cards (a hand has 1 to 11)", n);
        return -1;
    }
    gin_arrangement a;
    int rc = gin_arrange(hand, &a);
    gin_card discard = GIN_NO_CARD;
    int after = 0;
    if (rc == GIN_OK && n == 11)
        rc = gin_best_discard(hand, &discard, &after);
    if (rc != GIN_OK) {
        cli_line_error(line, "%s", gin_strerror(rc));
        return -1;
    }

    if (json) {
        cli_out_str(o, "{\"hand\":");
        cli_out_json_cards(o, hand);
        cli_out_str(o, ",\"deadwood\":");
        cli_out_int(o, a.deadwood);
        cli_out_str(o, ",\"melds\":");
        cli_out_json_melds(o, a.melds, a.n_melds);
        cli_out_str(o, ",\"unmatched\":");
        cli_out_json_cards(o, a.unmatched);
        if (n == 11) {
            cli_out_str(o, ",\"discard\":");
            cli_out_json_card(o, discard);
            cli_out_str(o, ",\"deadwood_after_discard\":");
            cli_out_int(o, after);
        }
        cli_out_char(o, '}');
    } else {
        cli_out_cards(o, hand);
        cli_out_str(o, "\tdeadwood ");
        cli_out_int(o, a.deadwood);
        cli_out_str(o, "\tmelds ");
        cli_out_melds(o, a.melds, a.n_melds);
        cli_out_str(o, "\tunmatched ");
        cli_out_cards(o, a.unmatched);
        if (n == 11) {
            cli_out_str(o, "\tdiscard ");
            cli_out_card(o, discard);
            cli_out_str(o, " leaves ");
            cli_out_int(o, after);
        }
    }
    return 0;
}

int gin_cmd_analyze(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int json = 0, c;
    cli_opts o;
    cli_opts_init(&o, "gin analyze", argc, argv, "jh", longopts);
    while ((c = cli_next(&o)) != -1) {
        if (c == 'j') {
            json = 1;
        } else if (c == 'h') {
            fputs(analyze_usage, stdout);
            return 0;
        } else {
            return CLI_USAGE;
        }
    }
    if (optind < argc) {
        char q[160];
        fprintf(stderr,
                "gin analyze: unexpected argument '%s': hands are read from standard "
                "input (try 'gin analyze --help')\n",
                gin_quote(argv[optind], strlen(argv[optind]), q, sizeof q));
        return CLI_USAGE;
    }
    return cli_answer_lines("gin analyze", analyze_line, &json);
}
