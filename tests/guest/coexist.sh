#!/bin/bash
# coexist.sh: svcrdma.ko and the in-tree rpcrdma.ko load side by side,
# in either order, and each serves its own listener class beside the other.
# ONLY (lib.sh): the sections by name, "ours first", "rpcrdma first",
# "class names".
. "$(dirname "$0")/lib.sh"

ko=$(svcrdma_ko)
must "rdma_rxe loads" modprobe rdma_rxe

# Ours first, under the default name, then rpcrdma.
ours_first() {
	check "insmod svcrdma (class rdma)" svcrdma_insmod
	check "rpcrdma loads after svcrdma" modprobe rpcrdma
	check "sunrpc lists class rdma once" \
		test "$(grep -c '^rdma ' /proc/sys/sunrpc/transports)" = 1
	check "rmmod svcrdma" rmmod svcrdma
	check "rmmod rpcrdma" modprobe -r rpcrdma
}

# rpcrdma first: the name is taken, so ours must refuse to load, clearly.
# Then listeners on both classes, side by side: rdma (in-tree), rdma2
# (ours).
rpcrdma_first() {
	check "rpcrdma loads first" modprobe rpcrdma
	dmesg -C
	check "insmod svcrdma with a taken name fails" sh -c "! insmod $ko 2>/dev/null"
	check "the failure is EEXIST" sh -c "insmod $ko 2>&1 | grep -q 'File exists'"
	check "the failure names the parameter" sh -c 'dmesg | grep -q "already registered.*class_name="'
	check "insmod svcrdma class_name=rdma2 after rpcrdma" svcrdma_insmod class_name=rdma2
	check "sunrpc lists class rdma2" grep -q '^rdma2 ' /proc/sys/sunrpc/transports
	check "class_name parameter reads back" \
		test "$(cat /sys/module/svcrdma/parameters/class_name)" = rdma2

	must "nfsd loads" modprobe nfsd
	mount -t nfsd nfsd /proc/fs/nfsd
	# nfsd registers its programs with rpcbind: without it, no threads start.
	mkdir -p /run/rpcbind
	must "rpcbind runs" rpcbind -w
	must "nfsd threads" rpc.nfsd 2
	check "listener on rdma2 (ours) is added" sh -c 'echo "rdma2 20050" >/proc/fs/nfsd/portlist'
	check "listener on rdma (in-tree) is added" sh -c 'echo "rdma 20049" >/proc/fs/nfsd/portlist'
	check "portlist lists rdma2 20050 for IPv4 and IPv6" \
		test "$(grep -c '^rdma2 20050$' /proc/fs/nfsd/portlist)" = 2
	check "a live listener holds svcrdma" sh -c '! rmmod svcrdma 2>/dev/null'
	rpc.nfsd 0 2>/dev/null
	pkill -x rpcbind
	wait_for 10 sh -c '! pgrep -x rpcbind'
	check "no rdma2 listener after nfsd stops" sh -c '! grep -q "^rdma2 " /proc/fs/nfsd/portlist'
	umount /proc/fs/nfsd
	modprobe -r nfsd
	check "rmmod svcrdma beside rpcrdma (idle listeners are gone)" rmmod svcrdma
	check "rmmod rpcrdma" modprobe -r rpcrdma
}

# With every module it needs loaded, so that only the name can fail it.
class_names() {
	read -ra deps <<<"$(modinfo -F depends "$ko" | tr ',' ' ')"
	dmesg -C
	must "svcrdma's dependencies loaded (${deps[*]})" modprobe -a "${deps[@]}"
	check "an unusable class name is refused" sh -c "! insmod $ko class_name=9p 2>/dev/null"
	check "the refusal names the rule" sh -c 'dmesg | grep -q "not a usable transport name"'
	check "a name nfsd would cut is refused" \
		sh -c "! insmod $ko class_name=abcdefghijklmnop 2>/dev/null"
	modprobe -r "${deps[@]}" 2>/dev/null	# rdma_rxe keeps ib_core
}

! only "ours first, then rpcrdma" || ours_first
! only "rpcrdma first, then ours as rdma2, listeners side by side" || rpcrdma_first
! only "class names refused" || class_names
finish
