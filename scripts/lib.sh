# shellcheck shell=bash
# lib.sh: shared settings for the host scripts.  Source it; it defines no
# side effects beyond variables and functions.
#
# The kernel is one variable, SVCRDMA_KSERIES (default 6.1).  Everything that
# depends on it (headers, image kernel, test-kernel source) is derived here,
# so supporting another series changes this table, not the scripts.

SVCRDMA_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SVCRDMA_CACHE=${SVCRDMA_CACHE:-/var/cache/svcrdma}
SVCRDMA_KSERIES=${SVCRDMA_KSERIES:-6.1}

case $SVCRDMA_KSERIES in
6.1)
	KSERIES_SUITE=bookworm		# where the metapackages resolve
	KSERIES_SRC_PKG=linux-source-6.1
	;;
*)
	echo "lib.sh: unknown kernel series '$SVCRDMA_KSERIES'" >&2
	return 1 2>/dev/null || exit 1
	;;
esac

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# kabi: the stock kernel's ABI name (e.g. 6.1.0-57-amd64), resolved through
# the linux-image-amd64 metapackage unless SVCRDMA_KABI overrides it.
kabi() {
	if [ -n "${SVCRDMA_KABI:-}" ]; then
		echo "$SVCRDMA_KABI"
		return
	fi
	apt-cache depends linux-image-amd64 2>/dev/null |
		sed -n 's/^ *Depends: linux-image-\([0-9].*\)$/\1/p' | head -n1
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
