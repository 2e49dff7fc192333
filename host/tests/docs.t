#!/usr/bin/env bash
# The docs hold against the tree: the counts docs/testing.md and
# docs/status.md state (guest tests, mutants, patches of the series); the
# guest tests and mutants testing.md describes are those of
# guest/tests/list and mutants/, with each mutant's tests as its
# Expect-fail or Expect-splat line; testing.md's package list is
# host/lib/deps.sh's; host/README.md names every entry point and every file
# of host/lib/ and host/tools/; docs/bench.md's tables name every scenario
# and variant; and patches/CHANGES names every series hash the README,
# docs/, patches/ and results/*/run.info quote, every version of the series
# in git's history (each entry's commit made its hash), with patches/ as
# it is now as its newest entry; patches/v2/CHANGES likewise has
# patches/v2/ as it is as its newest entry, and every series a record of
# results/ci/make-test.txt names is in one of the two.
# Usage: bash host/tests/docs.t   (TOP=DIR: check another tree, for trying
# a broken copy)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=${TOP:-$(cd "$here/../.." && pwd)}
. "$here/../lib/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

testing=$top/docs/testing.md
changes=$top/patches/CHANGES
changes_v2=$top/patches/v2/CHANGES

# say WORDS: a diagnostic line (TAP comment) on stdout.
say() { printf '# %s\n' "$*"; }

# the series hash of a patches/ folder
series_hash() { (cd "$1" && cat series $(grep -v '^\(#\|$\)' series) | sha1sum | cut -c1-12); }

# count_claims FILE... PHRASE N: every "<number> PHRASE" in the files says N
count_claims() {
	local phrase=$1 n=$2 rc=0 seen=0 f got
	shift 2
	for f in "$@"; do
		while read -r got; do
			seen=$((seen + 1))
			[ "$got" = "$n" ] || { say "${f#"$top"/} says $got $phrase, the tree has $n"; rc=1; }
		done < <(tr '\n' ' ' < "$f" | grep -oE "[0-9]+ $phrase" | cut -d' ' -f1)
	done
	[ "$seen" -gt 0 ] || { say "no '<number> $phrase' found"; rc=1; }
	return "$rc"
}

# same_sets NAME A B: the sorted lines of files A and B are the same
same_sets() {
	local extra missing
	extra=$(comm -23 "$2" "$3" | tr '\n' ' ')
	missing=$(comm -13 "$2" "$3" | tr '\n' ' ')
	[ -z "$extra" ] || say "$1: named but not in the tree: $extra"
	[ -z "$missing" ] || say "$1: in the tree but not named: $missing"
	[ -z "$extra$missing" ]
}

tap_plan 15

# 1-3: the counts.
n_tests=$(grep -cv '^\(#\|$\)' "$top/guest/tests/list")
count_claims "guest tests" "$n_tests" "$testing" && rc=0 || rc=1
tap_ok "$rc" "testing.md's count of guest tests is that of guest/tests/list ($n_tests)"
n_mutants=$(find "$top/mutants" -maxdepth 1 -name '*.patch' | wc -l)
count_claims "mutants" "$n_mutants" "$testing" && rc=0 || rc=1
tap_ok "$rc" "testing.md's count of mutants is that of mutants/ ($n_mutants)"
n_patches=$(grep -cv '^\(#\|$\)' "$top/patches/series")
count_claims "patches of the series" "$n_patches" "$testing" "$top/docs/status.md" && rc=0 || rc=1
tap_ok "$rc" "testing.md and status.md count the patches of patches/series ($n_patches)"

# 4: the guest tests described under "In the guest" are those of the list.
awk '/^- \*\*In the guest\*\*/ { on = 1; next } on && /^- / { on = 0 }
	on && match($0, /^ +- `[a-z0-9_]+`/) { s = substr($0, RSTART, RLENGTH); sub(/^ +- `/, "", s); sub(/`$/, "", s); print s }' \
	"$testing" | sort -u > "$tmp/named-tests"
grep -v '^\(#\|$\)' "$top/guest/tests/list" | sort -u > "$tmp/list-tests"
same_sets "guest tests in testing.md" "$tmp/named-tests" "$tmp/list-tests" && rc=0 || rc=1
tap_ok "$rc" "testing.md describes each guest test of guest/tests/list, and no other"

# 5-6: the mutants table, against mutants/ and each Expect line.
awk -F'|' '/^\| mutant \| what it breaks \|/ { on = 1; next } on && !/^\|/ { on = 0 }
	on && $2 ~ /`/ { m = $2; gsub(/[ `]/, "", m); t = $4; out = ""
		while (match(t, /`[a-z0-9_]+(@[0-9,]+)?`/)) { out = out " " substr(t, RSTART + 1, RLENGTH - 2); t = substr(t, RSTART + RLENGTH) }
		print m out }' "$testing" | sort > "$tmp/table"
cut -d' ' -f1 "$tmp/table" | sort -u > "$tmp/named-mutants"
for f in "$top"/mutants/*.patch; do basename "$f" .patch; done | sort -u > "$tmp/tree-mutants"
same_sets "mutants in testing.md's table" "$tmp/named-mutants" "$tmp/tree-mutants" && rc=0 || rc=1
tap_ok "$rc" "testing.md's mutants table has a row for each mutants/NAME.patch, and no other"
rc=0
while read -r m tests; do
	f=$top/mutants/$m.patch
	[ -f "$f" ] || continue
	want=$(sed -n 's/^Expect-\(fail\|splat\): *//p' "$f" | tr ' ' '\n' | grep . | sort | tr '\n' ' ')
	got=$(echo "$tests" | tr ' ' '\n' | grep . | sort | tr '\n' ' ')
	[ "$want" = "$got" ] || { say "mutant $m: testing.md says ${got:-nothing}, its patch expects ${want:-nothing}"; rc=1; }
done < "$tmp/table"
tap_ok "$rc" "each mutant's tests in testing.md are its Expect-fail or Expect-splat line"

# 7: the Debian packages make test installs.
sed -n '/^pkgs=(/,/)/p' "$top/host/lib/deps.sh" | tr -d '()' | sed 's/^pkgs=//' |
	tr ' \t' '\n\n' | grep . | sort -u > "$tmp/deps"
tr '\n' ' ' < "$testing" | grep -oE 'installs what it needs from Debian.s packages \(`apt-get`\): `[^`]*`' |
	sed 's/.*: `//; s/`$//' | tr ' ' '\n' | grep . | sort -u > "$tmp/named-deps" || true
same_sets "packages in testing.md" "$tmp/named-deps" "$tmp/deps" && [ -s "$tmp/deps" ] && rc=0 || rc=1
tap_ok "$rc" "testing.md's package list is host/lib/deps.sh's"

# 8: host/README.md names every entry point and every file of lib/ and tools/.
(cd "$top/host" && { ls ./*.sh; find lib tools -type f; } | sed 's|^\./||' | sort -u) > "$tmp/host-files"
grep -oE '`(lib|tools)/[A-Za-z0-9_./-]+`|^- `[a-z0-9-]+\.sh`' "$top/host/README.md" |
	sed 's/^- //; s/`//g' | sort -u > "$tmp/named-host"
same_sets "host/README.md" "$tmp/named-host" "$tmp/host-files" && rc=0 || rc=1
tap_ok "$rc" "host/README.md names each entry point and each file of host/lib and host/tools, and no other"

# 9: docs/bench.md's tables name every scenario and every variant.
awk -F'|' '/^\| scenario \| what \| primary metric \|/ { on = 1; next } on && !/^\|/ { on = 0 }
	on && $2 ~ /`/ { s = $2; gsub(/[ `]/, "", s); print s }' "$top/docs/bench.md" | sort -u > "$tmp/named-scn"
for f in "$top"/bench/scenarios/*.scn; do basename "$f" .scn; done | sort -u > "$tmp/scn"
rc=0
same_sets "scenarios in bench.md" "$tmp/named-scn" "$tmp/scn" || rc=1
while read -r v; do
	grep -q "\`$v\`" "$top/docs/bench.md" || { say "variant $v is not named in bench.md"; rc=1; }
done < <(awk '!/^#/ && NF && !h { h = 1; next } !/^#/ && NF { print $1 }' "$top/bench/variants")
tap_ok "$rc" "bench.md's scenario table is bench/scenarios, and it names every variant"

# The entries of patches/CHANGES: HASH DATE COMMIT, newest first.
grep -E '^[0-9a-f]{12} ' "$changes" 2> /dev/null | awk '{ print $1, $2, $3 }' > "$tmp/entries" || true
grep -E '^[0-9a-f]{12} ' "$changes_v2" 2> /dev/null | awk '{ print $1, $2, $3 }' > "$tmp/entries-v2" || true
# A series quoted anywhere may be of either version.
cut -d' ' -f1 "$tmp/entries" "$tmp/entries-v2" | sort -u > "$tmp/known"

# 10: the newest entry is patches/ as it is, entries are newest first and
# each version has one.
now=$(series_hash "$top/patches")
rc=0
[ "$(head -n 1 "$tmp/entries" | cut -d' ' -f1)" = "$now" ] ||
	{ say "patches/ is $now, the newest entry of patches/CHANGES is $(head -n 1 "$tmp/entries" | cut -d' ' -f1)"; rc=1; }
cut -d' ' -f2 "$tmp/entries" | sort -rc 2> /dev/null || { say "patches/CHANGES is not newest first"; rc=1; }
[ "$(cut -d' ' -f1 "$tmp/entries" | sort | uniq -d)" = "" ] || { say "a hash has two entries"; rc=1; }
tap_ok "$rc" "patches/CHANGES: the newest entry is patches/ as it is ($now), newest first, one entry a version"

# The files whose series hashes must be in CHANGES (patches/CHANGES itself
# aside), each as one line of text.
hash_files() {
	{ ls "$top"/README.md "$top"/results/README.md "$top"/results/*/run.info \
		"$top"/results/*/README.md 2> /dev/null || true
	  find "$top/docs" "$top/patches" -type f ! -path "$top/patches/CHANGES"; } | sort -u
}

# 11: the forms that quote a series hash: "series_sha1 H", "series H",
# "series sha1 H", "series `H`", "series (H", across line breaks too.
rc=0
hash_files > "$tmp/hash-files"
grep -qx "$top/README.md" "$tmp/hash-files" && grep -qx "$top/docs/status.md" "$tmp/hash-files" ||
	{ say "the files to search for series hashes are missing: $(wc -l < "$tmp/hash-files") found"; rc=1; }
while read -r f; do
	while read -r h; do
		grep -qx "$h" "$tmp/known" || { say "${f#"$top"/} quotes series $h, which patches/CHANGES does not name"; rc=1; }
	done < <(tr '\n' ' ' < "$f" | grep -oiE 'series(_sha1| sha1)?[ `(]+[0-9a-f]{12}\b' | grep -oE '[0-9a-f]{12}$' | sort -u)
done < "$tmp/hash-files"
tap_ok "$rc" "every hash quoted as a series in the README, docs, patches and run.info is in patches/CHANGES"

# 12: any other 12-hex-digit word there ("measured as H", "is now H", ...)
# is a series of CHANGES too, unless it is a commit of this repository.
rc=0
while read -r f; do
	while read -r h; do
		grep -qx "$h" "$tmp/known" && continue
		git -C "$top" cat-file -e "$h^{commit}" 2> /dev/null && continue
		say "${f#"$top"/} has $h, neither a series of patches/CHANGES nor a commit"; rc=1
	done < <(grep -v '^index ' "$f" | grep -oE '\b[0-9a-f]{12}\b' | grep '[a-f]' | sort -u)
done < "$tmp/hash-files"
tap_ok "$rc" "every other 12-hex-digit word there is a series of patches/CHANGES or a commit"

# 13-14 need git's history of patches/.
if ! git -C "$top" rev-parse --verify -q HEAD > /dev/null 2>&1 ||
	[ "$(git -C "$top" rev-parse --is-shallow-repository 2> /dev/null)" = true ]; then
	tap_skip "each entry's commit made its hash (no full git history here)"
	tap_skip "every version of the series in git's history has an entry (no full git history here)"
	exit 0
fi
# hash_at COMMIT: the series hash of patches/ in that commit, or "none"
# (remembered per commit in $tmp/at-COMMIT)
hash_at() {
	local d=$tmp/at id
	id=$(git -C "$top" rev-parse -q --verify "$1^{commit}" 2> /dev/null) || { echo none; return; }
	[ -f "$tmp/at-$id" ] || {
		rm -rf "$d"; mkdir -p "$d"
		git -C "$top" archive "$id" patches/ 2> /dev/null | tar -x -C "$d" 2> /dev/null || true
		if [ -f "$d/patches/series" ]; then series_hash "$d/patches" 2> /dev/null || echo none
		else echo none; fi > "$tmp/at-$id"
	}
	cat "$tmp/at-$id"
}

# 13: each entry's commit made its hash ("-" only for the newest, not yet
# committed or not yet filled in).
rc=0
first=1
while read -r h d c; do
	if [ "$c" = - ]; then
		[ "$first" = 1 ] || { say "entry $h has no commit"; rc=1; }
		[ "$first" = 1 ] && say "note: the newest entry, $h, has no commit yet: put in the commit that made it"
	elif ! git -C "$top" cat-file -e "$c^{commit}" 2> /dev/null; then
		say "entry $h names $c, which is not a commit"; rc=1
	elif [ "$(hash_at "$c")" != "$h" ]; then
		say "entry $h names $c, whose patches/ is $(hash_at "$c")"; rc=1
	elif [ "$(hash_at "$c^" 2> /dev/null)" = "$h" ]; then
		say "entry $h names $c, but its parent already had that series"; rc=1
	fi
	first=0
done < "$tmp/entries"
tap_ok "$rc" "each entry of patches/CHANGES names the commit that made its hash"

# 14: every version of the series in git's history has an entry.
rc=0
for c in $(git -C "$top" log --format=%h -- patches/); do
	h=$(hash_at "$c")
	[ "$h" = none ] || grep -qx "$h" "$tmp/known" || { say "commit $c made series $h, which patches/CHANGES does not name"; rc=1; }
done
tap_ok "$rc" "every version of the series in git's history of patches/ has an entry in patches/CHANGES"

# 15: patches/v2/CHANGES's newest entry is patches/v2/ as it is, and every
# series a make test record names has an entry in one of the two files.
rc=0
if [ -f "$top/patches/v2/series" ]; then
	now_v2=$(series_hash "$top/patches/v2")
	[ "$(head -n 1 "$tmp/entries-v2" | cut -d' ' -f1)" = "$now_v2" ] ||
		{ say "patches/v2/ is $now_v2, the newest entry of patches/v2/CHANGES is $(head -n 1 "$tmp/entries-v2" | cut -d' ' -f1)"; rc=1; }
fi
while read -r h; do
	grep -qx "$h" "$tmp/known" || { say "results/ci/make-test.txt names series $h, which neither CHANGES file names"; rc=1; }
done < <(grep -oE 'series=[0-9a-f]{12}' "$top/results/ci/make-test.txt" 2> /dev/null | cut -d= -f2 | sort -u)
tap_ok "$rc" "patches/v2/CHANGES: the newest entry is patches/v2/ as it is; every series of results/ci/make-test.txt has an entry"
