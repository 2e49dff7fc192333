#!/usr/bin/env bash
# Every entry point refuses bad input before it installs, unpacks or
# builds anything: one clear line naming what is wrong, a non-zero exit,
# nothing left in BUILD, and all of it in seconds (make test TESTS=nosuch
# once failed only after a cold kernel build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/../lib/tap.sh"
export BUILD=$tmp/build
# make's command line reaches these makes through MAKEFLAGS when make test
# runs this file (make test SERIES=v2 TESTS=exec_bound once made every
# 'make test' here look for exec_bound in v1's list): none of it here.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES TESTS MUTANTS SERIES JOBS SOAK_MINUTES

# refused DESC WORD MAKE-ARGS...: make ARGS is refused within 10 s, naming
# WORD (a run that went ahead is killed, and names nothing).
refused() {
	tap_refused "$1" "$2" "$BUILD" timeout 10 make -s -C "$top" "${@:3}"
}

tap_plan 13
refused "make test TESTS=nosuch names the test" "'nosuch'" test TESTS=nosuch
refused "make test MUTANTS=nosuch names the mutant" "'nosuch'" test MUTANTS=nosuch
refused "make test JOBS=0 is refused" "JOBS" test JOBS=0
refused "make test JOBS= (given empty) is refused" "JOBS" test JOBS=
refused "make test SOAK_MINUTES=x is refused" "SOAK_MINUTES" test SOAK_MINUTES=x
refused "make test-debug TESTS=nosuch names the test" "'nosuch'" test-debug TESTS=nosuch
refused "make mutants MUTANTS=nosuch names the mutant" "'nosuch'" mutants MUTANTS=nosuch
refused "make bench SCENARIOS=nosuch names the scenario" "'nosuch'" bench SCENARIOS=nosuch
refused "make bench VARIANTS=nosuch names the variant" "'nosuch'" bench VARIANTS=nosuch
refused "make bench SAMPLES= (given empty) is refused, not run with the default" "--samples" bench SAMPLES=
refused "make bench RUN=../x is refused: a run is a plain name" "RUN" bench RUN=../x
refused "make report RUN=../x is refused" "RUN" report RUN=../x

# A pipe into "grep -q" fails under pipefail when grep stops before the
# writer is done (SIGPIPE): host/test.sh's list check once failed so, at
# random, in a fresh-clone run. The harness's shell has none.
piped=$(cd "$top" && perl -0777 -ne 'while (/(?<![|])[|][ \t]*\\?\n?[ \t]*grep[ \t]+-[a-zA-Z]*q/g) { print "$ARGV\n" }' \
	host/*.sh host/lib/*.sh host/tools/*.sh guest/*.sh guest/lib/*.sh Makefile 2>/dev/null || true)
[ -z "$piped" ] || printf '# %s\n' "$piped"
tap_ok "$([ -z "$piped" ]; echo $?)" "no pipe into grep -q in the harness's shell (SIGPIPE under pipefail)"
