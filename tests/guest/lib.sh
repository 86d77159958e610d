# shellcheck shell=bash
# lib.sh: helpers for the guest test scripts (sourced, never run).
#
# Checks print TAP-style lines, "ok N - what" or "not ok N - what", which
# the host counts into the summary of make check.  A script ends with
# finish, which exits non-zero when any check failed.

set -u
BENCH_OUT=${BENCH_OUT:-/bench/out}
BENCH_TOP=${BENCH_TOP:-/bench/top}
BENCH_KERNEL=${BENCH_KERNEL:-stock}
SERVER_IP=${SERVER_IP:-192.0.2.1}	# TEST-NET-1: never leaves the guest
SERVER_IP6=${SERVER_IP6:-2001:db8::1}
NIC=${NIC:-eth0}
EXPORT=/export
_nchecks=0
_nfailed=0

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

finish() {
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

# The guest NIC carries rxe.  MTU 4200 gives rxe a 4096-byte path MTU.
# Both steps are idempotent: scripts of one boot share the guest.
net_up() {
	ip link set "$NIC" mtu 4200 up &&
		ip addr replace "$SERVER_IP/24" dev "$NIC" &&
		ip -6 addr replace "$SERVER_IP6/64" dev "$NIC" nodad
}

rxe_up() {
	modprobe rdma_rxe || return
	[ -e /sys/class/infiniband/rxe0 ] ||
		rdma link add rxe0 type rxe netdev "$NIC" || return
	wait_for 10 test -e /sys/class/infiniband/rxe0
}

# The module built for the running kernel (scripts/check builds both).
svcrdma_ko() {
	echo "$BENCH_TOP/build/$BENCH_KERNEL/svcrdma.ko"
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

# server_load intree|ours [module params]: load the server transport.
# Ours goes first, so that it holds its class name before rpcrdma
# (which ignores a clash on "rdma") registers the in-tree one.
server_load() {
	local which=$1
	shift
	case $which in
	ours) svcrdma_insmod "$@" && modprobe rpcrdma ;;
	intree) modprobe rpcrdma ;;
	*) echo "server_load: intree or ours" >&2; return 1 ;;
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
		exportfs -ra &&
		rpc.mountd &&
		echo 10 >/proc/fs/nfsd/nfsv4leasetime &&
		echo 10 >/proc/fs/nfsd/nfsv4gracetime &&
		rpc.nfsd 8
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
