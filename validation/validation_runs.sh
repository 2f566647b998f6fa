#!/usr/bin/env bash
# The coach engine's validation runs: exactly the commands whose figures docs/validation.md
# gives. The two 10,000-game tournaments are played in shards that are saved as they finish
# (validation/tournament_shards.sh), so a run that is stopped loses at most one shard and
# goes on where it stopped when started again; about 1.7 hours (hard) and 1.4 hours (medium) of
# CPU each. Everything runs at nice 15, on both cores.
# Usage: bash validation/validation_runs.sh > validation.log
set -euo pipefail
cd "$(dirname "$0")/.."
run() { echo "\$ $*"; nice -n 15 "$@"; echo; }
both() { echo "\$ $* (two runners)"; ORDER=desc bash "$@" > /dev/null & bash "$@"; wait; bash "$@"; echo; }
# Does reading the opponent's discard help the expert? Head to head, then the changed cards against hard.
run python -m cribbage_core.bots.tournament expert expert-plays-only --games 4000 --seed 1 --jobs 2 --minutes 25
run python validation/bench_inference.py hard --games 1000 --seed 1 --jobs 2 --minutes 12
# The skill figure orders the levels (easy loses more per decision than medium, medium than hard).
run python benchmarks/bench_review.py --skill 1000 --seed 1 --jobs 2 --every 100
# The expert against hard and medium: 10,000 duplicate games each, seed 1.
both validation/tournament_shards.sh expert hard shards 10000 1
both validation/tournament_shards.sh expert medium shards 10000 1
