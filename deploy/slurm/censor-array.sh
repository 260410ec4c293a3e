#!/usr/bin/env bash
# A Slurm job array: each array task runs one slice of the manifest. censor reads the slice
# from SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN) and SLURM_ARRAY_TASK_COUNT, so the
# --array range below is the only place the number of slices is written.
#
#   sbatch deploy/slurm/censor-array.sh /shared/catalogue/jobs.jsonl
#
# The manifest, audio and outputs must be on a file system every node mounts. A task that
# fails or is requeued reruns safely: jobs whose outputs are up to date are skipped.
#SBATCH --job-name=censor
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --output=censor-%A_%a.log
set -euo pipefail

manifest="${1:?usage: sbatch censor-array.sh MANIFEST [censor options...]}"
shift
results_dir="$(dirname "$manifest")/results"
mkdir -p "$results_dir"

# `make install` puts censor in /usr/local/bin; CENSOR overrides (e.g. a module or a home install).
exec "${CENSOR:-censor}" --manifest "$manifest" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
    --results "$results_dir/task-${SLURM_ARRAY_TASK_ID:-0}.jsonl" "$@"
