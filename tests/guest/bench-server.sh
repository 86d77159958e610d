#!/bin/bash
# bench-server.sh: the server guest of scripts/bench.  Serves the export
# through A, the in-tree svcrdma (class rdma, port 20049), and, when
# B=ours, through B, ours beside it (class rdma2, port 20050); then
# answers the client guest's control channel (bench-ctl.py: CPU jiffies
# around each run, the perftest server side, perf) until it says quit.
# This guest runs nothing else, so its busy CPU time is the server's.
. "$(dirname "$0")/lib.sh"

B=${B:-intree}
CTL_PORT=${CTL_PORT:-7000}
R=$GUEST_OUT/bench
mkdir -p "$R"

if [ "$B" = ours ]; then
	serve both rdma 20049 rdma2 20050
else
	serve intree rdma 20049
fi
say "serving: A on rdma 20049$([ "$B" != ours ] || echo ", B (ours) on rdma2 20050")"
check "the client guest's runs end with quit" \
	python3 "$GUEST_TOP/tests/guest/bench-ctl.py" serve "$SERVER_IP" "$CTL_PORT" "$R"
[ ! -d /sys/module/svcrdma ] || sed 's/^/# /' /proc/fs/svcrdma/stats
nfsd_stop
finish
