#!/usr/bin/env bash
# The coach engine's validation runs (issue 13), sized by time for a shared 2-core machine:
# exactly the commands whose figures the README's "Validation runs, sized by time" gives. Each is
# one job (two worker processes at nice 15) that stops after its minutes with the games finished
# by then, so on a freer machine the same commands play more games.
# Usage: bash scripts/validation_runs.sh > validation.log
set -euo pipefail
cd "$(dirname "$0")/.."
run() { echo "\$ $*"; nice -n 15 "$@"; echo; }
# Does reading the opponent's discard help the expert? Head to head, then the changed cards against hard.
run python -m cribbage_core.tournament expert expert-plays-only --games 4000 --seed 1 --jobs 2 --minutes 25
run python benchmarks/bench_inference.py hard --games 1000 --seed 1 --jobs 2 --minutes 12
# The skill figure orders the levels (easy loses more per decision than medium, medium than hard).
run python benchmarks/bench_review.py --skill 1000 --seed 3 --jobs 2 --minutes 18
# The expert against hard and medium (the issue asks for 10,000 duplicate games each).
run python -m cribbage_core.tournament expert hard --games 10000 --seed 3 --jobs 2 --minutes 22
run python -m cribbage_core.tournament expert medium --games 10000 --seed 3 --jobs 2 --minutes 10
