#!/usr/bin/python3
"""bench-meta: a metadata-heavy job for scripts/bench, on an NFS mount.

usage: bench-meta.py DIR NFILES OUT.json

In DIR (made empty first): creates NFILES files of 1 KiB each (open,
write, close), drops the client's caches, stats every file, drops them
again, lists the directory, and unlinks every file.  Each of those is one
operation, timed on its own.  OUT.json gets the operations, the seconds
they took in all, the rate, and the latency percentiles (p50, p99) over
every operation, in the shape scripts/bench-report reads.
"""
import json
import os
import statistics
import sys
import time


def drop_caches():
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("3\n")


def timed(lat, fn, *args):
    t0 = time.perf_counter_ns()
    fn(*args)
    lat.append(time.perf_counter_ns() - t0)


def create(path, data):
    fd = os.open(path, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def pct(sorted_vals, p):
    i = min(len(sorted_vals) - 1, int(round(p / 100.0 * (len(sorted_vals) - 1))))
    return sorted_vals[i]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    top, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    os.makedirs(top, exist_ok=True)
    for name in os.listdir(top):
        os.unlink(os.path.join(top, name))
    names = [os.path.join(top, "f%06d" % i) for i in range(n)]
    data = b"m" * 1024
    lat = []
    phases = {}
    busy = 0
    for phase in ("create", "stat", "readdir", "unlink"):
        if phase in ("stat", "readdir"):
            drop_caches()
        t0 = time.perf_counter_ns()
        start = len(lat)
        if phase == "create":
            for p in names:
                timed(lat, create, p, data)
        elif phase == "stat":
            for p in names:
                timed(lat, os.stat, p)
        elif phase == "readdir":
            found = []
            timed(lat, lambda: found.extend(os.listdir(top)))
            if len(found) != n:
                sys.exit("bench-meta: listed %d of %d files" % (len(found), n))
        else:
            for p in names:
                timed(lat, os.unlink, p)
        ns = time.perf_counter_ns() - t0
        busy += sum(lat[start:])
        phases[phase] = {"ops": len(lat) - start, "seconds": ns / 1e9}
    s = sorted(lat)
    seconds = busy / 1e9
    json.dump({"job": "meta", "files": n, "ops": len(lat),
               "seconds": seconds, "ops_per_s": len(lat) / seconds,
               "lat_us": {"p50": pct(s, 50) / 1e3, "p99": pct(s, 99) / 1e3,
                          "mean": statistics.mean(s) / 1e3},
               "phases": phases}, open(out, "w"), indent=1)
    return 0


sys.exit(main())
