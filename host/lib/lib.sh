# Shared helpers for the host-side scripts. Source it; do not run it.
# shellcheck shell=bash

set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${BUILD:-$TOP/build}
# Machine-wide cache kept between clones: ccache, the KVM probe verdict,
# the vanilla kernel. Nothing in it is needed for correctness.
CACHE=${EXECFIRST_CACHE:-/var/cache/execfirst}

# Console lines that fail a boot (common/splats, one ERE per line).
[ -r "$TOP/common/splats" ] || { echo "FATAL: $TOP/common/splats is missing" >&2; exit 1; }
SPLAT_RE=$(grep -v '^\(#\|$\)' "$TOP/common/splats" | paste -sd '|')

die() { printf 'FATAL: %s\n' "$*" >&2; exit 1; }

# Which series: v1, the one in patches/series (the default, what CI
# tests), or v2, the redesign being built in patches/v2/ (issue 29,
# patches/v2/README.md), which make test takes with SERIES=v2.
# series_dir NAME prints where series NAME lives, under patches/.
series_dir() {
	case "$1" in
	v1) echo patches ;;
	v2) echo patches/v2 ;;
	*) die "SERIES must be v1 or v2, not '$1'" ;;
	esac
}
SERIES=${SERIES:-v1}
SERIES_DIR=$TOP/$(series_dir "$SERIES")

# The guests' shapes (common/machines; EXECFIRST_MACHINES=FILE for tests).
MACHINES=${EXECFIRST_MACHINES:-$TOP/common/machines}
machine() {	# machine PROFILE.FIELD: print its value
	awk -v k="$1" '$1 == k { print $2; f = 1 } END { exit !f }' "$MACHINES" ||
		die "$MACHINES has no '$1'"
}
log() { printf '%s\n' "$*" >&2; }

# Print a command, prefixed "$ ", then run it.
run() { printf '$ %s\n' "$*" >&2; "$@"; }

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# Fail early, and say so, when the disk under a folder has less than $2 MiB
# free for what $3 names (a kernel tree and its objects take gigabytes;
# running out half-way leaves a confusing tar or ld error instead).
need_space() {	# need_space DIR MIB WHAT
	local dir=$1 free
	while [ ! -d "$dir" ]; do dir=$(dirname "$dir"); done
	free=$(df -Pm "$dir" | awk 'NR == 2 { print $4 }')
	[ "$free" -ge "$2" ] ||
		die "$3 needs about $2 MiB free under $1, but only $free MiB are: free some space (or point BUILD= elsewhere) and run again"
}

# The series' identity: a hash of patches/series and the patches it names.
series_id() {
	(cd "$TOP/$(series_dir "$SERIES")" && cat series $(grep -v '^\(#\|$\)' series) | sha1sum | cut -c1-12)
}

# The harness's commit, "-dirty" if its code differs from it (results/ is
# not code).
harness_id() {
	local h
	h=$(git -C "$TOP" rev-parse --short HEAD 2> /dev/null || echo unknown)
	git -C "$TOP" diff --quiet HEAD -- . ':!results' 2> /dev/null || h=$h-dirty
	echo "$h"
}

# Append a one-line record of a run to results/ci/KIND.txt, for the
# developer to commit: when, which series and harness, then WORDS.
record_run() {	# record_run KIND WORDS
	mkdir -p "$TOP/results/ci"
	echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) series=$(series_id) harness=$(harness_id) $2" \
		>> "$TOP/results/ci/$1.txt"
	log "Recorded in results/ci/$1.txt: $(tail -n 1 "$TOP/results/ci/$1.txt")"
}
