# Check raw samples (bench/FORMAT.md) and print them as one tab-separated
# stream, a record a line: SCENARIO VARIANT K TYPE NAME FIELDS...
# Usage: awk -f parse.awk RUN/run.info RUN/raw/SCENARIO/VARIANT/K.txt...
# Every file is checked; the first fault of each is printed to stderr as
# "report: FILE:LINE: what is wrong", and then the exit status is 1.
BEGIN {
	FS = "[ ]"; OFS = "\t"
	num = "^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$"
	name = "^[A-Za-z0-9_.-]+$"
	nf["metric"] = 5; nf["vmstat"] = 3; nf["psi"] = 3; nf["series"] = 4
	for (i = 1; i < ARGC; i++) unread[ARGV[i]] = 1
}

function fail(msg, file, line) {
	if (file == "") { file = FILENAME; line = FNR }
	printf "report: %s:%d: %s\n", file, line, msg > "/dev/stderr"
	bad[file] = status = 1
}

# The first value of NAME within SCOPE wins; a later different one is a fault.
function agree(scope, name, value) {
	if (!((scope, name) in first)) {
		first[scope, name] = value; where[scope, name] = FILENAME ":" FNR
	} else if (first[scope, name] != value)
		fail(name " '" value "' disagrees with '" first[scope, name] \
		    "' at " where[scope, name])
}

function finish() {	# the sample just read must have ended with "end"
	if (prev != "" && !bad[prev] && !ended)
		fail("no 'end' line (sample cut short?)", prev, lines)
}

FNR == 1 { finish(); prev = FILENAME; ended = 0; delete unread[FILENAME] }
{ lines = FNR }
# run.info: KEY VALUE lines, passed on as records "info KEY VALUE".
FILENAME ~ /(^|\/)run[.]info$/ {
	ended = 1
	if (/^#/) next
	# The run's history (continued, stopped, remeasured) may repeat a key.
	if ($1 !~ name) fail("expected 'KEY VALUE'")
	else if (infokey[$1]++ && $1 !~ /^(continued|stopped|remeasured|note)$/)
		fail($1 " given twice")
	else print "", "", "", "info", $1, substr($0, length($1) + 2)
	if ($1 == "series_sha1") run_series = substr($0, length($1) + 2)
	next
}
FNR == 1 {
	delete seen; delete kv
	n = split(FILENAME, p, "/")
	sc = p[n - 2]; var = p[n - 1]; k = p[n]; sub(/[.]txt$/, "", k)
	if (n < 3 || k !~ /^[0-9]+$/ || sc !~ name || var !~ name)
		fail("not named raw/SCENARIO/VARIANT/K.txt")
	else if ($0 != "execfirst-sample 1")
		fail("first line is not 'execfirst-sample 1'")
}
FNR == 1 || bad[FILENAME] || /^#/ { next }
ended { fail("text after 'end'"); next }
$0 == "end" {
	ended = 1
	if (!("group" in kv) || !("baseline" in kv))
		fail("no 'key group' or no 'key baseline'")
	else
		agree(sc SUBSEP kv["group"], "baseline", kv["baseline"])
	next
}
!($1 in nf) && $1 != "key" { fail("unknown record type '" $1 "'"); next }
$1 == "key" && (NF < 3 || $3 == "") || $1 != "key" && NF != nf[$1] {
	fail($1 ": " NF " fields, expected " ($1 == "key" ? "3 or more" : nf[$1]))
	next
}
$2 !~ name { fail($1 ": bad name '" $2 "'"); next }
$1 != "series" && ($1 SUBSEP $2) in seen { fail($1 " " $2 " given twice"); next }
{ seen[$1, $2] = 1 }
$1 == "key" {
	value = kv[$2] = substr($0, length($2) + 6)
	if ($2 ~ /^(order|variant_order|sample)$/ && value !~ /^[0-9]+$/)
		fail("key " $2 ": '" value "' is not a whole number")
	else if ($2 == "scenario" && value != sc || $2 == "variant" && value != var)
		fail("key " $2 " '" value "' does not match the path")
	else if (value ~ /\t/)
		fail("key " $2 ": tab in value")
	else if ($2 == "series_sha1" && run_series != "" && value != run_series)
		fail("a sample of series " value ", but run.info's is " \
		    run_series ": a run never mixes two versions")
	else if ($2 ~ /^(title|order|primary)$/)
		agree(sc, $2, value)
	else if ($2 ~ /^(group|variant_order)$/)
		agree(sc SUBSEP var, $2, value)
	print sc, var, k, "key", $2, value
	next
}
{
	for (i = 3; i <= ($1 == "metric" ? 3 : NF); i++)
		if ($i !~ num) { fail($1 " " $2 ": '" $i "' is not a number"); next }
}
$1 == "vmstat" && $3 !~ /^-?[0-9]+$/ { fail("vmstat " $2 ": '" $3 "' is not an integer"); next }
$1 == "metric" && $5 != "lower" && $5 != "higher" {
	fail("metric " $2 ": BETTER '" $5 "' is not 'lower' or 'higher'"); next
}
$1 == "metric" { agree(sc, "unit of " $2, $4); agree(sc, "BETTER of " $2, $5) }
{
	out = sc OFS var OFS k
	for (i = 1; i <= NF; i++) out = out OFS $i
	print out
}
END {
	finish()
	for (i = 1; i < ARGC; i++)
		if (ARGV[i] in unread)
			fail("empty file, no 'execfirst-sample 1' line", ARGV[i], 1)
	exit status
}
