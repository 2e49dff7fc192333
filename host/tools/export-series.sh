#!/usr/bin/env bash
# Developer tool: export the series from a kernel git tree whose tag "base"
# is the unpacked linux-source-6.12, as git format-patch files, the series
# file and a cover letter made from patches/cover-letter.in (first line:
# subject; the rest: the letter).
# Usage: host/tools/export-series.sh DEV_TREE
#   SERIES=v2   export to patches/v2/ instead (host/lib/lib.sh)
. "$(dirname "$0")/../lib/lib.sh"

dev=${1:?usage: host/tools/export-series.sh DEV_TREE}
git -C "$dev" rev-parse -q --verify base > /dev/null ||
	die "$dev has no tag 'base' to export the series from"
cover=$SERIES_DIR/cover-letter.in
[ -r "$cover" ] || die "$cover is missing"

mkdir -p "$SERIES_DIR"
rm -f "$SERIES_DIR"/*.patch
# v2 is posted as "[RFC PATCH v2 n/m]" until it replaces v1
prefix=PATCH
[ "$SERIES" = v1 ] || prefix="RFC PATCH $SERIES"
git -C "$dev" format-patch -q --zero-commit --no-signature --cover-letter \
	--subject-prefix="$prefix" -o "$SERIES_DIR" base..HEAD
{
	echo '# execfirst patch series for linux-source-6.12, in apply order'
	(cd "$SERIES_DIR" && ls [0-9]*.patch | grep -v '^0000-')
} > "$SERIES_DIR/series"

subject=$(head -n 1 "$cover")
python3 - "$SERIES_DIR/0000-cover-letter.patch" "$cover" "$subject" <<'PY'
import sys
path, cover, subject = sys.argv[1:]
blurb = open(cover).read().split('\n', 1)[1].strip('\n')
text = open(path).read()
text = text.replace('*** SUBJECT HERE ***', subject).replace('*** BLURB HERE ***', blurb)
open(path, 'w').write(text)
PY
log "Exported $(grep -vc '^#' "$SERIES_DIR/series") patch(es) to ${SERIES_DIR#"$TOP"/}/"
