#!/usr/bin/env bash
# host/tools/hot-paths.sh on two stand-in trees: the same functions and
# sc->nr_scanned lines pass; a changed per-folio function, or a changed
# sc->nr_scanned line, fails naming it; a tree without the functions is
# an error, not a pass.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tool=$here/../tools/hot-paths.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/../lib/tap.sh"

mkdir -p "$tmp/a/mm" "$tmp/b/mm" "$tmp/c/mm"
for f in sort_folio isolate_folio scan_folios isolate_lru_folios; do
	printf 'static bool %s(struct folio *folio)\n{\n\treturn folio_test_lru(folio);\n}\n\n' "$f"
done > "$tmp/a/mm/vmscan.c"
printf 'static void evict(struct scan_control *sc)\n{\n\tsc->nr_scanned += 1;\n}\n' >> "$tmp/a/mm/vmscan.c"
printf 'int nothing;\n' > "$tmp/c/mm/vmscan.c"

run() {	# run TREE: the tool's exit status and output, vanilla tree a
	rc=0
	"$tool" "$tmp/a" "$tmp/$1" > "$tmp/out" 2>&1 || rc=$?
}
tap_plan 4
cp "$tmp/a/mm/vmscan.c" "$tmp/b/mm/vmscan.c"
run b
[ "$rc" = 0 ] && grep -q "^sort_folio(): as in the unpatched kernel" "$tmp/out" && ok=0 || ok=1
tap_ok "$ok" "the same functions and sc->nr_scanned lines: exit 0, each named"
sed 's/^static bool sort_folio(struct folio \*folio)$/&\n\/* mapping *\//' "$tmp/a/mm/vmscan.c" > "$tmp/b/mm/vmscan.c"
run b
[ "$rc" = 1 ] && grep -q "^sort_folio(): changed by the series" "$tmp/out" && ok=0 || ok=1
tap_ok "$ok" "a changed sort_folio(): exit 1, named"
sed 's/sc->nr_scanned += 1;/sc->nr_scanned += 1;\n\tsc->nr_scanned -= kept;/' "$tmp/a/mm/vmscan.c" > "$tmp/b/mm/vmscan.c"
run b
[ "$rc" = 1 ] && grep -q "^sc->nr_scanned: changed by the series" "$tmp/out" && ok=0 || ok=1
tap_ok "$ok" "a line changed on sc->nr_scanned: exit 1, named"
rc=0
"$tool" "$tmp/c" "$tmp/a" > "$tmp/out" 2>&1 || rc=$?
[ "$rc" != 0 ] && grep -q "no function sort_folio()" "$tmp/out" && ok=0 || ok=1
tap_ok "$ok" "a vanilla tree without the functions: an error, not a pass"
