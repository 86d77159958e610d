// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma's counters, and the file that shows them.
 *
 * Operation
 *
 * Each event adds to a per-CPU counter, so that counting never takes a
 * lock on the data path.  /proc/fs/svcrdma/stats sums them when read and
 * prints one "name value" line per counter.  The live_* gauges count
 * contexts and connections that exist; they return to zero when the last
 * connection is freed, which the tests use to find leaks.
 */

#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <kunit/visibility.h>

#include "svc_rdma_stats.h"

DEFINE_PER_CPU(long, svc_rdma_stats[SVCRDMA_STAT_NR]);

static const char * const svc_rdma_stat_names[SVCRDMA_STAT_NR] = {
	[SVCRDMA_STAT_CONNECTS]		= "connects",
	[SVCRDMA_STAT_CONNECT_ERRORS]	= "connect_errors",
	[SVCRDMA_STAT_DISCONNECTS]	= "disconnects",
	[SVCRDMA_STAT_DEVICE_REMOVALS]	= "device_removals",
	[SVCRDMA_STAT_RECVS]		= "recvs",
	[SVCRDMA_STAT_RECV_ERRORS]	= "recv_errors",
	[SVCRDMA_STAT_CREDIT_OVERRUNS]	= "credit_overruns",
	[SVCRDMA_STAT_HDR_DROPS]	= "hdr_drops",
	[SVCRDMA_STAT_ERR_VERS]		= "err_vers",
	[SVCRDMA_STAT_ERR_CHUNK]	= "err_chunk",
	[SVCRDMA_STAT_READ_CHUNKS]	= "read_chunks",
	[SVCRDMA_STAT_PZ_CHUNKS]	= "pz_chunks",
	[SVCRDMA_STAT_READ_BYTES]	= "read_bytes",
	[SVCRDMA_STAT_READ_ERRORS]	= "read_errors",
	[SVCRDMA_STAT_WRITE_CHUNKS]	= "write_chunks",
	[SVCRDMA_STAT_WRITE_BYTES]	= "write_bytes",
	[SVCRDMA_STAT_REPLY_CHUNKS]	= "reply_chunks",
	[SVCRDMA_STAT_REPLY_BYTES]	= "reply_bytes",
	[SVCRDMA_STAT_INLINE_REPLIES]	= "inline_replies",
	[SVCRDMA_STAT_PULL_UPS]		= "pull_ups",
	[SVCRDMA_STAT_SEND_W_INV]	= "send_w_inv",
	[SVCRDMA_STAT_SEND_ERRORS]	= "send_errors",
	[SVCRDMA_STAT_SQ_WAITS]		= "sq_waits",
	[SVCRDMA_STAT_BC_CALLS]		= "bc_calls",
	[SVCRDMA_STAT_BC_REPLIES]	= "bc_replies",
	[SVCRDMA_STAT_LIVE_XPRTS]	= "live_xprts",
	[SVCRDMA_STAT_LIVE_RECV_CTXTS]	= "live_recv_ctxts",
	[SVCRDMA_STAT_LIVE_SEND_CTXTS]	= "live_send_ctxts",
	[SVCRDMA_STAT_LIVE_RW_CTXTS]	= "live_rw_ctxts",
};

static struct proc_dir_entry *svc_rdma_proc_dir;

/**
 * svc_rdma_stat_read - Sum one counter over all CPUs
 * @stat: which counter
 *
 * Return: the counter's value; a gauge read while it moves may be off by
 * the events in flight.
 */
long svc_rdma_stat_read(enum svc_rdma_stat stat)
{
	long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu(svc_rdma_stats[stat], cpu);
	return sum;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_stat_read);

/**
 * svc_rdma_stat_name - The name a counter has in the stats file
 * @stat: which counter
 *
 * Return: a static string; "unknown" for a value out of range.
 */
const char *svc_rdma_stat_name(enum svc_rdma_stat stat)
{
	if ((unsigned int)stat >= SVCRDMA_STAT_NR)
		return "unknown";
	return svc_rdma_stat_names[stat];
}

static int svc_rdma_stats_show(struct seq_file *m, void *v)
{
	enum svc_rdma_stat stat;

	for (stat = 0; stat < SVCRDMA_STAT_NR; stat++)
		seq_printf(m, "%s %ld\n", svc_rdma_stat_names[stat],
			   svc_rdma_stat_read(stat));
	return 0;
}

/**
 * svc_rdma_stats_init - Create /proc/fs/svcrdma/stats
 *
 * Return: %0, or %-ENOMEM if the proc entries could not be made.
 */
int svc_rdma_stats_init(void)
{
	svc_rdma_proc_dir = proc_mkdir("fs/svcrdma", NULL);
	if (!svc_rdma_proc_dir)
		return -ENOMEM;
	if (!proc_create_single("stats", 0444, svc_rdma_proc_dir,
				svc_rdma_stats_show)) {
		proc_remove(svc_rdma_proc_dir);
		return -ENOMEM;
	}
	return 0;
}

/**
 * svc_rdma_stats_exit - Remove /proc/fs/svcrdma
 */
void svc_rdma_stats_exit(void)
{
	proc_remove(svc_rdma_proc_dir);
}
