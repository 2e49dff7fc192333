#!/usr/bin/env bash
# Developer tool: the sizes of the structs a reclaim series must not grow
# (struct address_space, inode, lruvec, mem_cgroup_per_node, pglist_data),
# as a built guest kernel's compiler sees them, for each tree given; with
# two trees, fails if any struct is larger in the second. It compiles one
# probe file with the command line kbuild used for mm/vmscan.o in the
# tree's object folder (so the same config and flags), to assembly only.
# Usage: host/tools/struct-sizes.sh TREE [TREE]
#   e.g. host/tools/struct-sizes.sh build/linux-vanilla build/linux-v2
#   (each built first: host/lib/kernel.sh vanilla|v2 guest)
. "$(dirname "$0")/../lib/lib.sh"

[ $# -ge 1 ] && [ $# -le 2 ] || die "usage: host/tools/struct-sizes.sh TREE [TREE]"
sizes() {	# sizes TREE: "NAME BYTES" lines
	local obj=$1/obj-guest cmd
	[ -r "$obj/mm/.vmscan.o.cmd" ] ||
		die "struct-sizes.sh: $obj has no built mm/vmscan.o (host/lib/kernel.sh KIND guest first)"
	cmd=$(sed -n 's/^savedcmd_mm\/vmscan.o := //p' "$obj/mm/.vmscan.o.cmd")
	# The probe instead of vmscan.c, assembly to stdout, no dependency file.
	cmd=${cmd/-Wp,-MMD,mm\/.vmscan.o.d/}
	# (kbuild's line goes on with objtool after the compile)
	[[ "$cmd" == *" -c -o mm/vmscan.o ../mm/vmscan.c"* ]] ||
		die "struct-sizes.sh: unexpected command line in $obj/mm/.vmscan.o.cmd"
	cmd=${cmd%% -c -o mm/vmscan.o ../mm/vmscan.c*}
	cat > "$obj/execfirst-sizes.c" <<'C'
#include <linux/fs.h>
#include <linux/mmzone.h>
#include <linux/memcontrol.h>
#define SIZE(name, type) \
	asm volatile("\n.ascii \"->size " #name " %c0\"" : : "i" (sizeof(type)))
void execfirst_sizes(void);
void execfirst_sizes(void)
{
	SIZE(address_space, struct address_space);
	SIZE(inode, struct inode);
	SIZE(lruvec, struct lruvec);
#ifdef CONFIG_MEMCG
	SIZE(mem_cgroup_per_node, struct mem_cgroup_per_node);
#endif
	SIZE(pglist_data, struct pglist_data);
}
C
	(cd "$obj" && eval "$cmd -S -o - execfirst-sizes.c") |
		sed -n 's/.*->size \([a-z_]*\) \([0-9]*\).*/\1 \2/p'
	rm -f "$obj/execfirst-sizes.c"
}
a=$(sizes "$1")
[ -n "$a" ] || die "struct-sizes.sh: the probe printed no sizes for $1"
if [ $# -eq 1 ]; then
	echo "$a"
	exit 0
fi
b=$(sizes "$2")
rc=0
while read -r name size; do
	other=$(awk -v n="$name" '$1 == n { print $2 }' <<< "$b")
	printf '%-22s %6s %6s' "$name" "$size" "${other:-?}"
	if [ -z "$other" ] || [ "$other" -gt "$size" ]; then
		echo "  grows"; rc=1
	else
		echo
	fi
done <<< "$a"
exit "$rc"
