#!/usr/bin/env bash
# Every patch of the series is checkpatch-clean (strict) against the tree
# it applies to, and the selftests companion patch (beside the series) is
# clean but for FILE_PATH_CHANGES (MAINTAINERS already covers
# selftests/mm) and applies to the patched tree. Prints TAP.
# Usage: host/lib/checkpatch.sh TREE   (the patched tree, host/lib/tree.sh)
. "$(dirname "$0")/lib.sh"
. "$TOP/host/lib/tap.sh"
tree=$1
[ -r "$tree/scripts/checkpatch.pl" ] || die "checkpatch.sh: no kernel tree at '$tree'"

strict() {	# strict DESC PATCH [CHECKPATCH OPTIONS...]
	local desc=$1 p=$2 out rc
	shift 2
	out=$(perl "$tree/scripts/checkpatch.pl" --strict --no-tree -q "$@" "$p" 2>&1) &&
		rc=0 || rc=$?
	[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	tap_ok "$rc" "checkpatch --strict: $desc"
}

prefix=
[ "$SERIES" = v1 ] || prefix=$SERIES/
while read -r p; do
	case "$p" in ''|\#*) continue ;; esac
	strict "$prefix$p" "$SERIES_DIR/$p"
done < "$SERIES_DIR/series"
# The series' selftests companion: patches/selftests, or v2's in its folder.
for p in "$SERIES_DIR"/selftests/*.patch; do
	strict "${prefix}selftests/$(basename "$p")" "$p" --ignore FILE_PATH_CHANGES
	out=$(cd "$tree" && patch -p1 --dry-run -s < "$p" 2>&1) && rc=0 || rc=1
	[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	tap_ok "$rc" "${prefix}selftests/$(basename "$p") applies to the patched tree"
done
echo "1..$TAP_N"
