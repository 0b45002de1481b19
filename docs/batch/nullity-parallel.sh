#!/usr/bin/env bash
# One nullity sweep in SHARDS shards run by GNU parallel, one job per core
# here (or per core of ssh hosts: see docs/BATCH.md). Each shard appends to
# its own file, so running the same command again after a crash resumes
# every unfinished shard where it stopped; the shards in order are the sweep.
#
#   docs/batch/nullity-parallel.sh SHARDS NULLITY-ARGUMENTS... > all.txt
#   docs/batch/nullity-parallel.sh 16 --from 1 --to 100000 > square.txt
#   docs/batch/nullity-parallel.sh 64 --rows 1..2000 --cols 1..2000 --json > grid.jsonl
#
# PARTS (default ./parts) holds the shard files; JOBS (default: all cores)
# caps the jobs running at once.
set -euo pipefail
if [ "$#" -lt 2 ]; then
  echo "usage: $0 SHARDS NULLITY-ARGUMENTS..." >&2
  exit 2
fi
shards=$1
shift
parts=${PARTS:-parts}
mkdir -p "$parts"
# seq -w pads the shard numbers (01..16) so that the files sort in shard
# order; --shard 01/16 is shard 1 of 16.
seq -w "$shards" |
  parallel -q -j "${JOBS:-100%}" --halt soon,fail=1 \
    lightsout nullity "$@" --workers 1 --shard "{}/$shards" --output "$parts/nullity-{}.txt"
cat "$parts"/nullity-*.txt
