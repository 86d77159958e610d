// SPDX-License-Identifier: GPL-2.0-only
/*
 * Posting to the Send Queue: its accounting, Send contexts, chains of
 * WRs, and the completions of Sends and Writes.
 *
 * Operation
 *
 * Everything the server posts to a connection's Send Queue goes through
 * this file: RDMA Reads for a Call's Read chunks (svc_rdma_rw.c builds
 * them), and replies, RDMA_ERROR and backchannel Calls, each a Send
 * behind the Writes that go before it.
 *
 * Send Queue accounting.  Before a chain is posted, its WRs are reserved
 * from sx_sq_avail; svc_rdma_sq_reserve() is the one place that holds a
 * chain to the Send Queue's depth.  A thread that cannot get its entries
 * waits in a FIFO queue: entries given back go to the oldest waiter
 * first, and no later arrival may take entries while anyone waits, so a
 * large reply is never starved by small ones.  Closing the connection
 * wakes every waiter with an error.
 *
 * Chains.  A chain is posted with one ib_post_send().  Only its last WR
 * is signaled: its completion means every WR before it completed (RC Send
 * Queues complete in order) and gives the chain's entries back at once.
 * The Writes ahead of a Send are unsignaled and carry a completion entry
 * that only a failure fires, so that a bad rkey is seen where it
 * happened.  Whenever a post fails part way, the WRs that were posted may
 * still run, so whatever they use is kept on the connection's orphan
 * list until the QP is drained.
 *
 * Send contexts carry one Send each: the transport header in a buffer
 * mapped once, the reply's SGEs, its rw contexts and its pages.  The
 * Send's completion releases them all and recycles the context.
 *
 * The functions marked ALLOW_ERROR_INJECTION below are where this file
 * allocates, maps or posts; fail_function can make each fail (see
 * tests/guest/faults.sh).  They are noinline so that every call goes
 * through the marked symbol.
 */

#include <linux/error-injection.h>
#include <linux/slab.h>
#include <kunit/visibility.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"
#include "svc_rdma_trace.h"

static void svc_rdma_wc_send(struct ib_cq *cq, struct ib_wc *wc);

/*
 * Send contexts come from a cache of their own, so that failslab can aim
 * at it alone (see svc_rdma.c).
 */
static struct kmem_cache *svc_rdma_send_ctxt_cache;

/**
 * svc_rdma_post_init - Create the Send context cache
 *
 * Return: %0, or %-ENOMEM.
 */
int svc_rdma_post_init(void)
{
	svc_rdma_send_ctxt_cache = KMEM_CACHE(svc_rdma_send_ctxt, 0);
	return svc_rdma_send_ctxt_cache ? 0 : -ENOMEM;
}

/**
 * svc_rdma_post_exit - Destroy the Send context cache
 *
 * Every connection, hence every Send context, is gone.
 */
void svc_rdma_post_exit(void)
{
	kmem_cache_destroy(svc_rdma_send_ctxt_cache);
}

/* Send Queue accounting */

struct svc_rdma_sq_waiter {
	struct list_head	list;
	unsigned int		need;
	int			status;
	struct completion	done;
};

/**
 * svc_rdma_sq_reserve - Reserve Send Queue entries, waiting in turn
 * @sx: the connection
 * @count: entries needed
 *
 * Process context; may sleep.
 *
 * Return:
 *   %0 when @count entries are reserved;
 *   %-ENOTCONN if the connection is closing;
 *   %-E2BIG if @count exceeds the whole Send Queue.
 */
int svc_rdma_sq_reserve(struct svc_rdma_xprt *sx, unsigned int count)
{
	struct svc_rdma_sq_waiter w;

	spin_lock_bh(&sx->sx_sq_lock);
	if (test_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags)) {
		spin_unlock_bh(&sx->sx_sq_lock);
		return -ENOTCONN;
	}
	if (count >= sx->sx_sq_depth) {
		spin_unlock_bh(&sx->sx_sq_lock);
		return -E2BIG;
	}
	if (list_empty(&sx->sx_sq_waiters) && sx->sx_sq_avail >= count) {
		sx->sx_sq_avail -= count;
		spin_unlock_bh(&sx->sx_sq_lock);
		return 0;
	}
	w.need = count;
	w.status = 0;
	init_completion(&w.done);
	list_add_tail(&w.list, &sx->sx_sq_waiters);
	trace_svcrdma_sq_wait(sx, count, sx->sx_sq_avail);
	spin_unlock_bh(&sx->sx_sq_lock);

	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_SQ_WAITS);
	wait_for_completion(&w.done);
	return w.status;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_sq_reserve);

/* Called with sx_sq_lock held. */
static void svc_rdma_sq_grant(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_sq_waiter *w, *next;

	list_for_each_entry_safe(w, next, &sx->sx_sq_waiters, list) {
		if (w->need > sx->sx_sq_avail)
			break;		/* first come, first served */
		sx->sx_sq_avail -= w->need;
		list_del(&w->list);
		complete(&w->done);
	}
}

/**
 * svc_rdma_sq_release - Give back Send Queue entries
 * @sx: the connection
 * @count: entries whose WRs have completed
 */
void svc_rdma_sq_release(struct svc_rdma_xprt *sx, unsigned int count)
{
	spin_lock_bh(&sx->sx_sq_lock);
	sx->sx_sq_avail += count;
	svc_rdma_sq_grant(sx);
	spin_unlock_bh(&sx->sx_sq_lock);
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_sq_release);

/**
 * svc_rdma_sq_shutdown - Fail every waiter; refuse new reservations
 * @sx: a connection that is closing (SVCRDMA_XF_CLOSING is set)
 */
void svc_rdma_sq_shutdown(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_sq_waiter *w, *next;

	spin_lock_bh(&sx->sx_sq_lock);
	list_for_each_entry_safe(w, next, &sx->sx_sq_waiters, list) {
		list_del(&w->list);
		w->status = -ENOTCONN;
		complete(&w->done);
	}
	spin_unlock_bh(&sx->sx_sq_lock);
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_sq_shutdown);

/*
 * Send contexts.
 *
 * The cache and its bound.  A context costs its own slab object (with
 * room for a whole reply's page pointers) and a DMA-mapped buffer of
 * sx_send_size bytes; both stay allocated while it waits on the free
 * list.  The reply's pages and rw contexts do not: put releases them
 * before the context is cached, so a free context pins nothing else.
 *
 * A connection needs at most one Send at a time per credit (a reply, or
 * the RDMA_ERROR in its place) and per backchannel request, which is what
 * its Send Queue is sized for.  The free list keeps no more than that,
 * svc_rdma_send_cache_max(); a context put back onto a full list is freed.
 * A burst may briefly use more (a reply's Send still completing after the
 * client, which has its credit back, sent the next Call), but a connection
 * at rest holds at most svc_rdma_send_cache_max() Send contexts.
 */

/* The most free Send contexts @sx keeps for reuse. */
static unsigned int svc_rdma_send_cache_max(const struct svc_rdma_xprt *sx)
{
	return sx->sx_max_requests + SVCRDMA_BC_REQUESTS;
}

/* Maps a new Send buffer for the device, for the context's life. */
static noinline int svc_rdma_send_buf_map(struct svc_rdma_xprt *sx,
					  struct svc_rdma_send_ctxt *sc)
{
	u64 addr;

	addr = ib_dma_map_single(sx->sx_dev, sc->sc_buf, sx->sx_send_size,
				 DMA_TO_DEVICE);
	if (ib_dma_mapping_error(sx->sx_dev, addr))
		return -EIO;
	sc->sc_sges[0].addr = addr;
	return 0;
}

ALLOW_ERROR_INJECTION(svc_rdma_send_buf_map, ERRNO);

static noinline struct svc_rdma_send_ctxt *
svc_rdma_send_ctxt_alloc(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_send_ctxt *sc;

	sc = kmem_cache_alloc_node(svc_rdma_send_ctxt_cache,
				   GFP_KERNEL | __GFP_ZERO, sx->sx_node);
	if (!sc)
		goto out;
	sc->sc_buf = kmalloc_node(sx->sx_send_size, GFP_KERNEL, sx->sx_node);
	if (!sc->sc_buf)
		goto out_free;
	if (svc_rdma_send_buf_map(sx, sc))
		goto out_buf;

	sc->sc_xprt = sx;
	sc->sc_cqe.done = svc_rdma_wc_send;
	INIT_LIST_HEAD(&sc->sc_rw_list);
	atomic_inc(&sx->sx_ctxts);
	svc_rdma_stat_inc(SVCRDMA_STAT_LIVE_SEND_CTXTS);
	return sc;

out_buf:
	kfree(sc->sc_buf);
out_free:
	kmem_cache_free(svc_rdma_send_ctxt_cache, sc);
out:
	return NULL;
}

ALLOW_ERROR_INJECTION(svc_rdma_send_ctxt_alloc, NULL);

static void svc_rdma_send_ctxt_free(struct svc_rdma_xprt *sx,
				    struct svc_rdma_send_ctxt *sc)
{
	ib_dma_unmap_single(sx->sx_dev, sc->sc_sges[0].addr, sx->sx_send_size,
			    DMA_TO_DEVICE);
	kfree(sc->sc_buf);
	kmem_cache_free(svc_rdma_send_ctxt_cache, sc);
	atomic_dec(&sx->sx_ctxts);
	svc_rdma_stat_dec(SVCRDMA_STAT_LIVE_SEND_CTXTS);
}

/**
 * svc_rdma_send_ctxt_get - Take a Send context from the free list
 * @sx: the connection
 *
 * Allocates one when the free list is empty.  Process context.  Every
 * caller copes with NULL, so fault injection may return it (noinline:
 * callers in this file too go through the marked symbol).
 *
 * Return: a context holding nothing, with only its header SGE in use; or
 * NULL if none could be allocated.
 */
noinline struct svc_rdma_send_ctxt *svc_rdma_send_ctxt_get(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_send_ctxt *sc;

	spin_lock_bh(&sx->sx_send_lock);
	sc = list_first_entry_or_null(&sx->sx_send_free,
				      struct svc_rdma_send_ctxt, sc_list);
	if (sc) {
		list_del(&sc->sc_list);
		sx->sx_send_nr_free--;
	}
	spin_unlock_bh(&sx->sx_send_lock);
	if (!sc)
		sc = svc_rdma_send_ctxt_alloc(sx);
	if (!sc)
		return NULL;
	sc->sc_len = 0;
	sc->sc_nr_sges = 1;
	sc->sc_wr_count = 0;
	sc->sc_nr_pages = 0;
	return sc;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_send_ctxt_get);
ALLOW_ERROR_INJECTION(svc_rdma_send_ctxt_get, NULL);

/**
 * svc_rdma_send_ctxt_put - Release what a Send held; recycle its context
 * @sx: the connection
 * @sc: a context whose WRs completed, or were never posted
 *
 * Unmaps the reply's SGEs, releases its rw contexts and its pages, and
 * puts @sc back on the free list, or frees it when the list already
 * holds svc_rdma_send_cache_max() contexts.  Any context; it does not
 * sleep.
 */
void svc_rdma_send_ctxt_put(struct svc_rdma_xprt *sx,
			    struct svc_rdma_send_ctxt *sc)
{
	unsigned int i;

	for (i = 1; i < sc->sc_nr_sges; i++)
		ib_dma_unmap_page(sx->sx_dev, sc->sc_sges[i].addr,
				  sc->sc_sges[i].length, DMA_TO_DEVICE);
	sc->sc_nr_sges = 1;
	svc_rdma_chain_release(sx, &sc->sc_rw_list);
	for (i = 0; i < sc->sc_nr_pages; i++)
		put_page(sc->sc_pages[i]);
	sc->sc_nr_pages = 0;

	spin_lock_bh(&sx->sx_send_lock);
	if (sx->sx_send_nr_free < svc_rdma_send_cache_max(sx)) {
		list_add(&sc->sc_list, &sx->sx_send_free);
		sx->sx_send_nr_free++;
		sc = NULL;
	}
	spin_unlock_bh(&sx->sx_send_lock);
	if (sc)
		svc_rdma_send_ctxt_free(sx, sc);
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_send_ctxt_put);

/**
 * svc_rdma_orphan - Keep a context until the QP is drained
 * @sx: a closing connection
 * @sc: holds resources of WRs that may still run
 */
void svc_rdma_orphan(struct svc_rdma_xprt *sx, struct svc_rdma_send_ctxt *sc)
{
	spin_lock_bh(&sx->sx_send_lock);
	list_add(&sc->sc_list, &sx->sx_orphans);
	spin_unlock_bh(&sx->sx_send_lock);
}

/**
 * svc_rdma_send_ctxts_destroy - Free every Send context
 * @sx: a connection whose QP is drained (or that never had one)
 *
 * Orphans are released first, then everything on the free list is freed.
 */
void svc_rdma_send_ctxts_destroy(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_send_ctxt *sc, *next;
	LIST_HEAD(orphans);

	spin_lock_bh(&sx->sx_send_lock);
	list_splice_init(&sx->sx_orphans, &orphans);
	spin_unlock_bh(&sx->sx_send_lock);
	list_for_each_entry_safe(sc, next, &orphans, sc_list) {
		list_del(&sc->sc_list);
		svc_rdma_send_ctxt_put(sx, sc);
	}
	list_for_each_entry_safe(sc, next, &sx->sx_send_free, sc_list) {
		list_del(&sc->sc_list);
		svc_rdma_send_ctxt_free(sx, sc);
	}
	sx->sx_send_nr_free = 0;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_send_ctxts_destroy);

/* A Send completes after every WR chained ahead of it. */
static void svc_rdma_wc_send(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svc_rdma_xprt *sx = cq->cq_context;
	struct svc_rdma_send_ctxt *sc =
		container_of(wc->wr_cqe, struct svc_rdma_send_ctxt, sc_cqe);

	svc_rdma_sq_release(sx, sc->sc_wr_count);
	if (unlikely(wc->status != IB_WC_SUCCESS)) {
		if (wc->status != IB_WC_WR_FLUSH_ERR) {
			svc_rdma_xstat_inc(sx, SVCRDMA_STAT_SEND_ERRORS);
			trace_svcrdma_wc_err(sx, "send", wc);
		}
		svc_rdma_xprt_close(sx, "send completion error");
	}
	svc_rdma_send_ctxt_put(sx, sc);
}

/**
 * svc_rdma_wc_write - Completion of a Write ahead of a Send
 * @cq: the Send CQ
 * @wc: the completion
 *
 * The Writes ahead of a Send are unsignaled, so they complete only when
 * they fail: a bad rkey, or an offset outside the client's region.  The
 * Send behind them is then flushed; this is where the cause is seen.
 */
void svc_rdma_wc_write(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svc_rdma_xprt *sx = cq->cq_context;

	if (wc->status == IB_WC_SUCCESS)
		return;
	if (wc->status != IB_WC_WR_FLUSH_ERR) {
		svc_rdma_xstat_inc(sx, SVCRDMA_STAT_SEND_ERRORS);
		trace_svcrdma_wc_err(sx, "write", wc);
	}
	svc_rdma_xprt_close(sx, "RDMA Write failed");
}

/* Gives each Write of a chain the completion that reports its failure. */
static void svc_rdma_watch_writes(struct svc_rdma_xprt *sx,
				  struct ib_send_wr *first,
				  const struct ib_send_wr *tail)
{
	struct ib_send_wr *wr;

	for (wr = first; wr && wr != tail; wr = wr->next)
		if (!wr->wr_cqe)
			wr->wr_cqe = &sx->sx_write_cqe;
}

/* The one ib_post_send(): on failure *@bad is the first WR not posted. */
static noinline int svc_rdma_ib_post_send(struct svc_rdma_xprt *sx,
					  struct ib_send_wr *first,
					  const struct ib_send_wr **bad)
{
	return ib_post_send(sx->sx_qp, first, bad);
}

ALLOW_ERROR_INJECTION(svc_rdma_ib_post_send, ERRNO);

/**
 * svc_rdma_post_chain - Post rw contexts followed by one last WR
 * @sx: the connection
 * @rw_list: the rw contexts, in posting order
 * @cqe: completion entry for the last rw WR; only when @tail is NULL
 * @tail: the WR to post last (a Send), or NULL
 *
 * A chain with no rw context and no @tail has nothing that could ever
 * complete: it is refused, so that nobody waits on it.  After a failed
 * post the connection is closing.
 *
 * Return: what went out, as an &enum svc_rdma_posted.
 */
enum svc_rdma_posted svc_rdma_post_chain(struct svc_rdma_xprt *sx,
					 struct list_head *rw_list,
					 struct ib_cqe *cqe,
					 struct ib_send_wr *tail)
{
	const struct ib_send_wr *bad = NULL;
	struct ib_send_wr *first;
	int ret;

	if (!tail && list_empty(rw_list))
		return SVCRDMA_POSTED_EMPTY;
	first = svc_rdma_chain_wrs(sx, rw_list, tail ? NULL : cqe, tail);
	if (tail)
		svc_rdma_watch_writes(sx, first, tail);
	ret = svc_rdma_ib_post_send(sx, first, &bad);
	if (!ret)
		return SVCRDMA_POSTED_ALL;
	trace_svcrdma_post_err(sx, ret);
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_SEND_ERRORS);
	svc_rdma_xprt_close(sx, "post failed");
	/* a failure that names no WR (an injected one) may have posted some */
	return bad == first ? SVCRDMA_POSTED_NONE : SVCRDMA_POSTED_SOME;
}

/**
 * svc_rdma_post_send - Post a Send context's Writes and its Send
 * @sx: the connection
 * @sc: holds the header (sc_len bytes), SGEs, rw contexts and pages
 * @rw_wrs: Send Queue entries @sc's rw contexts need
 * @inv_rkey: an rkey to invalidate remotely, or 0
 *
 * Waits, in turn, for Send Queue entries.  @sc belongs to the Send from
 * here on: its completion releases it, and the entries.
 *
 * Return:
 * * %0 - the Send is posted.
 * * %-E2BIG - the Writes and the Send need more entries than the whole
 *   Send Queue has; nothing is posted, @sc is released, and the
 *   connection stays up.
 * * %-ENOTCONN - the connection is closing.  @sc is released, or kept
 *   until the QP drains when some of its WRs went out.
 */
int svc_rdma_post_send(struct svc_rdma_xprt *sx, struct svc_rdma_send_ctxt *sc,
		       unsigned int rw_wrs, u32 inv_rkey)
{
	struct ib_send_wr *wr = &sc->sc_wr;
	int ret;

	sc->sc_wr_count = rw_wrs + 1;
	ret = svc_rdma_sq_reserve(sx, sc->sc_wr_count);
	if (ret)
		goto out_put;
	sc->sc_sges[0].length = sc->sc_len;
	sc->sc_sges[0].lkey = sx->sx_pd->local_dma_lkey;
	ib_dma_sync_single_for_device(sx->sx_dev, sc->sc_sges[0].addr,
				      sc->sc_len, DMA_TO_DEVICE);
	memset(wr, 0, sizeof(*wr));
	wr->wr_cqe = &sc->sc_cqe;
	wr->sg_list = sc->sc_sges;
	wr->num_sge = sc->sc_nr_sges;
	wr->send_flags = IB_SEND_SIGNALED;
	if (inv_rkey) {
		wr->opcode = IB_WR_SEND_WITH_INV;
		wr->ex.invalidate_rkey = inv_rkey;
		svc_rdma_xstat_inc(sx, SVCRDMA_STAT_SEND_W_INV);
	} else {
		wr->opcode = IB_WR_SEND;
	}

	switch (svc_rdma_post_chain(sx, &sc->sc_rw_list, NULL, wr)) {
	case SVCRDMA_POSTED_ALL:
		return 0;
	case SVCRDMA_POSTED_SOME:
		svc_rdma_orphan(sx, sc);
		return -ENOTCONN;
	default:
		svc_rdma_sq_release(sx, sc->sc_wr_count);
		ret = -ENOTCONN;
		goto out_put;
	}

out_put:
	svc_rdma_send_ctxt_put(sx, sc);
	return ret == -E2BIG ? ret : -ENOTCONN;
}
