// SPDX-License-Identifier: GPL-2.0-only
/*
 * The RDMA Read and Write engine, on the core's rdma_rw_ctx API.
 *
 * Operation
 *
 * One rw context moves one segment: it maps a scatterlist over the local
 * pages and builds the RDMA Read or Write WRs (and, on devices that need
 * them, memory registrations) for the segment's rkey and offset.  Contexts
 * are cached per connection and keep their first scatterlist chunk.
 *
 * Contexts are posted as a chain, one ib_post_send() for a whole Call's
 * Reads, or for a reply's Writes together with its Send.  Only the
 * chain's last WR is signaled: its completion means every WR before it
 * completed (RC Send Queues complete in order), and frees the chain's
 * Send Queue entries at once.
 *
 * Send Queue accounting.  Before a chain is posted, its WRs are reserved
 * from sx_sq_avail.  A thread that cannot get them waits in a FIFO queue:
 * entries given back go to the oldest waiter first, and no later arrival
 * may take entries while anyone waits, so a large reply is never starved
 * by small ones.  Closing the connection wakes every waiter with an error.
 *
 * Reads.  nfsd threads wait for their Reads: svc_rdma_read_chunks()
 * posts the chain and sleeps until its last WR completes.  A failed Read
 * closes the connection.  Whenever a post fails part way, the WRs that
 * were posted may still be running, so the pages and mappings they use
 * are handed to the connection's orphan list and released only after the
 * QP is drained.  A Read takes the Send context that would carry them
 * there before it posts, so that this never needs memory.
 */

#include <linux/error-injection.h>
#include <linux/slab.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/xdr.h>
#include <kunit/visibility.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"
#include "svc_rdma_trace.h"

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
 * Return values:
 *   %0 when @count entries are reserved;
 *   %-ENOTCONN if the connection is closing;
 *   %-E2BIG if @count exceeds the whole Send Queue.
 */
int svc_rdma_sq_reserve(struct svc_rdma_xprt *sx, unsigned int count)
{
	struct svc_rdma_sq_waiter w;

	spin_lock(&sx->sx_sq_lock);
	if (test_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags)) {
		spin_unlock(&sx->sx_sq_lock);
		return -ENOTCONN;
	}
	if (count >= sx->sx_sq_depth) {
		spin_unlock(&sx->sx_sq_lock);
		return -E2BIG;
	}
	if (list_empty(&sx->sx_sq_waiters) && sx->sx_sq_avail >= count) {
		sx->sx_sq_avail -= count;
		spin_unlock(&sx->sx_sq_lock);
		return 0;
	}
	w.need = count;
	w.status = 0;
	init_completion(&w.done);
	list_add_tail(&w.list, &sx->sx_sq_waiters);
	trace_svcrdma_sq_wait(sx, count, sx->sx_sq_avail);
	spin_unlock(&sx->sx_sq_lock);

	svc_rdma_stat_inc(SVCRDMA_STAT_SQ_WAITS);
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
	spin_lock(&sx->sx_sq_lock);
	sx->sx_sq_avail += count;
	svc_rdma_sq_grant(sx);
	spin_unlock(&sx->sx_sq_lock);
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_sq_release);

/**
 * svc_rdma_sq_shutdown - Fail every waiter; refuse new reservations
 * @sx: a connection that is closing (SVCRDMA_XF_CLOSING is set)
 */
void svc_rdma_sq_shutdown(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_sq_waiter *w, *next;

	spin_lock(&sx->sx_sq_lock);
	list_for_each_entry_safe(w, next, &sx->sx_sq_waiters, list) {
		list_del(&w->list);
		w->status = -ENOTCONN;
		complete(&w->done);
	}
	spin_unlock(&sx->sx_sq_lock);
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_sq_shutdown);

/*
 * The functions marked ALLOW_ERROR_INJECTION below are where this file
 * allocates, maps or posts; fail_function can make each fail (see
 * tests/guest/faults.sh).  They are noinline so that every call goes
 * through the marked symbol.
 */

/* A context whose scatterlist has room for @nents entries, or NULL. */
static noinline struct svc_rdma_rw_ctxt *
svc_rdma_rw_ctxt_get(struct svc_rdma_xprt *sx, unsigned int nents)
{
	struct svc_rdma_rw_ctxt *rw;

	spin_lock(&sx->sx_rw_lock);
	rw = list_first_entry_or_null(&sx->sx_rw_free, struct svc_rdma_rw_ctxt,
				      rw_list);
	if (rw)
		list_del(&rw->rw_list);
	spin_unlock(&sx->sx_rw_lock);

	if (!rw) {
		rw = kmem_cache_alloc(svc_rdma_rw_ctxt_cache, GFP_KERNEL);
		if (!rw)
			return NULL;
		atomic_inc(&sx->sx_ctxts);
		svc_rdma_stat_inc(SVCRDMA_STAT_LIVE_RW_CTXTS);
	}
	INIT_LIST_HEAD(&rw->rw_list);
	rw->rw_sgt.sgl = rw->rw_first_sgl;
	if (sg_alloc_table_chained(&rw->rw_sgt, nents, rw->rw_first_sgl,
				   SG_CHUNK_SIZE)) {
		kmem_cache_free(svc_rdma_rw_ctxt_cache, rw);
		atomic_dec(&sx->sx_ctxts);
		svc_rdma_stat_dec(SVCRDMA_STAT_LIVE_RW_CTXTS);
		return NULL;
	}
	rw->rw_nents = 0;
	return rw;
}

ALLOW_ERROR_INJECTION(svc_rdma_rw_ctxt_get, NULL);

static void svc_rdma_rw_ctxt_put(struct svc_rdma_xprt *sx,
				 struct svc_rdma_rw_ctxt *rw)
{
	sg_free_table_chained(&rw->rw_sgt, SG_CHUNK_SIZE);
	spin_lock(&sx->sx_rw_lock);
	list_add(&rw->rw_list, &sx->sx_rw_free);
	spin_unlock(&sx->sx_rw_lock);
}

/**
 * svc_rdma_rw_ctxts_destroy - Free every cached rw context
 * @sx: a connection being torn down
 */
void svc_rdma_rw_ctxts_destroy(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_rw_ctxt *rw, *next;

	list_for_each_entry_safe(rw, next, &sx->sx_rw_free, rw_list) {
		list_del(&rw->rw_list);
		kmem_cache_free(svc_rdma_rw_ctxt_cache, rw);
		atomic_dec(&sx->sx_ctxts);
		svc_rdma_stat_dec(SVCRDMA_STAT_LIVE_RW_CTXTS);
	}
}

/**
 * svc_rdma_chain_init - Start an empty chain
 * @chain: the chain
 */
void svc_rdma_chain_init(struct svc_rdma_chain *chain)
{
	INIT_LIST_HEAD(&chain->ch_rw);
	chain->ch_wrs = 0;
	chain->ch_status = IB_WC_SUCCESS;
	init_completion(&chain->ch_done);
}

/**
 * svc_rdma_chain_release - Unmap and recycle a list of rw contexts
 * @sx: the connection
 * @rw_list: contexts whose WRs have completed, or were never posted
 */
void svc_rdma_chain_release(struct svc_rdma_xprt *sx,
			    struct list_head *rw_list)
{
	struct svc_rdma_rw_ctxt *rw, *next;

	list_for_each_entry_safe(rw, next, rw_list, rw_list) {
		list_del(&rw->rw_list);
		rdma_rw_ctx_destroy(&rw->rw_ctx, sx->sx_qp, sx->sx_port,
				    rw->rw_sgt.sgl, rw->rw_nents, rw->rw_dir);
		svc_rdma_rw_ctxt_put(sx, rw);
	}
}

/*
 * Maps one segment's context over the scatterlist already filled in,
 * builds its WRs, and adds it to @chain.  On failure @rw is still the
 * caller's.
 */
static noinline int svc_rdma_chain_add(struct svc_rdma_xprt *sx,
				       struct svc_rdma_chain *chain,
				       struct svc_rdma_rw_ctxt *rw, u32 handle,
				       u64 offset, enum dma_data_direction dir)
{
	int ret;

	rw->rw_dir = dir;
	ret = rdma_rw_ctx_init(&rw->rw_ctx, sx->sx_qp, sx->sx_port,
			       rw->rw_sgt.sgl, rw->rw_nents, 0, offset, handle,
			       dir);
	if (ret < 0)
		return ret;
	chain->ch_wrs += ret;
	list_add_tail(&rw->rw_list, &chain->ch_rw);
	return 0;
}

ALLOW_ERROR_INJECTION(svc_rdma_chain_add, ERRNO);

/* Fills a context's scatterlist from the fragments of a byte range. */
struct svc_rdma_sg_fill {
	struct svc_rdma_rw_ctxt	*rw;
	struct scatterlist	*sg;
	unsigned int		max;
};

static int svc_rdma_sg_actor(void *arg, struct page *page,
			     unsigned int offset, unsigned int len)
{
	struct svc_rdma_sg_fill *fill = arg;

	if (fill->rw->rw_nents == fill->max)
		return -EMSGSIZE;
	fill->sg = fill->rw->rw_nents ? sg_next(fill->sg) :
					fill->rw->rw_sgt.sgl;
	sg_set_page(fill->sg, page, len, offset);
	fill->rw->rw_nents++;
	return 0;
}

/* Most fragments a range of @len bytes can have: one per page touched
 * in each of the head, the pages and the tail, around each skipped item.
 */
static unsigned int svc_rdma_max_frags(unsigned int len,
				       unsigned int nskip)
{
	return (len >> PAGE_SHIFT) + 3 + 2 * (nskip + 1);
}

/**
 * svc_rdma_chain_write - Add RDMA Writes of reply bytes to a chunk
 * @sx: the connection
 * @chain: where the Writes go
 * @segs: the chunk's first segment on the wire (checked by the decoder)
 * @nsegs: segments in the chunk
 * @xb: the reply
 * @skip: data items to leave out of @xb (for the Reply chunk), or NULL
 * @nskip: entries in @skip
 * @offset: first byte of @xb to write, counted after the skips
 * @length: bytes to write
 * @written: set to the bytes the Writes will place
 *
 * Fills the chunk's segments in order.
 *
 * Return values:
 *   %0 on success;
 *   %-EMSGSIZE if @length is more than the chunk offers;
 *   %-ENOMEM, or the core's errno, when contexts cannot be built (the
 *   chain keeps the contexts built so far; release it).
 */
int svc_rdma_chain_write(struct svc_rdma_xprt *sx, struct svc_rdma_chain *chain,
			 const __be32 *segs, unsigned int nsegs,
			 const struct xdr_buf *xb,
			 const struct svc_rdma_payload *skip,
			 unsigned int nskip, unsigned int offset,
			 unsigned int length, u32 *written)
{
	struct svc_rdma_sg_fill fill;
	unsigned int i, done = 0;
	int ret;

	for (i = 0; i < nsegs && done < length; i++, segs += 4) {
		u32 handle = be32_to_cpup(segs);
		u32 seg_len = be32_to_cpup(segs + 1);
		u64 seg_off = svc_rdma_seg_offset(segs + 2);
		unsigned int n;

		n = min(seg_len, length - done);
		if (!n)
			continue;
		fill.max = svc_rdma_max_frags(n, nskip);
		fill.rw = svc_rdma_rw_ctxt_get(sx, fill.max);
		if (!fill.rw)
			return -ENOMEM;
		ret = svc_rdma_xb_walk(xb, skip, nskip, offset + done, n,
				       svc_rdma_sg_actor, &fill);
		if (ret) {
			svc_rdma_rw_ctxt_put(sx, fill.rw);
			return ret;
		}
		sg_mark_end(fill.sg);
		ret = svc_rdma_chain_add(sx, chain, fill.rw, handle, seg_off,
					 DMA_TO_DEVICE);
		if (ret) {
			svc_rdma_rw_ctxt_put(sx, fill.rw);
			return ret;
		}
		done += n;
	}
	if (done < length)
		return -EMSGSIZE;
	*written = done;
	return 0;
}

/*
 * Assembling a Call with Read chunks.
 *
 * RDMA_MSG: rq_arg's head is the inline message up to the first chunk's
 * position, left in the Receive buffer.  Everything after it is laid
 * out in rq_pages, in XDR stream order: each chunk's data, read by RDMA,
 * with its XDR padding zeroed, and the inline bytes between and after
 * the chunks, copied.  svc_rdma_hdr_walk_call() says where each part
 * goes; this file only reads, copies and zeroes.  Segments of length 0
 * are not read; a Call with no bytes to read posts nothing and waits for
 * nothing.
 *
 * RDMA_NOMSG: the position-zero chunk is the whole RPC message; it is
 * read into rq_pages, and rq_arg's head is its first page.
 */
struct svc_rdma_assembly {
	struct svc_rdma_xprt		*sx;
	struct svc_rdma_chain		*chain;
	const struct svc_rdma_recv_ctxt	*rc;
	struct svc_rqst			*rqstp;
	unsigned int			head;	/* bytes left in the Receive */
	unsigned int			len;	/* bytes laid out in rq_pages */
};

static void svc_rdma_asm_copy(struct svc_rdma_assembly *a, const void *src,
			      unsigned int len)
{
	while (len) {
		struct page *page = a->rqstp->rq_pages[a->len >> PAGE_SHIFT];
		unsigned int off = offset_in_page(a->len);
		unsigned int n = min_t(unsigned int, len, PAGE_SIZE - off);

		memcpy_to_page(page, off, src, n);
		a->len += n;
		src += n;
		len -= n;
	}
}

static void svc_rdma_asm_zero(struct svc_rdma_assembly *a, unsigned int len)
{
	static const u8 zeros[XDR_UNIT];

	svc_rdma_asm_copy(a, zeros, len);
}

/* One Read segment: a context whose scatterlist is the next @len bytes. */
static int svc_rdma_asm_read(struct svc_rdma_xprt *sx,
			     struct svc_rdma_chain *chain,
			     struct svc_rdma_assembly *a, u32 handle,
			     u32 len, u64 offset)
{
	unsigned int nents = (len >> PAGE_SHIFT) + 2;
	struct svc_rdma_rw_ctxt *rw;
	struct scatterlist *sg = NULL;
	unsigned int left = len;
	int ret;

	rw = svc_rdma_rw_ctxt_get(sx, nents);
	if (!rw)
		return -ENOMEM;
	while (left) {
		unsigned int off = offset_in_page(a->len);
		unsigned int n = min_t(unsigned int, left, PAGE_SIZE - off);

		sg = sg ? sg_next(sg) : rw->rw_sgt.sgl;
		sg_set_page(sg, a->rqstp->rq_pages[a->len >> PAGE_SHIFT], n,
			    off);
		rw->rw_nents++;
		a->len += n;
		left -= n;
	}
	sg_mark_end(sg);
	ret = svc_rdma_chain_add(sx, chain, rw, handle, offset,
				 DMA_FROM_DEVICE);
	if (ret)
		svc_rdma_rw_ctxt_put(sx, rw);
	return ret;
}

/* One part of the Call, as svc_rdma_hdr_walk_call() lays it out. */
static int svc_rdma_asm_part(void *arg, enum svc_rdma_call_part part,
			     u32 off, const struct svc_rdma_read_seg *seg,
			     u32 len)
{
	struct svc_rdma_assembly *a = arg;
	const u8 *msg = a->rc->rc_buf + a->rc->rc_hdr.hdr_len;

	switch (part) {
	case SVCRDMA_PART_HEAD:
		a->head = len;		/* stays in the Receive buffer */
		return 0;
	case SVCRDMA_PART_INLINE:
		svc_rdma_asm_copy(a, msg + off, len);
		return 0;
	case SVCRDMA_PART_PAD:
		svc_rdma_asm_zero(a, len);
		return 0;
	case SVCRDMA_PART_READ:
		return svc_rdma_asm_read(a->sx, a->chain, a, seg->handle, len,
					 seg->offset);
	}
	return -EINVAL;
}

static void svc_rdma_read_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svc_rdma_chain *chain =
		container_of(wc->wr_cqe, struct svc_rdma_chain, ch_cqe);
	struct svc_rdma_xprt *sx = cq->cq_context;

	chain->ch_status = wc->status;
	if (wc->status != IB_WC_SUCCESS && wc->status != IB_WC_WR_FLUSH_ERR)
		trace_svcrdma_wc_err(sx, "read", wc);
	complete(&chain->ch_done);
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
		svc_rdma_stat_inc(SVCRDMA_STAT_SEND_ERRORS);
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
 * complete: it is refused, so that nobody waits on it.
 *
 * Return values:
 *   %0 if everything was posted;
 *   %-ENODATA if there was nothing to post (the connection stays up);
 *   %-EIO if nothing was posted;
 *   %-EINPROGRESS if some WRs were posted: they may still run, so what
 *   they use must not be released before the QP drains.
 *   The connection is closing after either error.
 */
int svc_rdma_post_chain(struct svc_rdma_xprt *sx, struct list_head *rw_list,
			struct ib_cqe *cqe, struct ib_send_wr *tail)
{
	const struct ib_send_wr *bad = NULL;
	struct ib_send_wr *first = tail;
	struct svc_rdma_rw_ctxt *rw;
	int ret;

	if (!tail && list_empty(rw_list))
		return -ENODATA;
	if (tail)
		cqe = NULL;
	list_for_each_entry_reverse(rw, rw_list, rw_list) {
		first = rdma_rw_ctx_wrs(&rw->rw_ctx, sx->sx_qp, sx->sx_port,
					cqe, first);
		cqe = NULL;
	}
	if (tail)
		svc_rdma_watch_writes(sx, first, tail);
	ret = svc_rdma_ib_post_send(sx, first, &bad);
	if (!ret)
		return 0;
	trace_svcrdma_post_err(sx, ret);
	svc_rdma_stat_inc(SVCRDMA_STAT_SEND_ERRORS);
	svc_rdma_xprt_close(sx, "post failed");
	/* a failure that names no WR (an injected one) may have posted some */
	return bad == first ? -EIO : -EINPROGRESS;
}

/*
 * Hands a failed chain and the pages it reads into to @holder, a Send
 * context taken before the post, which keeps them until the QP drains.
 */
static void svc_rdma_orphan_read(struct svc_rdma_xprt *sx,
				 struct svc_rdma_send_ctxt *holder,
				 struct svc_rdma_chain *chain,
				 struct svc_rqst *rqstp, unsigned int npages)
{
	unsigned int i;

	list_splice_init(&chain->ch_rw, &holder->sc_rw_list);
	for (i = 0; i < npages; i++) {
		holder->sc_pages[holder->sc_nr_pages++] = rqstp->rq_pages[i];
		rqstp->rq_pages[i] = NULL;
	}
	svc_rdma_orphan(sx, holder);
}

/**
 * svc_rdma_read_chunks - Pull a Call's Read chunks and set up rq_arg
 * @sx: the connection
 * @rqstp: the request
 * @rc: the Call, decoded, with at least one Read segment
 *
 * Sleeps until the Reads complete.
 *
 * Return values:
 *   %0 with rq_arg set up;
 *   %-EINVAL if the Call cannot be laid out (answer ERR_CHUNK);
 *   %-EIO if the Reads failed (the connection is closing).
 */
int svc_rdma_read_chunks(struct svc_rdma_xprt *sx, struct svc_rqst *rqstp,
			 struct svc_rdma_recv_ctxt *rc)
{
	const struct svc_rdma_hdr *hdr = &rc->rc_hdr;
	struct xdr_buf *arg = &rqstp->rq_arg;
	struct svc_rdma_chain chain;
	struct svc_rdma_assembly a = {
		.sx = sx, .chain = &chain, .rc = rc, .rqstp = rqstp,
	};
	struct svc_rdma_send_ctxt *holder;
	unsigned int need, npages;
	int ret;

	/* every chunk's data, its padding, and the inline bytes around it */
	need = hdr->read_len + hdr->read_chunks * (XDR_UNIT - 1) +
	       (hdr->proc == SVCRDMA_MSG ? hdr->msg_len : 0);
	if (need > svc_rdma_arg_budget(rqstp))
		return -EINVAL;

	svc_rdma_chain_init(&chain);
	ret = svc_rdma_hdr_walk_call(hdr, svc_rdma_asm_part, &a);
	if (ret)
		goto out_release;
	npages = DIV_ROUND_UP(a.len, PAGE_SIZE);
	/* segments of length zero only: there is nothing to wait for */
	if (list_empty(&chain.ch_rw))
		goto out_arg;

	/* taken now, so that a failed post needs no memory to clean up */
	holder = svc_rdma_send_ctxt_get(sx);
	if (!holder) {
		ret = -ENOMEM;
		goto out_release;
	}
	ret = svc_rdma_sq_reserve(sx, chain.ch_wrs);
	if (ret)
		goto out_holder;
	chain.ch_cqe.done = svc_rdma_read_done;
	ret = svc_rdma_post_chain(sx, &chain.ch_rw, &chain.ch_cqe, NULL);
	if (ret == -EINPROGRESS) {
		/* the Send Queue entries stay taken: the QP is going */
		svc_rdma_orphan_read(sx, holder, &chain, rqstp, npages);
		return -EIO;
	}
	if (ret) {
		svc_rdma_sq_release(sx, chain.ch_wrs);
		goto out_holder;
	}
	wait_for_completion(&chain.ch_done);
	svc_rdma_send_ctxt_put(sx, holder);
	svc_rdma_sq_release(sx, chain.ch_wrs);
	svc_rdma_chain_release(sx, &chain.ch_rw);
	if (chain.ch_status != IB_WC_SUCCESS) {
		svc_rdma_stat_inc(SVCRDMA_STAT_READ_ERRORS);
		svc_rdma_xprt_close(sx, "RDMA Read failed");
		return -EIO;
	}

out_arg:
	svc_rdma_stat_add(SVCRDMA_STAT_READ_BYTES, hdr->read_len);
	trace_svcrdma_read_chunks(sx, hdr->xid, hdr->read_len);
	if (hdr->proc == SVCRDMA_NOMSG) {
		svc_rdma_stat_inc(SVCRDMA_STAT_PZ_CHUNKS);
		arg->head[0].iov_base = page_address(rqstp->rq_pages[0]);
		arg->head[0].iov_len = min_t(unsigned int, a.len, PAGE_SIZE);
		arg->pages = rqstp->rq_pages + 1;
		arg->page_len = a.len - arg->head[0].iov_len;
	} else {
		svc_rdma_stat_add(SVCRDMA_STAT_READ_CHUNKS, hdr->read_chunks);
		arg->head[0].iov_base = rc->rc_buf + hdr->hdr_len;
		arg->head[0].iov_len = a.head;
		arg->pages = rqstp->rq_pages;
		arg->page_len = a.len;
	}
	arg->page_base = 0;
	arg->tail[0].iov_base = NULL;
	arg->tail[0].iov_len = 0;
	arg->len = arg->head[0].iov_len + arg->page_len;
	arg->buflen = arg->len;
	svc_rdma_set_respages(rqstp);
	return 0;

out_holder:
	svc_rdma_send_ctxt_put(sx, holder);
out_release:
	svc_rdma_chain_release(sx, &chain.ch_rw);
	/* a chain longer than the Send Queue is the client's doing */
	return ret == -E2BIG ? -EINVAL : -EIO;
}
