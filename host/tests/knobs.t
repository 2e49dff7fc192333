#!/usr/bin/env bash
# guest/lib/knobs.c's protect_parse(), built and run on the host: the
# specs bench/variants and the tests use are read as meant, and a bad one
# is refused with a reason that names the knob.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lib=$here/../../guest/lib
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/t.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include "knobs.h"
/* protect_apply()'s helpers are not used here. */
void knob_save(const char *p) { (void)p; abort(); }
void knob_set(const char *p, const char *v) { (void)p; (void)v; abort(); }
void die(const char *fmt, ...) { (void)fmt; abort(); }
bool case_wanted(int n) { (void)n; abort(); }
bool lru_engine_set(const char *e) { (void)e; abort(); }
/* v2's table when V2 is set (guest/lib/util.c asks /proc/vmstat) */
bool exec_protect_v2(void) { return getenv("V2") != NULL; }
int main(int argc, char **argv)
{
	struct protect p;
	char why[128];
	int i;

	if (argc < 2 || !protect_parse(argv[1], &p, why, sizeof(why))) {
		printf("bad: %s\n", argc < 2 ? "-" : why);
		return 1;
	}
	for (i = 0; i < NR_KNOBS; i++) {
		if (i)
			putchar(' ');
		if (p.set[i])
			printf("%ld", p.val[i]);
		else
			putchar('-');
	}
	putchar('\n');
	return 0;
}
C
gcc -Wall -Werror -std=gnu11 -I"$lib" -o "$tmp/t" "$tmp/t.c" "$lib/knobs.c"

. "$here/../lib/tap.sh"
is() {	# is SPEC WANT: protect_parse(SPEC) prints WANT (V2=1: v2's knobs)
	local got
	got=$("$tmp/t" "$1" || true)
	[ "$got" = "$2" ] || echo "# got '$got'"
	tap_ok "$([ "$got" = "$2" ] && echo 0 || echo 1)" "'$1': $2"
}
tap_plan 18
is keep "- - -"
is 1 "1 - -"
is 0 "0 - -"
is 1/50/0 "1 50 0"
is 1/100 "1 100 -"
is -/0 "- 0 -"
is 1/-/20000 "1 - 20000"
is 2 "bad: '2': exec_protect must be 0 to 1, not 2"
is 1/101 "bad: '1/101': exec_protect_max must be 0 to 100, not 101"
is 1/50/600001 "bad: '1/50/600001': exec_protect_ms must be 0 to 600000, not 600001"
is 1/x "bad: '1/x': exec_protect_max must be a number or '-', not 'x'"
is 1//0 "bad: '1//0': exec_protect_max must be a number or '-', not ''"
is 1/50/0/7 "bad: '1/50/0/7': at most 3 fields (ON/MAX/MS)"
is "" "bad: '': exec_protect must be a number or '-', not ''"
# The v2 series' knobs (guest/tests/exec_protect_knobs_v2.h)
export V2=1
is 2/50/60000 "2 50 60000"
is 3 "bad: '3': exec_protect must be 0 to 2, not 3"
is 2/50/999 "bad: '2/50/999': exec_protect_ms must be 1000 to 600000, not 999"
is 1/-/1000 "1 - 1000"
