/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svcrdma's counters, kept per CPU, and read through
 * /proc/fs/svcrdma/stats, one "name value" line each, in the order of
 * this enum.  The live_* lines are gauges: they go back to zero when
 * every connection is gone.
 *
 * The counters from SVCRDMA_STAT_FIRST_CONN to SVCRDMA_STAT_LAST_CONN
 * belong to a connection: each connection counts them in its own per-CPU
 * struct svc_rdma_counters, and /proc/fs/svcrdma/connections shows them.
 * The others are global only.
 */
#ifndef SVCRDMA_SVC_RDMA_STATS_H
#define SVCRDMA_SVC_RDMA_STATS_H

#include <linux/percpu.h>
#include <linux/atomic.h>

enum svc_rdma_stat {
	SVCRDMA_STAT_CONNECTS,		/* connections accepted */
	SVCRDMA_STAT_CONNECT_ERRORS,	/* requests refused or failed to accept */
	SVCRDMA_STAT_DISCONNECTS,	/* connections torn down */
	SVCRDMA_STAT_DEVICE_REMOVALS,	/* connections closed by device removal */
	SVCRDMA_STAT_RECVS,		/* Receives completed successfully */
	SVCRDMA_STAT_RECV_ERRORS,	/* Receives completed with an error */
	SVCRDMA_STAT_CREDIT_OVERRUNS,	/* a client sent past its credits */
	SVCRDMA_STAT_HDR_DROPS,		/* headers too short to answer */
	SVCRDMA_STAT_ERR_VERS,		/* RDMA_ERROR ERR_VERS sent */
	SVCRDMA_STAT_ERR_CHUNK,		/* RDMA_ERROR ERR_CHUNK sent */
	SVCRDMA_STAT_READ_CHUNKS,	/* data-item Read chunks pulled */
	SVCRDMA_STAT_PZ_CHUNKS,		/* position-zero Read chunks pulled */
	SVCRDMA_STAT_READ_BYTES,	/* bytes pulled by RDMA Read */
	SVCRDMA_STAT_READ_ERRORS,	/* RDMA Reads that failed */
	SVCRDMA_STAT_READ_PAGES_REUSED,	/* spare pages a Read's Call reused */
	SVCRDMA_STAT_WRITE_CHUNKS,	/* Write chunks filled */
	SVCRDMA_STAT_WRITE_BYTES,	/* bytes pushed into Write chunks */
	SVCRDMA_STAT_REPLY_CHUNKS,	/* replies sent through the Reply chunk */
	SVCRDMA_STAT_REPLY_BYTES,	/* bytes pushed into Reply chunks */
	SVCRDMA_STAT_INLINE_REPLIES,	/* replies sent inline (RDMA_MSG) */
	SVCRDMA_STAT_PULL_UPS,		/* inline replies copied into one SGE */
	SVCRDMA_STAT_HEAD_PAGES_KEPT,	/* replies that left their head page */
	SVCRDMA_STAT_SEND_W_INV,	/* Sends With Invalidate */
	SVCRDMA_STAT_SEND_ERRORS,	/* Sends or Writes that failed */
	SVCRDMA_STAT_SQ_WAITS,		/* waits for Send Queue entries */
	SVCRDMA_STAT_BC_CALLS,		/* backchannel Calls sent */
	SVCRDMA_STAT_BC_REPLIES,	/* backchannel Replies received */
	SVCRDMA_STAT_LIVE_XPRTS,	/* gauge: connections */
	SVCRDMA_STAT_LIVE_RECV_CTXTS,	/* gauge: Receive contexts */
	SVCRDMA_STAT_LIVE_SEND_CTXTS,	/* gauge: Send contexts */
	SVCRDMA_STAT_LIVE_RW_CTXTS,	/* gauge: rw contexts */
	SVCRDMA_STAT_NR,

	SVCRDMA_STAT_FIRST_CONN = SVCRDMA_STAT_RECVS,
	SVCRDMA_STAT_LAST_CONN = SVCRDMA_STAT_BC_REPLIES,
};

/**
 * struct svc_rdma_counters - one connection's counters on one CPU
 * @c: indexed by enum svc_rdma_stat; only the per-connection ones move
 */
struct svc_rdma_counters {
	long	c[SVCRDMA_STAT_NR];
};

DECLARE_PER_CPU(long, svc_rdma_stats[SVCRDMA_STAT_NR]);

static inline void svc_rdma_stat_add(enum svc_rdma_stat stat, long n)
{
	this_cpu_add(svc_rdma_stats[stat], n);
}

static inline void svc_rdma_stat_inc(enum svc_rdma_stat stat)
{
	this_cpu_inc(svc_rdma_stats[stat]);
}

static inline void svc_rdma_stat_dec(enum svc_rdma_stat stat)
{
	this_cpu_dec(svc_rdma_stats[stat]);
}

static inline bool svc_rdma_stat_is_conn(enum svc_rdma_stat stat)
{
	return stat >= SVCRDMA_STAT_FIRST_CONN &&
	       stat <= SVCRDMA_STAT_LAST_CONN;
}

void svc_rdma_stat_add_global(enum svc_rdma_stat stat, long n);

/*
 * Counts on a connection's own counters: on the data path, no lock.  A
 * connection without counters (a KUnit fixture) counts in the global
 * ones, which the stats file includes all the same.
 */
static inline void svc_rdma_counters_add(struct svc_rdma_counters __percpu *cs,
					 enum svc_rdma_stat stat, long n)
{
	if (likely(cs))
		this_cpu_add(cs->c[stat], n);
	else
		svc_rdma_stat_add_global(stat, n);
}

long svc_rdma_stat_read(enum svc_rdma_stat stat);
void svc_rdma_counters_sum(struct svc_rdma_counters __percpu *cs,
			   long *sums);
const char *svc_rdma_stat_name(enum svc_rdma_stat stat);
int svc_rdma_stats_init(void);
void svc_rdma_stats_exit(void);

#endif /* SVCRDMA_SVC_RDMA_STATS_H */
