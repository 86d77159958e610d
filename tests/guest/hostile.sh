#!/bin/bash
# hostile.sh: the lying client (tests/hostile) against a server while an
# honest NFSv4.1 mount beside it writes and verifies data with fio.
#
# Environment: SERVER=ours|intree (default ours).  Against ours every row
# of the catalogue must end as it says and move its counter; against the
# in-tree server (the baseline) the rows are reported, not judged.  Both
# ways, the honest mount must lose nothing and the server must survive.
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
# HOSTILE_ONLY=WORDS: only the cases whose name holds WORDS, + for a space
[ -z "${HOSTILE_ONLY:-}" ] || args+=(--only "${HOSTILE_ONLY//+/ }")
if [ "$SERVER" = ours ]; then
	args+=(--stats "$SVCRDMA_STATS")
else
	args+=(--baseline)
	# HOSTILE_ALL=1: also the rows that panic the in-tree 6.1 server
	[ -z "${HOSTILE_ALL:-}" ] || args+=(--all)
fi
t0=$SECONDS
# The client's own "ok N - case" lines become checks of this script.
"$HOSTILE" "${args[@]}" 2>&1 | tee "$GUEST_OUT/hostile-client-$SERVER.txt" |
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
# every row judged against ours (none skipped, none left as a baseline
# report), or every row reported by the baseline
rows=$("$HOSTILE" --list | wc -l)
if [ "$SERVER" = ours ]; then
	ran=$(grep -c '^\(not \)\{0,1\}ok - hostile: ' /tmp/hostile.tap || true)
else
	ran=$(grep -c '^# baseline ' /tmp/hostile.tap || true)
	say "rows not sent to the in-tree server: $(grep -c '^# baseline .*: not sent' /tmp/hostile.tap || true)"
fi
[ -n "${HOSTILE_ONLY:-}" ] ||
	check "every row of the catalogue ran against $SERVER ($ran of $rows)" \
		test "$ran" = "$rows"

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
