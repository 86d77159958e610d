#!/bin/bash
# faults.sh: fault injection into our transport during NFS I/O (test
# kernel only: it needs FAIL_FUNCTION, FAILSLAB and their debugfs files).
#
# Serves the export through our transport, mounts it over RDMA as NFSv4.1
# and NFSv3, writes reference data (O_DIRECT and fsync'd: acknowledged) and
# records its checksum.  Then one row per fault:
#   - every function of module svcrdma in fail_function's injectable list,
#     found at run time (each one we mark must be there);
#   - a Read whose post fails while no Send context can be had (two of
#     those functions at once);
#   - failslab on our own caches, at accept and at a connection's first I/O;
#   - an accept that fails while the close work is stalled (STALLS below),
#     where close work queued on the rejected connection would outlive it
#     (KASAN sees that).
# A row arms its fault (probability 100, every INTERVAL'th call, at most
# TIMES failures; the last row arms every function at once with a
# probability of RANDOM_P percent) and drives what reaches every injection point: a fresh
# NFSv4.2 mount (connect, accept, backchannel), then at once I/O on all
# three mounts (each RPC-over-RDMA path, and a delegation recalled over
# the backchannel), the NFSv4.2 unmount and a new listener.  Then it
# disarms and checks that the fault fired, that no I/O step hung (each
# has STEP_T seconds), that no read brought wrong data, that both mounts
# recover (a fresh write and read back within RECOVER_T seconds;
# reconnecting is allowed, an error is counted), and that the reference
# data and every write acknowledged so far are intact on the server.  At
# the end: unmount, stop nfsd, the live_* gauges read 0, rmmod svcrdma,
# and a kmemleak scan goes into the log.  The rows' figures also go to
# /guest/out/faults-rows.txt.
#
# On Linux 6.1, fail_function's handler draws its random number under a
# lock.  From an int3 kprobe, which the kernel runs as an NMI, that is a
# lockdep report of the kernel's own at the first failure, after which
# lockdep is off.  Kprobes on ftrace (CONFIG_FUNCTION_TRACER) run in the
# probed function's context instead.  The script checks which it has.
#
# Environment (guest arguments): ONLY (lib.sh: the rows by name, which is
# the function's for a row of one function, else "combo",
# "failslab-accept", "failslab-first-io", "accept-stall" or "random";
# ONLY='svc_rdma_chain_add|combo'), TIMES (3), INTERVAL (1), RANDOM_P (5), STEP_T (90),
# RANDOM_STEP_T (360: the random row's STEP_T),
# RECOVER_T (120), TRACE (1: our
# tracepoints of each row go to /guest/out/faults-trace-<row>.txt).
. "$(dirname "$0")/lib.sh"

CLASS=rdma
PORT=20049
TIMES=${TIMES:-3}
INTERVAL=${INTERVAL:-1}
STEP_T=${STEP_T:-90}
RECOVER_T=${RECOVER_T:-120}
RANDOM_P=${RANDOM_P:-5}
RANDOM_STEP_T=${RANDOM_STEP_T:-360}
TRACE=${TRACE:-0}
FF=/sys/kernel/debug/fail_function
FS=/sys/kernel/debug/failslab
SRC=/tmp/fsrc	# a tmpfs: sources, and what reads brought back
ACKED=$SRC/acked	# "server-file source-file" of each acknowledged write
M41=/mnt/f41
M3=/mnt/f3
PROBE=/mnt/fprobe
NAMES=500	# a directory whose listing takes the Reply chunk
ROWLOG=$GUEST_OUT/faults-rows.txt
# Hard, so that no acknowledged write can be lost; timeo=100 (10 s) and
# retrans=2, so that a Call the server dropped is sent again on a new
# connection within seconds (the RDMA client reconnects on a timeout).
MOPTS="proto=rdma,port=$PORT,hard,timeo=100,retrans=2"
CACHES="svc_rdma_recv_ctxt svc_rdma_send_ctxt svc_rdma_rw_ctxt"

# The functions the module marks ALLOW_ERROR_INJECTION.  The sweep takes
# whatever the kernel lists for svcrdma; each of these must be among them.
EXPECTED="svc_rdma_xprt_alloc svc_rdma_listen_id svc_rdma_setup_qp
svc_rdma_cm_accept svc_rdma_recv_buf_map svc_rdma_recv_ctxt_alloc
svc_rdma_ib_post_recv svc_rdma_rw_ctxt_get svc_rdma_chain_add
svc_rdma_ib_post_send svc_rdma_send_buf_map svc_rdma_send_ctxt_alloc
svc_rdma_send_ctxt_get svc_rdma_map_actor svc_rdma_bc_buf_alloc svc_rdma_bc_set_addresses
svc_rdma_close_work_stall"
# Of them, the hooks that delay instead of failing: alone they break
# nothing, so they get no row of their own and stay out of "random"; the
# rows that need them name them.
STALLS="svc_rdma_close_work_stall"

ff_disarm() {
	echo 0 >$FF/probability
	echo >$FF/inject	# an empty line removes every injection point
}

fs_disarm() {
	echo 0 >$FS/probability
	echo N >$FS/cache-filter
	echo Y >$FS/ignore-gfp-wait
}

# fault_attr DIR TIMES [PERCENT]: every INTERVAL'th call fails (or, with
# PERCENT, that share of the calls), TIMES times at most.  Probability
# goes last: it arms the fault.
fault_attr() {
	local interval=$INTERVAL
	[ -z "${3:-}" ] || interval=1
	echo "$2" >"$1/times" &&
		echo "$interval" >"$1/interval" &&
		echo 0 >"$1/space" &&
		echo N >"$1/task-filter" &&
		echo 1 >"$1/verbose" &&	# one line per failure, no stack
		echo "${3:-100}" >"$1/probability"
}

# ff_arm TIMES FN...: the next calls of the functions FN fail, NULL or
# -ENOMEM by their kind.  A name is given with its module: the in-tree
# rpcrdma has functions of the same names.  With PERCENT set, that share
# of their calls fails instead.
declare -A KIND
PERCENT=
ff_arm() {
	local times=$1 fn
	shift
	ff_disarm
	for fn; do
		echo "svcrdma:$fn" >$FF/inject || return
		[ "${KIND[$fn]}" != ERRNO ] ||
			printf '%#x\n' $((-12)) >"$FF/svcrdma:$fn/retval" || return
	done
	fault_attr $FF "$times" $PERCENT
}

# fs_arm TIMES: the next allocations from our caches fail, and no other:
# cache-filter takes the caches marked for failslab, and the guest's boot
# option slub_debug=A,svc_rdma_* (scripts/vm) marks ours alone (checked
# at the start).  Our allocations may sleep, which failslab ignores by
# default.
fs_arm() {
	echo Y >$FS/cache-filter &&
		echo N >$FS/ignore-gfp-wait &&
		fault_attr $FS "$1"
}

ff_fired() { # ff_fired TIMES: how many failures fail_function injected
	echo $(($1 - $(cat $FF/times)))
}

fs_fired() { # fs_fired TIMES: how many failures failslab injected
	echo $(($1 - $(cat $FS/times)))
}

# nmi_safe: fail_function's kprobes are on ftrace, or there is no lockdep
# to report what its handler does as an NMI (see the top).
nmi_safe() {
	local probe
	echo svcrdma:svc_rdma_xprt_alloc >$FF/inject || return
	probe=$(grep svc_rdma_xprt_alloc /sys/kernel/debug/kprobes/list)
	echo >$FF/inject
	say "kprobe: $probe"
	[[ $probe == *FTRACE* ]] || [ ! -e /proc/lockdep ]
}

# caches_marked: our caches are the only ones failslab's filter takes.
caches_marked() {
	local c others
	for c in $CACHES; do
		[ "$(cat /sys/kernel/slab/$c/failslab 2>/dev/null)" = 1 ] ||
			{ say "cache $c is not marked for failslab"; return 1; }
	done
	others=$(grep -l '^1' /sys/kernel/slab/*/failslab | grep -v svc_rdma_)
	[ -z "$others" ] || { say "other marked caches: $others"; return 1; }
}

# leave: whatever state the script stops in, no fault stays armed and the
# next script of the boot finds no mount, no nfsd and no transport.
leave() {
	local m
	ff_disarm
	fs_disarm
	exec 3<&-
	for m in $PROBE $M41 $M3; do
		! mountpoint -q $m || within 30 umount -f $m || umount -l $m
	done
	[ ! -e /proc/fs/nfsd/portlist ] || within 60 nfsd_teardown
	! mountpoint -q $EXPORT || umount $EXPORT
	rmmod svcrdma
	modprobe -r rpcrdma
	umount $SRC
} >/dev/null 2>&1
trap leave EXIT

# result WHAT RC SECONDS: one step's line, "STATUS SECONDS WHAT": ok, err
# (the client got an error), hang (timed out), or else bad (a read that
# succeeded brought wrong data) and info; true when RC is 0.
result() {
	case $2 in
	0) echo "ok ${3}s $1" ;;
	124 | 137) echo "hang ${3}s $1" ;;
	*) echo "err ${3}s $1 (exit $2)" ;;
	esac
	[ "$2" = 0 ]
}

step() { # step WHAT CMD...: CMD, a program, under STEP_T seconds
	local what=$1 rc=0 t0=$SECONDS
	shift
	timeout -k 5 "$STEP_T" "$@" || rc=$?
	result "$what" $rc $((SECONDS - t0))
}

same() { # same WHAT GOT WANT: what a successful read brought is right
	cmp -s "$2" "$3" && return
	echo "bad 0s $1"
	return 1
}

fmount() { # fmount VERS DIR
	mkdir -p "$2" &&
		timeout -k 5 "$STEP_T" mount -t nfs -o "vers=$1,$MOPTS" \
			"$SERVER_IP:$EXPORT" "$2"
}

funmount() { # funmount DIR: cleanly, else forced, else lazily
	within 60 umount "$1" && return
	say "umount $1 did not finish; forcing it"
	within 30 umount -f "$1" || umount -l "$1"
	return 124
}

connects() { # connects DIR: the client's connects on the mount at DIR
	xprt_vals "$1" | awk '{ print $3 }'
}

# io_round DIR TAG: each transport path once on the mount at DIR, one
# result line per step; acknowledged writes are added to ACKED.
io_round() {
	local d=$1 t=$2
	step "$t O_DIRECT write of 256 KiB (Read chunk)" \
		dd if=$SRC/w256k of="$d/$t.w" bs=256k oflag=direct conv=fsync \
		status=none && echo "$EXPORT/$t.w $SRC/w256k" >>$ACKED
	step "$t O_DIRECT write of 1 KiB (inline)" \
		dd if=$SRC/w1k of="$d/$t.i" bs=1k oflag=direct conv=fsync \
		status=none && echo "$EXPORT/$t.i $SRC/w1k" >>$ACKED
	step "$t O_DIRECT read of 1 MiB (Write chunk)" \
		dd if="$d/ref" of=$SRC/$t.ref bs=1M iflag=direct status=none &&
		same "$t O_DIRECT read of 1 MiB (Write chunk)" $SRC/$t.ref $SRC/ref
	step "$t O_DIRECT read of 1 KiB (inline)" \
		dd if="$d/small" of=$SRC/$t.small bs=1k iflag=direct status=none &&
		same "$t O_DIRECT read of 1 KiB (inline)" $SRC/$t.small $SRC/w1k
	step "$t listing of $NAMES names (Reply chunk)" \
		sh -c "ls -A '$d/many' >$SRC/$t.ls" &&
		{ [ "$(wc -l <$SRC/$t.ls)" = $NAMES ] ||
			echo "bad 0s $t listing of $NAMES names (Reply chunk)"; }
	rm -f $SRC/$t.ref $SRC/$t.small $SRC/$t.ls
}

# deleg_held FILE: a read open of FILE on fd 3 got a delegation from nfsd
# (it decides at OPEN; a few tries).
deleg_held() {
	local _
	for _ in 1 2 3; do
		exec 3<"$1" && wait_for 2 grep -qs "type: deleg.*$(basename "$1")" \
			/proc/fs/nfsd/clients/*/states && return
		exec 3<&-
	done
	return 1
}

# probe_io TAG: on the NFSv4.2 mount, a write and its read back, and a
# read delegation recalled over the backchannel (CB_RECALL).
probe_io() {
	local t=$1
	step "$t NFSv4.2 O_DIRECT write of 256 KiB" \
		dd if=$SRC/w256k of=$PROBE/$t.p bs=256k oflag=direct conv=fsync \
		status=none && echo "$EXPORT/$t.p $SRC/w256k" >>$ACKED
	step "$t NFSv4.2 O_DIRECT read of 256 KiB" \
		dd if=$PROBE/$t.p of=$SRC/$t.pr bs=256k iflag=direct status=none &&
		same "$t NFSv4.2 O_DIRECT read of 256 KiB" $SRC/$t.pr $SRC/w256k
	rm -f $SRC/$t.pr
	echo data >$EXPORT/$t.d
	if deleg_held $PROBE/$t.d; then
		# the server-side write waits for the delegation's return
		step "$t NFSv4.2 delegation recalled (CB_RECALL)" \
			sh -c "echo more >>$EXPORT/$t.d"
		exec 3<&-
	else
		echo "info 0s $t NFSv4.2 read delegation not granted"
	fi
}

# drive TAG PORT: what reaches every injection point (see the top).  Sets
# PROBE_CONNECTS, the NFSv4.2 mount's connects.
drive() {
	local t=$1 t0=$SECONDS pid41 pid3
	PROBE_CONNECTS=0
	if ! mountpoint -q $PROBE; then
		fmount 4.2 $PROBE >/dev/null 2>&1
		result "$t NFSv4.2 mount (a new connection)" $? $((SECONDS - t0))
	fi
	echo 3 >/proc/sys/vm/drop_caches	# the listings go to the server
	io_round $M41 "$t-v41" >$SRC/io41 &
	pid41=$!
	io_round $M3 "$t-v3" >$SRC/io3 &
	pid3=$!
	! mountpoint -q $PROBE || probe_io "$t"
	wait $pid41 $pid3
	cat $SRC/io41 $SRC/io3
	if mountpoint -q $PROBE; then
		PROBE_CONNECTS=$(connects $PROBE)
		t0=$SECONDS
		funmount $PROBE >/dev/null 2>&1
		result "$t NFSv4.2 unmount" $? $((SECONDS - t0))
	fi
	step "$t listener $CLASS $2" \
		sh -c "echo '$CLASS $2' >/proc/fs/nfsd/portlist"
}

# recovers TAG: both mounts take a fresh O_DIRECT write and read it back
# within RECOVER_T seconds.
recovers() {
	local t=$1 d f end=$((SECONDS + RECOVER_T))
	for d in $M41 $M3; do
		f=$t-$(basename $d).rt
		until timeout -k 5 "$STEP_T" dd if=$SRC/w4k of=$d/$f bs=4k \
			oflag=direct conv=fsync status=none &&
			timeout -k 5 "$STEP_T" dd if=$d/$f of=$SRC/$f bs=4k \
				iflag=direct status=none &&
			cmp -s $SRC/$f $SRC/w4k; do
			[ $SECONDS -lt $end ] || { say "$d did not recover"; return 1; }
			sleep 2
		done
		echo "$EXPORT/$f $SRC/w4k" >>$ACKED
		rm -f $SRC/$f
	done
}

# intact: the reference data and every acknowledged write, on the server.
intact() {
	local f s n=0
	[ "$(sha256sum <$EXPORT/ref)" = "$REF_SUM" ] ||
		{ say "the reference data changed"; n=1; }
	while read -r f s; do
		cmp -s "$f" "$s" || { say "acknowledged write $f differs"; n=$((n + 1)); }
	done <$ACKED
	[ $n = 0 ]
}

trace_start() { # our tracepoints on, the buffer empty
	echo 1 >$TRACEFS/events/svcrdma/enable
	: >$TRACEFS/trace
}

trace_save() { # trace_save ROW: the row's events to GUEST_OUT
	echo 0 >$TRACEFS/events/svcrdma/enable
	cp $TRACEFS/trace "$GUEST_OUT/faults-trace-$1.txt"
}

# row TITLE KEY TIMES FIRED PREMOUNT ARM...: one fault; KEY is the row's
# name for ONLY, TITLE names its checks.  ARM... arms it to
# fail TIMES times; FIRED prints how many it did; PREMOUNT (yes|no) has
# the NFSv4.2 connection made before the fault is armed.
NROW=0
row() {
	local name=$1 key=$2 times=$3 fired_fn=$4 premount=$5 t fired res
	local c41 c3 sc se t0=$SECONDS ok err hang bad reconnects
	shift 5
	only "$key" || return 0
	NROW=$((NROW + 1))
	t=r$NROW
	echo "svcrdma-faults: row $NROW: $name" >/dev/kmsg
	say "row $NROW: $name"
	c41=$(connects $M41) c3=$(connects $M3)
	sc=$(stat_get connects) se=$(stat_get connect_errors)
	[ "$premount" = no ] || fmount 4.2 $PROBE ||
		{ check "$name: NFSv4.2 mount before arming" false; return; }
	[ "$TRACE" != 1 ] || trace_start
	if ! "$@"; then
		check "$name: armed" false
		ff_disarm
		fs_disarm
		return
	fi
	res=$SRC/res.$t
	drive "$t" $((20100 + NROW)) >"$res" 2>&1
	fired=$($fired_fn "$times")
	ff_disarm
	fs_disarm
	[ "$TRACE" != 1 ] || trace_save "$NROW"

	ok=$(grep -c '^ok ' "$res")
	err=$(grep -c '^err ' "$res")
	hang=$(grep -c '^hang ' "$res")
	bad=$(grep -c '^bad ' "$res")
	check "$name: the fault fired ($fired of $times)" test "$fired" -gt 0
	check "$name: no I/O step hung (each bounded by $STEP_T s)" test "$hang" = 0
	check "$name: no read brought wrong data" test "$bad" = 0
	check "$name: both mounts recover (a fresh write and read back)" recovers "$t"
	check "$name: reference data and $(wc -l <$ACKED) acknowledged writes intact" intact
	check "$name: the kernel log stays clean during the row" \
		no_report_since "svcrdma-faults: row $NROW: "
	sed 's/^/#   /' "$res"
	reconnects=$(($(connects $M41) - c41 + $(connects $M3) - c3))
	[ "$PROBE_CONNECTS" -le 1 ] || reconnects=$((reconnects + PROBE_CONNECTS - 1))
	say "$name: fired $fired/$times, steps ok $ok, client errors $err, hangs $hang," \
		"bad reads $bad, client reconnects $reconnects, server connects" \
		"+$(($(stat_get connects) - sc)) connect_errors +$(($(stat_get connect_errors) - se))," \
		"$((SECONDS - t0)) s"
	printf '%s\t%s/%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$fired" "$times" \
		"$ok" "$err" "$hang" "$bad" "$reconnects" \
		"$(($(stat_get connects) - sc))" "$(($(stat_get connect_errors) - se))" \
		"$((SECONDS - t0))" >>"$ROWLOG"
	dmesg | sed -n "/svcrdma-faults: row $NROW: /,\$p" | grep 'svcrdma: ' |
		sort | uniq -c | sed 's/^/#   dmesg: /'
}

# no_report_since MARK: the kernel log after the line MARK holds no
# report; prints the first lines of any.
no_report_since() {
	local r
	r=$(dmesg | sed -n "/$1/,\$p" |
		grep -E 'BUG: |WARNING: |Oops|general protection|hung_task|blocked for more' |
		head -3)
	[ -z "$r" ] || { say "kernel: $r"; return 1; }
}

# rpcrdma_refs: references to the client's transport module.  The 6.1
# NFS client keeps one for good each time a mount attempt's connection is
# lost (server-side faults during mount do that), so it may not unload.
rpcrdma_refs() {
	awk '$1 == "rpcrdma" { print $3 }' /proc/modules
}

say "server: ours, kernel $(uname -r); TIMES=$TIMES INTERVAL=$INTERVAL"
must "fail_function and failslab in debugfs (the test kernel)" \
	test -w $FF/inject -a -w $FS/probability
injectable() { # the module loaded, before it serves
	must "our three caches, and no other, marked for failslab" caches_marked
	check "fail_function's kprobes run on ftrace, not as NMIs (CONFIG_FUNCTION_TRACER)" \
		nmi_safe
}
serve --after-load injectable ours $CLASS $PORT

mkdir -p $SRC
must "a tmpfs for the sources" mount -t tmpfs -o size=64m fsrc $SRC
head -c 1048576 /dev/urandom >$SRC/ref
head -c 262144 /dev/urandom >$SRC/w256k
head -c 4096 /dev/urandom >$SRC/w4k
head -c 1024 /dev/urandom >$SRC/w1k
: >$ACKED
must "server-side files: a 1 KiB file, $NAMES names" \
	sh -c "cp $SRC/w1k $EXPORT/small && mkdir $EXPORT/many &&
		cd $EXPORT/many && seq -f '%0100g' $NAMES | xargs touch"
must "NFSv4.1 mount over RDMA ($MOPTS)" fmount 4.1 $M41
must "NFSv3 mount over RDMA" fmount 3 $M3
must "reference data written over NFSv4.1 (1 MiB, O_DIRECT, fsync'd)" \
	dd if=$SRC/ref of=$M41/ref bs=1M oflag=direct conv=fsync status=none
REF_SUM=$(sha256sum <$SRC/ref)
check "the server holds the reference data" cmp -s $EXPORT/ref $SRC/ref
check "NFSv3 reads the reference data back" \
	sh -c "dd if=$M3/ref bs=1M iflag=direct status=none | cmp -s - $SRC/ref"

# What fail_function can break in our module, found at run time.
fns=
while read -r fn mod kind; do
	[ "$mod" = "[svcrdma]" ] || continue
	KIND[$fn]=$kind
	fns+=" $fn"
done <$FF/injectable
sweep=
for fn in $fns; do
	[[ " $STALLS " == *" $fn "* ]] || sweep+=" $fn"
done
missing=
for fn in $EXPECTED; do
	[ -n "${KIND[$fn]:-}" ] || missing+=" $fn"
done
check "fail_function lists our $(wc -w <<<"$EXPECTED") injection points${missing:+ (missing:$missing)}" \
	test -z "$missing"
say "injectable in svcrdma:$fns"
printf 'row\tfired\tok\terrors\thangs\tbad\treconnects\tconnects\tconnect_errors\tseconds\n' >"$ROWLOG"

for fn in $sweep; do
	row "$fn (${KIND[$fn]})" "$fn" "$TIMES" ff_fired no ff_arm "$TIMES" "$fn"
done
# A Read chunk whose post fails part way hands its pages and rw contexts
# to a Send context until the QP drains: here none can be had.  (The
# NFSv4.2 mount is made first, or its replies would take the failures.)
row "svc_rdma_ib_post_send + svc_rdma_send_ctxt_get" combo $((2 * TIMES)) \
	ff_fired yes ff_arm $((2 * TIMES)) svc_rdma_ib_post_send svc_rdma_send_ctxt_get
# Accept allocates a Receive context per Receive; a connection's first
# I/O allocates its first Send and rw contexts.
row "failslab on our caches, at accept" failslab-accept "$TIMES" \
	fs_fired no fs_arm "$TIMES"
row "failslab on our caches, at a connection's first I/O" failslab-first-io \
	"$TIMES" fs_fired yes fs_arm "$TIMES"
# An accept that fails after its QP is up: draining the QP flushes the
# Receives, whose completions close the connection.  Close work queued
# then, stalled 2 s here, would run on a freed transport (issue 13).
row "svc_rdma_cm_accept while the close work stalls" accept-stall \
	"$TIMES" ff_fired no ff_arm "$TIMES" svc_rdma_cm_accept \
	svc_rdma_close_work_stall
# Every point at once, each call failing with a probability: faults that
# meet each other in orders no single row makes.
# Most of its failures land on an accept (a connection allocates and
# maps a Receive per credit), so the new mount may see every one of them
# refused in turn, and the 6.1 client waits 5 s, then twice as long each
# time up to 30 s, before it connects again: its steps get RANDOM_STEP_T.
PERCENT=$RANDOM_P
step_t=$STEP_T
STEP_T=$RANDOM_STEP_T
# shellcheck disable=SC2086 # one word per function
row "every point at once, $RANDOM_P% of calls" random $((4 * TIMES)) \
	ff_fired no ff_arm $((4 * TIMES)) $sweep
STEP_T=$step_t
PERCENT=
say "rows: $NROW, in $GUEST_OUT/faults-rows.txt"

check "NFSv4.1 unmount" funmount $M41
check "NFSv3 unmount" funmount $M3
check "live_* gauges back to 0 after the last unmount" settles_to_zero 30
within 60 nfsd_teardown
check "live_* gauges 0 after nfsd stopped" settles_to_zero 10
check "rmmod svcrdma" rmmod svcrdma
wait_for 10 modprobe -r rpcrdma ||
	say "rpcrdma stays: $(rpcrdma_refs) references the NFS client never dropped"
if [ -w /sys/kernel/debug/kmemleak ]; then
	echo scan >/sys/kernel/debug/kmemleak
	sleep 5
	echo scan >/sys/kernel/debug/kmemleak
	check "kmemleak: nothing unreferenced after the sweep" \
		test "$(grep -c '^unreferenced' /sys/kernel/debug/kmemleak)" = 0
	sed 's/^/#   /' /sys/kernel/debug/kmemleak
fi
finish
