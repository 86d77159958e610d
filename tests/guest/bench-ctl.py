#!/usr/bin/python3
"""bench-ctl: the server guest's side of scripts/bench's control channel.

usage: bench-ctl.py serve ADDR PORT OUTDIR [IDLE_S]
       bench-ctl.py ask ADDR PORT COMMAND...
       bench-ctl.py local rxe|speed

serve answers one command per TCP connection, one line in and one line
out, until "quit" or until IDLE_S seconds (default 900) pass without a
command, which is an error (exit 1).  ask sends one command and prints
the answer; it exits 1 when the answer starts with "err".  local
answers rxe or speed for the guest it runs in (the client guest's own
readings, taken the same way as the server's).

Commands:
  hello           "ok KERNEL": the server guest is up and serving
  cpu             "ok BUSY USER TOTAL HZ CTXT INTR TX PGALLOC": jiffies
                  of all CPUs since boot from /proc/stat, BUSY being
                  system + irq + softirq; then counts since boot:
                  context switches and interrupts (/proc/stat), packets
                  sent by all interfaces but lo (/proc/net/dev), and
                  pages allocated (/proc/vmstat, pgalloc_* of every
                  zone)
  rdma TOOL ARGS  starts the perftest TOOL (ib_write_bw, ib_read_bw) as
                  the server side with ARGS ("+" for spaces); "ok" once
                  it listens
  reap            "ok RC": waits for that TOOL
  recvs           "ok INTREE OURS": the Calls each server has received
                  since its module loaded (the in-tree one's
                  rdma_stat_recv, ours' recvs; -1 for one not loaded)
  rxe             "ok NAME=VALUE ...": the rxe devices' hw_counters
                  (port 1), retransmits and RNR NAKs among them
  speed           "ok MICROSECONDS": the wall time of a fixed piece of
                  CPU work (awk running SPEED_LOOP): how fast this
                  guest's emulated CPU runs now
  perf NAME       starts perf record -e cpu-clock -a -g (into a tmpfs)
  perfstop        stops it and writes OUTDIR/perf-NAME.txt (perf report,
                  self time) and perf-NAME-children.txt (with callees),
                  and OUTDIR/kallsyms-modules.txt (each module's symbols)
  quit            "ok", and serve ends (exit 0)

The channel runs over the same link as the RDMA traffic: a few short
TCP exchanges per measured run, outside the fio run's own interval.
"""
import glob
import os
import signal
import socket
import subprocess
import sys
import time

HZ = os.sysconf("SC_CLK_TCK")
ASK_WAIT = 600


def cpu_jiffies():
    with open("/proc/stat") as f:
        fields = f.readline().split()
    # cpu user nice system idle iowait irq softirq steal ...
    v = [int(x) for x in fields[1:]]
    busy = v[2] + v[5] + v[6]
    return busy, v[0] + v[1], sum(v[:8])


def events():
    """(context switches, interrupts, packets sent, pages allocated)
    since boot: counts, which the host's speed moves far less than it
    moves times."""
    ctxt = intr = 0
    with open("/proc/stat") as f:
        for line in f:
            w = line.split()
            if w[0] == "ctxt":
                ctxt = int(w[1])
            elif w[0] == "intr":
                intr = int(w[1])
    tx = 0
    with open("/proc/net/dev") as f:
        for line in f.readlines()[2:]:
            name, data = line.split(":", 1)
            if name.strip() != "lo":
                # rx: bytes packets errs drop fifo frame compressed
                # multicast; then tx: bytes packets ...
                tx += int(data.split()[9])
    pgalloc = 0
    with open("/proc/vmstat") as f:
        for line in f:
            name, value = line.split()
            if name.startswith("pgalloc_"):
                pgalloc += int(value)
    return ctxt, intr, tx, pgalloc


def recvs():
    """Calls received by the in-tree server and by ours, -1 if unloaded."""
    intree = ours = -1
    try:
        with open("/proc/sys/sunrpc/svc_rdma/rdma_stat_recv") as f:
            intree = int(f.read())
    except OSError:
        pass
    try:
        with open("/proc/fs/svcrdma/stats") as f:
            for line in f:
                name, value = line.split()
                if name == "recvs":
                    ours = int(value)
    except OSError:
        pass
    return intree, ours


def rxe_counters():
    """"name=value ..." of every RDMA device's port 1 hw_counters."""
    out = []
    for d in sorted(glob.glob("/sys/class/infiniband/*/ports/1/hw_counters")):
        for name in sorted(os.listdir(d)):
            try:
                with open(os.path.join(d, name)) as f:
                    out.append("%s=%s" % (name, f.read().strip()))
            except OSError:
                pass
    return " ".join(out)


SPEED_LOOP = "BEGIN { for (i = 0; i < 300000; i++) s += i % 7; print s }"


def speed():
    t0 = time.monotonic()
    subprocess.run(["awk", SPEED_LOOP], stdout=subprocess.DEVNULL,
                   check=True)
    return int((time.monotonic() - t0) * 1e6)


def rdma_listening():
    out = subprocess.run(["rdma", "resource", "show", "cm_id"],
                         capture_output=True, text=True).stdout
    return "LISTEN" in out


class Server:
    def __init__(self, outdir):
        self.outdir = outdir
        self.tool = None
        self.perf = None
        self.perf_name = None

    def do_rdma(self, args):
        if self.tool is not None:
            return "err a tool is running"
        argv = args[0:1] + " ".join(args[1:]).replace("+", " ").split()
        log = open(os.path.join(self.outdir, "%s-server.txt" % args[0]), "a")
        self.tool = subprocess.Popen(argv, stdout=log, stderr=log)
        for _ in range(60):
            if rdma_listening():
                return "ok"
            if self.tool.poll() is not None:
                break
            time.sleep(0.5)
        return "err %s does not listen" % args[0]

    def do_reap(self):
        if self.tool is None:
            return "err no tool"
        try:
            rc = self.tool.wait(timeout=120)
        except subprocess.TimeoutExpired:
            self.tool.kill()
            rc = self.tool.wait()
        self.tool = None
        return "ok %d" % rc

    def do_perf(self, name):
        if self.perf is not None:
            return "err perf is running"
        self.perf_name = name
        # a tmpfs: writing to the 9p output folder would show in the profile
        data = "/dev/shm/perf-%s.data" % name
        try:
            self.perf = subprocess.Popen(
                ["perf", "record", "-q", "-e", "cpu-clock", "-a", "-g",
                 "-o", data], stdout=subprocess.DEVNULL,
                stderr=open(os.path.join(self.outdir,
                                         "perf-%s.log" % name), "w"))
        except OSError as e:
            return "err perf: %s" % e
        time.sleep(2)
        if self.perf.poll() is not None:
            self.perf = None
            return "err perf record exited"
        return "ok"

    def do_perfstop(self):
        if self.perf is None:
            return "err perf is not running"
        self.perf.send_signal(signal.SIGINT)
        self.perf.wait(timeout=120)
        self.perf = None
        data = "/dev/shm/perf-%s.data" % self.perf_name
        base = os.path.join(self.outdir, "perf-%s" % self.perf_name)
        # self time, and time with callees (which folds the samples that
        # TCG delivers when interrupts come back on into their callers)
        for suffix, children in ((".txt", "--no-children"),
                                 ("-children.txt", "--children")):
            with open(base + suffix, "w") as out:
                subprocess.run(["perf", "report", "-i", data, "--stdio",
                                children, "--sort", "sym", "-g", "none"],
                               stdout=out, stderr=subprocess.DEVNULL)
        os.unlink(data)
        # which module each symbol is in: perf names them all kernel
        with open("/proc/kallsyms") as ks, \
                open(os.path.join(self.outdir, "kallsyms-modules.txt"),
                     "w") as out:
            for line in ks:
                if line.rstrip().endswith("]"):
                    out.write(line)
        return "ok"

    def answer(self, line):
        words = line.split()
        if not words:
            return "err empty"
        cmd, args = words[0], words[1:]
        if cmd == "hello":
            return "ok " + os.uname().release
        if cmd == "cpu":
            busy, user, total = cpu_jiffies()
            return "ok %d %d %d %d %d %d %d %d" % (
                (busy, user, total, HZ) + events())
        if cmd == "recvs":
            return "ok %d %d" % recvs()
        if cmd == "speed":
            return "ok %d" % speed()
        if cmd == "rxe":
            return "ok " + rxe_counters()
        if cmd == "rdma" and args:
            return self.do_rdma(args)
        if cmd == "reap":
            return self.do_reap()
        if cmd == "perf" and len(args) == 1:
            return self.do_perf(args[0])
        if cmd == "perfstop":
            return self.do_perfstop()
        if cmd == "quit":
            return "ok"
        return "err unknown command " + cmd


def serve(addr, port, outdir, idle):
    srv = Server(outdir)
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind((addr, port))
    ls.listen(4)
    ls.settimeout(idle)
    while True:
        try:
            conn, _ = ls.accept()
        except socket.timeout:
            print("bench-ctl: no command for %d s" % idle, file=sys.stderr)
            return 1
        with conn, conn.makefile("rw") as f:
            line = f.readline().strip()
            reply = srv.answer(line)
            f.write(reply + "\n")
            f.flush()
        if line == "quit":
            return 0


def ask(addr, port, words):
    """The server guest may still be booting: try for ASK_WAIT seconds."""
    deadline = time.monotonic() + ASK_WAIT
    while True:
        try:
            conn = socket.create_connection((addr, port), timeout=300)
            break
        except OSError:
            if time.monotonic() > deadline:
                print("bench-ctl: no server at %s:%d" % (addr, port),
                      file=sys.stderr)
                return 1
            time.sleep(0.5)
    with conn, conn.makefile("rw") as f:
        f.write(" ".join(words) + "\n")
        f.flush()
        reply = f.readline().strip()
    print(reply)
    return 0 if reply.startswith("ok") else 1


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "serve":
        idle = int(sys.argv[5]) if len(sys.argv) > 5 else 900
        return serve(sys.argv[2], int(sys.argv[3]), sys.argv[4], idle)
    if len(sys.argv) >= 5 and sys.argv[1] == "ask":
        return ask(sys.argv[2], int(sys.argv[3]), sys.argv[4:])
    if len(sys.argv) == 3 and sys.argv[1] == "local" and \
            sys.argv[2] in ("rxe", "speed"):
        print(Server(None).answer(sys.argv[2]))
        return 0
    sys.exit(__doc__)


sys.exit(main())
