// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for the Send context free list: contexts are allocated once
 * (buffer DMA-mapped, SGE array sized for the device), recycled through
 * the connection's free list, release what a Send held when they are put
 * back, are all freed when the connection goes, and are cached no more
 * than the bound that README.md states (credits + backchannel requests).
 *
 * It maps buffers on a real device: the guest's Soft-RoCE device rxe0,
 * which tests/guest/kunit.sh creates before it loads this module.
 */

#include <kunit/test.h>
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <rdma/ib_verbs.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define CTXT_DEVICE	"rxe0"
#define SEND_SIZE	1024
#define SEND_SGES	4
#define MAX_HELD	8
/* credits of the fixture's connection; it caches CREDITS + 2 contexts */
#define CREDITS		MAX_HELD
/* a burst: more Sends at once than the connection caches */
#define BURST		(3 * (CREDITS + SVCRDMA_BC_REQUESTS))

struct ctxt_fixture {
	struct ib_device		*dev;
	struct ib_pd			*pd;
	struct svc_rdma_xprt		*sx;
	long				live_start;
	/* contexts a test holds; put back if it stops early */
	struct svc_rdma_send_ctxt	*held[MAX_HELD];
};

static int ctxt_init(struct kunit *test)
{
	struct ctxt_fixture *fx;
	struct svc_rdma_xprt *sx;

	fx = kunit_kzalloc(test, sizeof(*fx), GFP_KERNEL);
	if (!fx)
		return -ENOMEM;
	test->priv = fx;

	/* A missing device fails each test, with a message: see ctxt_xprt(). */
	fx->dev = ib_device_get_by_name(CTXT_DEVICE, RDMA_DRIVER_UNKNOWN);
	if (!fx->dev)
		return 0;
	fx->pd = ib_alloc_pd(fx->dev, 0);
	if (IS_ERR(fx->pd)) {
		fx->pd = NULL;
		return 0;
	}

	sx = kzalloc(sizeof(*sx), GFP_KERNEL);
	if (!sx)
		return -ENOMEM;
	spin_lock_init(&sx->sx_lock);
	INIT_LIST_HEAD(&sx->sx_accept_q);
	INIT_LIST_HEAD(&sx->sx_accept_link);
	INIT_LIST_HEAD(&sx->sx_ready);
	INIT_LIST_HEAD(&sx->sx_read_done);
	spin_lock_init(&sx->sx_send_lock);
	INIT_LIST_HEAD(&sx->sx_send_free);
	INIT_LIST_HEAD(&sx->sx_orphans);
	spin_lock_init(&sx->sx_rw_lock);
	INIT_LIST_HEAD(&sx->sx_rw_free);
	spin_lock_init(&sx->sx_sq_lock);
	INIT_LIST_HEAD(&sx->sx_sq_waiters);
	atomic_set(&sx->sx_ctxts, 0);
	sx->sx_dev = fx->dev;
	sx->sx_port = 1;
	sx->sx_node = ibdev_to_node(fx->dev);
	sx->sx_pd = fx->pd;
	sx->sx_send_size = SEND_SIZE;
	sx->sx_max_requests = CREDITS;
	sx->sx_max_send_sges = SEND_SGES;
	fx->sx = sx;
	fx->live_start = svc_rdma_stat_read(SVCRDMA_STAT_LIVE_SEND_CTXTS);
	return 0;
}

static void ctxt_exit(struct kunit *test)
{
	struct ctxt_fixture *fx = test->priv;
	unsigned int i;

	if (!fx)
		return;
	if (fx->sx) {
		for (i = 0; i < MAX_HELD; i++)
			if (fx->held[i])
				svc_rdma_send_ctxt_put(fx->sx, fx->held[i]);
		svc_rdma_send_ctxts_destroy(fx->sx);
		kfree(fx->sx);
	}
	if (fx->pd)
		ib_dealloc_pd(fx->pd);
	if (fx->dev)
		ib_device_put(fx->dev);
}

static struct svc_rdma_xprt *ctxt_xprt(struct kunit *test)
{
	struct ctxt_fixture *fx = test->priv;

	KUNIT_ASSERT_NOT_NULL_MSG(test, fx->dev,
				  "no RDMA device %s: load rdma_rxe and add it",
				  CTXT_DEVICE);
	KUNIT_ASSERT_NOT_NULL_MSG(test, fx->pd, "no PD on %s", CTXT_DEVICE);
	KUNIT_ASSERT_NOT_NULL(test, fx->sx);
	return fx->sx;
}

static long live_ctxts(struct kunit *test)
{
	struct ctxt_fixture *fx = test->priv;

	return svc_rdma_stat_read(SVCRDMA_STAT_LIVE_SEND_CTXTS) -
	       fx->live_start;
}

/* Get a context and remember it, so that the exit puts it back. */
static struct svc_rdma_send_ctxt *hold(struct kunit *test)
{
	struct ctxt_fixture *fx = test->priv;
	struct svc_rdma_send_ctxt *sc;
	unsigned int i;

	sc = svc_rdma_send_ctxt_get(fx->sx);
	KUNIT_ASSERT_NOT_NULL(test, sc);
	for (i = 0; i < MAX_HELD; i++) {
		if (!fx->held[i]) {
			fx->held[i] = sc;
			return sc;
		}
	}
	svc_rdma_send_ctxt_put(fx->sx, sc);
	KUNIT_FAIL_AND_ABORT(test, "a test holds at most %d contexts", MAX_HELD);
	return NULL;
}

static void release(struct kunit *test, struct svc_rdma_send_ctxt *sc)
{
	struct ctxt_fixture *fx = test->priv;
	unsigned int i;

	for (i = 0; i < MAX_HELD; i++)
		if (fx->held[i] == sc)
			fx->held[i] = NULL;
	svc_rdma_send_ctxt_put(fx->sx, sc);
}

/* A context as get hands it out: ready for a new Send. */
static void expect_fresh(struct kunit *test, struct svc_rdma_xprt *sx,
			 struct svc_rdma_send_ctxt *sc)
{
	KUNIT_EXPECT_PTR_EQ(test, sc->sc_xprt, sx);
	KUNIT_ASSERT_NOT_NULL(test, sc->sc_buf);
	KUNIT_EXPECT_EQ(test, sc->sc_nr_pages, 0u);
	KUNIT_EXPECT_TRUE(test, list_empty(&sc->sc_rw_list));
	KUNIT_EXPECT_FALSE(test, ib_dma_mapping_error(sx->sx_dev,
						      sc->sc_sges[0].addr));
	/* rxe maps with virtual addresses: the SGE is the buffer itself */
	if (ib_uses_virt_dma(sx->sx_dev))
		KUNIT_EXPECT_EQ(test, sc->sc_sges[0].addr,
				(u64)(uintptr_t)sc->sc_buf);

	/* the buffer and the SGE array are as large as promised (KASAN) */
	memset(sc->sc_buf, 0x5a, sx->sx_send_size);
	sc->sc_sges[sx->sx_max_send_sges - 1].length = 0;
	KUNIT_EXPECT_EQ(test, ((u8 *)sc->sc_buf)[sx->sx_send_size - 1], 0x5a);
}

/* An empty free list: get allocates a context, and counts it. */
static void get_allocates_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = ctxt_xprt(test);
	struct svc_rdma_send_ctxt *sc;

	KUNIT_ASSERT_TRUE(test, list_empty(&sx->sx_send_free));
	KUNIT_ASSERT_EQ(test, live_ctxts(test), 0);
	sc = hold(test);
	expect_fresh(test, sx, sc);
	KUNIT_EXPECT_EQ(test, live_ctxts(test), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_ctxts), 1);
	release(test, sc);
	/* on the free list, still allocated */
	KUNIT_EXPECT_FALSE(test, list_empty(&sx->sx_send_free));
	KUNIT_EXPECT_EQ(test, live_ctxts(test), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_ctxts), 1);
}

/* A context put back is the one the next get returns: no allocation. */
static void put_recycles_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = ctxt_xprt(test);
	struct svc_rdma_send_ctxt *sc, *again;
	void *buf;
	u64 addr;
	int i;

	sc = hold(test);
	buf = sc->sc_buf;
	addr = sc->sc_sges[0].addr;
	release(test, sc);
	for (i = 0; i < 3; i++) {
		again = hold(test);
		KUNIT_EXPECT_PTR_EQ(test, again, sc);
		KUNIT_EXPECT_PTR_EQ(test, again->sc_buf, buf);
		KUNIT_EXPECT_EQ(test, again->sc_sges[0].addr, addr);
		KUNIT_EXPECT_EQ(test, live_ctxts(test), 1);
		KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_ctxts), 1);
		KUNIT_EXPECT_TRUE(test, list_empty(&sx->sx_send_free));
		expect_fresh(test, sx, again);
		release(test, again);
	}
}

/* Contexts in use at once are distinct; put back, they are all reused. */
static void distinct_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = ctxt_xprt(test);
	struct svc_rdma_send_ctxt *sc[5], *again[5];
	unsigned int i, j, found;

	for (i = 0; i < ARRAY_SIZE(sc); i++) {
		sc[i] = hold(test);
		expect_fresh(test, sx, sc[i]);
		for (j = 0; j < i; j++) {
			KUNIT_EXPECT_PTR_NE(test, sc[i], sc[j]);
			KUNIT_EXPECT_PTR_NE(test, sc[i]->sc_buf, sc[j]->sc_buf);
		}
	}
	KUNIT_EXPECT_EQ(test, live_ctxts(test), (long)ARRAY_SIZE(sc));
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_ctxts), (int)ARRAY_SIZE(sc));
	for (i = 0; i < ARRAY_SIZE(sc); i++)
		release(test, sc[i]);

	for (i = 0; i < ARRAY_SIZE(again); i++) {
		again[i] = hold(test);
		found = 0;
		for (j = 0; j < ARRAY_SIZE(sc); j++)
			found += again[i] == sc[j];
		KUNIT_EXPECT_EQ_MSG(test, found, 1u, "get %u: not recycled", i);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_PTR_NE(test, again[i], again[j]);
	}
	KUNIT_EXPECT_EQ(test, live_ctxts(test), (long)ARRAY_SIZE(sc));
	KUNIT_EXPECT_TRUE(test, list_empty(&sx->sx_send_free));
	for (i = 0; i < ARRAY_SIZE(again); i++)
		release(test, again[i]);
}

/*
 * Put releases what the Send held: the reply pages (their references
 * drop back to ours alone) and the mapped SGEs past the first.  It does
 * so once: the next Send from the same context releases nothing more.
 */
static void put_releases_pages_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = ctxt_xprt(test);
	struct svc_rdma_send_ctxt *sc;
	struct page *pages[3];
	u64 dma;
	int i;

	for (i = 0; i < ARRAY_SIZE(pages); i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		if (!pages[i]) {
			while (i--)
				put_page(pages[i]);
			KUNIT_FAIL_AND_ABORT(test, "no memory for pages");
		}
	}

	sc = hold(test);
	for (i = 0; i < ARRAY_SIZE(pages); i++) {
		get_page(pages[i]);
		KUNIT_EXPECT_EQ(test, page_ref_count(pages[i]), 2);
		sc->sc_pages[i] = pages[i];
	}
	sc->sc_nr_pages = ARRAY_SIZE(pages);
	dma = ib_dma_map_page(sx->sx_dev, pages[0], 0, PAGE_SIZE,
			      DMA_TO_DEVICE);
	KUNIT_EXPECT_FALSE(test, ib_dma_mapping_error(sx->sx_dev, dma));
	sc->sc_sges[1].addr = dma;
	sc->sc_sges[1].length = PAGE_SIZE;
	sc->sc_sges[1].lkey = sx->sx_pd->local_dma_lkey;
	sc->sc_nr_sges = 2;
	release(test, sc);
	for (i = 0; i < ARRAY_SIZE(pages); i++)
		KUNIT_EXPECT_EQ_MSG(test, page_ref_count(pages[i]), 1,
				    "page %d", i);

	/* hold a second reference, so that a double put cannot free it */
	for (i = 0; i < ARRAY_SIZE(pages); i++)
		get_page(pages[i]);
	sc = hold(test);
	KUNIT_EXPECT_EQ(test, sc->sc_nr_pages, 0u);
	release(test, sc);
	for (i = 0; i < ARRAY_SIZE(pages); i++) {
		KUNIT_EXPECT_EQ_MSG(test, page_ref_count(pages[i]), 2,
				    "page %d released twice", i);
		put_page(pages[i]);
		put_page(pages[i]);
	}
}

/* Destroy frees every context on the free list. */
static void destroy_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = ctxt_xprt(test);
	struct svc_rdma_send_ctxt *sc[4];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sc); i++)
		sc[i] = hold(test);
	KUNIT_EXPECT_EQ(test, live_ctxts(test), (long)ARRAY_SIZE(sc));
	for (i = 0; i < ARRAY_SIZE(sc); i++)
		release(test, sc[i]);
	KUNIT_EXPECT_EQ(test, live_ctxts(test), (long)ARRAY_SIZE(sc));
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_ctxts), (int)ARRAY_SIZE(sc));

	svc_rdma_send_ctxts_destroy(sx);
	KUNIT_EXPECT_EQ(test, live_ctxts(test), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_ctxts), 0);
	KUNIT_EXPECT_TRUE(test, list_empty(&sx->sx_send_free));

	/* and the list works again after it */
	sc[0] = hold(test);
	KUNIT_EXPECT_EQ(test, live_ctxts(test), 1);
	release(test, sc[0]);
	svc_rdma_send_ctxts_destroy(sx);
	KUNIT_EXPECT_EQ(test, live_ctxts(test), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_ctxts), 0);
}

/*
 * The bound the README states: a connection keeps at most its credits
 * plus the backchannel's requests in Send contexts once its Sends are
 * done.  Worked out here, not taken from the code under test.
 */
static long cache_bound(const struct svc_rdma_xprt *sx)
{
	return sx->sx_max_requests + SVCRDMA_BC_REQUESTS;
}

/* Free contexts, counted by walking the list; none may pin a page. */
static long free_ctxts(struct kunit *test, struct svc_rdma_xprt *sx)
{
	struct svc_rdma_send_ctxt *sc;
	long n = 0, pinning = 0;

	spin_lock(&sx->sx_send_lock);
	list_for_each_entry(sc, &sx->sx_send_free, sc_list) {
		if (sc->sc_nr_pages || !list_empty(&sc->sc_rw_list))
			pinning++;
		n++;
	}
	spin_unlock(&sx->sx_send_lock);
	KUNIT_EXPECT_EQ_MSG(test, pinning, 0L,
			    "free contexts that hold pages or rw contexts");
	return n;
}

/*
 * Take @n contexts at once, each carrying a reference to @page as a
 * reply's page would, then complete them all.  Returns how many it got.
 */
static unsigned int burst(struct kunit *test, struct svc_rdma_xprt *sx,
			  struct svc_rdma_send_ctxt **sc, unsigned int n,
			  struct page *page)
{
	unsigned int i, got;

	for (got = 0; got < n; got++) {
		sc[got] = svc_rdma_send_ctxt_get(sx);
		if (!sc[got])
			break;
		get_page(page);
		sc[got]->sc_pages[0] = page;
		sc[got]->sc_nr_pages = 1;
	}
	KUNIT_EXPECT_EQ_MSG(test, got, n, "out of memory for contexts");
	KUNIT_EXPECT_GE(test, live_ctxts(test), (long)got);
	KUNIT_EXPECT_EQ(test, page_ref_count(page), 1 + (int)got);
	for (i = 0; i < got; i++)
		svc_rdma_send_ctxt_put(sx, sc[i]);
	return got;
}

/*
 * A burst of large replies takes more contexts than the connection
 * caches.  Once they complete, the connection holds no more than the
 * bound, the excess is freed, and no cached context pins a reply page.
 * Bursts that follow reuse the cache and leave it at the bound; a burst
 * smaller than the bound allocates nothing.
 */
static void burst_bounded_test(struct kunit *test)
{
	struct svc_rdma_xprt *sx = ctxt_xprt(test);
	struct svc_rdma_send_ctxt **sc;
	long bound = cache_bound(sx);
	struct page *page;
	int round;

	sc = kunit_kcalloc(test, BURST, sizeof(*sc), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sc);
	page = alloc_page(GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, page);

	for (round = 0; round < 3; round++) {
		if (burst(test, sx, sc, BURST, page) < BURST)
			break;
		KUNIT_EXPECT_EQ_MSG(test, live_ctxts(test), bound,
				    "round %d: %ld contexts live after a burst of %d; the bound is %ld",
				    round, live_ctxts(test), BURST, bound);
		KUNIT_EXPECT_EQ(test, atomic_read(&sx->sx_ctxts), (int)bound);
		KUNIT_EXPECT_EQ(test, free_ctxts(test, sx), bound);
		KUNIT_EXPECT_EQ_MSG(test, page_ref_count(page), 1,
				    "round %d: cached contexts pin the reply page",
				    round);
	}

	/* within the bound: every context comes from the cache */
	burst(test, sx, sc, bound - 1, page);
	KUNIT_EXPECT_EQ(test, live_ctxts(test), bound);
	KUNIT_EXPECT_EQ(test, free_ctxts(test, sx), bound);

	svc_rdma_send_ctxts_destroy(sx);
	KUNIT_EXPECT_EQ(test, live_ctxts(test), 0);
	KUNIT_EXPECT_EQ(test, page_ref_count(page), 1);
	put_page(page);
}

/*
 * The free list's length is kept at its top (no walk): gets and puts
 * interleaved in uneven steps never let the cache grow past the bound,
 * every context is either in use or on the list, and a put-back after
 * more than the bound were in use leaves the cache exactly full.
 */
static void interleaved_bounded_test(struct kunit *test)
{
	static const int steps[] = { 5, -3, 7, -9, 12, -12, 1, -1, 15, -15 };
	struct svc_rdma_xprt *sx = ctxt_xprt(test);
	struct svc_rdma_send_ctxt **sc;
	long bound = cache_bound(sx);
	unsigned int i, n = 0;
	int k;

	sc = kunit_kcalloc(test, BURST, sizeof(*sc), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sc);
	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		for (k = 0; k < steps[i] && n < BURST; k++) {
			sc[n] = svc_rdma_send_ctxt_get(sx);
			if (!sc[n])
				break;
			n++;
		}
		for (k = 0; k > steps[i] && n; k--)
			svc_rdma_send_ctxt_put(sx, sc[--n]);
		KUNIT_EXPECT_LE_MSG(test, free_ctxts(test, sx), bound,
				    "step %u", i);
		KUNIT_EXPECT_EQ_MSG(test, live_ctxts(test),
				    n + free_ctxts(test, sx),
				    "step %u: %u in use", i, n);
	}
	while (n)
		svc_rdma_send_ctxt_put(sx, sc[--n]);
	/* the last burst took more than the bound: the cache is full */
	KUNIT_EXPECT_EQ(test, live_ctxts(test), bound);
	KUNIT_EXPECT_EQ(test, free_ctxts(test, sx), bound);
}

static struct kunit_case svc_rdma_ctxt_cases[] = {
	KUNIT_CASE(get_allocates_test),
	KUNIT_CASE(put_recycles_test),
	KUNIT_CASE(distinct_test),
	KUNIT_CASE(put_releases_pages_test),
	KUNIT_CASE(destroy_test),
	KUNIT_CASE(burst_bounded_test),
	KUNIT_CASE(interleaved_bounded_test),
	{}
};

static struct kunit_suite svc_rdma_ctxt_suite = {
	.name		= "svcrdma-send-ctxt",
	.init		= ctxt_init,
	.exit		= ctxt_exit,
	.test_cases	= svc_rdma_ctxt_cases,
};

kunit_test_suite(svc_rdma_ctxt_suite);
