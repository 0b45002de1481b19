#!/bin/bash
# One nullity sweep as a Slurm job array: array task i computes shard i of
# the array's K tasks (--shard auto reads SLURM_ARRAY_TASK_ID, _MIN, _MAX).
# Each task appends to its own file, so a requeued or resubmitted task
# resumes where it stopped. The arguments are those of `lightsout nullity`:
#
#   sbatch docs/batch/nullity-slurm.sh --from 1 --to 100000
#   sbatch --array=1-64 docs/batch/nullity-slurm.sh --rows 1..2000 --cols 1..2000
#
# Resubmit some tasks of a 16-shard run (the array is then not 1-K, so K
# must be given): sbatch --array=5,9 --export=ALL,SHARDS=16 docs/batch/nullity-slurm.sh ...
# When every task is done: cat parts/nullity-*.txt > nullity.txt
#SBATCH --job-name=lightsout-nullity
#SBATCH --array=1-16
#SBATCH --cpus-per-task=2
#SBATCH --mem-per-cpu=256M
#SBATCH --time=02:00:00
#SBATCH --requeue
#SBATCH --output=lightsout-nullity-%A_%a.log
set -euo pipefail
mkdir -p parts
part=$(printf 'parts/nullity-%05d.txt' "$SLURM_ARRAY_TASK_ID")
exec lightsout nullity "$@" --shard "auto${SHARDS:+/$SHARDS}" --workers "${SLURM_CPUS_PER_TASK:-1}" \
  --output "$part" --progress
