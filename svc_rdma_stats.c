// SPDX-License-Identifier: GPL-2.0-only
/*
 * svcrdma's counters, the list of live connections, and the files that
 * show them.
 *
 * Operation
 *
 * Each event adds to a per-CPU counter, so that counting never takes a
 * lock on the data path.  The life-cycle counters (connects, ...,
 * device_removals) and the live_* gauges are global.  The others belong
 * to a connection: each accepted connection has its own per-CPU
 * struct svc_rdma_counters, and only those move while it lives.  When a
 * connection is freed its counts are folded into the global per-CPU
 * array, which also holds the few events counted with no connection.
 * A connection joins the list of live connections once accepted, and
 * leaves it in the same critical section that folds its counts, after its
 * QP is drained (nothing counts on it any more) and before its rdma_cm
 * identifier, and with it the device, may go.  Readers hold the same
 * mutex, so each read sees every count exactly once: on its connection,
 * or folded.  The live_* gauges count contexts and connections that
 * exist; they return to zero when the last connection is freed, which the
 * tests use to find leaks.
 *
 * Files (the format is stable; Documentation/connections.md)
 *
 * /proc/fs/svcrdma/stats: one "name value" line per counter, in the
 * order of enum svc_rdma_stat.  A per-connection counter is the sum of
 * the retired value and the values of the live connections.
 *
 * /proc/fs/svcrdma/retired: one "name value" line per per-connection
 * counter (recvs to bc_replies): the counts of connections already freed,
 * plus events counted with no connection.
 *
 * /proc/fs/svcrdma/connections: one stanza per live connection (never a
 * listener), in the order they were accepted, each ended by an empty
 * line.  Every line is "key value"; the first is "connection ID":
 *
 *   connection ID    number of the connection, from 1, never reused
 *                    while the module is loaded
 *   peer ADDR        the client's address and port (%pISpc: 192.0.2.1:40000,
 *                    [2001:db8::1]:40000)
 *   local ADDR       our address and port
 *   device NAME      the RDMA device
 *   port N           its port number
 *   closing 0|1      1 once the connection is being torn down
 *   credits N        credits granted: Calls the client may have outstanding
 *   credits_used N   Calls received and not yet answered
 *   rq_depth N       Receive Queue depth
 *   recvs_posted N   Receives on the Receive Queue now
 *   inline_recv N    bytes: largest Call the client may send inline
 *                    (our Receive buffer)
 *   inline_send N    bytes: largest reply we send inline (what the client
 *                    said it receives, RFC 8797)
 *   remote_inv 0|1   1 when the client takes Send With Invalidate (RFC 8797)
 *   sq_depth N       Send Queue depth, in work requests
 *   sq_free N        Send Queue entries not reserved now
 *   NAME N           then each per-connection counter, as in the stats
 *                    file: recvs, recv_errors, ..., sq_waits, bc_calls,
 *                    bc_replies (counts since the connection was accepted)
 *
 * Keys may be added to a stanza in later versions, never removed or
 * renamed; a parser should read keys by name.
 */

#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <kunit/visibility.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"

/* Global counters; for per-connection ones, the retired counts. */
DEFINE_PER_CPU(long, svc_rdma_stats[SVCRDMA_STAT_NR]);

/* The live connections, oldest first, and the numbers they are given. */
static LIST_HEAD(svc_rdma_conns);
static DEFINE_MUTEX(svc_rdma_conns_lock);	/* the list; folding into it */
static u64 svc_rdma_conn_seq;

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
	[SVCRDMA_STAT_READ_PAGES_REUSED] = "read_pages_reused",
	[SVCRDMA_STAT_WRITE_CHUNKS]	= "write_chunks",
	[SVCRDMA_STAT_WRITE_BYTES]	= "write_bytes",
	[SVCRDMA_STAT_REPLY_CHUNKS]	= "reply_chunks",
	[SVCRDMA_STAT_REPLY_BYTES]	= "reply_bytes",
	[SVCRDMA_STAT_INLINE_REPLIES]	= "inline_replies",
	[SVCRDMA_STAT_PULL_UPS]		= "pull_ups",
	[SVCRDMA_STAT_HEAD_PAGES_KEPT]	= "head_pages_kept",
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
 * svc_rdma_stat_read - Sum one global counter over all CPUs
 * @stat: which counter
 *
 * For a per-connection counter, the retired part: what the live
 * connections hold is not included.
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
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_stat_name);

/**
 * svc_rdma_stat_add_global - Count an event of a connection without counters
 * @stat: which counter
 * @n: how much to add
 *
 * Out of line: connections always have counters but in KUnit fixtures,
 * and the per-CPU array is not exported.
 */
void svc_rdma_stat_add_global(enum svc_rdma_stat stat, long n)
{
	this_cpu_add(svc_rdma_stats[stat], n);
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_stat_add_global);

/**
 * svc_rdma_counters_sum - Add up one connection's counters
 * @cs: the connection's per-CPU counters
 * @sums: indexed by enum svc_rdma_stat; each per-connection counter's
 *	total over all CPUs is added to its slot, the others are left alone
 */
void svc_rdma_counters_sum(struct svc_rdma_counters __percpu *cs,
			   long *sums)
{
	enum svc_rdma_stat stat;
	int cpu;

	for_each_possible_cpu(cpu) {
		const struct svc_rdma_counters *c = per_cpu_ptr(cs, cpu);

		for (stat = SVCRDMA_STAT_FIRST_CONN;
		     stat <= SVCRDMA_STAT_LAST_CONN; stat++)
			sums[stat] += c->c[stat];
	}
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_counters_sum);

/**
 * svc_rdma_conn_stats_alloc - Give a connection its own counters
 * @sx: the connection, not yet accepted
 *
 * Return: %0, or %-ENOMEM.
 */
int svc_rdma_conn_stats_alloc(struct svc_rdma_xprt *sx)
{
	sx->sx_stats = alloc_percpu(struct svc_rdma_counters);
	return sx->sx_stats ? 0 : -ENOMEM;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_conn_stats_alloc);

/**
 * svc_rdma_conn_list - Add an accepted connection to the live list
 * @sx: the connection, with its counters
 *
 * Process context.  From here on /proc/fs/svcrdma/connections shows it,
 * until svc_rdma_conn_retire().
 */
void svc_rdma_conn_list(struct svc_rdma_xprt *sx)
{
	mutex_lock(&svc_rdma_conns_lock);
	sx->sx_conn_id = ++svc_rdma_conn_seq;
	list_add_tail(&sx->sx_conn_link, &svc_rdma_conns);
	mutex_unlock(&svc_rdma_conns_lock);
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_conn_list);

/**
 * svc_rdma_conn_retire - Unlist a connection and fold its counters
 * @sx: the connection; listed or not, with counters or none
 *
 * Process context.  Nothing may count on @sx any more (its QP is drained,
 * or it never had one).  Leaving the list and folding happen under the
 * lock that readers hold, so no read counts @sx twice or not at all.
 * Its device and addresses are not used once this returns.
 */
void svc_rdma_conn_retire(struct svc_rdma_xprt *sx)
{
	long sums[SVCRDMA_STAT_NR] = { };
	enum svc_rdma_stat stat;

	if (!sx->sx_stats)
		return;
	svc_rdma_counters_sum(sx->sx_stats, sums);
	mutex_lock(&svc_rdma_conns_lock);
	list_del_init(&sx->sx_conn_link);
	for (stat = SVCRDMA_STAT_FIRST_CONN; stat <= SVCRDMA_STAT_LAST_CONN;
	     stat++)
		this_cpu_add(svc_rdma_stats[stat], sums[stat]);
	mutex_unlock(&svc_rdma_conns_lock);
	free_percpu(sx->sx_stats);
	sx->sx_stats = NULL;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_conn_retire);

static int svc_rdma_stats_show(struct seq_file *m, void *v)
{
	long sums[SVCRDMA_STAT_NR];
	struct svc_rdma_xprt *sx;
	enum svc_rdma_stat stat;

	mutex_lock(&svc_rdma_conns_lock);
	for (stat = 0; stat < SVCRDMA_STAT_NR; stat++)
		sums[stat] = svc_rdma_stat_read(stat);
	list_for_each_entry(sx, &svc_rdma_conns, sx_conn_link)
		svc_rdma_counters_sum(sx->sx_stats, sums);
	mutex_unlock(&svc_rdma_conns_lock);

	for (stat = 0; stat < SVCRDMA_STAT_NR; stat++)
		seq_printf(m, "%s %ld\n", svc_rdma_stat_names[stat], sums[stat]);
	return 0;
}

static int svc_rdma_retired_show(struct seq_file *m, void *v)
{
	long sums[SVCRDMA_STAT_NR];
	enum svc_rdma_stat stat;

	mutex_lock(&svc_rdma_conns_lock);
	for (stat = SVCRDMA_STAT_FIRST_CONN; stat <= SVCRDMA_STAT_LAST_CONN;
	     stat++)
		sums[stat] = svc_rdma_stat_read(stat);
	mutex_unlock(&svc_rdma_conns_lock);

	for (stat = SVCRDMA_STAT_FIRST_CONN; stat <= SVCRDMA_STAT_LAST_CONN;
	     stat++)
		seq_printf(m, "%s %ld\n", svc_rdma_stat_names[stat], sums[stat]);
	return 0;
}

/*
 * The connections file holds the lock from start to stop: no connection
 * can be unlisted, so none freed, while a stanza is being written.  The
 * position is the number of the last connection shown, and the list is in
 * the order of the numbers, so a read that takes several calls resumes
 * after it: a connection that leaves between two calls makes no other
 * one skipped or shown twice.
 */
static void *svc_rdma_conns_start(struct seq_file *m, loff_t *pos)
{
	struct svc_rdma_xprt *sx;

	mutex_lock(&svc_rdma_conns_lock);
	list_for_each_entry(sx, &svc_rdma_conns, sx_conn_link)
		if (sx->sx_conn_id > *pos)
			return sx;
	return NULL;
}

static void *svc_rdma_conns_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct svc_rdma_xprt *sx = v;

	*pos = sx->sx_conn_id;
	if (list_is_last(&sx->sx_conn_link, &svc_rdma_conns))
		return NULL;
	return list_next_entry(sx, sx_conn_link);
}

static void svc_rdma_conns_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&svc_rdma_conns_lock);
}

/* The fixed part of a stanza: who, where, and the queues' state now. */
static void svc_rdma_conn_show_state(struct seq_file *m,
				     struct svc_rdma_xprt *sx)
{
	unsigned int sq_free;

	spin_lock_bh(&sx->sx_sq_lock);
	sq_free = sx->sx_sq_avail;
	spin_unlock_bh(&sx->sx_sq_lock);

	seq_printf(m, "connection %llu\n", sx->sx_conn_id);
	seq_printf(m, "peer %pISpc\n", &sx->sx_xprt.xpt_remote);
	seq_printf(m, "local %pISpc\n", &sx->sx_xprt.xpt_local);
	seq_printf(m, "device %s\n", dev_name(&sx->sx_dev->dev));
	seq_printf(m, "port %u\n", sx->sx_port);
	seq_printf(m, "closing %d\n",
		   test_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags));
	seq_printf(m, "credits %u\n", sx->sx_max_requests);
	seq_printf(m, "credits_used %d\n", atomic_read(&sx->sx_outstanding));
	seq_printf(m, "rq_depth %u\n", sx->sx_rq_depth);
	seq_printf(m, "recvs_posted %d\n", atomic_read(&sx->sx_recvs_posted));
	seq_printf(m, "inline_recv %u\n", sx->sx_recv_size);
	seq_printf(m, "inline_send %u\n", sx->sx_send_size);
	seq_printf(m, "remote_inv %d\n",
		   test_bit(SVCRDMA_XF_SND_W_INV, &sx->sx_flags));
	seq_printf(m, "sq_depth %u\n", sx->sx_sq_depth);
	seq_printf(m, "sq_free %u\n", sq_free);
	seq_printf(m, "ord %u\n", sx->sx_ord);
	seq_printf(m, "ird %u\n", sx->sx_ird);
}

static int svc_rdma_conns_show(struct seq_file *m, void *v)
{
	struct svc_rdma_xprt *sx = v;
	long sums[SVCRDMA_STAT_NR] = { };
	enum svc_rdma_stat stat;

	svc_rdma_conn_show_state(m, sx);
	svc_rdma_counters_sum(sx->sx_stats, sums);
	for (stat = SVCRDMA_STAT_FIRST_CONN; stat <= SVCRDMA_STAT_LAST_CONN;
	     stat++)
		seq_printf(m, "%s %ld\n", svc_rdma_stat_names[stat], sums[stat]);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations svc_rdma_conns_sops = {
	.start	= svc_rdma_conns_start,
	.next	= svc_rdma_conns_next,
	.stop	= svc_rdma_conns_stop,
	.show	= svc_rdma_conns_show,
};

/**
 * svc_rdma_stats_init - Create /proc/fs/svcrdma and its files
 *
 * Return: %0, or %-ENOMEM if the proc entries could not be made.
 */
int svc_rdma_stats_init(void)
{
	svc_rdma_proc_dir = proc_mkdir("fs/svcrdma", NULL);
	if (!svc_rdma_proc_dir)
		return -ENOMEM;
	if (!proc_create_single("stats", 0444, svc_rdma_proc_dir,
				svc_rdma_stats_show))
		goto out_err;
	if (!proc_create_single("retired", 0444, svc_rdma_proc_dir,
				svc_rdma_retired_show))
		goto out_err;
	if (!proc_create_seq("connections", 0444, svc_rdma_proc_dir,
			     &svc_rdma_conns_sops))
		goto out_err;
	return 0;

out_err:
	/* removes the files made so far with the folder */
	proc_remove(svc_rdma_proc_dir);
	return -ENOMEM;
}

/**
 * svc_rdma_stats_exit - Remove /proc/fs/svcrdma
 */
void svc_rdma_stats_exit(void)
{
	proc_remove(svc_rdma_proc_dir);
}
