#!/usr/bin/env bash
# host/bench.sh refuses bad input before doing anything: each wrong option
# or value is named, the exit status is non-zero, and no results folder
# is made.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=$here/../bench.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$here/../lib/tap.sh"
# The bench guest's size (common/machines).
mem=$(awk '$1 == "bench.mem_mb" { print $2 }' "$here/../../common/machines")
export BUILD=$tmp/build
refused() {	# refused DESC WORD ARGS...: non-zero, WORD in stderr, no results
	tap_refused "$1" "$2" "$here/../../results/bench-t-$$" \
		"$bench" "${@:3}" --run bench-t-$$
}

tap_plan 16
refused "an unknown option is named" "'--frobnicate'" --frobnicate
refused "an unknown profile is named" "'fast'" --profile fast
refused "a zero sample count is refused" "'0'" --samples 0
refused "an unknown scenario is named, with the ones there are" \
	"no scenario named 'nope' (have: desktop-copy" --scenarios idle,nope
refused "an unknown variant is named" "no variant named 'classic-maybe'" \
	--variants classic-on,classic-maybe
refused "--continue needs an existing run" "no run named" --continue
refused "--remeasure goes only with --continue" "--remeasure goes with --continue" \
	--remeasure idle/vanilla
refused "--remeasure names a cell that is not SCENARIO/VARIANT of the run" \
	"'idle/nope' is not SCENARIO/VARIANT" --continue --remeasure idle/nope
# The bench disk's ceiling (common/machines), lowered below the default
# guest: a scenario that takes the default is refused, naming the file.
sed 's/^bench.max_mem_mb .*/bench.max_mem_mb 256/' "$here/../../common/machines" > "$tmp/machines"
export EXECFIRST_MACHINES=$tmp/machines
refused "a scenario over the bench disk's ceiling is refused" \
	"scenario 'idle' wants a $mem MiB guest, over the bench disk's ceiling of 256 MiB" --scenarios idle
sed -i 's/^bench.max_mem_mb .*/bench.max_mem_mb 128/' "$tmp/machines"
refused "so is one whose own guest_mem_mb is over it" \
	"scenario 'tight' wants a 192 MiB guest" --scenarios tight
unset EXECFIRST_MACHINES

# A run that exists is never overwritten.
mkdir -p "$here/../../results/bench-t-old-$$/raw"
trap 'rm -rf "$tmp" "$here/../../results/bench-t-old-$$"' EXIT
rc=0
"$bench" --run "bench-t-old-$$" > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" != 0 ] && grep -q "already exists" "$tmp/err" && rc=0 || rc=1
tap_ok "$rc" "an existing run is not overwritten"
# A run is never continued on another version of the series.
echo "series_sha1 000000000000" > "$here/../../results/bench-t-old-$$/run.info"
rc=0
BUILD=$tmp/build "$bench" --run "bench-t-old-$$" --continue --plan > /dev/null 2> "$tmp/err" || rc=$?
[ "$rc" != 0 ] && grep -q "measured series 000000000000.*never mixes" "$tmp/err" && [ ! -e "$tmp/build" ] && rc=0 || rc=1
tap_ok "$rc" "--continue refuses a run of another version of the series, before building anything"

# --plan: the cells, read from bench/variants by column name, and nothing
# built. The default variants are those whose default column says yes.
planned() {	# planned DESC WANT ARGS...: --plan's output is WANT
	local desc=$1 want=$2 got
	shift 2
	got=$(BUILD=$tmp/build "$bench" --plan "$@" 2> "$tmp/err") || true
	if [ "$got" = "$want" ] && [ ! -e "$tmp/build" ]; then
		tap_ok 0 "$desc"
	else
		printf '# got: %s\n' "$got" "$(cat "$tmp/err")"
		tap_ok 1 "$desc"
	fi
}
plan_of() {	# plan_of AWK-CONDITION: bench/variants' cells for scenario idle
	grep -v '^\(#\|$\)' "$here/../../bench/variants" |
	awk -v m="$mem" "NR > 1 && $1"' { printf "idle %s 1 mem=%sM cpus=2 kernel=%s engine=%s protect=%s mlock=%s min_ttl=%s\n", $1, m, $2, $3, $4, $5, $10 }'
}
planned "--plan: the quick profile's variants (default and quick yes), columns by name, nothing built" \
	"$(plan_of '$8 == "yes" && $9 == "yes"')" --scenarios idle --samples 1
planned "--plan: the full profile's variants (default yes)" \
	"$(plan_of '$8 == "yes"')" --profile full --scenarios idle --samples 1
quick=$(grep -lx 'quick yes' "$here"/../../bench/scenarios/*.scn | wc -l)
got=$(BUILD=$tmp/build "$bench" --plan --variants classic-on 2> /dev/null | wc -l)
full=$(BUILD=$tmp/build "$bench" --plan --profile full --samples 1 --variants classic-on 2> /dev/null | wc -l)
[ "$quick" -gt 0 ] && [ "$got" = "$quick" ] && [ "$full" = "$(ls "$here"/../../bench/scenarios/*.scn | wc -l)" ] && rc=0 || rc=1
[ "$rc" = 0 ] || echo "# quick scenarios $quick, quick plan $got cells, full plan $full cells"
tap_ok "$rc" "--plan: the quick profile runs the scenarios that say quick yes, the full one all"
planned "--plan: a variant's protect spec and a scenario's own guest size" \
	"tight classic-wu 1 mem=192M cpus=2 kernel=patched engine=classic protect=1/50/0 mlock=0 min_ttl=0
tight classic-wu 2 mem=192M cpus=2 kernel=patched engine=classic protect=1/50/0 mlock=0 min_ttl=0" \
	--scenarios tight --variants classic-wu --samples 2
