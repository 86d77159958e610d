// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for the Send Queue accounting: threads that wait for Send
 * Queue entries are served in turn, and a connection that closes while
 * they sleep wakes every one of them with an error.
 *
 * The connection is a bare struct svc_rdma_xprt with no QP: the waits
 * and wake-ups under test touch only its Send Queue fields, and
 * svc_rdma_xprt_close() queues no work on a connection without a QP.
 * XPT_BUSY is set, as svc_xprt_init() leaves it on a transport sunrpc
 * has not added, so the close's svc_xprt_deferred_close() only records
 * XPT_CLOSE.  Each waiter is a kthread; a waiter that is never woken is
 * reported as a failure and then freed by svc_rdma_sq_shutdown(), so a
 * failing run leaves no thread asleep.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "svc_rdma.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define SQ_DEPTH	8
#define SQ_WAITERS	4
#define SQ_WAKE_MS	5000	/* a TCG guest with KASAN is slow */

struct sq_waiter {
	struct svc_rdma_xprt	*sx;
	unsigned int		need;
	int			status;
	struct completion	done;
};

static int sq_waiter_fn(void *arg)
{
	struct sq_waiter *w = arg;

	w->status = svc_rdma_sq_reserve(w->sx, w->need);
	complete(&w->done);
	return 0;
}

static struct svc_rdma_xprt *sq_xprt(struct kunit *test)
{
	struct svc_rdma_xprt *sx = kunit_kzalloc(test, sizeof(*sx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, sx);
	spin_lock_init(&sx->sx_sq_lock);
	INIT_LIST_HEAD(&sx->sx_sq_waiters);
	sx->sx_sq_depth = SQ_DEPTH;
	sx->sx_sq_avail = 0;		/* every entry is taken */
	set_bit(XPT_BUSY, &sx->sx_xprt.xpt_flags);
	return sx;
}

/* Waiters queued on @sx's Send Queue right now. */
static unsigned int sq_queued(struct svc_rdma_xprt *sx)
{
	struct list_head *pos;
	unsigned int n = 0;

	spin_lock(&sx->sx_sq_lock);
	list_for_each(pos, &sx->sx_sq_waiters)
		n++;
	spin_unlock(&sx->sx_sq_lock);
	return n;
}

/* Starts @n waiters for @need entries each; returns once all sleep. */
static struct sq_waiter *sq_start(struct kunit *test,
				  struct svc_rdma_xprt *sx, unsigned int n,
				  unsigned int need)
{
	struct sq_waiter *w = kunit_kcalloc(test, n, sizeof(*w), GFP_KERNEL);
	struct task_struct *t;
	unsigned int i, tries;

	KUNIT_ASSERT_NOT_NULL(test, w);
	for (i = 0; i < n; i++) {
		w[i].sx = sx;
		w[i].need = need;
		w[i].status = 1;	/* not returned yet */
		init_completion(&w[i].done);
		t = kthread_run(sq_waiter_fn, &w[i], "svcrdma-sq-%u", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	}
	for (tries = 0; sq_queued(sx) < n && tries < SQ_WAKE_MS / 10; tries++)
		msleep(20);
	KUNIT_ASSERT_EQ(test, sq_queued(sx), n);
	return w;
}

/*
 * Waits for each waiter; one still asleep is a failure, and is woken
 * here so that the test leaves no thread behind.  Returns how many had
 * returned on their own.
 */
static unsigned int sq_reap(struct kunit *test, struct svc_rdma_xprt *sx,
			    struct sq_waiter *w, unsigned int n)
{
	unsigned int i, woken = 0;

	for (i = 0; i < n; i++) {
		if (wait_for_completion_timeout(&w[i].done,
						msecs_to_jiffies(SQ_WAKE_MS))) {
			woken++;
			continue;
		}
		KUNIT_FAIL(test, "waiter %u still asleep after %u ms", i,
			   SQ_WAKE_MS);
		set_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags);
		svc_rdma_sq_shutdown(sx);
		wait_for_completion(&w[i].done);
	}
	return woken;
}

/* Entries given back go to the waiters, oldest first, as they fit. */
static void sq_release_serves_waiters_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = sq_xprt(test);
	struct sq_waiter *w = sq_start(test, sx, SQ_WAITERS, 2);
	unsigned int i;

	/* none can be served yet */
	msleep(50);
	for (i = 0; i < SQ_WAITERS; i++)
		KUNIT_EXPECT_FALSE(test, completion_done(&w[i].done));
	svc_rdma_sq_release(sx, 2 * SQ_WAITERS);
	KUNIT_EXPECT_EQ(test, sq_reap(test, sx, w, SQ_WAITERS),
			(unsigned int)SQ_WAITERS);
	for (i = 0; i < SQ_WAITERS; i++)
		KUNIT_EXPECT_EQ(test, w[i].status, 0);
	KUNIT_EXPECT_EQ(test, sx->sx_sq_avail, 0u);
}

/* Closing the connection wakes every waiter with -ENOTCONN. */
static void sq_close_wakes_waiters_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = sq_xprt(test);
	struct sq_waiter *w = sq_start(test, sx, SQ_WAITERS, 2);
	unsigned int i;

	svc_rdma_xprt_close(sx, "kunit");
	KUNIT_EXPECT_EQ(test, sq_reap(test, sx, w, SQ_WAITERS),
			(unsigned int)SQ_WAITERS);
	for (i = 0; i < SQ_WAITERS; i++)
		KUNIT_EXPECT_EQ(test, w[i].status, -ENOTCONN);
	KUNIT_EXPECT_EQ(test, sq_queued(sx), 0u);
	KUNIT_EXPECT_TRUE(test, test_bit(XPT_CLOSE, &sx->sx_xprt.xpt_flags));

	/* and nobody waits on a closed connection: refused at once */
	KUNIT_EXPECT_EQ(test, svc_rdma_sq_reserve(sx, 1), -ENOTCONN);
}

/* A reservation larger than the whole Send Queue is refused, not queued. */
static void sq_too_big_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = sq_xprt(test);

	KUNIT_EXPECT_EQ(test, svc_rdma_sq_reserve(sx, SQ_DEPTH), -E2BIG);
	KUNIT_EXPECT_EQ(test, sq_queued(sx), 0u);
}

static struct kunit_case svc_rdma_sq_cases[] = {
	KUNIT_CASE(sq_release_serves_waiters_test),
	KUNIT_CASE(sq_close_wakes_waiters_test),
	KUNIT_CASE(sq_too_big_test),
	{}
};

static struct kunit_suite svc_rdma_sq_suite = {
	.name		= "svcrdma-sq",
	.test_cases	= svc_rdma_sq_cases,
};

kunit_test_suite(svc_rdma_sq_suite);
