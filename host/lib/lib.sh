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
