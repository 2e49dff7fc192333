#!/usr/bin/env bash
# host/soak.sh refuses bad input before building or booting anything: each
# wrong option or value is named and the exit status is non-zero. Its
# report.txt names the series (series_id, as bench.sh's series_sha1), the
# harness, the tree, the accelerator and the start in UTC.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$here/../lib/tap.sh"
export BUILD=$tmp/build
refused() {	# refused DESC WORD ARGS...: non-zero, WORD in stderr, nothing built
	tap_refused "$1" "$2" "$tmp/build" "$here/../soak.sh" "${@:3}"
}

tap_plan 9
refused "an unknown option is named" "'--hours'" --hours 3
refused "SOAK_MINUTES must be a number" "not 'ten'" --minutes ten
refused "SOAK_MINUTES of 0 is refused" "not '0'" --minutes 0
refused "a negative SOAK_MINUTES is refused" "not '-5'" --minutes -5
refused "an option without its value is named" "--cpus needs a value" --cpus
refused "an unknown tree is named" "not 'vanilla'" --tree vanilla

# series_id on a series of its own: the sha1 of patches/series and then
# each patch it names, in order, comments left out.
mkdir -p "$tmp/top/patches"
printf '# a comment\n0001-a.patch\n0002-b.patch\n' > "$tmp/top/patches/series"
echo a > "$tmp/top/patches/0001-a.patch"
echo b > "$tmp/top/patches/0002-b.patch"
want=$(printf '# a comment\n0001-a.patch\n0002-b.patch\na\nb\n' | sha1sum | cut -c1-12)
# shellcheck disable=SC2034 # series_id reads TOP
sid() { (. "$here/../lib/lib.sh"; TOP=$tmp/top; series_id); }
tap_ok "$([ "$(sid)" = "$want" ] && echo 0 || echo 1)" \
	"series_id: sha1 of patches/series and its patches, 12 hex ($want)"
echo c > "$tmp/top/patches/0002-b.patch"
tap_ok "$([ "$(sid)" != "$want" ] && echo 0 || echo 1)" "series_id: another when a patch changes"

# The lines of soak.sh that write report.txt, run on a made-up soak.
block=$(sed -n '/^val() {/,/^} > "[$]out\/report.txt"$/p' "$here/../soak.sh")
mkdir "$tmp/out"
printf '# soak: seconds 600\n' > "$tmp/out/output.txt"
# shellcheck disable=SC2034 # the block reads them
(
	. "$here/../lib/lib.sh"
	out=$tmp/out tree=mutant-some ACCEL=tcg cpus=2 minutes=10 wall=630.0 splats=0
	t0=1796601600.25	# 2026-12-07T00:00:00Z
	eval "$block"
) > /dev/null || true
names() {
	local r=$tmp/out/report.txt
	sed 's/^/# /' "$r" 2> /dev/null | head -n 5
	grep -Eq "^  series +$(. "$here/../lib/lib.sh"; series_id) \(patches/, with mutants/some.patch on top\), harness [0-9a-z-]+$" "$r" &&
	grep -Eq '^  tree, accelerator +mutant-some, TCG$' "$r" &&
	grep -Eq '^  started \(UTC\) +2026-12-07T00:00:00Z$' "$r"
}
if names; then st=0; else st=1; fi
tap_ok "$st" "report.txt names the series, the harness, the tree, the accelerator and the start (UTC)"
