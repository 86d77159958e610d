#!/bin/bash
# bench-client.sh: the client guest of scripts/bench.  The server guest
# (bench-server.sh) serves A, the in-tree svcrdma (class rdma, port
# 20049), and B, ours (class rdma2, port 20050) when B=ours, else the
# in-tree one again to show the noise.  This guest is only a client: the
# stock NFS client over rpcrdma, on its own vCPU, so that the server
# guest's CPU time is the server's alone.
#
# For each rep: the rxe ceiling (ib_write_bw and ib_read_bw between the
# two guests: see rxe_ceiling); then, over NFSv3 and NFSv4.2, every
# job on both sides back to back, a pair whose ratio B/A the report
# takes (A then B in odd reps, B then A in even ones, so that neither
# side always runs first, on a server the other has just loaded): fio
# with O_DIRECT (1 MiB sequential read and write at iodepth 4, 4 KiB
# random read and write at iodepth 1 and 16) and bench-meta.py (create,
# stat, readdir and unlink of many small files).  Around each run it reads the server's
# CPU jiffies over the control channel (bench-ctl.py), so that each run
# has its server CPU time.  PROFILE=1 then records the server under perf
# for the jobs in PROFILE_JOBS (default 4 KiB random read at iodepth 16
# and 1 MiB sequential write), per side, over the NFS versions in
# PROFILE_VERSIONS (default 3).
#
# Each run mounts its side alone.  The Linux client shares one NFSv4.1
# client, and its connection, among the mounts of one server (trunking
# discovery: the two ports lead to the same nfsd, with one server owner),
# so with A and B mounted together every NFSv4.x run of B went through
# A's connection and measured the in-tree server twice.  Each run also
# reads both servers' Receive counts before and after it (*.recvs), and
# fails unless its own server's grew and the other's did not.
# Results: /guest/out/bench/ (fio JSON, meta JSON, *.cpu and *.ccpu,
# *.mstats, *.rxe and *.speed, rxe-*.json).
# ONLY (lib.sh): the runs by name, "NFSv3 seqread side A rep 1",
# "rxe ib_read_bw rep 2", "profile NFSv3 randread-qd16 side B".
. "$(dirname "$0")/lib.sh"

B=${B:-intree}
RUNTIME=${RUNTIME:-10}
REPS=${REPS:-3}
META_FILES=${META_FILES:-1000}
PROFILE=${PROFILE:-0}
BENCH_VERSIONS=${BENCH_VERSIONS:-3 4.2}
PROFILE_VERSIONS=${PROFILE_VERSIONS:-3}
PROFILE_JOBS=${PROFILE_JOBS:-randread-qd16 seqwrite}
CTL_PORT=${CTL_PORT:-7000}
R=$GUEST_OUT/bench
mkdir -p "$R"
echo "$B" >"$R/side-b"

# name rw bs iodepth file
JOBS="seqread read 1M 4 seq
seqwrite write 1M 4 seq
randread-qd1 randread 4k 1 rand
randread-qd16 randread 4k 16 rand
randwrite-qd1 randwrite 4k 1 rand
randwrite-qd16 randwrite 4k 16 rand
meta - - - -"
declare -A FILE_SIZE=([seq]=128M [rand]=32M)

ctl() { # ctl COMMAND...: one command to the server guest; prints its answer
	python3 "$GUEST_TOP/tests/guest/bench-ctl.py" ask "$SERVER_IP" "$CTL_PORT" "$@"
}

port_of() { # port_of SIDE
	if [ "$1" = B ] && [ "$B" = ours ]; then echo 20050; else echo 20049; fi
}

# xfer TOOL N OUT: one TOOL stream of N x 1 MiB to the server guest;
# prints the wall time it took, start-up and connection included
xfer() {
	local t0 t1
	ctl rdma "$1" -d rxe0 -R -s 1048576 -n "$2" -F >/dev/null || return 1
	t0=$(date +%s.%N)
	"$1" -d rxe0 -R -s 1048576 -n "$2" -F "$SERVER_IP" >"$3" 2>&1 || return 1
	t1=$(date +%s.%N)
	ctl reap >/dev/null || return 1
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
}

# rxe_ceiling TOOL REP: the link's rate between the two guests.  Each
# perftest run spends seconds under TCG starting and connecting, so the
# rate is that of the difference between a long and a short transfer.
# (perftest's own figure relies on a cycle counter TCG does not keep.)
rxe_ceiling() {
	local tool=$1 rep=$2 short=50 long=450 ts tl
	ts=$(xfer "$tool" $short "$R/$tool-short-r$rep.txt") || return 1
	tl=$(xfer "$tool" $long "$R/$tool-r$rep.txt") || return 1
	python3 - "$ts" "$tl" "$(((long - short) * 1048576))" "$tool" \
		>"$R/rxe-$tool-r$rep.json" <<'PY'
import json, sys
ts, tl, nbytes, tool = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
if tl <= ts:
    sys.exit("the long transfer took no longer than the short one")
json.dump({"tool": tool, "bytes": nbytes, "seconds": tl - ts,
           "short_seconds": ts, "long_seconds": tl,
           "MiB_per_s": nbytes / (tl - ts) / 2**20}, sys.stdout)
PY
}

# prepare DIR: the files that the fio jobs read and write, written once
# in full, so that every measured run finds them laid out.
prepare() {
	local f
	mkdir -p "$1" || return
	for f in "${!FILE_SIZE[@]}"; do
		fio --name=prep --filename="$1/$f.dat" --rw=write --bs=1M \
			--size="${FILE_SIZE[$f]}" --direct=1 --ioengine=libaio \
			--iodepth=4 --output=/dev/null || return
	done
}

SIDE=	# the side whose export is mounted now (on_side)

# on_side V SIDE CMD...: CMD with SIDE's export mounted on /mnt/SIDE over
# NFS version V, and nothing else mounted (see the top of this file)
on_side() {
	local v=$1 rc=0
	SIDE=$2
	shift 2
	nfs_mount "$v" "$(port_of "$SIDE")" "/mnt/$SIDE" || return 1
	"$@" || rc=1
	umount "/mnt/$SIDE" || rc=1
	return $rc
}

# served_by "IN OURS" "IN OURS": the two servers' Receive counts (ctl
# recvs) before and after a run show that SIDE's server took it: its
# count grew and, when B is ours, the other's did not
served_by() {
	local i0 o0 i1 o1 ok
	read -r i0 o0 <<<"$1"
	read -r i1 o1 <<<"$2"
	if [ "$B" != ours ]; then
		ok=$((i1 > i0))
	elif [ "$SIDE" = B ]; then
		ok=$((o1 > o0 && i1 == i0))
	else
		ok=$((i1 > i0 && o1 == o0))
	fi
	[ "$ok" = 1 ] && return 0
	echo "side $SIDE's run did not go through its own server: Receives" \
		"in-tree $i0 -> $i1, ours $o0 -> $o1"
	return 1
}

# my_cpu: this guest's jiffies and counts as bench-ctl.py's cpu gives
# the server's, "busy user total hz ctxt intr tx pgalloc" (busy: system +
# irq + softirq; context switches, interrupts, packets sent and pages
# allocated since boot)
my_cpu() {
	local u n s i w q sq st ev
	read -r _ u n s i w q sq st _ </proc/stat
	ev=$(awk '$1 == "ctxt" { c = $2 } $1 == "intr" { i = $2 }
		END { printf "%d %d", c, i }' /proc/stat)
	ev="$ev $(awk 'NR > 2 { sub(/^ */, ""); split($0, f, /[: ]+/)
		if (f[1] != "lo") t += f[11] } END { printf "%d", t }' \
		/proc/net/dev)"
	ev="$ev $(awk '$1 ~ /^pgalloc_/ { p += $2 } END { printf "%d", p }' \
		/proc/vmstat)"
	echo "$((s + q + sq)) $((u + n)) $((u + n + s + i + w + q + sq + st)) $HZ $ev"
}
HZ=$(getconf CLK_TCK)

# mountstats DIR: the NFS client's own account of the mount on DIR, from
# /proc/self/mountstats: its "xprt: rdma" line (the client transport's
# counts: chunks, MRs, LOCAL_INVs it had to post, replies that waited for
# their Send's completion) and each operation's "NAME: ops trans
# timeouts bytes_sent bytes_recv queue_ms rtt_ms execute_ms" line
mountstats() {
	awk -v dir="$1" '$1 == "device" { on = ($5 == dir) }
		on && ($1 == "xprt:" || $1 ~ /^[A-Z_0-9]+:$/) { print }' \
		/proc/self/mountstats
}

# mine rxe|speed: this guest's own reading, as ctl gives the server's
mine() {
	python3 "$GUEST_TOP/tests/guest/bench-ctl.py" local "$1"
}

# mark NAME begin|end: a line on the console, where scripts/bench on the
# host reads both guests' QEMU CPU time as it comes (host.cpu)
mark() {
	echo "svcrdma-bench-mark $1 $2" >/dev/console
}

# measured BASE CMD...: run CMD with the server's CPU jiffies and counts
# read before and after it, into BASE.cpu ("busy user total hz ctxt intr
# tx pgalloc" twice, then the wall seconds), this guest's into BASE.ccpu (the
# same, the client's user time being fio's), both servers' Receive
# counts into BASE.recvs, the client's mountstats of the side's mount
# into BASE.mstats ("before" and "after" lines, each followed by the
# mountstats lines), both guests' rxe counters into BASE.rxe ("client
# before", "client after", "server before", "server after", each with
# bench-ctl.py's rxe answer), the microseconds the speed loop took in each
# guest just before and just after the run into BASE.speed ("client
# server" twice), and its start and end marked for the host
measured() {
	local base=$1 c0 c1 t0 t1 r0 r1 m0 m1 s0 s1 x0 x1 y0 y1 v0 v1
	shift
	v0="$(mine speed) $(ctl speed)" || return 1
	r0=$(ctl recvs) || return 1
	y0=$(ctl rxe) || return 1
	x0=$(mine rxe) || return 1
	s0=$(mountstats "/mnt/$SIDE")
	c0=$(ctl cpu) || return 1
	m0=$(my_cpu)
	mark "${base##*/}" begin
	t0=$(date +%s.%N)
	"$@" || return 1
	t1=$(date +%s.%N)
	mark "${base##*/}" end
	m1=$(my_cpu)
	c1=$(ctl cpu) || return 1
	s1=$(mountstats "/mnt/$SIDE")
	x1=$(mine rxe) || return 1
	y1=$(ctl rxe) || return 1
	r1=$(ctl recvs) || return 1
	v1="$(mine speed) $(ctl speed)" || return 1
	t1=$(awk "BEGIN { print $t1 - $t0 }")
	echo "${c0#ok } ${c1#ok } $t1" >"$base.cpu"
	echo "$m0 $m1 $t1" >"$base.ccpu"
	echo "${r0#ok } ${r1#ok }" >"$base.recvs"
	printf 'before\n%s\nafter\n%s\n' "$s0" "$s1" >"$base.mstats"
	echo "${v0//ok /} ${v1//ok /}" >"$base.speed"
	printf 'client before %s\nclient after %s\nserver before %s\nserver after %s\n' \
		"${x0#ok }" "${x1#ok }" "${y0#ok }" "${y1#ok }" >"$base.rxe"
	served_by "${r0#ok }" "${r1#ok }"
}

run_job() { # run_job DIR BASE NAME RW BS QD FILE
	local dir=$1 base=$2 name=$3
	if [ "$name" = meta ]; then
		measured "$base" python3 "$GUEST_TOP/tests/guest/bench-meta.py" \
			"$dir/meta" "$META_FILES" "$base.json"
		return
	fi
	measured "$base" fio --name="$name" --filename="$dir/$7.dat" \
		--rw="$4" --bs="$5" --iodepth="$6" --ioengine=libaio --direct=1 \
		--size="${FILE_SIZE[$7]}" --runtime="$RUNTIME" --time_based \
		--output-format=json --output="$base.json"
}

# profile V NAME SIDE: the server under perf while the job runs once
profile() {
	local v=$1 name=$2 side=$3 rw bs qd f dir
	read -r _ rw bs qd f < <(grep "^$name " <<<"$JOBS")
	dir=/mnt/$side/$side-v$v
	ctl perf "v${v}_${name}_$side" >/dev/null || return 1
	run_job "$dir" "$R/profile-v${v}_${name}_$side" "$name" "$rw" "$bs" "$qd" "$f"
	ctl perfstop >/dev/null
}

must "guest NIC up ($GUEST_IP)" net_up
must "rxe device up" rxe_up
must "the NFS client's RDMA transport loaded" modprobe rpcrdma
must "rpcbind and rpc.statd (NFSv3 locks) running" \
	sh -c 'mkdir -p /run/rpcbind && rpcbind -w && rpc.statd --no-notify'
must "the server guest answers" ctl hello
ctl hello | cut -d' ' -f2 >"$R/kernel"
# the speed loop's first run in a guest also reads awk from the disk
warm_speed() { mine speed >/dev/null && ctl speed >/dev/null; }
must "the speed loop run once in each guest" warm_speed

for rep in $(seq "$REPS"); do
	for tool in ib_write_bw ib_read_bw; do
		! only "rxe $tool rep $rep" ||
			check "rxe $tool rep $rep" rxe_ceiling $tool "$rep"
	done
done

for v in $BENCH_VERSIONS; do
	for side in A B; do
		must "files of side $side NFSv$v laid out" \
			on_side "$v" $side prepare "/mnt/$side/$side-v$v"
	done
	for rep in $(seq "$REPS"); do
		order="A B"
		[ $((rep % 2)) = 1 ] || order="B A"
		while read -r name rw bs qd f; do
			for side in $order; do
				only "NFSv$v $name side $side rep $rep" || continue
				check "NFSv$v $name side $side rep $rep" \
					on_side "$v" $side run_job "/mnt/$side/$side-v$v" \
					"$R/v${v}_${name}_${side}_r$rep" \
					"$name" "$rw" "$bs" "$qd" "$f"
			done
		done <<<"$JOBS"
	done
	if [ "$PROFILE" = 1 ] && [[ " $PROFILE_VERSIONS " == *" $v "* ]]; then
		for name in $PROFILE_JOBS; do
			for side in A B; do
				only "profile NFSv$v $name side $side" || continue
				check "profile NFSv$v $name side $side" \
					on_side "$v" $side profile "$v" "$name" "$side"
			done
		done
	fi
	# The export is a tmpfs: free this version's files before the next.
	for side in A B; do
		on_side "$v" $side rm -rf "/mnt/$side/$side-v$v" || true
	done
done
check "the server guest stops" ctl quit
finish
