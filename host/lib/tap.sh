# TAP bookkeeping for the host-side test driver. Sourced.
# shellcheck shell=bash
TAP_PASS=0 TAP_FAIL=0 TAP_SKIP=0 TAP_N=0

tap_plan() { echo "1..$1"; }	# tap_plan N

tap_ok() {	# tap_ok STATUS(0=ok) DESCRIPTION
	TAP_N=$((TAP_N + 1))
	if [ "$1" = 0 ]; then
		TAP_PASS=$((TAP_PASS + 1)); echo "ok $TAP_N - $2"
	else
		TAP_FAIL=$((TAP_FAIL + 1)); echo "not ok $TAP_N - $2"
	fi
}

tap_skip() {
	TAP_N=$((TAP_N + 1)) TAP_SKIP=$((TAP_SKIP + 1))
	echo "ok $TAP_N - $1 # SKIP"
}

# A result line's description: "ok N - desc" (ours) or "ok N desc"
# (kselftest.h), and a skip's reason, "ok N # SKIP why" (kselftest.h) or
# "ok N - desc # SKIP why" (ours).
tap_desc() {	# tap_desc LINE
	local d=${1#ok } n
	d=${d#not ok }
	n=${d%% *}
	[ "$n" != "$d" ] && d=${d#"$n" } || d=
	d=${d#- }
	case "$d" in
	"# SKIP"*) d=${d#\# SKIP}; d=${d# } ;;
	*" # SKIP"*) d="${d% # SKIP*}${d##*# SKIP}" ;;
	esac
	printf '%s' "$d"
}

# Count the results of a TAP stream (a guest test's output) into ours,
# renumbered, prefixed with the stream's name (none if NAME is empty). Returns 1 if the stream's
# plan was not met.
tap_merge() {	# tap_merge NAME FILE
	local name=$1 file=$2 line planned=-1 seen=0
	while IFS= read -r line; do
		line=${line%$'\r'}
		case "$line" in
		1..*) planned=${line#1..} ;;
		# A skip is the directive " # SKIP" (TAP 13; kselftest.h's
		# "ok N # SKIP why"), not those words anywhere in a description.
		"ok "*" # SKIP"*)
			seen=$((seen + 1)); tap_skip "${name:+$name: }$(tap_desc "$line")" ;;
		"ok "*)
			seen=$((seen + 1)); tap_ok 0 "${name:+$name: }$(tap_desc "$line")" ;;
		"not ok "*)
			seen=$((seen + 1)); tap_ok 1 "${name:+$name: }$(tap_desc "$line")" ;;
		"#"*|"TAP version"*) echo "# ${name:+$name: }${line#\# }" ;;
		"Bail out!"*) echo "# ${name:+$name: }$line" ;;
		esac
	done < "$file"
	[ "$planned" = "$seen" ]
}

tap_summary() {
	echo "$TAP_PASS passed, $TAP_FAIL failed${TAP_SKIP:+, $TAP_SKIP skipped}"
}

# For the host's tests of bad input: tap_refused DESC WORD LEFT CMD...
# is ok when CMD exits non-zero, names WORD on stderr, and leaves no LEFT
# (a path that a run that went ahead would have made).
tap_refused() {
	local desc=$1 word=$2 left=$3 rc=0 err
	shift 3
	err=$("$@" 2>&1 > /dev/null) || rc=$?
	if [ "$rc" != 0 ] && grep -Fq -- "$word" <<< "$err" && [ ! -e "$left" ]; then
		tap_ok 0 "$desc"
	else
		sed 's/^/# /' <<< "$err"
		tap_ok 1 "$desc (exit $rc)"
	fi
}
