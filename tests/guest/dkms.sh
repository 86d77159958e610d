#!/bin/bash
# dkms.sh: the Debian package on an operator's machine, across reboots.
# It runs in the dkms image (scripts/build-image: systemd, the stock 6.1
# kernel, rdma-core, nfs-kernel-server enabled, the package's dependencies
# installed, and in the apt cache the 6.12 kernel and headers), one STAGE
# per boot of one disk, in order (scripts/check, vm_dkms):
#
#   install   6.1: rdma-core has loaded rpcrdma at boot, as it does on
#             any machine with an RDMA device (/etc/rdma/modules/rdma.conf),
#             so rpcrdma holds the class; apt installs
#             build/deb/svcrdma-dkms_*.deb, DKMS builds for the running
#             kernel and the package says how to hand the class over;
#             modprobe finds ours by name and loads it before rpcrdma;
#             /etc/nfs.conf gets rdma=y and rdma-port=20049; the hand-over
#             (stop nfs-server, unload rpcrdma, start it) makes nfsd load
#             ours by name; data is written through ours
#   ours61    6.1 after reboot: rdma-core loaded rpcrdma again, and the
#             softdep loaded ours first; nfs-server serves NFS/RDMA through
#             ours (counters move under mounts; data intact); then the
#             6.12 kernel is installed and DKMS builds for it unasked; a
#             kernel outside the series is declined and its hooks pass
#   ours612   6.12 after reboot: the same as ours61's first half; then apt
#             removes the package
#   intree    6.12 after reboot: the in-tree server serves, data intact
#
# Each check prints a TAP line (lib.sh).  ONLY is not taken: the stages
# build on each other.
. "$(dirname "$0")/lib.sh"

VERSION=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$GUEST_TOP/dkms.conf")
DEB=$GUEST_TOP/build/deb/svcrdma-dkms_${VERSION}_all.deb
MNT=/mnt/rdma
SUM=/var/lib/svcrdma-test.md5	# the data's checksum, kept across boots
FAKE_KERNEL=6.6.0-99-amd64	# no such Debian 12 kernel: outside the series
export DEBIAN_FRONTEND=noninteractive

series_of() { # series_of RELEASE: 6.1, 6.12 or other
	case $1 in 6.1.*) echo 6.1 ;; 6.12.*) echo 6.12 ;; *) echo other ;; esac
}

ours_installed_for() { # ours_installed_for KERNEL
	ls "/lib/modules/$1/updates/dkms/"svcrdma.ko* >/dev/null 2>&1 &&
		dkms status -m svcrdma -v "$VERSION" -k "$1" 2>/dev/null | grep -q ': installed'
}

# softdep_order: modprobe's plan for rpcrdma loads svcrdma before it
softdep_order() {
	modprobe --show-depends rpcrdma | awk '
		/\/svcrdma\.ko/ { s = NR } /\/rpcrdma\.ko/ { r = NR }
		END { exit !(s && r && s < r) }'
}

apt_logged() { # apt_logged NAME ARGS...: apt-get ARGS, its output in NAME.apt.log
	local name=$1 t0=$SECONDS rc=0
	shift
	# apt-daily may hold the lock for a while after boot: wait for it
	apt-get -y -q -o DPkg::Lock::Timeout=600 "$@" >"$GUEST_OUT/$name.apt.log" 2>&1 ||
		rc=$?
	# where a boot's time goes (the budget of make check)
	say "apt-get $* took $((SECONDS - t0)) s"
	[ $rc = 0 ] || tail -n 20 "$GUEST_OUT/$name.apt.log" | sed 's/^/# /'
	return $rc
}

nfs_server_up() {
	systemctl is-active -q nfs-server.service &&
		grep -q '^rdma 20049$' /proc/fs/nfsd/portlist
}

# mount_rdma VERS: the export over RDMA at $MNT, through the NIC's address
mount_rdma() {
	mkdir -p $MNT &&
		mount -t nfs -o "vers=$1,proto=rdma,port=20049" "$SERVER_IP:$EXPORT" $MNT
}

write_data() { # a file through ours, its checksum kept on the server's disk
	mount_rdma 4.1 &&
		dd if=/dev/urandom of=$MNT/data bs=1M count=8 status=none &&
		sync && md5sum <$MNT/data >$SUM && umount $MNT
}

data_intact() { # data_intact VERS: the file reads back as written
	mount_rdma "$1" || return
	local rc=0
	[ "$(md5sum <$MNT/data)" = "$(cat $SUM)" ] || { say "data differs"; rc=1; }
	umount $MNT && return $rc
}

# ours_serves: nfs-server came up on its own and serves through svcrdma
ours_serves() {
	# rdma-core loads rpcrdma when the RDMA device appears; the softdep
	# loads ours first, so ours holds the class
	check "rdma-core loaded rpcrdma at boot, and svcrdma before it" \
		sh -c '[ -d /sys/module/rpcrdma ] && [ -d /sys/module/svcrdma ]'
	check "nfs-server came up with the rdma listener" wait_for 60 nfs_server_up
	check "svcrdma is loaded, from updates/dkms" \
		sh -c '[ -d /sys/module/svcrdma ] && modinfo -n svcrdma | grep -q /updates/dkms/svcrdma.ko'
	check "the loaded svcrdma is version $VERSION" \
		test "$(cat /sys/module/svcrdma/version 2>/dev/null)" = "$VERSION"
	check "sunrpc lists class rdma once" \
		test "$(grep -c '^rdma ' /proc/sys/sunrpc/transports)" = 1
	# sunrpc takes a reference on a class's module for each transport of it
	check "svcrdma holds the rdma class: the listener references it" \
		test "$(cat /sys/module/svcrdma/refcnt)" -ge 1
	check "an NFSv4.1 mount and its I/O go through ours (counters move)" \
		moved "connects recvs" data_intact 4.1
	check "an NFSv3 mount reads the same data through ours" \
		moved "connects recvs" data_intact 3
}

stage_install() {
	local k
	k=$(uname -r)
	check "booted the 6.1 kernel ($k) by systemd" \
		sh -c "[ $(series_of "$k") = 6.1 ] && [ \"\$(ps -o comm= -p 1)\" = systemd ]"
	check "nfs-server is enabled, as Debian installs it" \
		systemctl is-enabled -q nfs-server.service
	check "no svcrdma module before the package: the name is rpcrdma's alias" \
		sh -c "case \$(modinfo -n svcrdma) in */rpcrdma.ko*) ;; *) false ;; esac"
	must "the package was built (make deb)" test -f "$DEB"
	check "rdma-core loaded rpcrdma at boot, before the package" \
		test -d /sys/module/rpcrdma
	check "apt installs $(basename "$DEB") offline, DKMS building for $k" \
		apt_logged install install "$DEB"
	check "the package says rpcrdma holds the class until a reboot or a hand-over" \
		grep -q 'svcrdma-dkms: rpcrdma is loaded' "$GUEST_OUT/install.apt.log"
	check "DKMS reports svcrdma/$VERSION installed for $k" ours_installed_for "$k"
	check "modinfo svcrdma shows version $VERSION" \
		test "$(modinfo -F version svcrdma)" = "$VERSION"
	check "modprobe finds svcrdma by name in updates/dkms, before rpcrdma's alias" \
		sh -c "case \$(modinfo -n svcrdma) in */updates/dkms/svcrdma.ko*) ;; *) false ;; esac"
	check "softdep: modprobe rpcrdma loads svcrdma first" softdep_order
	check "svcrdma-stat is installed and says the module is not loaded" \
		sh -c '! svcrdma-stat >/dev/null 2>&1 && [ -x /usr/sbin/svcrdma-stat ]'
	must "an export" sh -c "echo '$EXPORT *(rw,no_root_squash,insecure,no_subtree_check,fsid=1)' >/etc/exports"
	must "nfs.conf: rdma=y" nfsconf --set nfsd rdma y
	must "nfs.conf: rdma-port=20049" nfsconf --set nfsd rdma-port 20049
	# nfsd asks for "svcrdma" by name when a listener is added (sunrpc's
	# request_module("svc%s")); with rpcrdma unloaded, that finds ours.
	check "the hand-over: nfs-server restarted with rpcrdma unloaded loads ours by name" \
		handover
	check "ours holds the rdma listener, rpcrdma stays out" \
		sh -c '[ -d /sys/module/svcrdma ] && [ ! -d /sys/module/rpcrdma ]'
	check "nfs-server serves the rdma listener" nfs_server_up
	check "the first data, written through ours" moved "connects recvs" write_data
}

# handover: what the package tells an operator to do when rpcrdma was
# loaded before it was installed (README, "Installing on a server")
handover() {
	systemctl stop nfs-server.service &&
		modprobe -r rpcrdma &&
		systemctl start nfs-server.service &&
		wait_for 30 nfs_server_up
}

# unsupported_declined: what the kernel's install hooks do for a kernel
# outside the series (headers present, so DKMS would otherwise build)
unsupported_declined() {
	local out rc=0
	mkdir -p /lib/modules/$FAKE_KERNEL &&
		ln -sfn "/lib/modules/$(uname -r)/build" /lib/modules/$FAKE_KERNEL/build ||
		return
	out=$( { /etc/kernel/header_postinst.d/dkms $FAKE_KERNEL &&
		/etc/kernel/postinst.d/dkms $FAKE_KERNEL; } 2>&1) ||
		{ say "a kernel install hook failed: $out"; rc=1; }
	grep -q "kernel $FAKE_KERNEL is outside the supported series" <<<"$out" ||
		{ say "no message naming the series: $out"; rc=1; }
	[ ! -e /lib/modules/$FAKE_KERNEL/updates ] || { say "something was installed"; rc=1; }
	# asked by hand, DKMS refuses with its BUILD_EXCLUSIVE message
	out=$(dkms install "svcrdma/$VERSION" -k $FAKE_KERNEL 2>&1)
	[ $? = 77 ] && grep -q BUILD_EXCLUSIVE <<<"$out" ||
		{ say "dkms install did not decline: $out"; rc=1; }
	rm -rf /lib/modules/$FAKE_KERNEL "/var/lib/dkms/svcrdma/$VERSION/$FAKE_KERNEL"
	return $rc
}

stage_ours61() {
	local k612
	check "booted the 6.1 kernel again" test "$(series_of "$(uname -r)")" = 6.1
	ours_serves
	check "a kernel outside 6.1 and 6.12 is declined, its install hooks pass" \
		unsupported_declined
	# Without recommends: apparmor and firmware have nothing to do with
	# DKMS, and would add minutes under TCG.
	check "apt installs the 6.12 kernel and headers offline" \
		apt_logged kernel612 install --no-install-recommends \
		linux-image-6.12-amd64 linux-headers-6.12-amd64
	k612=$(ls /lib/modules | grep '^6\.12\.' | head -n1)
	check "DKMS built svcrdma for $k612 unasked" ours_installed_for "$k612"
	check "the 6.12 kernel's boot files are handed to the host" \
		sh -c "mkdir -p $GUEST_OUT/boot && cp /boot/vmlinuz-$k612 /boot/initrd.img-$k612 $GUEST_OUT/boot/"
}

stage_ours612() {
	check "booted the 6.12 kernel ($(uname -r))" test "$(series_of "$(uname -r)")" = 6.12
	ours_serves
	check "apt removes svcrdma-dkms" apt_logged remove remove svcrdma-dkms
	check "no svcrdma.ko is left under /lib/modules" \
		sh -c '! ls /lib/modules/*/updates/dkms/svcrdma.ko* 2>/dev/null'
	check "the softdep file is gone" test ! -e /lib/modprobe.d/svcrdma.conf
	check "the name svcrdma is rpcrdma's alias again" \
		sh -c "case \$(modinfo -n svcrdma) in */rpcrdma.ko*) ;; *) false ;; esac"
}

stage_intree() {
	check "booted the 6.12 kernel" test "$(series_of "$(uname -r)")" = 6.12
	check "nfs-server came up with the rdma listener" wait_for 60 nfs_server_up
	check "the in-tree rpcrdma holds it, svcrdma is not loaded" \
		sh -c '[ -d /sys/module/rpcrdma ] && [ ! -d /sys/module/svcrdma ]'
	check "the data reads back intact through the in-tree server (NFSv4.1)" \
		data_intact 4.1
	check "and over NFSv3" data_intact 3
}

say "stage ${STAGE:-none}, kernel $(uname -r), svcrdma-dkms $VERSION"
case ${STAGE:-} in
install | ours61 | ours612 | intree) "stage_$STAGE" ;;
*) must "STAGE is install, ours61, ours612 or intree" false ;;
esac
journalctl -b --no-pager >"$GUEST_OUT/journal-$STAGE.txt" 2>&1 || true
finish
