#!/bin/bash
# kunit.sh: load the project's KUnit modules (test kernel only) with an
# rxe device present, and copy each suite's KTAP from debugfs to
# /guest/out/kunit/<suite>.ktap for the host to parse.  ONLY (lib.sh)
# selects nothing here: loading the module runs every suite (6.1 filters
# only built-in suites), so with ONLY set the script fails, as any script
# whose cases ONLY does not select.
. "$(dirname "$0")/lib.sh"

dir=$(dirname "$(svcrdma_ko)")
must "KUnit debugfs present" test -d /sys/kernel/debug/kunit
must "guest NIC up" net_up
must "rxe device up" rxe_up
must "insmod svcrdma" svcrdma_insmod
mkdir -p "$GUEST_OUT/kunit"
for m in "$dir"/svcrdma_*kunit*.ko; do
	check "insmod $(basename "$m")" insmod "$m"
done
n=0
for s in /sys/kernel/debug/kunit/svcrdma*; do
	[ -r "$s/results" ] || continue
	cp "$s/results" "$GUEST_OUT/kunit/$(basename "$s").ktap"
	n=$((n + 1))
done
check "KUnit suites reported ($n)" test "$n" -gt 0
for m in "$dir"/svcrdma_*kunit*.ko; do
	rmmod "$(basename "$m" .ko)"
done
check "rmmod svcrdma" rmmod svcrdma
finish
