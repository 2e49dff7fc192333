#!/usr/bin/env bash
# Developer tool: export the series from a kernel git tree whose tag "base"
# is the unpacked linux-source-6.12, as git format-patch files, the series
# file and a cover letter made from patches/cover-letter.in (first line:
# subject; the rest: the letter).
# Usage: host/tools/export-series.sh DEV_TREE
. "$(dirname "$0")/../lib/lib.sh"

dev=${1:?usage: host/tools/export-series.sh DEV_TREE}
git -C "$dev" rev-parse -q --verify base > /dev/null ||
	die "$dev has no tag 'base' to export the series from"
cover=$TOP/patches/cover-letter.in
[ -r "$cover" ] || die "$cover is missing"

rm -f "$TOP"/patches/*.patch
git -C "$dev" format-patch -q --zero-commit --no-signature --cover-letter \
	-o "$TOP/patches" base..HEAD
{
	echo '# execfirst patch series for linux-source-6.12, in apply order'
	(cd "$TOP/patches" && ls [0-9]*.patch | grep -v '^0000-')
} > "$TOP/patches/series"

subject=$(head -n 1 "$cover")
python3 - "$TOP/patches/0000-cover-letter.patch" "$cover" "$subject" <<'PY'
import sys
path, cover, subject = sys.argv[1:]
blurb = open(cover).read().split('\n', 1)[1].strip('\n')
text = open(path).read()
text = text.replace('*** SUBJECT HERE ***', subject).replace('*** BLURB HERE ***', blurb)
open(path, 'w').write(text)
PY
log "Exported $(grep -vc '^#' "$TOP/patches/series") patch(es) to patches/"
