#!/usr/bin/env bash
# Make sure Debian packages the pipeline needs are installed: install them
# with apt-get when running as root, otherwise name them and fail.
# Usage: host/lib/deps.sh [test|bench|bisect]
. "$(dirname "$0")/lib.sh"

what=${1:-test}
pkgs=(linux-source-6.12 qemu-system-x86 busybox-static gcc make flex bison
      bc libelf-dev libssl-dev cpio e2fsprogs ccache xz-utils gzip perl
      python3 stress-ng gnuplot-nox patch)
case "$what" in
test) ;;
bench) pkgs+=(libsqlite3-dev sqlite3 binutils) ;;
bisect) pkgs+=(linux-config-6.12) ;;
*) die "deps.sh: unknown profile '$what' (expected test, bench or bisect)" ;;
esac

missing=()
for p in "${pkgs[@]}"; do
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	log "Missing Debian packages: ${missing[*]}"
	die "run as root, or install them first: apt-get install ${missing[*]}"
fi
export DEBIAN_FRONTEND=noninteractive
run apt-get update -q
run apt-get install -y -q --no-install-recommends "${missing[@]}"
