# The bench's resident real app (desktop-real): a python3 process that
# stays up and, each time it is switched to ('r' on stdin), runs code from
# a group of standard modules, several of them C extensions over Debian's
# shared libraries (libcrypto, libz, libexpat, libsqlite3, liblzma,
# libbz2), so that their text and libpython's and the C library's is used
# as a desktop program's would be. Usage: resident.py GROUP (0, 1 or 2).
# Says "ready 0" once warm, then answers each 'r' with "NS MAJFLT": the
# switch's nanoseconds and the major faults it took.
import resource
import sys
import time


def group0():
    import hashlib, json, re, sqlite3, zlib
    def run():
        doc = {"k%d" % i: [i, str(i), {"x": i / 3}] for i in range(300)}
        s = json.dumps(doc)
        assert json.loads(s)["k7"][1] == "7"
        assert len(re.findall(r"k(\d+)", s)) == 300
        hashlib.sha256(s.encode()).hexdigest()
        hashlib.md5(s.encode()).hexdigest()
        assert zlib.decompress(zlib.compress(s.encode())) == s.encode()
        db = sqlite3.connect(":memory:")
        db.execute("create table t(k integer primary key, v text)")
        db.executemany("insert into t values(?, ?)", ((i, str(i)) for i in range(500)))
        db.execute("select sum(length(v)) from t where k % 7 = 3").fetchone()
        db.close()
    return run


def group1():
    import bz2, csv, decimal, email.parser, io, xml.etree.ElementTree as ET
    def run():
        root = ET.fromstring("<r>" + "".join("<i n='%d'>%d</i>" % (i, i * i)
                                             for i in range(300)) + "</r>")
        assert len(root.findall("i")) == 300
        decimal.getcontext().prec = 40
        x = sum(decimal.Decimal(1) / decimal.Decimal(i) for i in range(1, 300))
        out = io.StringIO()
        csv.writer(out).writerows([[i, str(x), "a,b"] for i in range(200)])
        list(csv.reader(io.StringIO(out.getvalue())))
        msg = email.parser.Parser().parsestr("From: a@b\nSubject: s\n\n" + "x" * 2000)
        assert msg["Subject"] == "s"
        bz2.decompress(bz2.compress(out.getvalue().encode()))
    return run


def group2():
    import datetime, difflib, lzma, ssl, statistics, struct
    def run():
        a = ["line %d %s" % (i, "x" * (i % 7)) for i in range(200)]
        b = [l.replace("3", "4") for l in a]
        list(difflib.unified_diff(a, b))
        d = [i * 1.5 for i in range(500)]
        statistics.mean(d), statistics.stdev(d), statistics.median(d)
        t = datetime.datetime(2009, 5, 16)
        [(t + datetime.timedelta(hours=i)).isoformat() for i in range(300)]
        lzma.decompress(lzma.compress(struct.pack("500d", *d)))
        ssl.create_default_context()
    return run


run = (group0, group1, group2)[int(sys.argv[1])]()
run()
print("ready 0", flush=True)
for c in iter(lambda: sys.stdin.read(1), ""):
    if c != "r":
        continue
    t0, f0 = time.perf_counter_ns(), resource.getrusage(resource.RUSAGE_SELF).ru_majflt
    run()
    f1 = resource.getrusage(resource.RUSAGE_SELF).ru_majflt
    print("%d %d" % (time.perf_counter_ns() - t0, f1 - f0), flush=True)
