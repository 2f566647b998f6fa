#!/usr/bin/env bash
# The coach engine's validation runs (issue 13), sized by time for a shared 2-core machine.
# Each step is one job (two worker processes at nice 15) that stops after its minutes with the
# games finished by then; the README's "Validation runs" gives the figures these printed.
# Usage: bash scripts/validation_runs.sh [minutes per run, default 20] > validation.log
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-20}
run() { echo "\$ $*"; nice -n 15 "$@"; echo; }
# Does reading the opponent's discard help the expert? Head to head, then against hard.
run python -m cribbage_core.tournament expert-inference expert --games 10000 --seed 1 --jobs 2 --minutes "$minutes"
run python -m cribbage_core.tournament expert-inference hard --games 10000 --seed 1 --jobs 2 --minutes "$minutes"
# The skill figure orders the levels (easy loses more per decision than medium, medium than hard).
run python benchmarks/bench_review.py --skill 1000 --seed 3 --jobs 2 --minutes "$minutes"
# The expert against hard and medium (the issue asks for 10,000 duplicate games each).
run python -m cribbage_core.tournament expert hard --games 10000 --seed 3 --jobs 2 --minutes "$minutes"
run python -m cribbage_core.tournament expert medium --games 10000 --seed 3 --jobs 2 --minutes "$minutes"
