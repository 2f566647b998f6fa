#!/usr/bin/env bash
# A long duplicate tournament played in shards of 100 pairs, each saved as it finishes, then merged.
# Usage: bash validation/tournament_shards.sh BOT OTHER DIR [GAMES] [SEED]
#   e.g. bash validation/tournament_shards.sh expert hard shards/ 10000 1
# Shard k plays pairs 100k..100k+99 (`--first-pair`, `--save DIR/BOT-OTHER-<first pair>.json`); a
# shard already saved, or being played by another runner (its lock), is skipped, so the script can
# be stopped and started again, and two runners (ORDER=desc for the second) share the work on two
# cores. Pair i is the same two games whichever shard plays it, so the merged report (printed when
# every shard is saved) is the one a single run of GAMES games would give. NICE (default 15) sets
# the priority.
set -euo pipefail
bot=$1 other=$2 dir=$3 games=${4:-10000} seed=${5:-1}
pairs=$((games / 2)) per=100
cd "$(dirname "$0")/.."
mkdir -p "$dir"
starts=$(seq 0 "$per" $((pairs - 1)))
[ "${ORDER:-asc}" = desc ] && starts=$(seq $(( (pairs - 1) / per * per )) -"$per" 0)
for start in $starts; do
  out="$dir/$bot-$other-$start.json"
  [ -e "$out" ] && continue
  mkdir "$out.lock" 2>/dev/null || continue   # another runner has it (a killed runner's lock: rmdir it)
  trap 'rmdir "$out.lock"; exit 130' INT TERM
  n=$(( (pairs - start < per ? pairs - start : per) * 2 ))
  if nice -n "${NICE:-15}" python -m cribbage_core.bots.tournament "$bot" "$other" --seed "$seed" \
      --games "$n" --first-pair "$start" --jobs 1 --save "$out.tmp" > "$out.log" 2>&1; then
    mv "$out.tmp" "$out"
  fi
  rmdir "$out.lock"
done
saved=$(ls "$dir/$bot-$other-"*.json 2>/dev/null | wc -l)
want=$(( (pairs + per - 1) / per ))
if [ "$saved" -eq "$want" ]; then
  python -m cribbage_core.bots.tournament merge "$dir/$bot-$other-"*.json
else
  echo "$saved of $want shards saved in $dir; run again (or wait for the other runner) to finish"
fi
