# execfirst: make mapped executable pages first-class citizens in reclaim.
# `make help` lists the targets and the variables they take.
# Everything goes under build/ (ignored); ccache lives in
# $(EXECFIRST_CACHE) (default /var/cache/execfirst).

SHELL := /bin/bash

# A variable given on the command line, even empty, becomes its option, so
# that `make bench SAMPLES=` is refused rather than run with the default.
given = $(filter command line,$(origin $(1)))
opt = $(if $(call given,$(1)),$(2) '$($(1))')
flag = $(if $(call given,$(1)),$(if $(filter 1,$($(1))),$(2),\
	$(error $(1) takes 1, not '$($(1))')))

help:
	@echo 'execfirst: targets (make TARGET [VARIABLE=value ...])'
	@echo '  test      host checks, checkpatch, the patched kernel built and booted in QEMU:'
	@echo '            guest tests, a 2-minute soak and the mutants; appends a record to'
	@echo '            results/ci/make-test.txt and ends "N passed, N failed, N skipped"'
	@echo '              TESTS="a b"    only these guest tests (guest/tests/list)'
	@echo '              MUTANTS="x y"  only these mutants (mutants/NAME.patch); MUTANTS=none'
	@echo '              JOBS=N         jobs (boots, builds) at a time (default: the host'"'"'s'
	@echo '                             cores; JOBS=1 runs one at a time)'
	@echo '              SOAK_MINUTES=N the short soak'"'"'s length (default 2)'
	@echo '              SERIES=v2      the v2 series being built (patches/v2): its kernel,'
	@echo '                             guest/tests/list-v2 and mutants/v2; no soak'
	@echo '  test-debug  the guest tests on the debug kernel, no soak, no mutants (TESTS=, JOBS=)'
	@echo '  check     the host-side tests alone (seconds; no kernel, no QEMU)'
	@echo '  bench     A/B benchmarks in QEMU; report in results/RUN/report.md'
	@echo '              PROFILE=quick|full  SAMPLES=N  SCENARIOS=a,b  VARIANTS=x,y'
	@echo '              RUN=name  CONTINUE=1  REMEASURE=scenario/variant,...  PLAN=1'
	@echo '              SERIES=v2 (patches/v2, with bench/variants-v2)'
	@echo '  report    regenerate a run'"'"'s report from its raw samples: RUN=name'
	@echo '  soak      the debug kernel under reclaim stress: SOAK_MINUTES=N (default 10),'
	@echo '            SERIES=v2 (the v2 series'"'"'s debug kernel)'
	@echo '  mutants   deliberately broken kernels the tests must catch: MUTANTS="x y", JOBS=N,'
	@echo '            SERIES=v2 (mutants/v2)'
	@echo '  bisect    every prefix of the series builds and boots: SERIES=v2 (patches/v2,'
	@echo '            with a struct-size check per prefix)'
	@echo '  kernel, image   build the guest kernel, the test image'
	@echo '  clean     remove build/'
	@echo 'Environment: EXECFIRST_ACCEL=kvm|tcg, EXECFIRST_CACHE=DIR, BUILD=DIR.'
	@echo 'See README.md, docs/testing.md and docs/bench.md.'

# TESTS, MUTANTS, JOBS, SOAK_MINUTES and SERIES reach the scripts through the
# environment (make exports command-line variables).
test:
	@host/test.sh $(TESTS)

# The same tests on the debug kernel (DEBUG_VM, lockdep, KASAN).
test-debug:
	@FLAVOUR=debug host/test.sh $(TESTS)

# The host-side tests alone: parsers, report code, the job pool, docs.
check:
	@host/check.sh

# The debug kernel soaked under reclaim stress, switching and bad input
# for SOAK_MINUTES (default 10); fails on any splat. See README.
soak:
	@host/soak.sh --minutes $(if $(call given,SOAK_MINUTES),'$(SOAK_MINUTES)',10)

# Deliberately broken kernels (mutants/): the tests must catch each one.
mutants:
	@host/mutants.sh $(MUTANTS)

# Every patch builds and boots on its own: patches 1..K for each K.
bisect:
	@host/bisect.sh

kernel:
	@host/lib/kernel.sh patched guest

image:
	@host/lib/image.sh

# A/B benchmarks: PROFILE=quick|full, SAMPLES=N, SCENARIOS=a,b,
# VARIANTS=x,y, RUN=name (results/RUN), CONTINUE=1 (go on with RUN),
# REMEASURE=scenario/variant,... (with CONTINUE: measure those cells
# again), PLAN=1 (print the cells and stop). See README and bench/.
bench:
	@host/bench.sh $(call opt,PROFILE,--profile) $(call opt,SAMPLES,--samples) \
		$(call opt,SCENARIOS,--scenarios) $(call opt,VARIANTS,--variants) \
		$(call opt,RUN,--run) $(call flag,CONTINUE,--continue) \
		$(call opt,REMEASURE,--remeasure) $(call flag,PLAN,--plan)

# Regenerate a run's report from its raw samples: make report RUN=name
report:
	@[[ "$(RUN)" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$$ ]] || { echo "make report: RUN must name a folder under results/ (a plain name), not '$(RUN)'" >&2; exit 2; }
	@host/report.sh results/$(RUN)

clean:
	rm -rf build

.PHONY: help check test test-debug soak mutants bisect kernel image bench report clean
