#!/usr/bin/env bash
# Unpack Debian's linux-source-6.12 under build/ and apply patches/series.
# Usage: host/lib/tree.sh [patched|vanilla|v2|mutant-NAME|v2-mutant-NAME|
#                          v2-exp-NAME|prefix-K|v2-prefix-K]
# (prints the tree's path last). v2-exp-NAME is v2 with an experiment of
# patches/v2/experiments/ on top, in v2's tree as its mutants are.
# prefix-K is the first K patches of the series (v2-prefix-K: of
# patches/v2), in a tree of its own (host/bisect.sh). A mutant is the
# series plus mutants/NAME.patch, a deliberately broken kernel that proves
# a test can fail. Mutants live in the patched tree itself, their patch
# applied on top of the series and taken off again for the next one: a kernel tree with its
# objects takes gigabytes, and a tree per mutant filled a CI machine's disk.
#
# The tree is unpacked once; when the series changes, the applied patches
# past the first one that differs are reversed and the rest applied, so that
# only the files those patches touch get new mtimes and an incremental build
# stays small.
. "$(dirname "$0")/lib.sh"

kind=${1:-patched}
case "$kind" in
patched) tree=$BUILD/linux ;;
vanilla) tree=$BUILD/linux-vanilla ;;
v2) tree=$BUILD/linux-v2 ;;	# patches/v2/series, in a tree of its own
mutant-*)
	tree=$BUILD/linux
	[ -f "$TOP/mutants/${kind#mutant-}.patch" ] ||
		die "tree.sh: no mutant named '${kind#mutant-}' in mutants/" ;;
v2-mutant-*)	# v2's mutants (mutants/v2/), in v2's tree
	tree=$BUILD/linux-v2
	[ -f "$TOP/mutants/v2/${kind#v2-mutant-}.patch" ] ||
		die "tree.sh: no mutant named '${kind#v2-mutant-}' in mutants/v2/" ;;
v2-exp-*)	# an experiment on v2 (patches/v2/experiments/), in v2's tree
	tree=$BUILD/linux-v2
	[ -f "$TOP/patches/v2/experiments/${kind#v2-exp-}.patch" ] ||
		die "tree.sh: no experiment named '${kind#v2-exp-}' in patches/v2/experiments/" ;;
prefix-[1-9]*|v2-prefix-[1-9]*)	# the first K patches: does each build and boot?
	tree=$BUILD/linux-bisect
	[ "${kind#v2-}" = "$kind" ] || tree=$BUILD/linux-v2-bisect
	[[ "${kind#*prefix-}" =~ ^[1-9][0-9]*$ ]] ||
		die "tree.sh: prefix-K needs a number K from 1, not '${kind#*prefix-}'" ;;
*) die "tree.sh: unknown tree kind '$kind' (expected patched, vanilla, v2, mutant-NAME, v2-mutant-NAME, v2-exp-NAME, prefix-K or v2-prefix-K)" ;;
esac
# EXECFIRST_TARBALL: another tarball of the same layout (host/tests/tree.t).
tarball=${EXECFIRST_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
[ -r "$tarball" ] || die "$tarball is missing: apt-get install linux-source-6.12"
if [ -n "${EXECFIRST_TARBALL:-}" ]; then
	debver=test
else
	debver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
fi
state=$tree/.execfirst
# The tarball's identity: a new Debian upload means a fresh unpack.
source_id="linux-source-6.12 $debver $(stat -c '%s %Y' "$tarball")"

unpack() {
	local tmp=$BUILD/.unpack.$$
	rm -rf "$tree" "$tmp"
	need_space "$BUILD" 2000 "unpacking linux-source-6.12"
	mkdir -p "$tmp"
	run tar -C "$tmp" -xf "$tarball"
	mv "$tmp"/linux-source-6.12 "$tree"
	rmdir "$tmp"
	mkdir -p "$state/applied"
	echo "$source_id" > "$state/source"
}

# Reverse the applied patches from number $1 on, newest first. Fails if
# the tree was edited.
unapply_from() {
	local p n
	for p in $(ls -r "$state/applied"); do
		n=$((10#${p%%-*}))
		[ "$n" -ge "$1" ] || break
		patch -d "$tree" -p1 -R -s -f --dry-run < "$state/applied/$p" \
			> /dev/null 2>&1 || return 1
		patch -d "$tree" -p1 -R -s -f < "$state/applied/$p" > /dev/null
		rm "$state/applied/$p"
		log "Reversed ${p#*-}"
	done
}

wanted=()
dir=$(series_dir v1)
case "$kind" in v2|v2-mutant-*|v2-exp-*|v2-prefix-*) dir=$(series_dir v2) ;; esac
sub=${dir#patches}; sub=${sub#/}	# names in wanted are relative to patches/
if [ "$kind" != vanilla ]; then
	while read -r p; do
		case "$p" in ''|\#*) continue ;; esac
		[ -f "$TOP/$dir/$p" ] || die "$dir/series names $p, which does not exist"
		wanted+=("${sub:+$sub/}$p")
	done < "$TOP/$dir/series"
fi
if [ "${kind#*prefix-}" != "$kind" ]; then
	[ "${kind#*prefix-}" -le ${#wanted[@]} ] ||
		die "tree.sh: the series has ${#wanted[@]} patches, not ${kind#*prefix-}"
	wanted=("${wanted[@]:0:${kind#*prefix-}}")
fi
# Patch names are relative to patches/.
case "$kind" in
mutant-*) wanted+=("../mutants/${kind#mutant-}.patch") ;;
v2-mutant-*) wanted+=("../mutants/v2/${kind#v2-mutant-}.patch") ;;
v2-exp-*) wanted+=("v2/experiments/${kind#v2-exp-}.patch") ;;
esac

# How many of the wanted patches are applied already, in order, unchanged?
# (0 when the tree is from another tarball.)
applied_prefix() {
	local have=() i=0
	[ "$(cat "$state/source" 2>/dev/null)" = "$source_id" ] || { echo 0; return; }
	mapfile -t have < <(ls "$state/applied")
	while [ "$i" -lt ${#have[@]} ] && [ "$i" -lt ${#wanted[@]} ] &&
		[ "${have[$i]}" = "$(printf '%04d-%s' "$i" "${wanted[$i]##*/}")" ] &&
		cmp -s "$state/applied/${have[$i]}" "$TOP/patches/${wanted[$i]}"; do
		i=$((i + 1))
	done
	echo "$i"
}

mkdir -p "$BUILD"
keep=$(applied_prefix)
if [ "$(cat "$state/source" 2>/dev/null)" != "$source_id" ] || ! unapply_from "$keep"; then
	log "Unpacking $tarball into ${tree#"$TOP"/}"
	unpack
	keep=0
fi
for ((i = keep; i < ${#wanted[@]}; i++)); do
	p=${wanted[$i]}
	if ! out=$(patch -d "$tree" -p1 -N -f --dry-run < "$TOP/patches/$p" 2>&1); then
		printf '%s\n' "$out" >&2
		# Leave no half-patched tree behind: the next run starts clean.
		rm -rf "$state"
		die "patches/$p does not apply to linux-source-6.12 $debver (see the failed hunks above)"
	fi
	patch -d "$tree" -p1 -N -f -s < "$TOP/patches/$p"
	cp "$TOP/patches/$p" "$state/applied/$(printf '%04d-%s' "$i" "${p##*/}")"
	log "Applied patches/$p"
done

mk=$tree/Makefile
kver=$(awk -F' = ' '/^VERSION =/{v=$2} /^PATCHLEVEL =/{p=$2} /^SUBLEVEL =/{s=$2} END{print v"."p"."s}' "$mk")
log "Tree: ${tree#"$TOP"/} = linux-source-6.12 $debver (Makefile $kver), ${#wanted[@]} patch(es) applied"
echo "$tree"
