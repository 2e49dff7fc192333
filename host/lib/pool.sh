# A pool of jobs run side by side: kernel builds and guest boots for
# make test and make mutants. GNU make is the scheduler: each job is a
# target of a generated makefile, a job's prerequisites are the jobs it
# needs (a boot needs its kernel), and `make -j N` runs N at a time. The
# jobs are marked recursive ('+'), so that a kernel build inside one joins
# make's job server and compiles on whatever slots the boots leave free.
# Source it after lib.sh; do not run it.
#
#   pool_init DIR            jobs and their logs go to DIR
#   pool_job NAME DEPS CMD...  add a job (DEPS: job names, space-separated)
#   pool_run N               run them all, N at a time; returns 0 even if
#                            jobs failed (read each one's result)
#   pool_rc NAME             a job's exit status, or "skipped" if it never
#                            ran because a job it needs failed
#
# A job's standard output goes to DIR/NAME.out, its standard error to
# DIR/NAME.log, its exit status to DIR/NAME.rc and
# its wall time to DIR/NAME.secs; one line on stderr says when each ends.
# Jobs are started in the order they were added, as far as their
# prerequisites allow: add the longest first. Their results are read in
# whatever order the caller wants, so that a report never depends on which
# job ended first.
# shellcheck shell=bash

# What boots a guest as a job: host/lib/boot-job.sh's arguments (KERNEL
# IMAGE OUT TIMEOUT TASK...); a host test puts a stand-in here.
POOL_BOOT=${POOL_BOOT:-$TOP/host/lib/boot-job.sh}
# The jobs every boot waits for besides its kernel (the image, the
# accelerator's probe), set by the caller once it has added them.
POOL_BOOT_DEPS=

pool_init() {	# pool_init DIR
	POOL_DIR=$1 POOL_NAMES=()
	mkdir -p "$POOL_DIR"
	# The commands are quoted for bash (printf %q).
	echo 'SHELL := /bin/bash' > "$POOL_DIR/jobs.mk"
}

pool_job() {	# pool_job NAME DEPS CMD...
	local name=$1 deps=$2 cmd
	shift 2
	[[ "$name" =~ ^[A-Za-z0-9_.+-]+$ ]] || die "pool_job: bad job name '$name'"
	cmd=$(printf ' %q' "$@")
	# make expands '$': double it.
	cmd=${cmd//\$/\$\$}
	{
		echo "$name:${deps:+ $deps}"
		printf '\t+@%q %q %q%s\n' "$TOP/host/lib/pool-job.sh" "$POOL_DIR" "$name" "$cmd"
	} >> "$POOL_DIR/jobs.mk"
	POOL_NAMES+=("$name")
}

pool_run() {	# pool_run N
	[[ "$1" =~ ^[1-9][0-9]*$ ]] || die "pool_run: jobs must be a whole number from 1, not '$1'"
	{
		echo ".PHONY: all ${POOL_NAMES[*]}"
		echo "all: ${POOL_NAMES[*]}"
	} >> "$POOL_DIR/jobs.mk"
	log "Running ${#POOL_NAMES[@]} jobs, $1 at a time (${POOL_DIR#"$TOP"/}/jobs.mk)"
	# A fresh make: flags and variables of the make that ran us (make test
	# V=1, say) must not reach the kernel builds inside the jobs.
	# POOL_SLOTS tells a kernel build whether it shares the slots
	# (host/lib/kernel.sh).
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES POOL_SLOTS="$1" \
		make -k -s --no-print-directory -j"$1" -f "$POOL_DIR/jobs.mk" all >&2 || true
}

pool_rc() {	# pool_rc NAME
	cat "$POOL_DIR/$1.rc" 2> /dev/null || echo skipped
}
