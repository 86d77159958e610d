#!/bin/bash
# hostile.sh: the lying client (tests/hostile) against a server while an
# honest NFSv4.1 mount beside it writes and verifies data with fio.
#
# Environment: SERVER=ours|intree (default ours).  Against ours every row
# of the catalogue must end as it says and move its counter; against the
# in-tree server (the baseline) the rows are reported, not judged.  Both
# ways, the honest mount must lose nothing and the server must survive.
# ONLY (lib.sh): the rows, by the names hostile --list gives them; the
# client runs once per alternative (--only), so a row that two
# alternatives name runs twice.  HOSTILE_ALL=1: against the in-tree
# server, also the rows that panic it.
. "$(dirname "$0")/lib.sh"

SERVER=${SERVER:-ours}
PORT=20049
MNT=/mnt/honest
HOSTILE=$GUEST_TOP/build/hostile/hostile
FIO_STOP=/tmp/fio.stop
FIO_LOG=$GUEST_OUT/hostile-fio-$SERVER.txt

say "server: $SERVER, kernel $(uname -r)"
must "the hostile client is built" test -x "$HOSTILE"
serve "$SERVER" rdma $PORT
must "honest NFSv4.1 mount over RDMA" nfs_mount 4.1 $PORT $MNT

# honest_io: rounds of fio writing and verifying 16 MiB with crc32c, until
# told to stop; the rounds that passed go to /tmp/fio.rounds.  A failed
# round stops it with /tmp/fio.failed.
honest_io() {
	local n=0
	rm -f $FIO_STOP /tmp/fio.failed
	while [ ! -e $FIO_STOP ]; do
		if ! fio --name=honest --directory=$MNT --rw=randwrite \
			--bsrange=4k-256k --size=8m --numjobs=2 --iodepth=4 \
			--ioengine=libaio --direct=1 --verify=crc32c \
			--verify_fatal=1 --output=$FIO_LOG.$n >/dev/null 2>&1; then
			touch /tmp/fio.failed
			break
		fi
		n=$((n + 1))
		echo $n >/tmp/fio.rounds
	done
}
echo 0 >/tmp/fio.rounds
honest_io &
fio_pid=$!

args=(-s "$SERVER_IP" -p $PORT)
if [ "$SERVER" = ours ]; then
	args+=(--stats "$SVCRDMA_STATS")
else
	args+=(--baseline)
	# HOSTILE_ALL=1: also the rows that panic the in-tree 6.1 server
	[ -z "${HOSTILE_ALL:-}" ] || args+=(--all)
fi
# The catalogue's row names, and the alternatives of ONLY ("" for all).
# (No "<(...)": the test kernel's guest has no /dev/fd.)
mapfile -t names <<<"$("$HOSTILE" --list | sed -E 's/ +[A-Z_]+$//')"
alts=("")
[ -z "$ONLY" ] || IFS='|' read -ra alts <<<"$ONLY"
# rows_of ALT: how many rows the client's --only ALT runs
rows_of() {
	local n=0 name
	for name in "${names[@]}"; do
		[[ $name != *"$1"* ]] || n=$((n + 1))
	done
	echo $n
}
want=0
for alt in "${alts[@]}"; do
	[ -z "$ONLY" ] || [ -n "$alt" ] || continue
	want=$((want + $(rows_of "$alt")))
done
for name in "${names[@]}"; do
	only "$name" || true
done
# client: the catalogue, once per alternative; its status is the worst
client() {
	local alt rc=0
	for alt in "${alts[@]}"; do
		[ -z "$ONLY" ] || [ -n "$alt" ] || continue
		"$HOSTILE" "${args[@]}" ${alt:+--only "$alt"} || rc=$?
	done
	return $rc
}
t0=$SECONDS
# The client's own "ok N - case" lines become checks of this script.
client 2>&1 | tee "$GUEST_OUT/hostile-client-$SERVER.txt" |
	while IFS= read -r line; do
		case $line in
		"ok "*) echo "ok - hostile: ${line#ok * - }" ;;
		"not ok "*) echo "not ok - hostile: ${line#not ok * - }" ;;
		*) echo "$line" ;;
		esac
	done >/tmp/hostile.tap
client_rc=${PIPESTATUS[0]}
say "catalogue took $((SECONDS - t0)) s"
while IFS= read -r line; do
	case $line in
	"ok - "*) check "${line#ok - }" true ;;
	"not ok - "*) check "${line#not ok - }" false ;;
	*) echo "$line" ;;
	esac
done </tmp/hostile.tap
check "the hostile client ran to the end (status $client_rc)" \
	test "$client_rc" = 0
# every row (that ONLY selects) judged against ours (none skipped, none
# left as a baseline report), or reported by the baseline
if [ "$SERVER" = ours ]; then
	ran=$(grep -c '^\(not \)\{0,1\}ok - hostile: ' /tmp/hostile.tap || true)
else
	ran=$(grep -c '^# baseline ' /tmp/hostile.tap || true)
	say "rows not sent to the in-tree server: $(grep -c '^# baseline .*: not sent' /tmp/hostile.tap || true)"
fi
check "every row of the catalogue${ONLY:+ that ONLY selects} ran against $SERVER ($ran of $want)" \
	test "$ran" = "$want"

touch $FIO_STOP
wait $fio_pid
check "honest fio rounds verified meanwhile ($(cat /tmp/fio.rounds))" \
	sh -c '[ ! -e /tmp/fio.failed ] && [ "$(cat /tmp/fio.rounds)" -gt 0 ]'
check "the honest mount still works" \
	sh -c "echo after >$MNT/after && [ \"\$(cat $MNT/after)\" = after ]"
rm -f $MNT/honest.* $MNT/after
check "honest unmount" umount $MNT

nfsd_teardown
if [ "$SERVER" = ours ]; then
	check "live contexts and connections back to 0" settles_to_zero 60
	check "rmmod svcrdma" rmmod svcrdma
fi
check "rpcrdma unloads" modprobe -r rpcrdma
finish
