#!/bin/bash
# cpu.sh: the emulated CPU is one a kernel can run on.  QEMU's TCG up to
# 7.2 corrupts the flags around CMPXCHG16B (tests/cpu/cx16-flags.c), which
# crashed 6.12 guests in SLUB's allocation fast path; scripts/vm then
# gives its guests a CPU without it (guest_cpu in scripts/lib.sh).  This
# proves that the guest's CPU either has no CMPXCHG16B or runs it right.
. "$(dirname "$0")/lib.sh"

probe=$GUEST_TOP/build/cpu/cx16-flags
must "the probe is built (make cpuprobe)" test -x "$probe"
say "cpu flags: $(grep -m1 '^flags' /proc/cpuinfo | grep -ow 'cx16' || echo 'no cx16')"
check "cmpxchg16b keeps CF and OF, or the CPU has none" "$probe"
finish
