# shellcheck shell=bash
# lib.sh: helpers for the guest test scripts (sourced, never run).
#
# Checks print TAP-style lines, "ok N - what" or "not ok N - what", which
# the host counts into the summary of make check.  A script ends with
# finish, which exits non-zero when any check failed.
#
# Arguments come as environment variables (scripts/vm: global KEY=VAL, or
# an item's own, SCRIPT:KEY=VAL); a "+" given in a value arrives here as
# a space.  One of them means the same in every script:
#
#   ONLY=PATTERN  run only the cases whose name contains PATTERN; several
#                 alternatives are joined by "|" (ONLY='Reply|xid').  The
#                 match is on the case's name as the script prints it,
#                 case-sensitive, without wildcards.  What a case is
#                 (a row of hostile or faults, a check of e2e or paths, a
#                 section of coexist, a job of bench) each script says at
#                 its top.  Set-up and the end-state checks always run.
#                 finish reports how many cases ran, and a script where
#                 ONLY selected none fails, so that nothing is skipped
#                 unseen (give ONLY to one item: hostile:ONLY=xid).

set -u
GUEST_OUT=${GUEST_OUT:-/guest/out}
GUEST_TOP=${GUEST_TOP:-/guest/top}
GUEST_KERNEL=${GUEST_KERNEL:-stock-6.1}	# stock|test-SERIES (scripts/vm)
SERVER_IP=${SERVER_IP:-192.0.2.1}	# TEST-NET-1: never leaves the guest
SERVER_IP6=${SERVER_IP6:-2001:db8::1}
# This guest's own addresses: the server's, but for a guest of its own
# on the other end of the link (scripts/bench's client, GUEST_IP=
# 192.0.2.2, which then has 2001:db8::2: a guest argument holds no ":").
GUEST_IP=${GUEST_IP:-$SERVER_IP}
if [ "$GUEST_IP" = "$SERVER_IP" ]; then
	GUEST_IP6=$SERVER_IP6
else
	GUEST_IP6=2001:db8::${GUEST_IP##*.}
fi
NIC=${NIC:-eth0}
EXPORT=/export
ONLY=${ONLY:-}
_nchecks=0
_nfailed=0
_nselected=0
_nskipped=0

say() { echo "# $*"; }

# check WHAT CMD...: run CMD, record a pass or a failure named WHAT.
check() {
	local what=$1
	shift
	_nchecks=$((_nchecks + 1))
	if "$@"; then
		echo "ok $_nchecks - $what"
	else
		echo "not ok $_nchecks - $what"
		_nfailed=$((_nfailed + 1))
	fi
}

# must WHAT CMD...: a set-up step; the script cannot go on without it.
must() {
	local what=$1
	shift
	if ! "$@"; then
		_nchecks=$((_nchecks + 1))
		echo "not ok $_nchecks - $what"
		_nfailed=$((_nfailed + 1))
		finish
	fi
}

# selected NAME: ONLY selects the case NAME (see the top).
selected() {
	local alt
	local -a alts
	[ -n "$ONLY" ] || return 0
	IFS='|' read -ra alts <<<"$ONLY"
	for alt in "${alts[@]}"; do
		[ -z "$alt" ] || [[ $1 != *"$alt"* ]] || return 0
	done
	return 1
}

# only NAME: as selected, and counted for the summary of finish.
only() {
	if selected "$1"; then
		_nselected=$((_nselected + 1))
		return 0
	fi
	_nskipped=$((_nskipped + 1))
	return 1
}

# only_count SELECTED SKIPPED: count cases that the script selected
# itself (hostile hands ONLY to the client).
only_count() {
	_nselected=$((_nselected + $1))
	_nskipped=$((_nskipped + $2))
}

finish() {
	if [ -n "$ONLY" ]; then
		say "ONLY=$ONLY: $_nselected cases selected, $_nskipped not run"
		[ "$_nselected" -gt 0 ] || {
			_nchecks=$((_nchecks + 1))
			echo "not ok $_nchecks - ONLY=$ONLY selects a case of this script"
			_nfailed=$((_nfailed + 1))
		}
	fi
	say "$_nchecks checks, $_nfailed failed"
	[ "$_nfailed" = 0 ] || exit 1
	exit 0
}

# wait_for SECONDS CMD...: poll CMD every half second until it succeeds.
wait_for() {
	local n=$(($1 * 2))
	shift
	while ! "$@" 2>/dev/null; do
		n=$((n - 1))
		[ $n -gt 0 ] || return 1
		sleep 0.5
	done
}

# within SECONDS CMD...: run CMD, and give up on it after SECONDS even when
# it is stuck in the kernel, where no signal reaches it (status 124).
within() {
	local n=$(($1 * 2)) pid st
	shift
	"$@" &
	pid=$!
	while st=$(ps -o stat= -p $pid) && [[ $st != *Z* ]]; do
		n=$((n - 1))
		[ $n -gt 0 ] || { say "stuck: $* (state $st)"; return 124; }
		sleep 0.5
	done
	wait $pid
}

# The guest NIC carries rxe.  MTU 4200 gives rxe a 4096-byte path MTU.
# Both steps are idempotent: scripts of one boot share the guest.
net_up() {
	ip link set "$NIC" mtu 4200 up &&
		ip addr replace "$GUEST_IP/24" dev "$NIC" &&
		ip -6 addr replace "$GUEST_IP6/64" dev "$NIC" nodad
}

rxe_up() {
	modprobe rdma_rxe || return
	[ -e /sys/class/infiniband/rxe0 ] ||
		rdma link add rxe0 type rxe netdev "$NIC" || return
	wait_for 10 test -e /sys/class/infiniband/rxe0
}

# The module built for the running kernel (scripts/check builds both).
svcrdma_ko() {
	echo "$GUEST_TOP/build/$GUEST_KERNEL/svcrdma.ko"
}

# svcrdma_insmod [params]: insmod our module after loading what it needs
# (insmod, unlike modprobe, does not resolve dependencies).
svcrdma_insmod() {
	local ko deps
	ko=$(svcrdma_ko)
	deps=$(modinfo -F depends "$ko" | tr ',' ' ')
	[ -z "$deps" ] || modprobe -a $deps || return
	insmod "$ko" "$@"
}

# server_load intree|ours|both [module params]: load the server
# transport.  Ours goes first, so that it holds its class name before
# rpcrdma (which ignores a clash on "rdma") registers the in-tree one.
# both: the in-tree server holds "rdma", ours is loaded beside it as
# "rdma2".
server_load() {
	local which=$1
	shift
	case $which in
	ours) svcrdma_insmod "$@" && modprobe rpcrdma ;;
	both) modprobe rpcrdma && svcrdma_insmod class_name=rdma2 "$@" ;;
	intree)
		# With ours loaded, "rdma" would be our class, not the in-tree one.
		[ ! -d /sys/module/svcrdma ] || { echo "server_load: svcrdma is loaded" >&2; return 1; }
		modprobe rpcrdma ;;
	*) echo "server_load: intree, ours or both" >&2; return 1 ;;
	esac
}

# nfsd_start: exports $EXPORT (a tmpfs) and starts nfsd with short grace.
nfsd_start() {
	mkdir -p $EXPORT /var/lib/nfs/v4recovery /run/rpcbind &&
		mount -t tmpfs -o size=1500m export $EXPORT &&
		echo "$EXPORT *(rw,no_root_squash,insecure,no_subtree_check,fsid=1)" >/etc/exports &&
		modprobe nfsd &&
		{ mountpoint -q /proc/fs/nfsd || mount -t nfsd nfsd /proc/fs/nfsd; } &&
		rpcbind -w &&
		rpc.statd --no-notify &&
		nlm_short_grace &&
		exportfs -ra &&
		rpc.mountd &&
		echo 10 >/proc/fs/nfsd/nfsv4leasetime &&
		echo 10 >/proc/fs/nfsd/nfsv4gracetime &&
		rpc.nfsd 8
}

# nlm_short_grace: lockd's grace period (50 s by default) also keeps nfsd
# from handing out delegations; make it 10 s like nfsd's own.
nlm_short_grace() {
	modprobe lockd && echo 10 >/proc/sys/fs/nfs/nlm_grace_period
}

# serve [--after-load FN] SERVER CLASS PORT [CLASS PORT...]: the guest
# serves $EXPORT over RDMA.  The NIC and rxe up, the SERVER transport
# loaded (server_load), FN run (what must happen before anything runs the
# transport's code: tracepoints switched on, for instance), nfsd started
# (nfsd_start), one listener per CLASS PORT, and nfsd's grace period
# ended.  A step that fails ends the script (must).
serve() {
	local after='' server
	if [ "$1" = --after-load ]; then
		after=$2
		shift 2
	fi
	server=$1
	shift
	must "guest NIC up" net_up
	must "rxe device up" rxe_up
	must "load the $server server transport" server_load "$server"
	[ -z "$after" ] || "$after"
	must "nfsd started" nfsd_start
	while [ $# -ge 2 ]; do
		must "listener $1 $2 added" nfsd_listen "$1" "$2"
		shift 2
	done
	nfsd_end_grace
}

# nfsd_listen CLASS PORT: add an RDMA listener through the portlist.
nfsd_listen() {
	echo "$1 $2" >/proc/fs/nfsd/portlist
}

nfsd_end_grace() {
	echo Y >/proc/fs/nfsd/v4_end_grace
}

nfsd_stop() {
	rpc.nfsd 0
	exportfs -ua
	pkill rpc.mountd
	pkill rpc.statd
	pkill rpcbind
	true
}

# nfs_mount VERS PORT DIR: mount the export over RDMA from the guest's IP.
nfs_mount() {
	mkdir -p "$3" &&
		mount -t nfs -o "vers=$1,proto=rdma,port=$2,hard,timeo=600" \
			"$SERVER_IP:$EXPORT" "$3"
}

# nfsd_teardown: nfsd stopped and unloaded, $EXPORT unmounted, so that the
# next script of the same boot starts from scratch.
nfsd_teardown() {
	nfsd_stop
	umount /proc/fs/nfsd $EXPORT 2>/dev/null
	modprobe -r nfsd
}

# Our counters: /proc/fs/svcrdma/stats, one "name value" line each.
SVCRDMA_STATS=/proc/fs/svcrdma/stats

# stat_get NAME: prints our counter NAME.
stat_get() {
	awk -v n="$1" '$1 == n { print $2; f = 1 } END { exit !f }' $SVCRDMA_STATS
}

# moved "NAME..." CMD...: run CMD; true when it succeeded and each of our
# counters NAME grew meanwhile.
moved() {
	local names=$1 n now rc=0
	local -A was
	shift
	for n in $names; do
		was[$n]=$(stat_get "$n") || { say "no counter $n"; return 1; }
	done
	"$@" || return
	for n in $names; do
		now=$(stat_get "$n")
		[ "$now" -gt "${was[$n]}" ] || { say "$n did not move (${was[$n]})"; rc=1; }
	done
	return $rc
}

live_zero() { # every live_* gauge reads 0
	! awk '$1 ~ /^live_/ && $2 != 0 { f = 1 } END { exit !f }' $SVCRDMA_STATS
}

# settles_to_zero [SECONDS]: every live_* gauge reaches 0 within SECONDS.
settles_to_zero() {
	wait_for "${1:-30}" live_zero && return
	say "gauges not back to 0: $(grep '^live_' $SVCRDMA_STATS | tr '\n' ' ')"
	return 1
}

# The client's RPC-over-RDMA counters of a mount: the "xprt: rdma" line of
# /proc/self/mountstats (net/sunrpc/xprtrdma/transport.c), from field 3.
XPRT_COLS="port binds connects connect_time idle sends recvs bad_xids req_u
bklog_u read_chunk_count write_chunk_count reply_chunk_count total_rdma_request
total_rdma_reply pullup_copy_count fixup_copy_count hardway_register_count
failed_marshal_count bad_reply_count nomsg_call_count mrs_recycled
mrs_orphaned mrs_allocated local_inv_needed empty_sendctx_q reply_waits"

# xprt_vals MNT: the values of XPRT_COLS for the mount at MNT.
xprt_vals() {
	awk -v m="$1" '$1 == "device" { on = ($5 == m) }
		on && $1 == "xprt:" && $2 == "rdma" { $1 = $2 = ""; print; f = 1; exit }
		END { exit !f }' /proc/self/mountstats
}

# client_saw MNT SPEC CMD...: run CMD; true when it succeeded and the
# client's counters of the mount at MNT changed as SPEC says, a list of
# NAME+ (grew), NAME= (did not change), A<B (A grew less than B); "-" is
# no expectation.
client_saw() {
	local mnt=$1 spec=$2 s c line i=0 rc=0
	local -a before after
	local -A delta
	shift 2
	[ "$spec" != - ] || { "$@"; return; }
	line=$(xprt_vals "$mnt") || { say "no rdma xprt at $mnt"; return 1; }
	read -ra before <<<"$line"
	"$@" || return
	read -ra after <<<"$(xprt_vals "$mnt")"
	for c in $XPRT_COLS; do
		delta[$c]=$((after[i] - before[i]))
		i=$((i + 1))
	done
	for s in $spec; do
		case $s in
		*+) [ "${delta[${s%+}]}" -gt 0 ] ;;
		*=) [ "${delta[${s%=}]}" = 0 ] ;;
		*\<*) [ "${delta[${s%<*}]}" -lt "${delta[${s#*<}]}" ] ;;
		*) false ;;
		esac || { say "client: not $s"; rc=1; }
	done
	[ $rc = 0 ] || say "client deltas: $(for c in $XPRT_COLS; do
		[ "${delta[$c]}" = 0 ] || printf '%s=%s ' "$c" "${delta[$c]}"; done)"
	return $rc
}

# Trace events.  Turning an event on or off patches kernel text live
# (jump labels and static calls, through text_poke_bp()), and under
# multi-threaded TCG a vCPU that runs the code another vCPU is patching
# can livelock the guest: int3 on one side, an IPI that never completes on
# the other, soft lockups and RCU stalls without end (issue 13).  So an
# event is switched on once, by trace_on, right after its module is loaded
# and before anything runs that module's code, and stays on until the
# module is unloaded; traced only sets filters and reads the buffer.
# (init turns off options/record-cmd, without which the first event on
# and the last one off would also patch the scheduler's tracepoints.)
TRACEFS=/sys/kernel/tracing

# trace_on EVENT...: switch EVENT (e.g. rpcrdma/svcrdma_post_send) on for
# the rest of its module's life.  Call it before the module is used.
trace_on() {
	local e
	for e in "$@"; do
		[ -d "$TRACEFS/events/$e" ] || { say "no tracepoint $e"; return 1; }
		[[ $(cat "$TRACEFS/events/$e/enable") == 1* ]] ||
			echo 1 >"$TRACEFS/events/$e/enable" || return
	done
}

# traced "EVENT[:FILTER]..." CMD...: run CMD; true when it succeeded and
# each EVENT fired meanwhile (EVENT must be on: see trace_on).  FILTER is
# an ftrace filter without spaces (inv_rkey!=0), set on the event for the
# time of CMD.  What proves the in-tree server's paths: it has no counters.
traced() {
	local spec=$1 e ev rc=0 seen
	shift
	for e in $spec; do
		ev=$TRACEFS/events/${e%%:*}
		[ -d "$ev" ] || { say "no tracepoint ${e%%:*}"; return 1; }
		[[ $(cat "$ev/enable") == 1* ]] ||
			{ say "${e%%:*} is off (trace_on it before its module is used)"; return 1; }
		case $e in *:*) echo "${e#*:}" >"$ev/filter" || return ;; esac
	done
	: >$TRACEFS/trace
	"$@" || rc=$?
	# Read the buffer before the filters go: every line was filtered.
	seen=$(cat $TRACEFS/trace)
	for e in $spec; do
		case $e in *:*) echo 0 >"$TRACEFS/events/${e%%:*}/filter" ;; esac
	done
	[ $rc = 0 ] || return $rc
	for e in $spec; do
		ev=${e%%:*}
		grep -q " ${ev#*/}: " <<<"$seen" || { say "$e did not fire"; rc=1; }
	done
	return $rc
}
