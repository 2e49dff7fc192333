# execfirst: make mapped executable pages first-class citizens in reclaim.
#   make test    build the patched Debian 6.12 kernel, boot it in QEMU, test
#   make bench   A/B benchmarks (not there yet: see README)
#   make mutants prove the tests fail on deliberately broken kernels
# Everything goes under build/ (ignored); ccache lives in
# $(EXECFIRST_CACHE) (default /var/cache/execfirst).

SHELL := /bin/bash

test:
	@host/test.sh $(TESTS)

# The same tests on the debug kernel (DEBUG_VM, lockdep, KASAN).
test-debug:
	@FLAVOUR=debug host/test.sh $(TESTS)

# Deliberately broken kernels (mutants/): the tests must catch each one.
mutants:
	@host/mutants.sh $(MUTANTS)

kernel:
	@host/kernel.sh patched guest

image:
	@host/image.sh

bench:
	@echo "make bench: the A/B benchmark harness is not written yet (issue 3); only 'make test' works today." >&2
	@exit 1

clean:
	rm -rf build

.PHONY: test test-debug mutants kernel image bench clean
