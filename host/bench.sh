#!/usr/bin/env bash
# `make bench`: every scenario on every variant, a fresh boot per sample,
# variants interleaved (for each sample: each scenario: A B C D ...), raw
# samples kept under results/<run>/raw, and the report made from them.
# Usage: host/bench.sh [--profile quick|full] [--samples N]
#                      [--scenarios a,b] [--variants x,y] [--run NAME]
#                      [--continue [--remeasure s/v,...]] [--plan]
# (make bench PROFILE=... SAMPLES=... SCENARIOS=... VARIANTS=... RUN=...
#  CONTINUE=1 REMEASURE=...). --continue goes on with an existing run (one
# that was stopped, or more samples): cells already measured are kept, not
# re-run. --remeasure drops the samples of the cells named
# (SCENARIO/VARIANT) first, so the run measures them again, all with the
# harness as it is now; run.info records it.
# SERIES=v2 (environment, as for make test) measures the v2 series
# (patches/v2) with the variants of bench/variants-v2.
# --plan prints the cells ("SCENARIO VARIANT SAMPLE", in the order they
# would run) and the guest each gets, and stops before building anything.
. "$(dirname "$0")/lib/lib.sh"
. "$TOP/host/lib/guest.sh"

# The guest for benchmarks (common/machines).
BENCH_MEM=$(machine bench.mem_mb)M
BENCH_CPUS=$(machine bench.cpus)
DISK_MBPS=$(machine bench.disk_mbps)
QEMU_CPUS=$BENCH_CPUS BOOT_DISK_MBPS=$DISK_MBPS

profile=quick samples= scenarios= variants= run_name= cont=0 plan=0 remeasure=
while [ $# -gt 0 ]; do
	case "$1" in
	--profile|--samples|--scenarios|--variants|--run|--remeasure)
		[ $# -ge 2 ] && [ -n "$2" ] ||
			die "bench.sh: $1 needs a value (see the usage at the top of host/bench.sh)" ;;
	esac
	case "$1" in
	--profile) profile=$2; shift 2 ;;
	--samples) samples=$2; shift 2 ;;
	--scenarios) scenarios=$2; shift 2 ;;
	--variants) variants=$2; shift 2 ;;
	--run) run_name=$2; shift 2 ;;
	--continue) cont=1; shift ;;
	--remeasure) remeasure=$2; shift 2 ;;
	--plan) plan=1; shift ;;
	*) die "bench.sh: unknown option '$1' (see the usage at the top of host/bench.sh)" ;;
	esac
done
# A run is a folder of results/: a plain name.
[ -z "$run_name" ] || [[ "$run_name" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] ||
	die "bench.sh: RUN must be a plain name (letters, digits, '.', '_', '-'), not '$run_name'"
case "$profile" in
quick) : "${samples:=1}" ;;
full) : "${samples:=5}" ;;
*) die "bench.sh: unknown profile '$profile' (expected quick or full)" ;;
esac
[[ "$samples" =~ ^[1-9][0-9]*$ ]] || die "bench.sh: samples must be a positive number, not '$samples'"

# Scenarios and variants, checked by name. By default the full profile
# runs every scenario on every default variant; the quick profile, the
# scenarios that say "quick yes" on the variants whose quick column does.
all_scn=$(cd "$TOP/bench/scenarios" && ls -- *.scn | sed 's/\.scn$//' |
	while read -r s; do echo "$(awk '$1 == "order" { print $2 }' "$s.scn") $s"; done |
	sort -n | cut -d' ' -f2)
if [ -z "$scenarios" ]; then
	for s in $all_scn; do
		[ "$profile" = full ] || grep -qx 'quick yes' "$TOP/bench/scenarios/$s.scn" ||
			continue
		scenarios+=${scenarios:+,}$s
	done
fi
ceiling=$(machine bench.max_mem_mb)
scn_mem() { awk '$1 == "guest_mem_mb" { print $2 }' "$TOP/bench/scenarios/$1.scn"; }
for s in ${scenarios//,/ }; do
	[ -f "$TOP/bench/scenarios/$s.scn" ] ||
		die "bench.sh: no scenario named '$s' (have: $(echo $all_scn))"
	m=$(scn_mem "$s")
	[ "${m:-${BENCH_MEM%M}}" -le "$ceiling" ] ||
		die "bench.sh: scenario '$s' wants a ${m:-${BENCH_MEM%M}} MiB guest, over the bench disk's ceiling of $ceiling MiB (bench.max_mem_mb in $MACHINES)"
done
# The variants of the series measured (SERIES, host/lib/lib.sh): v1's in
# bench/variants, the v2 series' (vm.exec_protect 0-2) in bench/variants-v2.
# Their kernel "patched" is that series' kernel.
vfile=$TOP/bench/variants patched_kind=patched
[ "$SERIES" = v1 ] || vfile=$TOP/bench/variants-$SERIES patched_kind=$SERIES
vname=${vfile#"$TOP"/}
# $vname, read once: V[NAME,COLUMN], by the header's column names.
declare -A V
all_var=()
while read -r -a f; do
	if [ -z "${cols[*]:-}" ]; then cols=("${f[@]}"); continue; fi
	[ ${#f[@]} = ${#cols[@]} ] ||
		die "$vname: '${f[0]}' has ${#f[@]} columns, the header ${#cols[@]}"
	for i in "${!cols[@]}"; do V[${f[0]},${cols[$i]}]=${f[$i]}; done
	all_var+=("${f[0]}")
done < <(grep -v '^\(#\|$\)' "$vfile")
for c in kernel engine protect mlock group baseline default quick min_ttl; do
	[ -n "${V[${all_var[0]},$c]+set}" ] || die "$vname: no column '$c' in its header"
done
if [ -z "$variants" ]; then
	for v in "${all_var[@]}"; do
		[ "${V[$v,default]}" = yes ] || continue
		[ "$profile" = full ] || [ "${V[$v,quick]}" = yes ] || continue
		variants+=${variants:+,}$v
	done
fi
for v in ${variants//,/ }; do
	[ -n "${V[$v,kernel]+set}" ] || die "bench.sh: no variant named '$v' (see $vname)"
done
[ -z "$remeasure" ] || [ "$cont" = 1 ] || die "bench.sh: --remeasure goes with --continue"
for c in ${remeasure//,/ }; do
	[[ ",$scenarios," == *",${c%%/*},"* && ",$variants," == *",${c#*/},"* && "$c" == */* ]] ||
		die "bench.sh: --remeasure: '$c' is not SCENARIO/VARIANT of this run's scenarios and variants"
done

# The run's folder: checked now, written once the kernels are built.
run_name=${run_name:-$(date -u +%Y%m%d-%H%M%S)-$profile}
res=$TOP/results/$run_name
# The series measured: a run never mixes two versions of it.
series_sha1=$(series_id)
if [ "$cont" = 1 ]; then
	[ -f "$res/run.info" ] || die "bench.sh: --continue: no run named '$run_name' in results/"
	was=$(awk '$1 == "series_sha1" { print $2 }' "$res/run.info")
	[ "$was" = "$series_sha1" ] ||
		die "bench.sh: --continue: results/$run_name measured series ${was:-unknown}, patches/ is now $series_sha1; a run never mixes two versions (start another RUN)"
else
	[ ! -e "$res/raw" ] || die "bench.sh: results/$run_name already exists; pick another RUN (or --continue it)"
fi

if [ "$plan" = 1 ]; then
	for k in $(seq "$samples"); do
		for s in ${scenarios//,/ }; do
			m=$(scn_mem "$s")
			for v in ${variants//,/ }; do
				echo "$s $v $k mem=${m:-${BENCH_MEM%M}}M cpus=$BENCH_CPUS kernel=${V[$v,kernel]} engine=${V[$v,engine]} protect=${V[$v,protect]} mlock=${V[$v,mlock]} min_ttl=${V[$v,min_ttl]}"
			done
		done
	done
	exit 0
fi
# What it will take, said before anything is built.
nscn=$(echo "${scenarios//,/ }" | wc -w) nvar=$(echo "${variants//,/ }" | wc -w)
ncells=$((samples * nscn * nvar)) skip=
[ "$cont" = 0 ] || skip=" (a continued run skips the cells it has)"
log "[bench] profile $profile: $nscn scenarios x $nvar variants x $samples samples = $ncells boots, about $((ncells * $(machine bench.cell_s) / 60)) min at $(machine bench.cell_s) s a boot under TCG (bench.cell_s in $MACHINES), plus the builds of kernels and images the first time$skip"
"$TOP/host/lib/deps.sh" bench
t_start=$(now)

# Kernels: the series' (patched) one, and the vanilla one if a variant
# wants it.
declare -A kernel
for k in patched $(for v in ${variants//,/ }; do echo "${V[$v,kernel]}"; done); do
	kind=$k
	[ "$k" != patched ] || kind=$patched_kind
	[ -n "${kernel[$k]:-}" ] || { guest_kernel "$kind" guest; kernel[$k]=$KERNEL; }
done
guest_image bench
KERNEL=${kernel[patched]}
guest_accel
log "Elapsed time: $(elapsed "$t_start")s building kernels and images; guests run under ${ACCEL^^}"

# The harness's commit, "-dirty" if its code differs from it; results/
# (a continued run's own samples) is not code.
harness=$(harness_id)
if [ "$cont" = 1 ]; then
	for c in ${remeasure//,/ }; do rm -rf "${res:?}/raw/$c"; done
	[ -z "$remeasure" ] ||
		echo "remeasured $(date -u +%Y-%m-%dT%H:%M:%SZ) ${remeasure//,/ } (their samples dropped, measured again by harness $harness)" >> "$res/run.info"
	echo "continued $(date -u +%Y-%m-%dT%H:%M:%SZ) with $samples samples per cell, harness $harness; cells already measured kept" >> "$res/run.info"
fi
# Each variant's line, once, and for an experiment on the series
# (bench/variants-v2's v2-exp-NAME kernels) the hash of its patch, which
# the series' hash does not cover; a continued run adds those it lacks.
variant_lines() {
	local v k
	for v in ${variants//,/ }; do
		! grep -q "^variant_$v " "$res/run.info" 2> /dev/null || continue
		echo "variant_$v kernel=${V[$v,kernel]} engine=${V[$v,engine]} exec_protect=${V[$v,protect]} mlock=${V[$v,mlock]} min_ttl_ms=${V[$v,min_ttl]}"
		k=${V[$v,kernel]}
		[ "${k#v2-exp-}" = "$k" ] ||
			echo "experiment_$v ${k#v2-exp-} sha1 $(sha1sum < "$TOP/patches/v2/experiments/${k#v2-exp-}.patch" | cut -d" " -f1)"
	done
}
mkdir -p "$res/raw"
src_ver=$(make -s -C "$TOP/build/linux" kernelversion 2>/dev/null || echo unknown)
[ "$cont" = 1 ] || {
	echo "run $run_name"
	echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "profile $profile"
	echo "samples $samples"
	echo "scenarios $scenarios"
	echo "variants $variants"
	echo "kernel $src_ver"
	echo "debian_package linux-source-6.12 $(dpkg-query -W -f='${Version}' linux-source-6.12)"
	echo "series_sha1 $series_sha1"
	echo "series $SERIES ($(series_dir "$SERIES"))"
	echo "harness $harness"
	echo "guest_mem $BENCH_MEM (a scenario's guest_mem_mb overrides it)"
	echo "guest_cpus $BENCH_CPUS"
	echo "accel $ACCEL"
	echo "host_cpu $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo) ($(nproc) cores)"
	echo "disk_mbps $DISK_MBPS"
} > "$res/run.info"
variant_lines >> "$res/run.info"

# Stopped by hand (Ctrl-C, kill): say so in run.info, where the report
# shows it, and report what was measured so far.
interrupted() {
	trap - INT TERM
	echo "stopped interrupted after $done_n of $total boots" >> "$res/run.info"
	log "[bench] interrupted after $done_n of $total boots; reporting what there is"
	[ -z "$(find "$res/raw" -name '*.txt' -print -quit)" ] || "$TOP/host/report.sh" "$res" || true
	exit 130
}
trap interrupted INT TERM

# Boots to do: every cell of every sample, less those a continued run has.
total=0
for k in $(seq "$samples"); do
	for s in ${scenarios//,/ }; do
		for v in ${variants//,/ }; do
			[ -e "$res/raw/$s/$v/$k.txt" ] || total=$((total + 1))
		done
	done
done
done_n=0 failed=0
t_runs=$(now)
for k in $(seq "$samples"); do
	for s in ${scenarios//,/ }; do
		vi=0
		for v in ${variants//,/ }; do
			vi=$((vi + 1))
			[ ! -e "$res/raw/$s/$v/$k.txt" ] || continue
			spent=$(elapsed "$t_runs")
			eta=$(awk -v s="$spent" -v d="$done_n" -v t="$total" \
				'BEGIN { if (d) printf "%.0f min", s / d * (t - d) / 60; else print "?" }')
			log "[bench] $s / $v, sample $k of $samples ($((done_n + 1)) of $total); elapsed $(awk -v s="$spent" 'BEGIN { printf "%.0f", s / 60 }') min, about $eta left"
			# A scenario may ask for its own guest size (tight memory).
			mem=$(scn_mem "$s")
			mem=${mem:+${mem}M}
			boot=$BUILD/runs/bench-$run_name/$s-$v-$k
			mkdir -p "$(dirname "$boot")"
			KERNEL=${kernel[${V[$v,kernel]}]} QEMU_MEM=${mem:-$BENCH_MEM}
			if guest_boot "$boot" 400 bench/bench "/execfirst/bench/scenarios/$s.scn" \
				--engine "${V[$v,engine]}" --protect "${V[$v,protect]}" \
				--mlock "${V[$v,mlock]}" --min-ttl-ms "${V[$v,min_ttl]}" \
				--sample "$k" > "$boot.log" 2>&1; then
				mkdir -p "$res/raw/$s/$v"
				{
					echo "execfirst-sample 1"
					echo "key scenario $s"
					echo "key variant $v"
					echo "key variant_order $vi"
					echo "key group ${V[$v,group]}"
					echo "key baseline ${V[$v,baseline]}"
					echo "key sample $k"
					echo "key series_sha1 $series_sha1"
					echo "key ran_at $(date -u +%Y-%m-%dT%H:%M:%SZ)"
					echo "key harness $harness"
					echo "key ran_on $(hostname) $ACCEL"
					tr -d '\r' < "$boot/output.txt" |
						grep -E '^(key|metric|vmstat|psi|series) '
					echo "end"
				} > "$res/raw/$s/$v/$k.txt"
			else
				failed=$((failed + 1))
				log "[bench] $s / $v sample $k FAILED: $VERDICT (see ${boot#"$TOP"/})"
				why=$(tr -d '\r' < "$boot/output.txt" 2>/dev/null | grep -E 'FATAL|bench:' | head -5 || true)
				[ -z "$why" ] || echo "$why" >&2
				# A failed boot leaves no sample; run.info (and so the
				# report) says which, and why, so that a cell measured
				# again by a continued run does not hide it.
				echo "note boot $s/$v/$k failed $(date -u +%Y-%m-%dT%H:%M:%SZ): $VERDICT${why:+; ${why%%$'\n'*}}" >> "$res/run.info"
			fi
			done_n=$((done_n + 1))
		done
	done
done
log "Elapsed time: $(elapsed "$t_start")s for the whole bench ($total boots, $failed failed, ${ACCEL^^})"
"$TOP/host/report.sh" "$res"
log "Report: ${res#"$TOP"/}/report.md"
[ "$failed" = 0 ] || die "$failed of $total samples failed; the report leaves them out"
