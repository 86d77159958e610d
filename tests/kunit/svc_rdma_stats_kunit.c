// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for the per-connection counters: summing one connection's
 * per-CPU counters, and folding them into the global ones when it is
 * retired, so that no count is lost or counted twice.
 *
 * The connection is a bare struct svc_rdma_xprt: only its counters and
 * its entry on the live list are used.  The global counters may move
 * under the test if anything else runs svcrdma; kunit.sh runs the suites
 * with no NFS traffic, and nothing reads /proc/fs/svcrdma/connections
 * while the bare connection is listed (it has no device to show).
 */

#include <kunit/test.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/slab.h>

#include "svc_rdma.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static struct svc_rdma_xprt *stats_xprt(struct kunit *test)
{
	struct svc_rdma_xprt *sx = kunit_kzalloc(test, sizeof(*sx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, sx);
	INIT_LIST_HEAD(&sx->sx_conn_link);
	KUNIT_ASSERT_EQ(test, svc_rdma_conn_stats_alloc(sx), 0);
	return sx;
}

/* A value for counter @stat on @cpu that no other pair repeats. */
static long stats_value(int cpu, enum svc_rdma_stat stat)
{
	return (long)(cpu + 1) * 1000 + stat;
}

/* Every CPU's values are added, only into the per-connection slots, and
 * on top of what the slots held.
 */
static void stats_sum_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = stats_xprt(test);
	long sums[SVCRDMA_STAT_NR];
	enum svc_rdma_stat stat;
	long want;
	int cpu;

	for_each_possible_cpu(cpu)
		for (stat = 0; stat < SVCRDMA_STAT_NR; stat++)
			per_cpu_ptr(sx->sx_stats, cpu)->c[stat] =
				stats_value(cpu, stat);
	for (stat = 0; stat < SVCRDMA_STAT_NR; stat++)
		sums[stat] = -1;

	svc_rdma_counters_sum(sx->sx_stats, sums);
	for (stat = 0; stat < SVCRDMA_STAT_NR; stat++) {
		want = -1;
		if (svc_rdma_stat_is_conn(stat))
			for_each_possible_cpu(cpu)
				want += stats_value(cpu, stat);
		KUNIT_EXPECT_EQ_MSG(test, sums[stat], want, "counter %s",
				    svc_rdma_stat_name(stat));
	}
	svc_rdma_conn_retire(sx);
}

/* The per-connection range is what the stats file's comment says. */
static void stats_conn_range_test(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, svc_rdma_stat_name(SVCRDMA_STAT_FIRST_CONN),
			   "recvs");
	KUNIT_EXPECT_STREQ(test, svc_rdma_stat_name(SVCRDMA_STAT_LAST_CONN),
			   "bc_replies");
	KUNIT_EXPECT_FALSE(test, svc_rdma_stat_is_conn(SVCRDMA_STAT_CONNECTS));
	KUNIT_EXPECT_FALSE(test,
			   svc_rdma_stat_is_conn(SVCRDMA_STAT_LIVE_XPRTS));
	KUNIT_EXPECT_TRUE(test, svc_rdma_stat_is_conn(SVCRDMA_STAT_SQ_WAITS));
}

/* Counting on a listed connection leaves the global counter alone;
 * retiring it adds exactly its counts there, unlists it and frees its
 * counters, and a second retire changes nothing.
 */
static void stats_retire_folds_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = stats_xprt(test);
	long g_recvs = svc_rdma_stat_read(SVCRDMA_STAT_RECVS);
	long g_bytes = svc_rdma_stat_read(SVCRDMA_STAT_READ_BYTES);
	long g_conns = svc_rdma_stat_read(SVCRDMA_STAT_CONNECTS);

	svc_rdma_conn_list(sx);
	KUNIT_EXPECT_FALSE(test, list_empty(&sx->sx_conn_link));
	KUNIT_EXPECT_GT(test, sx->sx_conn_id, 0ULL);
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_RECVS);
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_RECVS);
	svc_rdma_xstat_add(sx, SVCRDMA_STAT_READ_BYTES, 65536);
	KUNIT_EXPECT_EQ(test, svc_rdma_stat_read(SVCRDMA_STAT_RECVS), g_recvs);
	KUNIT_EXPECT_EQ(test, svc_rdma_stat_read(SVCRDMA_STAT_READ_BYTES),
			g_bytes);

	svc_rdma_conn_retire(sx);
	KUNIT_EXPECT_TRUE(test, list_empty(&sx->sx_conn_link));
	KUNIT_EXPECT_TRUE(test, !sx->sx_stats);
	KUNIT_EXPECT_EQ(test, svc_rdma_stat_read(SVCRDMA_STAT_RECVS),
			g_recvs + 2);
	KUNIT_EXPECT_EQ(test, svc_rdma_stat_read(SVCRDMA_STAT_READ_BYTES),
			g_bytes + 65536);
	KUNIT_EXPECT_EQ(test, svc_rdma_stat_read(SVCRDMA_STAT_CONNECTS),
			g_conns);

	svc_rdma_conn_retire(sx);
	KUNIT_EXPECT_EQ(test, svc_rdma_stat_read(SVCRDMA_STAT_RECVS),
			g_recvs + 2);
}

/* A connection without counters (a listener) counts in the global ones. */
static void stats_no_counters_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = kunit_kzalloc(test, sizeof(*sx), GFP_KERNEL);
	long g = svc_rdma_stat_read(SVCRDMA_STAT_HDR_DROPS);

	KUNIT_ASSERT_NOT_NULL(test, sx);
	INIT_LIST_HEAD(&sx->sx_conn_link);
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_HDR_DROPS);
	KUNIT_EXPECT_EQ(test, svc_rdma_stat_read(SVCRDMA_STAT_HDR_DROPS), g + 1);
	svc_rdma_conn_retire(sx);	/* nothing to fold or free */
	KUNIT_EXPECT_EQ(test, svc_rdma_stat_read(SVCRDMA_STAT_HDR_DROPS), g + 1);
}

static struct kunit_case svc_rdma_stats_cases[] = {
	KUNIT_CASE(stats_sum_test),
	KUNIT_CASE(stats_conn_range_test),
	KUNIT_CASE(stats_retire_folds_test),
	KUNIT_CASE(stats_no_counters_test),
	{}
};

static struct kunit_suite svc_rdma_stats_suite = {
	.name		= "svcrdma-stats",
	.test_cases	= svc_rdma_stats_cases,
};

kunit_test_suite(svc_rdma_stats_suite);
