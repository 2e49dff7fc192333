#!/usr/bin/env bash
# Developer tool: what a reclaim series must leave as it is in mm/vmscan.c,
# compared between two unpacked trees (the unpatched one first). Fails,
# naming each, if the second tree
#  - changes a function the multi-gen LRU runs for every folio it takes
#    off a generation under lru_lock with interrupts off (sort_folio(),
#    isolate_folio(), scan_folios()), or the classic LRU's
#    isolate_lru_folios(): the rule must not load folio->mapping there;
#  - changes a line that writes or reads sc->nr_scanned: one convention on
#    both engines, upstream's, under which a folio reclaim looked at and
#    kept counts as scanned, as an activated one does.
# Usage: host/tools/hot-paths.sh VANILLA_TREE TREE
#   e.g. host/tools/hot-paths.sh build/linux-vanilla build/linux-v2
. "$(dirname "$0")/../lib/lib.sh"

[ $# = 2 ] || die "usage: host/tools/hot-paths.sh VANILLA_TREE TREE"
for t in "$@"; do
	[ -r "$t/mm/vmscan.c" ] || die "hot-paths.sh: no mm/vmscan.c in '$t'"
done
body() {	# body FILE FUNCTION: from its definition to its closing brace
	awk -v f="$2" '$0 ~ "^static .*[ *]" f "\\(" { on = 1 } on { print } on && /^}/ { exit }' "$1"
}
bad=0
same() {	# same LABEL WHAT A B: say whether A and B are the same text
	if [ "$3" = "$4" ]; then
		echo "$1: ${2:+$2 }as in the unpatched kernel ($(echo "$3" | wc -l) lines)"
	else
		echo "$1: changed by the series:"
		diff <(echo "$3") <(echo "$4") | sed 's/^/  /' || true
		bad=1
	fi
}
for f in sort_folio isolate_folio scan_folios isolate_lru_folios; do
	a=$(body "$1/mm/vmscan.c" "$f")
	[ -n "$a" ] || die "hot-paths.sh: no function $f() in $1/mm/vmscan.c"
	same "$f()" "" "$a" "$(body "$2/mm/vmscan.c" "$f")"
done
same "sc->nr_scanned" "every line that names it" \
	"$(grep 'sc->nr_scanned' "$1/mm/vmscan.c")" "$(grep 'sc->nr_scanned' "$2/mm/vmscan.c")"
exit "$bad"
