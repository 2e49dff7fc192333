#!/usr/bin/env bash
# Unpack Debian's linux-source-6.12 under build/ and apply patches/series.
# Usage: host/tree.sh [patched|vanilla|mutant-NAME]   (prints the tree's
# path last). A mutant is the series plus mutants/NAME.patch, a deliberately
# broken kernel that proves a test can fail.
#
# The tree is unpacked once; when the series changes, the previously applied
# patches are reversed and the new ones applied, so that only the files the
# series touches get new mtimes and an incremental build stays small.
. "$(dirname "$0")/lib.sh"

kind=${1:-patched}
case "$kind" in
patched) tree=$BUILD/linux ;;
vanilla) tree=$BUILD/linux-vanilla ;;
mutant-*)
	tree=$BUILD/linux-$kind
	[ -f "$TOP/mutants/${kind#mutant-}.patch" ] ||
		die "tree.sh: no mutant named '${kind#mutant-}' in mutants/" ;;
*) die "tree.sh: unknown tree kind '$kind' (expected patched, vanilla or mutant-NAME)" ;;
esac
tarball=/usr/src/linux-source-6.12.tar.xz
[ -r "$tarball" ] || die "$tarball is missing: apt-get install linux-source-6.12"
debver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
state=$tree/.execfirst
# The tarball's identity: a new Debian upload means a fresh unpack.
source_id="linux-source-6.12 $debver $(stat -c '%s %Y' "$tarball")"

unpack() {
	local tmp=$BUILD/.unpack.$$
	rm -rf "$tree" "$tmp"
	mkdir -p "$tmp"
	run tar -C "$tmp" -xf "$tarball"
	mv "$tmp"/linux-source-6.12 "$tree"
	rmdir "$tmp"
	mkdir -p "$state/applied"
	echo "$source_id" > "$state/source"
}

# Reverse the applied patches, newest first. Fails if the tree was edited.
unapply_all() {
	local p
	for p in $(ls -r "$state/applied"); do
		patch -d "$tree" -p1 -R -s -f --dry-run < "$state/applied/$p" \
			> /dev/null 2>&1 || return 1
		patch -d "$tree" -p1 -R -s -f < "$state/applied/$p" > /dev/null
		rm "$state/applied/$p"
	done
}

wanted=()
if [ "$kind" != vanilla ]; then
	while read -r p; do
		case "$p" in ''|\#*) continue ;; esac
		[ -f "$TOP/patches/$p" ] || die "patches/series names $p, which does not exist"
		wanted+=("$p")
	done < "$TOP/patches/series"
fi
# Patch names are relative to patches/.
[ "${kind#mutant-}" = "$kind" ] || wanted+=("../mutants/${kind#mutant-}.patch")

# Is the tree already exactly the tarball plus the wanted series?
up_to_date() {
	[ "$(cat "$state/source" 2>/dev/null)" = "$source_id" ] || return 1
	local have=() i=0 p
	mapfile -t have < <(ls "$state/applied")
	[ ${#have[@]} -eq ${#wanted[@]} ] || return 1
	for p in "${wanted[@]}"; do
		[ "${have[$i]}" = "$(printf '%04d-%s' "$i" "${p##*/}")" ] || return 1
		cmp -s "$state/applied/${have[$i]}" "$TOP/patches/$p" || return 1
		i=$((i + 1))
	done
}

mkdir -p "$BUILD"
if ! up_to_date; then
	if [ "$(cat "$state/source" 2>/dev/null)" != "$source_id" ] || ! unapply_all; then
		log "Unpacking $tarball into ${tree#"$TOP"/}"
		unpack
	fi
	i=0
	for p in "${wanted[@]}"; do
		if ! out=$(patch -d "$tree" -p1 -N -f --dry-run < "$TOP/patches/$p" 2>&1); then
			printf '%s\n' "$out" >&2
			# Leave no half-patched tree behind: the next run starts clean.
			rm -rf "$state"
			die "patches/$p does not apply to linux-source-6.12 $debver (see the failed hunks above)"
		fi
		patch -d "$tree" -p1 -N -f -s < "$TOP/patches/$p"
		cp "$TOP/patches/$p" "$state/applied/$(printf '%04d-%s' "$i" "${p##*/}")"
		log "Applied patches/$p"
		i=$((i + 1))
	done
fi

mk=$tree/Makefile
kver=$(awk -F' = ' '/^VERSION =/{v=$2} /^PATCHLEVEL =/{p=$2} /^SUBLEVEL =/{s=$2} END{print v"."p"."s}' "$mk")
log "Tree: ${tree#"$TOP"/} = linux-source-6.12 $debver (Makefile $kver), ${#wanted[@]} patch(es) applied"
echo "$tree"
