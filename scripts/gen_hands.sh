#!/bin/sh
# Print random hands in the notation of `gin analyze`, for benchmarks.
# Usage: scripts/gen_hands.sh COUNT CARDS [SEED]        one hand a line
#        scripts/gen_hands.sh COUNT showdown [SEED]     KNOCKER | DEFENDER lines
# Deterministic for a seed with a given awk; the hands are uniform draws from
# a shuffled deck, not positions from play.
set -eu
count=${1:?usage: gen_hands.sh COUNT CARDS|showdown [SEED]}
cards=${2:?usage: gen_hands.sh COUNT CARDS|showdown [SEED]}
seed=${3:-1}
exec awk -v count="$count" -v cards="$cards" -v seed="$seed" 'BEGIN {
    srand(seed)
    split("A 2 3 4 5 6 7 8 9 T J Q K", rank, " ")
    split("S H D C", suit, " ")
    for (i = 0; i < 52; i++) deck[i] = rank[i % 13 + 1] suit[int(i / 13) + 1]
    want = cards == "showdown" ? 20 : cards + 0
    for (h = 0; h < count; h++) {
        # Partial Fisher-Yates: the first `want` places are a random draw.
        for (i = 0; i < want; i++) {
            j = i + int(rand() * (52 - i))
            t = deck[i]; deck[i] = deck[j]; deck[j] = t
        }
        line = deck[0]
        for (i = 1; i < want; i++) line = line (cards == "showdown" && i == 10 ? " | " : " ") deck[i]
        print line
    }
}'
