#!/bin/bash
# bench.sh: the guest side of scripts/bench.  Two servers side by side in
# one boot, A (in-tree svcrdma, class rdma, port 20049) and B (ours as
# class rdma2 on port 20050 when B=ours, else the in-tree one again, to
# show the noise), a fio matrix over NFSv3 and NFSv4.2 run interleaved
# A, B, A, B..., and the rxe ceiling from ib_write_bw and ib_read_bw.
# Results: /guest/out/bench/*.json (fio JSON, and rxe-*.json).
# ONLY (lib.sh): the runs by name, "NFSv3 seqread side A rep 1",
# "ib_read_bw loopback, rep 2": ONLY=randread, ONLY='ib_|NFSv4.2'.
. "$(dirname "$0")/lib.sh"

B=${B:-intree}
RUNTIME=${RUNTIME:-8}
REPS=${REPS:-3}
BENCH_VERSIONS=${BENCH_VERSIONS:-3 4.2}
R=$GUEST_OUT/bench
mkdir -p "$R"
echo "$B" >"$R/side-b"
uname -r >"$R/kernel"

# name rw bs iodepth size
JOBS="seqread read 1M 4 128M
seqwrite write 1M 4 128M
randread-qd1 randread 4k 1 32M
randread-qd16 randread 4k 16 32M
randwrite-qd1 randwrite 4k 1 32M
randwrite-qd16 randwrite 4k 16 32M"

# rpcrdma first: it holds "rdma"; ours, when it is side B, takes rdma2.
if [ "$B" = ours ]; then
	serve both rdma 20049 rdma2 20050
	PORT_B=20050
else
	serve intree rdma 20049
	PORT_B=20049
fi

rxe_ceiling() { # rxe_ceiling TOOL REP: bytes over wall time, loopback
	local tool=$1 rep=$2 n=400 size=1048576 t0 t1
	$tool -d rxe0 -R -s $size -n $n -F >/dev/null 2>&1 &
	local srv=$!
	wait_for 30 sh -c "rdma resource show cm_id | grep -q LISTEN" || return 1
	t0=$(date +%s.%N)
	$tool -d rxe0 -R -s $size -n $n -F "$SERVER_IP" >"$R/$tool-r$rep.txt" 2>&1 || return 1
	t1=$(date +%s.%N)
	wait $srv
	python3 - "$t0" "$t1" "$((n * size))" "$tool" >"$R/rxe-$tool-r$rep.json" <<'PY'
import json, sys
t0, t1, nbytes, tool = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
json.dump({"tool": tool, "bytes": nbytes, "seconds": t1 - t0,
           "MiB_per_s": nbytes / (t1 - t0) / 2**20}, sys.stdout)
PY
}

for rep in $(seq "$REPS"); do
	for tool in ib_write_bw ib_read_bw; do
		! only "$tool loopback, rep $rep" ||
			check "$tool loopback, rep $rep" rxe_ceiling $tool "$rep"
	done
done

for v in $BENCH_VERSIONS; do
	must "mount A NFSv$v" nfs_mount "$v" 20049 /mnt/A
	must "mount B NFSv$v" nfs_mount "$v" "$PORT_B" /mnt/B
	mkdir -p "/mnt/A/A-v$v" "/mnt/B/B-v$v"
	for rep in $(seq "$REPS"); do
		while read -r name rw bs qd size; do
			for side in A B; do
				out="$R/v${v}_${name}_${side}_r$rep.json"
				only "NFSv$v $name side $side rep $rep" || continue
				check "NFSv$v $name side $side rep $rep" \
					fio --name="$name" --directory="/mnt/$side/$side-v$v" \
					--filename="$name-$size.dat" --rw="$rw" --bs="$bs" \
					--iodepth="$qd" --ioengine=libaio --direct=1 \
					--size="$size" --runtime="$RUNTIME" --ramp_time=1 \
					--time_based --output-format=json --output="$out"
			done
		done <<<"$JOBS"
	done
	# The export is a tmpfs: free this version's files before the next.
	rm -rf "/mnt/A/A-v$v" "/mnt/B/B-v$v"
	umount /mnt/A /mnt/B
done
nfsd_stop
finish
