#!/bin/bash
# demo.sh: the guest side of make demo.  Loads svcrdma.ko, serves /export
# over NFS/RDMA through it, mounts it over rxe, runs a short workload and
# shows what happened, our counters included.  SERVER=intree serves
# through the in-tree server instead, with ours loaded beside it as rdma2.
# One workload, no cases: ONLY (lib.sh) selects none, and fails it.
. "$(dirname "$0")/lib.sh"

SERVER=${SERVER:-ours}
MNT=/mnt/demo
show() { echo "demo\$ $*"; "$@"; }

# with SERVER=intree, both: the in-tree server as rdma, ours as rdma2
serve "$([ "$SERVER" = ours ] && echo ours || echo both)" rdma 20049
show rdma link show
show cat /proc/sys/sunrpc/transports
show cat /proc/fs/nfsd/portlist
must "NFSv4.2 mount over RDMA" nfs_mount 4.2 20049 $MNT
show grep " $MNT " /proc/mounts
head -c 64M /dev/urandom >/tmp/demo.dat
show dd if=/tmp/demo.dat of=$MNT/demo.dat bs=1M oflag=direct
echo 3 >/proc/sys/vm/drop_caches
show dd if=$MNT/demo.dat of=/dev/null bs=1M iflag=direct
check "what came back is what went out (sha256)" \
	sh -c "[ \"\$(sha256sum </tmp/demo.dat)\" = \"\$(sha256sum <$MNT/demo.dat)\" ]"
check "fio random read/write with crc32c verification" show fio --name=demo --directory=$MNT --rw=randrw --bs=4k --size=16m \
	--iodepth=8 --ioengine=libaio --direct=1 --runtime=10 --time_based \
	--verify=crc32c --group_reporting
show grep -A3 "xprt:" /proc/self/mountstats
check "unmount" umount $MNT
nfsd_stop
if [ "$SERVER" = ours ]; then
	saw_workload() { # the O_DIRECT MiB went through Read and Write chunks
		[ "$(stat_get read_chunks)" -gt 0 ] && [ "$(stat_get write_chunks)" -gt 0 ]
	}
	check "our counters saw the workload" saw_workload
	show cat /proc/fs/svcrdma/stats
fi
finish
