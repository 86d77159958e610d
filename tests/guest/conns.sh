#!/bin/bash
# conns.sh: the operator's view of each connection.
#
# Our server (SERVER is always ours), one listener on port 20049 (IPv4
# and IPv6), the export mounted twice over NFSv3 (no trunking detection,
# so each mount is a connection of its own): once over IPv4 from
# $SERVER_IP, once over IPv6 from $SERVER_IP6.  Checked:
#   - /proc/fs/svcrdma/connections lists exactly those two connections,
#     peers and local addresses of the right families, on rxe0;
#   - credits, inline sizes and Send Queue fields are sane, and the RDMA
#     Read depths (ord, ird) what the client asked for;
#   - each connection holds, from accept on, its posted Receives and a
#     spare Receive context per credit and per backchannel request;
#   - I/O on the IPv4 mount moves its connection's counters only;
#   - for each per-connection counter, stats == retired + the sum over
#     the live connections (read while idle);
#   - tools/svcrdma-stat shows both connections, and rates with 1 2;
#   - after both unmounts: no connection listed, no counter of the stats
#     file went backwards (the counts were folded into retired), the
#     live_* gauges at 0;
#   - with svcrdma unloaded, svcrdma-stat fails and says why.
# ONLY (lib.sh): the cases by name, "two connections listed", "fields",
# "spare Receive contexts", "I/O moves", "global is retired plus",
# "svcrdma-stat shows", "svcrdma-stat 1 2", "folded after unmount",
# "svcrdma-stat without".
. "$(dirname "$0")/lib.sh"

PORT=20049
M4=/mnt/c4
M6=/mnt/c6
CONNS=/proc/fs/svcrdma/connections
RETIRED=/proc/fs/svcrdma/retired
STAT=$GUEST_TOP/tools/svcrdma-stat
SRC=/tmp/csrc

# The per-connection counters: every counter of the stats file but the
# life-cycle ones, which stay global.
CONN_COUNTERS="recvs recv_errors credit_overruns hdr_drops err_vers
err_chunk read_chunks pz_chunks read_bytes read_errors read_pages_reused
write_chunks write_bytes reply_chunks reply_bytes inline_replies pull_ups
head_pages_kept send_w_inv send_errors sq_waits bc_calls bc_replies"

leave() {
	local m
	for m in "$M4" "$M6"; do
		mountpoint -q "$m" && { umount -f "$m" || umount -l "$m"; }
	done
	[ ! -e /proc/fs/nfsd/portlist ] || nfsd_teardown
	! mountpoint -q "$EXPORT" || umount "$EXPORT"
	[ ! -d /sys/module/svcrdma ] || rmmod svcrdma
	modprobe -r rpcrdma
	rm -rf "$SRC"
} >/dev/null 2>&1
trap leave EXIT

# mount6 DIR: the export over IPv6.
mount6() {
	mkdir -p "$1" &&
		mount -t nfs -o "vers=3,proto=rdma6,port=$PORT,hard,timeo=600" \
			"[$SERVER_IP6]:$EXPORT" "$1"
}

# conn_ids: the ids of the listed connections, one a line.
conn_ids() {
	awk '$1 == "connection" { print $2 }' $CONNS
}

conn_count() {
	conn_ids | wc -l
}

# conn_get ID KEY: the value of KEY in connection ID's stanza.
conn_get() {
	awk -v id="$1" -v k="$2" '$1 == "connection" { on = ($2 == id); next }
		on && $1 == k { print $2; f = 1; exit } END { exit !f }' $CONNS
}

# conn_by_peer PREFIX: the id of the connection whose peer starts with
# PREFIX.
conn_by_peer() {
	awk -v p="$1" '$1 == "connection" { id = $2 }
		$1 == "peer" && index($2, p) == 1 { print id; f = 1; exit }
		END { exit !f }' $CONNS
}

retired_get() { # retired_get NAME
	awk -v n="$1" '$1 == n { print $2; f = 1 } END { exit !f }' $RETIRED
}

conn_sum() { # conn_sum NAME: NAME summed over the listed connections
	awk -v n="$1" '$1 == n { s += $2 } END { print s + 0 }' $CONNS
}

# Set up.
serve ours rdma $PORT
must "the connections file exists" test -r $CONNS
must "the retired file exists" test -r $RETIRED
must "the IPv4 mount over RDMA" nfs_mount 3 $PORT $M4
must "the IPv6 mount over RDMA" mount6 $M6
# One round trip on each, so that each connection has carried a Call.
must "the IPv4 mount answers" ls $M4
must "the IPv6 mount answers" ls $M6
sed 's/^/#   /' $CONNS

c4=$(conn_by_peer "$SERVER_IP:") || c4=
c6=$(conn_by_peer "[$SERVER_IP6]:") || c6=

listed_two() {
	[ "$(conn_count)" = 2 ] || { say "$(conn_count) connections listed"; return 1; }
	[ -n "$c4" ] && [ -n "$c6" ] && [ "$c4" != "$c6" ] ||
		{ say "connections: IPv4 '$c4', IPv6 '$c6'"; return 1; }
}

# fields ID LOCAL: connection ID's fixed fields are sane.
fields() {
	local id=$1 v k
	[[ $(conn_get "$id" local) == "$2" ]] || { say "local $(conn_get "$id" local)"; return 1; }
	[ "$(conn_get "$id" device)" = rxe0 ] || { say "device $(conn_get "$id" device)"; return 1; }
	for k in port credits rq_depth recvs_posted inline_recv inline_send sq_depth sq_free; do
		v=$(conn_get "$id" $k) || { say "no $k"; return 1; }
		[ "$v" -gt 0 ] || { say "$k is $v"; return 1; }
	done
	v=$(conn_get "$id" credits_used) && [ "$v" -ge 0 ] &&
		[ "$v" -le "$(conn_get "$id" credits)" ] || { say "credits_used $v"; return 1; }
	[ "$(conn_get "$id" inline_send)" -le "$(conn_get "$id" inline_recv)" ] &&
		[ "$(conn_get "$id" inline_recv)" -ge 1024 ] || { say "inline sizes"; return 1; }
	[ "$(conn_get "$id" sq_free)" -lt "$(conn_get "$id" sq_depth)" ] || { say "sq_free"; return 1; }
	[ "$(conn_get "$id" rq_depth)" -gt "$(conn_get "$id" credits)" ] || { say "rq_depth"; return 1; }
	# the Linux client offers Send With Invalidate
	[ "$(conn_get "$id" remote_inv)" = 1 ] || { say "remote_inv $(conn_get "$id" remote_inv)"; return 1; }
	[ "$(conn_get "$id" recvs)" -gt 0 ] || { say "no recvs"; return 1; }
	read_depths "$id"
}

# Accept posts rq_depth - 1 Receives and stocks credits + 2 spare
# contexts (the backchannel's 2), for the Receive completion handler's
# refills in softirq context.  The mounts' few Calls take no more than
# the spares, so the two connections hold exactly that many contexts
# (README, "Receive contexts").
spare_recv_ctxts() {
	local want=0 got id
	for id in "$c4" "$c6"; do
		want=$((want + $(conn_get "$id" rq_depth) - 1 +
			$(conn_get "$id" credits) + 2))
	done
	got=$(stat_get live_recv_ctxts)
	[ "$got" = "$want" ] || { say "live_recv_ctxts $got, want $want"; return 1; }
}

# dev_attr NAME: an attribute of rxe0 as ibv_devinfo -v prints it
dev_attr() {
	ibv_devinfo -v -d rxe0 | awk -v k="$1:" '$1 == k { print $2; exit }'
}

# read_depths ID: the connection's RDMA Read depths are what the client
# asked for, within the device's limits.  The Linux client initiates no
# Reads (initiator depth 0) and offers min(255, max_qp_rd_atom)
# responder resources; the CM reports them to us the other way round,
# as the Reads we may initiate and the ones we must answer.  Were they
# swapped, ord would be 1: a single RDMA Read in flight per connection,
# and NFS WRITEs that pull their data one at a time.
read_depths() {
	local id=$1 want n
	want=$(dev_attr max_qp_rd_atom) && n=$(dev_attr max_qp_init_rd_atom) ||
		{ say "no ibv_devinfo attributes for rxe0"; return 1; }
	[ "$want" -le 255 ] || want=255
	[ "$n" -ge "$want" ] || want=$n
	[ "$(conn_get "$id" ord)" = "$want" ] ||
		{ say "ord $(conn_get "$id" ord), want $want"; return 1; }
	[ "$(conn_get "$id" ird)" = 0 ] ||
		{ say "ird $(conn_get "$id" ird), want 0"; return 1; }
}

# io_moves_only: 64 KiB O_DIRECT writes and 1 MiB O_DIRECT reads on the
# IPv4 mount move its connection's Read and Write chunk counters; the
# IPv6 connection's counters stay as they were.
io_moves_only() {
	local k rc=0
	local -A was4 was6
	for k in $CONN_COUNTERS; do
		was4[$k]=$(conn_get "$c4" $k) && was6[$k]=$(conn_get "$c6" $k) ||
			{ say "no $k"; return 1; }
	done
	timeout -k 5 120 dd if=$SRC/f1m of=$M4/f bs=64k oflag=direct status=none &&
		timeout -k 5 120 dd if=$M4/f bs=1M iflag=direct status=none |
		cmp -s - $SRC/f1m || { say "I/O failed"; return 1; }
	for k in recvs read_chunks read_bytes write_chunks write_bytes; do
		[ "$(conn_get "$c4" $k)" -gt "${was4[$k]}" ] ||
			{ say "IPv4 $k did not move (${was4[$k]})"; rc=1; }
	done
	[ "$(($(conn_get "$c4" read_bytes) - ${was4[read_bytes]}))" -ge 1048576 ] ||
		{ say "IPv4 read_bytes moved less than 1 MiB"; rc=1; }
	for k in $CONN_COUNTERS; do
		[ "$(conn_get "$c6" $k)" = "${was6[$k]}" ] ||
			{ say "IPv6 $k moved: ${was6[$k]} -> $(conn_get "$c6" $k)"; rc=1; }
	done
	return $rc
}

# sum_holds: for each per-connection counter, the stats file's value is
# the retired one plus the sum over the connections.
sum_holds() {
	local k g r s rc=0
	for k in $CONN_COUNTERS; do
		g=$(stat_get $k) && r=$(retired_get $k) || { say "no $k"; return 1; }
		s=$(conn_sum $k)
		[ "$g" = $((r + s)) ] || { say "$k: stats $g, retired $r + connections $s"; rc=1; }
	done
	return $rc
}

# stat_shows: svcrdma-stat with no argument shows the global counters
# and both connections.
stat_shows() {
	local out
	out=$("$STAT") || { say "svcrdma-stat failed"; return 1; }
	printf '%s\n' "$out" | sed 's/^/#   /'
	grep -q "recvs" <<<"$out" && grep -q "live_xprts" <<<"$out" &&
		grep -qF "$SERVER_IP:" <<<"$out" && grep -qF "[$SERVER_IP6]:" <<<"$out" &&
		grep -q rxe0 <<<"$out" &&
		[ "$("$STAT" -c | grep -c '^connection ')" = 2 ] &&
		! "$STAT" -c | grep -q live_xprts &&
		! "$STAT" -g | grep -q '^connection '
}

# stat_rates: svcrdma-stat 1 2 prints two reports of rates, and under
# I/O on the IPv4 mount its recvs rate is not zero.
stat_rates() {
	local out pid
	timeout -k 5 60 dd if=/dev/zero of=$M4/r bs=64k count=400 oflag=direct status=none &
	pid=$!
	out=$("$STAT" 1 2) || { say "svcrdma-stat 1 2 failed"; wait $pid; return 1; }
	wait $pid || { say "I/O failed"; return 1; }
	printf '%s\n' "$out" | sed 's/^/#   /'
	[ "$(grep -c '^svcrdma-stat: rates per second' <<<"$out")" = 2 ] &&
		grep -q '^ *recvs *[0-9.]*/s' <<<"$out" &&
		awk '$1 == "connection" { on = index($0, p) > 0 }
			on && $1 == "recvs" && $2 + 0 > 0 { f = 1 }
			END { exit !f }' p="$SERVER_IP:" <<<"$out"
}

# not_backwards: no counter of the stats file went below its value in
# the snapshot $before, and retired grew by at least what the
# connections held then ($before_conns): their counts were folded.
not_backwards() {
	local k was held rc=0
	for k in $CONN_COUNTERS; do
		was=$(awk -v n=$k '$1 == n { print $2 }' <<<"$before")
		[ "$(stat_get $k)" -ge "$was" ] || { say "$k went back: $was -> $(stat_get $k)"; rc=1; }
		was=$(awk -v n=$k '$1 == n { print $2 }' <<<"$before_retired")
		held=$(awk -v n=$k '$1 == n { s += $2 } END { print s + 0 }' <<<"$before_conns")
		[ "$(retired_get $k)" -ge $((was + held)) ] ||
			{ say "$k: retired $(retired_get $k) < $was + $held"; rc=1; }
	done
	return $rc
}

no_conns() { [ "$(conn_count)" = 0 ]; }

unmount() { within 60 umount "$1" || { within 30 umount -f "$1" || umount -l "$1"; }; }

mkdir -p $SRC
head -c 1048576 /dev/urandom >$SRC/f1m
! only "two connections listed, IPv4 and IPv6" ||
	check "two connections listed, IPv4 and IPv6" listed_two
if only "fields of both connections sane"; then
	check "fields of the IPv4 connection sane" fields "$c4" "$SERVER_IP:$PORT"
	check "fields of the IPv6 connection sane" fields "$c6" "[$SERVER_IP6]:$PORT"
fi
! only "spare Receive contexts held from accept on" ||
	check "spare Receive contexts held from accept on" spare_recv_ctxts
! only "I/O moves the IPv4 connection's counters only" ||
	check "I/O moves the IPv4 connection's counters only" io_moves_only
! only "global is retired plus the connections" ||
	check "global is retired plus the connections" sum_holds
! only "svcrdma-stat shows both connections" ||
	check "svcrdma-stat shows both connections" stat_shows
! only "svcrdma-stat 1 2 prints rates" ||
	check "svcrdma-stat 1 2 prints rates" stat_rates

# The end state.
before=$(cat $SVCRDMA_STATS)
before_retired=$(cat $RETIRED)
before_conns=$(cat $CONNS)
check "unmount IPv4" unmount $M4
check "unmount IPv6" unmount $M6
if only "folded after unmount"; then
	check "folded after unmount: no connection listed" wait_for 30 no_conns
	check "folded after unmount: no counter went backwards, retired took the counts" not_backwards
	check "folded after unmount: global is retired" sum_holds
fi
check "live_* gauges back to 0 after the last unmount" settles_to_zero 30
within 60 nfsd_teardown
check "rmmod svcrdma" rmmod svcrdma
if only "svcrdma-stat without svcrdma fails clearly"; then
	out=$("$STAT" 2>&1) && rc=0 || rc=$?
	say "svcrdma-stat: status $rc: $out"
	check "svcrdma-stat without svcrdma fails clearly" \
		test "$rc" != 0 -a -n "$(grep 'not loaded' <<<"$out")"
fi
check "rpcrdma unloads" wait_for 10 modprobe -r rpcrdma
finish
