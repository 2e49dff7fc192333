#!/usr/bin/env bash
# `make soak`: boot the debug kernel (DEBUG_VM, DEBUG_LIST, lockdep, KASAN)
# and run guest/soak/run for a set time: reclaim pressure on both engines,
# exec and memory cgroup churn, run-time switching and bad sysctl writes,
# all at once. Then scan the console for splats.
# Usage: host/soak.sh [--minutes N] [--cpus N] [--tree TREE]
#                     [--result FILE] [--prebuilt]
#   --minutes N  how long the soak runs in the guest (default 10)
#   --cpus N     vCPUs (default: soak.cpus in common/machines)
#   --tree T     the kernel tree (default: patched, the series; with
#                SERIES=v2, v2); a mutant is a deliberately broken series:
#                mutant-NAME (mutants/NAME.patch) or, with SERIES=v2,
#                v2-mutant-NAME (mutants/v2/NAME.patch)
#   --result F   also write "key value" lines to F for another script:
#                splats N, verdict V, out DIR
#   --prebuilt   boot the tree's debug kernel and the soak image as they
#                are, without building them (make test builds them in its
#                job pool, host/lib/pool.sh, while other guests run)
# Prints TAP and a report; exits 0 only when every check passed and no
# splat was found. The console and report stay in build/runs/soak-*.
. "$(dirname "$0")/lib/lib.sh"
. "$TOP/host/lib/tap.sh"
. "$TOP/host/lib/guest.sh"

minutes=10 cpus=$(machine soak.cpus) result= prebuilt=0
tree=patched
[ "$SERIES" = v1 ] || tree=v2
while [ $# -gt 0 ]; do
	case "$1" in
	--minutes|--cpus|--tree|--result)
		[ $# -ge 2 ] || die "soak.sh: $1 needs a value"
		case "$1" in
		--minutes) minutes=$2 ;;
		--cpus) cpus=$2 ;;
		--tree) tree=$2 ;;
		--result) result=$2 ;;
		esac
		shift 2 ;;
	--prebuilt) prebuilt=1; shift ;;
	*) die "soak.sh: unknown option '$1' (expected --minutes N, --cpus N, --tree T, --result FILE, --prebuilt)" ;;
	esac
done
[[ "$minutes" =~ ^[1-9][0-9]*$ ]] && [ "$minutes" -le 1440 ] ||
	die "soak.sh: --minutes (SOAK_MINUTES) must be a whole number from 1 to 1440, not '$minutes'"
[[ "$cpus" =~ ^[1-4]$ ]] || die "soak.sh: --cpus must be 1 to 4, not '$cpus'"
case "$SERIES:$tree" in
v1:patched|v1:mutant-*|v2:v2|v2:v2-mutant-*) ;;
v1:*) die "soak.sh: --tree must be patched or mutant-NAME, not '$tree'" ;;
*) die "soak.sh: with SERIES=v2, --tree must be v2 or v2-mutant-NAME, not '$tree'" ;;
esac

if [ "$prebuilt" = 1 ]; then
	KERNEL=$BUILD/kernels/$tree-debug.bzImage
	image_paths soak
else
	"$TOP/host/lib/deps.sh" test
	guest_kernel "$tree" debug
	guest_image soak
fi
guest_accel
out=$BUILD/runs/soak-$(date +%Y%m%d-%H%M%S)-$tree

# The guest's workers stop at the deadline but may finish a cycle first;
# booting the debug kernel under TCG takes a minute or two.
secs=$((minutes * 60))
t0=$(now)
QEMU_MEM=$(machine soak.mem_mb)M QEMU_CPUS=$cpus
guest_boot "$out" $((secs + 600 + secs / 4)) soak/run "$secs" > /dev/null 2>&1 || true
wall=$(elapsed "$t0")
verdict=$VERDICT

echo "TAP version 13"
tap_merge guest "$out/output.txt" ||
	tap_ok 1 "guest: the soak did not complete its plan ($verdict)"
splats=$(tr -d '\r' < "$out/console.log" | grep -cE "$SPLAT_RE" || true)
tr -d '\r' < "$out/console.log" | grep -E "$SPLAT_RE" | head -n 5 | sed 's/^/# /' || true
tap_ok "$([ "$splats" = 0 ] && echo 0 || echo 1)" \
	"no splat in the console ($splats found; outcome: $verdict)"
[ -z "$result" ] ||
	printf 'splats %s\nverdict %s\nout %s\n' "$splats" "$verdict" "$out" > "$result"

val() { tr -d '\r' < "$out/output.txt" | sed -n "s/^# soak: $1 //p" | tail -n 1; }
{
	echo "Soak of the $tree series on the debug kernel, ${ACCEL^^}, $cpus vCPU(s), $(machine soak.mem_mb) MiB"
	echo "  series                    $(series_id) ($(series_dir "$SERIES")/$(case "$tree" in
		v2-mutant-*) echo ", with mutants/v2/${tree#v2-mutant-}.patch on top" ;;
		mutant-*) echo ", with mutants/${tree#mutant-}.patch on top" ;;
		esac)), harness $(harness_id)"
	echo "  tree, accelerator         $tree, ${ACCEL^^}"
	echo "  started (UTC)             $(date -u -d "@${t0%.*}" +%Y-%m-%dT%H:%M:%SZ)"
	echo "  minutes run in the guest  $(awk -v s="$(val seconds)" 'BEGIN { printf "%.1f", s / 60 }') (asked $minutes; $wall s wall clock with boot)"
	echo "  reclaim: pgscan/pgsteal   $(val pgscan) / $(val pgsteal)"
	echo "  swapped out to zram       $(val pswpout) pages"
	echo "  OOM kills                 $(val oom_kills)"
	echo "  exec_protect flips        $(val flips)"
	echo "  engine switches           $(val engine_switches)"
	echo "  bad sysctl writes tried   $(val bad_writes) (accepted: $(val bad_accepted), value changed: $(val bad_changed))"
	echo "  exec churn cycles         $(val exec_cycles) ($(val execs) executions, $(val truncations) truncations, $(val thp_collapsed) huge pages collapsed)"
	echo "  memory cgroups removed    $(val cgroups_removed) (memory.reclaim writes that reclaimed it all: $(val memory_reclaim))"
	echo "  splats found              $splats"
	echo "  console                   ${out#"$TOP"/}/console.log"
} > "$out/report.txt"
sed 's/^/# /' "$out/report.txt"
echo "1..$TAP_N"
tap_summary
[ "$TAP_FAIL" = 0 ]
