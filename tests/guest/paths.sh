#!/bin/bash
# paths.sh: every transport path of the server, each proved on its own.
#
# Environment (guest arguments): SERVER=intree|ours (default intree),
# CLASS (rdma), PORT (20049), VERSIONS ("3 4.2").  For each NFS version,
# one check per path: inline, data-item Read chunk, Write chunk, Reply
# chunk (a READDIR of 3000 entries; a large GETACL), position-zero Read
# chunk (a large SETACL), Send With Invalidate, pull-up.  Every check moves
# data and compares it byte for byte; the path itself is proved
#   - on the client by its RPC-over-RDMA counters in /proc/self/mountstats
#     (which chunks it offered), whatever the server;
#   - on the server by our counters, /proc/fs/svcrdma/stats (ours), or by
#     the in-tree server's tracepoints (intree, which has no counters).
# Then: an NFSv4.1 read delegation recalled over the RDMA backchannel; the
# connection lost in the middle of a write, twice (the RDMA device removed
# and re-added; nfsd restarted), each bounded by timeouts; and the end
# state: our live_* gauges at 0, the modules unload.  ONLY (lib.sh): the
# cases by name, a path of one version ("NFSv3 Write chunk", "Reply
# chunk"), "NFSv4.1 delegation recalled", "device removed", "nfsd
# restarted", "Send context cache".
. "$(dirname "$0")/lib.sh"

SERVER=${SERVER:-intree}
CLASS=${CLASS:-rdma}
PORT=${PORT:-20049}
VERSIONS=${VERSIONS:-3 4.2}
MNT=/mnt/nfs
SRC=/tmp/psrc
D=$EXPORT/p	# the server's view of the test folder
C=$MNT/p	# the client's view of it
P=/sys/module/svcrdma/parameters

# leave: whatever state the script stops in, the next script of the boot
# finds no mount, no nfsd, no export and no server transport.
leave() {
	mountpoint -q "$MNT" && { umount -f "$MNT" || umount -l "$MNT"; }
	[ ! -e /proc/fs/nfsd/portlist ] || nfsd_teardown
	! mountpoint -q "$EXPORT" || umount "$EXPORT"
	[ "$SERVER" != ours ] || rmmod svcrdma
	modprobe -r rpcrdma
	rm -rf "$SRC"
} >/dev/null 2>&1
trap leave EXIT

say "server: $SERVER, class $CLASS, port $PORT, kernel $(uname -r)"
# The tracepoints that the checks below read go on once the transport is
# loaded, before anything runs the code of rpcrdma or nfsd, and stay on
# (see trace_on in lib.sh).
case $SERVER in
ours) events=rpcrdma/xprtrdma_cb_call ;;
*) events="rpcrdma/svcrdma_post_send rpcrdma/svcrdma_post_read_chunk
	rpcrdma/svcrdma_post_write_chunk rpcrdma/svcrdma_post_reply_chunk
	rpcrdma/svcrdma_decode_rqst rpcrdma/svcrdma_send_pullup
	rpcrdma/xprtrdma_cb_call nfsd/nfsd_cb_recall nfsd/nfsd_cb_recall_done" ;;
esac
traces_on() { modprobe nfsd && trace_on "$@"; }
tracepoints() {
	# shellcheck disable=SC2086 # a list of events
	must "tracepoints on before first use" traces_on $events
}
serve --after-load tracepoints "$SERVER" "$CLASS" "$PORT"
case $SERVER in
ours) must "our counters are readable" test -r $SVCRDMA_STATS ;;
*) say "the in-tree server has no counters: its tracepoints prove the server side" ;;
esac

mkdir -p $SRC
for s in 200 1000 2000 65536 1048576; do
	head -c $s /dev/urandom >"$SRC/f$s"
done

# bounded CMD...: an NFS client command that must not hang the guest
# (its waits are killable).
bounded() {
	timeout -k 5 120 "$@"
}

unmount() { # umount, forced or lazy when it does not go cleanly
	within 60 umount "$MNT" && return
	say "umount failed; forcing"
	within 30 umount -f "$MNT" || umount -l "$MNT"
}

# path WHAT STATS TRACES CLIENT CMD...: one check of one transport path.
# CMD moves data and checks it.  STATS: our counters that must grow;
# TRACES: the in-tree server's tracepoints that must fire; CLIENT: what
# the client's counters must show (see client_saw in lib.sh).
path() {
	local what=$1 stats=$2 traces=$3 client=$4
	shift 4
	only "$what" || return 0
	[ "$client" = - ] || what="$what; client $client"
	case $SERVER in
	ours) check "$what; $stats moved" \
		client_saw "$MNT" "$client" moved "$stats" "$@" ;;
	*) check "$what; traced ${traces//rpcrdma\//}" \
		client_saw "$MNT" "$client" traced "$traces" "$@" ;;
	esac
}

users() { # users N [d:]: an ACL (or default ACL) of N users, 9-digit uids
	seq 100000000 $((100000000 + $1 - 1)) | sed "s/.*/${2:-}u:&:rwx/"
}

# prepare: the server's side of one version's files, made locally, so
# that every client read is cold.
prepare() {
	rm -rf "$D" && mkdir -p "$D/many" "$D/dacl" &&
		cp "$SRC/f1048576" "$D/big" && cp "$SRC/f200" "$SRC/f2000" "$D/" &&
		touch "$D/acl" "$D/ref" && users "$ACL_USERS" | setfacl -M - "$D/ref" &&
		users "$DIR_USERS" | setfacl -M - "$D/dacl" &&
		users "$DIR_USERS" d: | setfacl -M - "$D/dacl" &&
		(cd "$D/many" && seq -f '%0100g' 3000 | xargs touch)
}

inline_io() { # 1000 bytes each way, O_DIRECT: every message fits inline
	bounded dd if="$SRC/f1000" of="$C/inline" bs=1000 oflag=direct status=none &&
		cmp -s "$SRC/f1000" "$D/inline" &&
		bounded dd if="$C/inline" bs=1000 iflag=direct status=none |
		cmp -s - "$SRC/f1000"
}

read_chunk_io() { # a 64 KiB O_DIRECT WRITE: its data travels in a Read chunk
	bounded dd if="$SRC/f65536" of="$C/rchunk" bs=64k oflag=direct status=none &&
		cmp -s "$SRC/f65536" "$D/rchunk"
}

write_chunk_io() { # a 1 MiB O_DIRECT READ: its data comes in a Write chunk
	bounded dd if="$C/big" bs=1M iflag=direct status=none | cmp -s - "$SRC/f1048576"
}

readdir_io() { # 3000 names of 100 bytes: READDIR replies far over 4 KiB
	bounded ls -A "$C/many" >"$SRC/ls" && ls -A "$D/many" | cmp -s - "$SRC/ls" &&
		[ "$(wc -l <"$SRC/ls")" = 3000 ]
}

acl_of() { # acl_of FILE: FILE's ACL, numeric, as getfacl lists it
	getfacl -pn --omit-header "$1"
}

# acl_is_ref: acl's ACL, on the server, is ref's.  (No "<(...)" here: the
# test kernel's guest has no /dev/fd.)
acl_is_ref() {
	acl_of "$D/ref" >"$SRC/ref" && acl_of "$D/acl" | cmp -s - "$SRC/ref"
}

# Large ACLs, read and written by the client.  tmpfs on 6.1 has no user.*
# xattrs (so no NFSv4.2 GETXATTR/SETXATTR), but it has POSIX ACLs: NFSv3
# moves them with the NFSACL program, NFSv4 as the acl attribute, which
# the client shows as the raw XDR of the system.nfs4_acl xattr.  A reply
# over the client's 4 KiB inline size takes the Reply chunk (a server may
# send a smaller one inline although a Reply chunk was offered, as ours
# does); a SETACL carries the ACL as pages without a data item, so past
# the inline size it is a long Call, a position-zero Read chunk.  NFSv3 is
# narrow: 6.1's NFSACL fails (on TCP too) once one ACL nears a page (a
# GETACL past about 300 users of 12 bytes, a SETACL past about 340), and
# a SETACL goes long from about 310 users.  So NFSv3 reads a directory's
# two ACLs of DIR_USERS each (over 7 KiB) and sets ACL_USERS; NFSv4 reads
# and writes ACL_USERS (about 9 KiB of XDR).
ACL_USERS=330
DIR_USERS=300
acl_get_3() {
	bounded getfacl -pn --omit-header "$C/dacl" >"$SRC/acl" &&
		acl_of "$D/dacl" | cmp -s - "$SRC/acl"
}
acl_set_3() {
	users "$ACL_USERS" | bounded setfacl -M - "$C/acl" && acl_is_ref
}
acl_get_4() { # the XDR read back names every user the server holds
	bounded getfattr --absolute-names -n system.nfs4_acl -e hex "$C/ref" |
		sed -n 's/^system.nfs4_acl=0x//p' >"$SRC/acl" &&
		python3 - "$SRC/acl" "$ACL_USERS" <<'PY'
import struct, sys
b = bytes.fromhex(open(sys.argv[1]).read().strip())
n, = struct.unpack_from(">I", b)
off, allowed = 4, set()
for _ in range(n):
    typ, flag, mask, wlen = struct.unpack_from(">IIII", b, off)
    who = b[off + 16:off + 16 + wlen].decode()
    off += 16 + (wlen + 3) // 4 * 4
    if typ == 0:
        allowed.add(who)
want = {str(100000000 + i) for i in range(int(sys.argv[2]))}
sys.exit(0 if off == len(b) and want <= allowed else 1)
PY
}
acl_set_4() { # acl gets the XDR that acl_get_4 read from ref
	bounded setfattr -n system.nfs4_acl -v "0x$(cat "$SRC/acl")" "$C/acl" &&
		acl_is_ref
}

swi_io() { # eight 64 KiB O_DIRECT READs: one registered MR each
	bounded dd if="$C/big" bs=64k count=8 iflag=direct status=none |
		cmp -s -n 524288 - "$SRC/f1048576"
}

reuse_io() { # sixteen 64 KiB O_DIRECT WRITEs in a row, each a Read chunk
	bounded dd if="$SRC/f1048576" of="$C/reuse" bs=64k oflag=direct status=none &&
		cmp -s "$SRC/f1048576" "$D/reuse"
}

pullup_io() { # pullup_io SIZE: O_DIRECT READ of a small file, inline
	bounded dd if="$C/f$1" bs="$1" iflag=direct status=none | cmp -s - "$SRC/f$1"
}

for v in $VERSIONS; do
	case $v in
	3) acl=3 acls="a directory's two ACLs of $DIR_USERS users" ;;
	*) acl=4 acls="an ACL of $ACL_USERS users" ;;
	esac
	must "NFSv$v server-side files" prepare
	check "NFSv$v mount over RDMA" nfs_mount "$v" "$PORT" "$MNT" || continue
	path "NFSv$v inline: 1000-byte O_DIRECT write and read byte-exact" \
		"inline_replies head_pages_kept" rpcrdma/svcrdma_post_send \
		"read_chunk_count= write_chunk_count= nomsg_call_count=" \
		inline_io
	path "NFSv$v data-item Read chunk: 64 KiB O_DIRECT write byte-exact" \
		"read_chunks read_bytes" rpcrdma/svcrdma_post_read_chunk \
		"read_chunk_count+ nomsg_call_count=" read_chunk_io
	path "NFSv$v Write chunk: 1 MiB O_DIRECT read byte-exact" \
		"write_chunks write_bytes" rpcrdma/svcrdma_post_write_chunk \
		"write_chunk_count+" write_chunk_io
	path "NFSv$v Reply chunk: READDIR of 3000 100-byte names, listing exact" \
		"reply_chunks reply_bytes" rpcrdma/svcrdma_post_reply_chunk \
		"reply_chunk_count+" readdir_io
	path "NFSv$v Reply chunk: GETACL of $acls, exact" \
		"reply_chunks reply_bytes" rpcrdma/svcrdma_post_reply_chunk \
		"reply_chunk_count+" acl_get_$acl
	# RDMA_NOMSG (proc 1) is how the in-tree decoder shows a long Call.
	path "NFSv$v position-zero Read chunk: SETACL of $ACL_USERS users, exact" \
		pz_chunks "rpcrdma/svcrdma_decode_rqst:proc==1" \
		"nomsg_call_count+" acl_set_$acl
	# The client invalidates locally only the MRs the server did not.
	path "NFSv$v Send With Invalidate: 8 O_DIRECT 64 KiB reads byte-exact" \
		send_w_inv "rpcrdma/svcrdma_post_send:inv_rkey!=0" \
		"write_chunk_count+ local_inv_needed<write_chunk_count" swi_io
	if [ "$SERVER" = ours ]; then
		# Each WRITE after the first refills the slots its Call empties
		# from the pages that the one before it displaced.
		path "NFSv$v spare pages: 16 O_DIRECT 64 KiB writes byte-exact" \
			read_pages_reused - - reuse_io
		# Two Send SGEs (the transport header and one more) cannot carry
		# a reply with pages: it is copied into one buffer.  The
		# parameter applies to new connections, hence the remount.
		pull="NFSv$v pull-up (max_send_sges=2): 2000-byte O_DIRECT read byte-exact"
		if ! selected "$pull"; then
			only "$pull" || true
		elif echo 2 >$P/max_send_sges && unmount && nfs_mount "$v" "$PORT" "$MNT"; then
			path "$pull" pull_ups - - pullup_io 2000
		else
			only "$pull"
			check "NFSv$v remount with max_send_sges=2" false
		fi
		echo 0 >$P/max_send_sges
	else
		say "the in-tree server has no max_send_sges; it pulls up replies under 512 bytes"
		path "NFSv$v pull-up: 200-byte O_DIRECT read byte-exact" \
			- rpcrdma/svcrdma_send_pullup - pullup_io 200
	fi
	check "NFSv$v unmount" unmount
done

# An NFSv4.1 read delegation, recalled over the RDMA backchannel: a client
# process holds the file open read-only; a write to it on the server
# breaks the lease, and the writer waits until the client has returned
# the delegation (CB_RECALL, then DELEGRETURN), or lease-break-time (45 s)
# when the callback does not get through.
deleg_held() { # open the file on fd 3 and see nfsd grant a delegation
	exec 3<"$C/deleg" &&
		wait_for 3 grep -qs 'type: deleg' /proc/fs/nfsd/clients/*/states && return
	exec 3<&-
	return 1
}
recall() {
	local t0=$SECONDS rc=0
	timeout -k 5 20 sh -c "echo more >>'$D/deleg'" || rc=1
	say "the server-side write took $((SECONDS - t0)) s"
	exec 3<&-
	[ "$rc" = 0 ] && ! grep -qs 'type: deleg' /proc/fs/nfsd/clients/*/states &&
		[ "$(bounded cat "$C/deleg")" = "$(cat "$D/deleg")" ]
}
rm -rf "$D" && mkdir -p "$D" && echo data >"$D/deleg"
if only "NFSv4.1 delegation recalled over the RDMA backchannel" &&
	check "NFSv4.1 mount over RDMA" nfs_mount 4.1 "$PORT" "$MNT"; then
	# Neither nfsd's nor lockd's grace period may still run: retry.
	if check "NFSv4.1 read delegation granted (nfsd's states list it)" \
		wait_for 60 deleg_held; then
		what="NFSv4.1 delegation recalled: server-side write done in < 20 s"
		what+=", client sees it; client traced xprtrdma_cb_call"
		case $SERVER in
		ours) check "$what; bc_calls bc_replies moved" \
			moved "bc_calls bc_replies" traced rpcrdma/xprtrdma_cb_call recall ;;
		*) check "$what; traced nfsd_cb_recall, nfsd_cb_recall_done status 0" \
			traced "nfsd/nfsd_cb_recall nfsd/nfsd_cb_recall_done:status==0
				rpcrdma/xprtrdma_cb_call" recall ;;
		esac
	fi
	check "NFSv4.1 unmount" unmount
fi

# The connection lost in the middle of a write.  rxe loops traffic to its
# own address back inside the driver, so "ip link set eth0 down" does not
# cut it; removing the RDMA device does (both ends get DEVICE_REMOVAL),
# and so does restarting nfsd (the server closes every connection).  The
# mounts are hard: the client must reconnect and the write finish with
# its data verified.  fio is rate-limited so that the cut lands mid-write.
# cut_fio NAME [FILE SIZE [fio options]]: SIZE (64 MiB) of FILE ($C/NAME)
# written at 8 MiB/s, then verified
cut_fio() {
	local name=$1 file=${2:-$C/$1} size=${3:-64m}
	shift $(($# < 3 ? $# : 3))
	timeout -k 5 300 fio --name="$name" --filename="$file" --rw=write \
		--bs=256k --size="$size" --direct=1 --ioengine=psync --rate=8m \
		--verify=crc32c --verify_fatal=1 "$@" \
		--output="$GUEST_OUT/fio-$name-$SERVER.txt" \
		2>"$GUEST_OUT/fio-$name-$SERVER.err"
}
written() { # written FILE BYTES: the server has at least BYTES of FILE
	[ "$(stat -c %s "$1" 2>/dev/null || echo 0)" -ge "$2" ]
}
# What the client did around a cut, kept when fio fails, to tell a
# client-side error from a reply of ours: RPCs it ended with an error of
# its own, its connects and their status, its WRITEs' NFS status.
CUT_EVENTS="sunrpc/rpc_call_rpcerror sunrpc/rpc_connect_status
	rpcrdma/xprtrdma_connect rpcrdma/xprtrdma_device_removal nfs4/nfs4_write"
# client_failed_alone TRACE: the client failed an RPC with the status of
# its own connect attempt, one call_connect_status() does not retry.  No
# reply of the server's is in that.  Seen with 6.12's client: removing
# the rxe device it shares with the server makes its reconnect return
# EINVAL while the removal runs, and a WRITE on a hard mount fails.
client_failed_alone() {
	awk '{ task = $0; sub(/.*task:/, "", task); sub(/ .*/, "", task) }
	/ rpc_connect_status: / { st = $0; sub(/.*status=/, "", st)
		connect[task] = st }
	/ rpc_call_rpcerror: / { st = $0; sub(/.*tk_status=/, "", st)
		sub(/ .*/, "", st)
		if (st != 0 && connect[task] == st) found = 1 }
	END { exit !found }' "$1"
}
# failed_offset NAME: the offset of the write fio reports failed
failed_offset() {
	sed -n 's/.*io_u error .*: write offset=\([0-9]*\),.*/\1/p' \
		"$GUEST_OUT/fio-$1-$SERVER.err" | head -n1
}
# after_client_failure NAME: when fio NAME failed because the client
# failed a WRITE alone (client_failed_alone), every write before it was
# acknowledged: those bytes must read back intact.  True when they do.
after_client_failure() {
	local name=$1 trace=$GUEST_OUT/trace-$1-$SERVER.txt off
	client_failed_alone "$trace" || return
	off=$(failed_offset "$name")
	[ -n "$off" ] && [ "$off" -ge 8388608 ] || return
	say "the client failed the WRITE at $off itself (its connect's status,"
	say "not a reply: $trace); the $off bytes before it must read back intact"
	cut_fio "$name-verify" "$C/$name" "$off" --verify_only ||
		{ say "what the client had written did not verify"; return 1; }
}
# during NAME CMD...: run CMD once cut_fio NAME has written 8 MiB; true
# when fio was still writing then and finished cleanly with good data.
during() {
	local name=$1 pid rc=0 frc=0
	shift
	# shellcheck disable=SC2086 # one word per event
	trace_on $CUT_EVENTS || say "the cut's client events stay off"
	: >$TRACEFS/trace
	cut_fio "$name" &
	pid=$!
	wait_for 120 written "$D/$name" 8388608 || say "the write did not get going"
	kill -0 "$pid" 2>/dev/null || { say "fio ended before the cut"; rc=1; }
	"$@" || { say "the cut itself failed: $*"; rc=1; }
	wait "$pid" || { frc=$?; say "fio exit $frc (124: it hung)"; }
	cat "$GUEST_OUT/fio-$name-$SERVER.err" >&2
	[ $rc = 0 ] || return 1
	[ $frc != 0 ] || return 0
	cp $TRACEFS/trace "$GUEST_OUT/trace-$name-$SERVER.txt"
	[ $frc = 1 ] && after_client_failure "$name"
}
# Client and server share the one device here, so which end hears of the
# removal first varies: the server's connection may end as "disconnected"
# before its DEVICE_REMOVAL comes; device_removals is shown, not required.
device_cut() { # remove rxe0 under the connection, add it back
	local was
	[ "$SERVER" != ours ] || was=$(stat_get device_removals)
	within 60 rdma link delete rxe0 || return
	[ "$SERVER" != ours ] || say "device_removals $was -> $(stat_get device_removals)"
	sleep 2
	rdma link add rxe0 type rxe netdev "$NIC" &&
		wait_for 10 test -e /sys/class/infiniband/rxe0
}
nfsd_cut() { # every connection closed by the server; its listener back
	within 60 rpc.nfsd 0 && sleep 2 && rpc.nfsd 8 && nfsd_listen "$CLASS" "$PORT"
}
cut() { # cut WHAT STATS CMD...: one check
	local what=$1 stats=$2
	shift 2
	case $SERVER in
	ours) check "$what; client reconnected; $stats moved" \
		client_saw "$MNT" connects+ moved "$stats" during "$@" ;;
	*) check "$what; client reconnected" client_saw "$MNT" connects+ during "$@" ;;
	esac
}
mkdir -p "$D"
what="NFSv4.1 RDMA device removed mid-write: fio completes (or the client"
what+=" fails a WRITE alone), data verified"
if only "$what" &&
	check "NFSv4.1 mount over RDMA for the device removal" nfs_mount 4.1 "$PORT" "$MNT"; then
	cut "$what" "disconnects connects" cutdev device_cut
	check "NFSv4.1 unmount after the device removal" unmount
fi
what="NFSv3 nfsd restarted mid-write: fio completes, crc32c verified"
if only "$what" &&
	check "NFSv3 mount over RDMA for the nfsd restart" nfs_mount 3 "$PORT" "$MNT"; then
	cut "$what" "disconnects connects" cutnfsd nfsd_cut
	check "NFSv3 unmount after the nfsd restart" unmount
fi

# The Send context cache's bound (README, "The Send context cache"): a
# connection at rest holds at most its credits + 2 Send contexts, however
# many a burst of replies took.  The burst: 8 fio jobs of 1 MiB O_DIRECT
# READs, 4 each in flight, on a connection given CACHE_CREDITS credits so
# that the burst outruns what it may cache.  The peak seen during the
# burst is shown; the check is on the gauge once the burst is over.
CACHE_CREDITS=4
cache_burst() { # cache_burst FILE: the READs, sampling live_send_ctxts
	local pid peak=0 live
	timeout -k 5 120 fio --name=cacheburst --filename="$1" --rw=randread \
		--bs=1m --size=16m --numjobs=8 --iodepth=4 --ioengine=libaio \
		--direct=1 --time_based --runtime=15 --group_reporting \
		--output="$GUEST_OUT/fio-cacheburst-$SERVER.txt" &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		live=$(stat_get live_send_ctxts)
		[ "$live" -le "$peak" ] || peak=$live
		sleep 0.2
	done
	say "live_send_ctxts peaked at $peak during the burst"
	wait "$pid"
}
cache_le() { [ "$(stat_get live_send_ctxts)" -le "$1" ]; }
cache_within() { # cache_within BOUND: live_send_ctxts <= BOUND within 10 s
	local rc=0
	wait_for 10 cache_le "$1" || rc=1
	say "live_send_ctxts $(stat_get live_send_ctxts), bound $1 ($conns connection(s) x ($CACHE_CREDITS + 2))"
	return $rc
}
if [ "$SERVER" = ours ] && only "NFSv4.2 Send context cache bounded after a burst"; then
	old_credits=$(cat $P/max_requests)
	echo $CACHE_CREDITS >$P/max_requests
	if check "NFSv4.2 mount over RDMA with $CACHE_CREDITS credits" nfs_mount 4.2 "$PORT" "$MNT"; then
		head -c 16m /dev/urandom >"$D/cacheburst"
		check "NFSv4.2 burst of 1 MiB READs, 8 jobs x 4 deep" cache_burst "$C/cacheburst"
		conns=$(stat_get live_xprts)
		check "live_send_ctxts after the burst <= connections x (credits + 2)" \
			cache_within $((conns * (CACHE_CREDITS + 2)))
		check "NFSv4.2 unmount after the burst" unmount
	fi
	echo "$old_credits" >$P/max_requests
fi

# The end state.  Connections close when the client unmounts.
[ "$SERVER" != ours ] ||
	check "live_* gauges back to 0 after the last unmount" settles_to_zero 30
within 60 nfsd_teardown
case $SERVER in
ours)
	check "live_* gauges 0 after nfsd stopped" settles_to_zero 10
	check "rmmod svcrdma" rmmod svcrdma
	;;
esac
check "rpcrdma unloads" wait_for 10 modprobe -r rpcrdma
finish
