#!/bin/bash
# coexist.sh: svcrdma.ko and the in-tree rpcrdma.ko load side by side,
# in either order, and our scaffold refuses a listener with a clear error.
. "$(dirname "$0")/lib.sh"

ko=$(svcrdma_ko)
must "rdma_rxe loads" modprobe rdma_rxe

# Ours first, under the default name, then rpcrdma.
check "insmod svcrdma (class rdma)" svcrdma_insmod
check "rpcrdma loads after svcrdma" modprobe rpcrdma
check "sunrpc lists class rdma once" \
	test "$(grep -c '^rdma ' /proc/sys/sunrpc/transports)" = 1
check "rmmod svcrdma" rmmod svcrdma
check "rmmod rpcrdma" modprobe -r rpcrdma

# rpcrdma first: the name is taken, so ours must refuse to load, clearly.
check "rpcrdma loads first" modprobe rpcrdma
dmesg -C
check "insmod svcrdma with a taken name fails" sh -c "! insmod $ko 2>/dev/null"
check "the failure is EEXIST" sh -c "insmod $ko 2>&1 | grep -q 'File exists'"
check "the failure names the parameter" sh -c 'dmesg | grep -q "already registered.*class_name="'
check "insmod svcrdma class_name=rdma2 after rpcrdma" svcrdma_insmod class_name=rdma2
check "sunrpc lists class rdma2" grep -q '^rdma2 ' /proc/sys/sunrpc/transports
check "class_name parameter reads back" \
	test "$(cat /sys/module/svcrdma/parameters/class_name)" = rdma2

# A listener on our class is refused until the transport lands.
must "nfsd loads" modprobe nfsd
mount -t nfsd nfsd /proc/fs/nfsd
dmesg -C
check "listener on rdma2 is refused" sh -c '! echo "rdma2 20050" >/proc/fs/nfsd/portlist 2>/dev/null'
check "the refusal is explained" sh -c 'dmesg | grep -q "svcrdma: cannot create a listener"'
check "no rdma2 listener in portlist" sh -c '! grep -q "^rdma2 " /proc/fs/nfsd/portlist'
rpc.nfsd 0 2>/dev/null
umount /proc/fs/nfsd
modprobe -r nfsd
check "rmmod svcrdma beside rpcrdma" rmmod svcrdma
check "rmmod rpcrdma" modprobe -r rpcrdma

dmesg -C
must "sunrpc loaded" modprobe sunrpc
check "an unusable class name is refused" sh -c "! insmod $ko class_name=9p 2>/dev/null"
check "the refusal names the rule" sh -c 'dmesg | grep -q "not a usable transport name"'
check "a name nfsd would cut is refused" \
	sh -c "! insmod $ko class_name=abcdefghijklmnop 2>/dev/null"
modprobe -r sunrpc
finish
