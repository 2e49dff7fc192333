#!/usr/bin/env bash
# host/soak.sh refuses bad input before building or booting anything: each
# wrong option or value is named and the exit status is non-zero.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$here/../lib/tap.sh"
export BUILD=$tmp/build
refused() {	# refused DESC WORD ARGS...: non-zero, WORD in stderr, nothing built
	tap_refused "$1" "$2" "$tmp/build" "$here/../soak.sh" "${@:3}"
}

tap_plan 6
refused "an unknown option is named" "'--hours'" --hours 3
refused "SOAK_MINUTES must be a number" "not 'ten'" --minutes ten
refused "SOAK_MINUTES of 0 is refused" "not '0'" --minutes 0
refused "a negative SOAK_MINUTES is refused" "not '-5'" --minutes -5
refused "an option without its value is named" "--cpus needs a value" --cpus
refused "an unknown tree is named" "not 'vanilla'" --tree vanilla
