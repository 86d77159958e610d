# shellcheck shell=bash
# lib.sh: shared settings for the host scripts.  Source it; it defines no
# side effects beyond variables and functions.
#
# The kernel series is one variable, SVCRDMA_KSERIES (6.1, the default, or
# 6.12).  Everything that depends on it (headers, the stock guest kernel,
# the test-kernel source) is derived here, so supporting another series
# changes this table, not the scripts.  Both series come from the same
# apt sources (Debian 12 ships 6.12 as linux-image-6.12-amd64).
SVCRDMA_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SVCRDMA_CACHE=${SVCRDMA_CACHE:-/var/cache/svcrdma}
SVCRDMA_KSERIES=${SVCRDMA_KSERIES:-6.1}
SVCRDMA_ALL_KSERIES="6.1 6.12"		# what make check runs, in order
KSERIES_SUITE=bookworm			# the guest image's suite

# kseries_set SERIES: point the KSERIES_* variables at one series.
kseries_set() {
	case $1 in
	6.1)
		KSERIES_META=amd64		# linux-image-amd64, linux-headers-amd64
		KSERIES_SRC_PKG=linux-source-6.1
		;;
	6.12)
		KSERIES_META=6.12-amd64
		KSERIES_SRC_PKG=linux-source-6.12
		;;
	*)
		echo "lib.sh: unknown kernel series '$1' (6.1 or 6.12)" >&2
		return 1
		;;
	esac
	SVCRDMA_KSERIES=$1
	export SVCRDMA_KSERIES
}
kseries_set "$SVCRDMA_KSERIES" || { return 1 2>/dev/null || exit 1; }

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# kabi: the stock kernel's ABI name of the series (6.1.0-57-amd64,
# 6.12.118+deb12-amd64), resolved through its linux-image metapackage
# unless SVCRDMA_KABI_<series> overrides it (SVCRDMA_KABI_6_12=...;
# SVCRDMA_KABI alone still means 6.1).
kabi() {
	local var=SVCRDMA_KABI_${SVCRDMA_KSERIES//./_} want
	want=${!var:-}
	[ -n "$want" ] || [ "$SVCRDMA_KSERIES" != 6.1 ] || want=${SVCRDMA_KABI:-}
	if [ -n "$want" ]; then
		echo "$want"
		return
	fi
	apt-cache depends "linux-image-$KSERIES_META" 2>/dev/null |
		sed -n 's/^ *Depends: linux-image-\([0-9].*\)$/\1/p' | head -n1
}

# kabi_of SERIES: kabi for another series than the current one.
kabi_of() {
	(kseries_set "$1" && kabi)
}

# kernel_tag KIND: how logs, build folders and guests name a kernel of
# the series: stock-6.1, test-6.12 (KIND is stock or test).
kernel_tag() {
	echo "$1-$SVCRDMA_KSERIES"
}

# module_out KIND: the folder, under the checkout, of the module built for
# that kernel (the guests load build/<tag>/svcrdma.ko).
module_out() {
	echo "build/$(kernel_tag "$1")"
}

# pkg_version PKG: the installed (or else candidate) version of a package.
pkg_version() {
	local v
	v=$(dpkg-query -W -f='${Version}' "$1" 2>/dev/null) || v=
	[ -n "$v" ] || v=$(apt-cache policy "$1" | sed -n 's/^ *Candidate: //p')
	echo "$v"
}

# hash_inputs FILE...: a short key over the contents of files and of any
# extra words passed through the HASH_EXTRA variable.
hash_inputs() {
	{ cat "$@"; printf '%s\n' "${HASH_EXTRA:-}"; } | sha256sum | cut -c1-16
}

# stock_kdir: the headers tree of the stock kernel.
stock_kdir() {
	echo "/usr/src/linux-headers-$(kabi)"
}

# kernel_src: the unpacked source of the test kernel (build-test-kernel
# unpacks it; checkpatch and kunit.py come from it too).
kernel_src() {
	echo "$SVCRDMA_CACHE/src/$KSERIES_SRC_PKG-$(pkg_version "$KSERIES_SRC_PKG")"
}

# test_kernel_dir: the cache folder of the current test kernel (may not
# exist yet; scripts/build-test-kernel makes it).
test_kernel_dir() {
	local ver
	ver=$(pkg_version "$KSERIES_SRC_PKG")
	HASH_EXTRA="$KSERIES_SRC_PKG=$ver gcc=$(gcc -dumpfullversion)" \
		hash_inputs "$SVCRDMA_TOP/scripts/kernel/test-kernel.config" \
		"$SVCRDMA_TOP/scripts/build-test-kernel" |
		sed "s#^#$SVCRDMA_CACHE/kernel/$SVCRDMA_KSERIES-#"
}

# guest_cpu: the -cpu of every guest.  QEMU's TCG before 8.0 computes the
# flags that CMPXCHG16B keeps from a stale flag state (its helper reads
# the last stored one, not the current one; 8.0 translates the
# instruction inline instead), so an operand of the instruction before
# can become EFLAGS, TF and DF included: tests/cpu/cx16-flags.c shows it.
# 6.12's SLUB runs CMPXCHG16B on every allocation, and its 6.12 guests
# died in there with EFLAGS equal to RDI.  Without the feature the kernel
# takes its locked slow path instead; tests/guest/cpu.sh checks which CPU
# a guest got.
guest_cpu() {
	local v
	v=$(qemu-system-x86_64 --version | sed -n '1s/.*version \([0-9]*\)\..*/\1/p')
	if [ "${v:-0}" -ge 8 ]; then
		echo qemu64
	else
		echo qemu64,-cx16
	fi
}
