# execfirst: make mapped executable pages first-class citizens in reclaim.
#   make test    build the patched Debian 6.12 kernel, boot it in QEMU, test
#   make bench   A/B benchmarks in QEMU, report in results/<run>/report.md
#   make report RUN=<run>  regenerate a run's report from its raw samples
#   make soak    SOAK_MINUTES=N of reclaim stress on the debug kernel
#   make mutants prove the tests fail on deliberately broken kernels
#   make bisect  every prefix of the series builds and boots
# Everything goes under build/ (ignored); ccache lives in
# $(EXECFIRST_CACHE) (default /var/cache/execfirst).

SHELL := /bin/bash

test:
	@host/test.sh $(TESTS)

# The same tests on the debug kernel (DEBUG_VM, lockdep, KASAN).
test-debug:
	@FLAVOUR=debug host/test.sh $(TESTS)

# The debug kernel soaked under reclaim stress, switching and bad input
# for SOAK_MINUTES (default 10); fails on any splat. See README.
soak:
	@host/soak.sh --minutes $(or $(SOAK_MINUTES),10)

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
	@host/bench.sh $(if $(PROFILE),--profile $(PROFILE)) \
		$(if $(SAMPLES),--samples $(SAMPLES)) \
		$(if $(SCENARIOS),--scenarios $(SCENARIOS)) \
		$(if $(VARIANTS),--variants $(VARIANTS)) $(if $(RUN),--run $(RUN)) \
		$(if $(CONTINUE),--continue) $(if $(REMEASURE),--remeasure $(REMEASURE)) \
		$(if $(PLAN),--plan)

# Regenerate a run's report from its raw samples: make report RUN=name
report:
	@test -n "$(RUN)" || { echo "make report: say which run: make report RUN=<folder under results/>" >&2; exit 2; }
	@host/report.sh results/$(RUN)

clean:
	rm -rf build

.PHONY: test test-debug soak mutants bisect kernel image bench report clean
