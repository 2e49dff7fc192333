#!/usr/bin/env bash
# A Debian 12 root for the bench's real programs: the packages listed in
# bench/realapps/packages and what they depend on, downloaded with
# apt-get download and unpacked with dpkg-deb (no maintainer scripts,
# nothing installed on this machine). Then what the packages' postinst
# would do that the programs need: the dynamic linker's cache (ldconfig -r)
# and Python's byte-compiled stdlib, made by the root's own python3.11 in a
# chroot. The root is made once and kept in $CACHE/debroot-ID (ID from the
# package list, this script and the packages' versions).
# Usage: host/lib/debroot.sh   (prints the root's path last)
. "$(dirname "$0")/lib.sh"

[ $# -eq 0 ] || die "debroot.sh: takes no arguments, not '$*'"
[ "$(id -u)" -eq 0 ] || die "debroot.sh: needs root (chroot, file owners)"
list=$TOP/bench/realapps/packages
mapfile -t wanted < <(sed 's/#.*//; /^[[:space:]]*$/d' "$list")
[ ${#wanted[@]} -gt 0 ] || die "$list names no package"

# Every package the wanted ones need to run: Depends and Pre-Depends,
# recursively, real packages only (apt-cache prints virtual ones in <>).
mapfile -t pkgs < <(apt-cache depends --recurse --no-recommends \
	--no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
	"${wanted[@]}" | awk '/^[a-z0-9]/ && !/:i386/ { print $1 }' | sort -u)
[ ${#pkgs[@]} -gt 0 ] || die "apt-cache knows none of: ${wanted[*]} (apt-get update?)"
versions=$(apt-cache policy "${pkgs[@]}" | awk '/^[a-z0-9]/ { p = $1 }
	/Candidate:/ { print p, $2 }')
if grep -q ' (none)$' <<< "$versions"; then
	die "no installable version of: $(awk '$2 == "(none)" { printf "%s ", $1 }' <<< "$versions")"
fi
id=$({ cat "$0" "$list"; echo "$versions"; } | sha1sum | cut -c1-16)
root=$CACHE/debroot-$id
if [ -f "$root/.execfirst-done" ]; then
	echo "$root"
	exit 0
fi

need_space "$CACHE" 1500 "the bench's Debian root"
t0=$(now)
rm -rf "$CACHE"/debroot-*	# older roots and a half-made one
mkdir -p "$root" "$root.debs"
log "Debian root: ${#pkgs[@]} packages for ${wanted[*]}"
(cd "$root.debs" && run apt-get download -q -o APT::Sandbox::User=root \
	"${pkgs[@]}" > /dev/null) || die "apt-get download failed (see above)"
# Debian 12 is merged-/usr: /bin, /lib, /lib64 and /sbin are links into /usr.
mkdir -p "$root"/usr/{bin,lib,lib64,sbin} "$root"/{etc,tmp,dev,proc}
for d in bin lib lib64 sbin; do ln -s "usr/$d" "$root/$d"; done
chmod 1777 "$root/tmp"
# The device nodes the programs open (perl -e opens /dev/null).
mknod -m 666 "$root/dev/null" c 1 3
mknod -m 666 "$root/dev/zero" c 1 5
mknod -m 666 "$root/dev/urandom" c 1 9
for deb in "$root.debs"/*.deb; do
	dpkg-deb --fsys-tarfile "$deb" |
		tar -x --keep-directory-symlink -C "$root" ||
		die "cannot unpack $deb"
done
rm -rf "$root.debs"
# The links that update-alternatives and the postinsts would make.
[ -e "$root/usr/bin/python3" ] || ln -s python3.11 "$root/usr/bin/python3"
[ -e "$root/usr/bin/gcc" ] || ln -s gcc-12 "$root/usr/bin/gcc"
[ -e "$root/usr/bin/cc" ] || ln -s gcc-12 "$root/usr/bin/cc"
run ldconfig -r "$root"
LC_ALL=C run chroot "$root" /usr/bin/python3.11 -m compileall -q \
	/usr/lib/python3.11 > /dev/null || die "byte-compiling Python's stdlib failed"
touch "$root/.execfirst-done"
log "Debian root made in $(elapsed "$t0")s: $(du -sm "$root" | cut -f1) MiB in $root"
echo "$root"
