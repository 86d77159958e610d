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
 * Contexts are gathered into a chain: a whole Call's Reads, or a
 * reply's Writes, which go ahead of its Send.  svc_rdma_post.c reserves
 * the chain's Send Queue entries and posts it.
 *
 * Writes.  svc_rdma_chain_write() fills a Write or Reply chunk's segments
 * in order from a range of the reply's wire bytes (svc_rdma_xdrbuf.c).
 *
 * Reads.  No nfsd thread waits for them.  svc_rdma_read_call() lays the
 * Call out in the request's rq_pages, moves those pages to the Call's
 * Receive context and posts the chain, and the thread goes on to other
 * work.  When the last Read completes, the Call is queued on the
 * connection's finished Reads and a thread woken; svc_rdma_read_finish()
 * gives the pages to that thread's request, and svc_rdma_recvfrom.c
 * points rq_arg at them.  The pages that request had in those slots
 * become the connection's spare pages (up to SVCRDMA_SPARE_PAGES), from
 * which the next Call with Read chunks refills the slots it empties:
 * svc_alloc_arg() has nothing to allocate (and, where every allocation
 * is zeroed, to clear) for either request.
 *
 * A failed Read closes the connection and ends the Call in the
 * completion.  When a post fails part way, the Reads that were posted may
 * still be running, so the chain keeps their mappings and pages on the
 * connection's orphaned Reads, released only after the QP is drained.  That
 * needs no memory: the chain's own scatterlists hold the pages.
 *
 * The functions marked ALLOW_ERROR_INJECTION below are where this file
 * allocates, maps or posts; fail_function can make each fail (see
 * tests/guest/faults.sh).  They are noinline so that every call goes
 * through the marked symbol.
 */

#include <linux/error-injection.h>
#include <linux/slab.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/xdr.h>
#include <kunit/visibility.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"
#include "svc_rdma_trace.h"

/**
 * struct svc_rdma_rw_ctxt - the RDMA Reads or Writes of one segment
 * @rw_list: entry on a chain, or on the free list
 * @rw_ctx: the core's rw context
 * @rw_nents: scatterlist entries in use
 * @rw_dir: DMA direction
 * @rw_sgt: the scatterlist
 * @rw_first_sgl: the scatterlist's first chunk, kept with the context
 */
struct svc_rdma_rw_ctxt {
	struct list_head	rw_list;
	struct rdma_rw_ctx	rw_ctx;
	unsigned int		rw_nents;
	enum dma_data_direction	rw_dir;
	struct sg_table		rw_sgt;
	struct scatterlist	rw_first_sgl[SG_CHUNK_SIZE];
};

/* A cache of their own, so that failslab can aim at it (svc_rdma.c). */
static struct kmem_cache *svc_rdma_rw_ctxt_cache;

/**
 * svc_rdma_rw_init - Create the rw context cache
 *
 * Return: %0, or %-ENOMEM.
 */
int svc_rdma_rw_init(void)
{
	svc_rdma_rw_ctxt_cache = KMEM_CACHE(svc_rdma_rw_ctxt, 0);
	return svc_rdma_rw_ctxt_cache ? 0 : -ENOMEM;
}

/**
 * svc_rdma_rw_exit - Destroy the rw context cache
 *
 * Every connection, hence every rw context, is gone.
 */
void svc_rdma_rw_exit(void)
{
	kmem_cache_destroy(svc_rdma_rw_ctxt_cache);
}

/* A context whose scatterlist has room for @nents entries, or NULL. */
static noinline struct svc_rdma_rw_ctxt *
svc_rdma_rw_ctxt_get(struct svc_rdma_xprt *sx, unsigned int nents)
{
	struct svc_rdma_rw_ctxt *rw;

	spin_lock_bh(&sx->sx_rw_lock);
	rw = list_first_entry_or_null(&sx->sx_rw_free, struct svc_rdma_rw_ctxt,
				      rw_list);
	if (rw)
		list_del(&rw->rw_list);
	spin_unlock_bh(&sx->sx_rw_lock);

	if (!rw) {
		rw = kmem_cache_alloc_node(svc_rdma_rw_ctxt_cache, GFP_KERNEL,
					   sx->sx_node);
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
	spin_lock_bh(&sx->sx_rw_lock);
	list_add(&rw->rw_list, &sx->sx_rw_free);
	spin_unlock_bh(&sx->sx_rw_lock);
}

/* Drops the page references an orphaned Read's scatterlist holds. */
static void svc_rdma_rw_put_pages(struct svc_rdma_rw_ctxt *rw)
{
	struct scatterlist *sg;
	unsigned int i;

	for_each_sg(rw->rw_sgt.sgl, sg, rw->rw_nents, i)
		put_page(sg_page(sg));
}

/**
 * svc_rdma_rw_ctxts_destroy - Free every rw context, orphans first
 * @sx: a connection being torn down, whose QP is drained
 *
 * Reads whose post failed part way own their pages until now; they are
 * unmapped and their pages released before the cache is freed.
 */
void svc_rdma_rw_ctxts_destroy(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_rw_ctxt *rw, *next;

	list_for_each_entry_safe(rw, next, &sx->sx_read_orphans, rw_list) {
		list_del(&rw->rw_list);
		rdma_rw_ctx_destroy(&rw->rw_ctx, sx->sx_qp, sx->sx_port,
				    rw->rw_sgt.sgl, rw->rw_nents, rw->rw_dir);
		svc_rdma_rw_put_pages(rw);
		svc_rdma_rw_ctxt_put(sx, rw);
	}
	list_for_each_entry_safe(rw, next, &sx->sx_rw_free, rw_list) {
		list_del(&rw->rw_list);
		kmem_cache_free(svc_rdma_rw_ctxt_cache, rw);
		atomic_dec(&sx->sx_ctxts);
		svc_rdma_stat_dec(SVCRDMA_STAT_LIVE_RW_CTXTS);
	}
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

/**
 * svc_rdma_chain_wrs - Link a chain's WRs ahead of a last WR
 * @sx: the connection
 * @rw_list: the chain's rw contexts, in posting order
 * @cqe: completion entry of the chain's last WR, or NULL
 * @tail: the WR that goes after them (a Send), or NULL
 *
 * Return: the first WR of the linked list, or @tail when @rw_list is
 * empty.
 */
struct ib_send_wr *svc_rdma_chain_wrs(struct svc_rdma_xprt *sx,
				      struct list_head *rw_list,
				      struct ib_cqe *cqe,
				      struct ib_send_wr *tail)
{
	struct ib_send_wr *first = tail;
	struct svc_rdma_rw_ctxt *rw;

	list_for_each_entry_reverse(rw, rw_list, rw_list) {
		first = rdma_rw_ctx_wrs(&rw->rw_ctx, sx->sx_qp, sx->sx_port,
					cqe, first);
		cqe = NULL;
	}
	return first;
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
 * @hdr: the Call's decoded header
 * @chunk: one of its Write chunks, or its Reply chunk
 * @xb: the reply
 * @skip: data items to leave out of @xb (for the Reply chunk), or NULL
 * @nskip: entries in @skip
 * @offset: first byte of @xb to write, counted after the skips
 * @length: bytes to write
 * @written: set to the bytes the Writes will place
 *
 * Fills the chunk's segments in order.
 *
 * Return:
 *   %0 on success;
 *   %-EMSGSIZE if @length is more than the chunk offers;
 *   %-ENOMEM, or the core's errno, when contexts cannot be built (the
 *   chain keeps the contexts built so far; release it).
 */
int svc_rdma_chain_write(struct svc_rdma_xprt *sx, struct svc_rdma_chain *chain,
			 const struct svc_rdma_hdr *hdr,
			 const struct svc_rdma_chunk *chunk,
			 const struct xdr_buf *xb,
			 const struct svc_rdma_payload *skip,
			 unsigned int nskip, unsigned int offset,
			 unsigned int length, u32 *written)
{
	const struct svc_rdma_seg *seg;
	struct svc_rdma_sg_fill fill;
	unsigned int i, done = 0;
	int ret;

	for (i = 0; i < chunk->nsegs && done < length; i++) {
		unsigned int n;

		seg = svc_rdma_chunk_seg(hdr, chunk, i);
		n = min(seg->length, length - done);
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
		ret = svc_rdma_chain_add(sx, chain, fill.rw, seg->handle,
					 seg->offset, DMA_TO_DEVICE);
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
			     u32 off, const struct svc_rdma_seg *seg,
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

/*
 * The last Read of a Call completed.  Its Send Queue entries and rw
 * contexts are free now, and the Call waits on the connection's finished
 * Reads for a thread.  A Read that failed or flushed closes the
 * connection, and the Call ends here.
 */
static void svc_rdma_read_done(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svc_rdma_chain *chain =
		container_of(wc->wr_cqe, struct svc_rdma_chain, ch_cqe);
	struct svc_rdma_recv_ctxt *rc =
		container_of(chain, struct svc_rdma_recv_ctxt, rc_chain);
	struct svc_rdma_xprt *sx = cq->cq_context;

	svc_rdma_sq_release(sx, chain->ch_wrs);
	svc_rdma_chain_release(sx, &chain->ch_rw);
	if (unlikely(wc->status != IB_WC_SUCCESS)) {
		if (wc->status != IB_WC_WR_FLUSH_ERR) {
			svc_rdma_xstat_inc(sx, SVCRDMA_STAT_READ_ERRORS);
			trace_svcrdma_wc_err(sx, "read", wc);
		}
		svc_rdma_xprt_close(sx, "RDMA Read failed");
		svc_rdma_read_put_pages(rc);
		svc_rdma_release_ctxt(&sx->sx_xprt, rc);
		return;
	}
	spin_lock(&sx->sx_lock);
	list_add_tail(&rc->rc_list, &sx->sx_read_done);
	set_bit(XPT_DATA, &sx->sx_xprt.xpt_flags);
	spin_unlock(&sx->sx_lock);
	svc_xprt_enqueue(&sx->sx_xprt);
}

/*
 * A chain whose post failed part way: the Reads that went out may still
 * write into their pages until the QP is drained.  The chain becomes the
 * owner of those pages, by a reference for each entry of its
 * scatterlists, and waits on the connection's orphaned Reads for the
 * teardown (svc_rdma_rw_ctxts_destroy()).  Nothing here allocates.
 */
static void svc_rdma_orphan_reads(struct svc_rdma_xprt *sx,
				  struct svc_rdma_chain *chain)
{
	struct svc_rdma_rw_ctxt *rw;
	struct scatterlist *sg;
	unsigned int i;

	list_for_each_entry(rw, &chain->ch_rw, rw_list)
		for_each_sg(rw->rw_sgt.sgl, sg, rw->rw_nents, i)
			get_page(sg_page(sg));
	spin_lock_bh(&sx->sx_rw_lock);
	list_splice_tail_init(&chain->ch_rw, &sx->sx_read_orphans);
	spin_unlock_bh(&sx->sx_rw_lock);
}

/**
 * svc_rdma_read_put_pages - Put the pages a Call's Reads were laid out in
 * @rc: a Call that will not reach nfsd, whose Reads are over
 */
void svc_rdma_read_put_pages(struct svc_rdma_recv_ctxt *rc)
{
	while (rc->rc_npages)
		put_page(rc->rc_pages[--rc->rc_npages]);
}

/**
 * svc_rdma_spare_pages_destroy - Put a connection's spare pages
 * @sx: a connection being torn down, which no request uses any more
 */
void svc_rdma_spare_pages_destroy(struct svc_rdma_xprt *sx)
{
	while (sx->sx_nspare)
		put_page(sx->sx_spare[--sx->sx_nspare]);
}

/*
 * The Call's pages go from the request to the Call, which keeps them
 * while its Reads run: the request goes on to other work.  Its emptied
 * slots take spare pages while there are any; svc_alloc_arg() fills the
 * rest before its next Call.
 */
static void svc_rdma_take_pages(struct svc_rdma_xprt *sx,
				struct svc_rdma_recv_ctxt *rc,
				struct svc_rqst *rqstp, unsigned int npages)
{
	unsigned int i, reused;

	spin_lock(&sx->sx_spare_lock);
	reused = min(npages, sx->sx_nspare);
	for (i = 0; i < npages; i++) {
		rc->rc_pages[i] = rqstp->rq_pages[i];
		rqstp->rq_pages[i] = i < reused ?
				     sx->sx_spare[--sx->sx_nspare] : NULL;
	}
	spin_unlock(&sx->sx_spare_lock);
	rc->rc_npages = npages;
	if (reused)
		svc_rdma_xstat_add(sx, SVCRDMA_STAT_READ_PAGES_REUSED, reused);
}

/*
 * Posts a Call's Reads.  The Call owns its pages and everything the
 * completion needs before the post: from then on the completion may run,
 * and another thread finish the Call, at any time.
 */
static int svc_rdma_read_post(struct svc_rdma_xprt *sx,
			      struct svc_rdma_recv_ctxt *rc,
			      struct svc_rqst *rqstp, unsigned int npages)
{
	struct svc_rdma_chain *chain = &rc->rc_chain;
	int ret;

	ret = svc_rdma_sq_reserve(sx, chain->ch_wrs);
	if (ret)
		return ret;
	chain->ch_cqe.done = svc_rdma_read_done;
	svc_rdma_take_pages(sx, rc, rqstp, npages);
	switch (svc_rdma_post_chain(sx, &chain->ch_rw, &chain->ch_cqe, NULL)) {
	case SVCRDMA_POSTED_ALL:
		return -EINPROGRESS;
	case SVCRDMA_POSTED_SOME:
		/* the Send Queue entries stay taken: the QP is going */
		svc_rdma_orphan_reads(sx, chain);
		break;
	default:
		svc_rdma_sq_release(sx, chain->ch_wrs);
		break;
	}
	return -EIO;	/* the caller puts the pages, once they are unmapped */
}

/**
 * svc_rdma_read_call - Start pulling a Call's Read chunks
 * @sx: the connection
 * @rqstp: the request whose rq_pages the Call is laid out in
 * @rc: the Call, decoded, with at least one Read chunk
 *
 * Lays the rebuilt Call out as svc_rdma_hdr_walk_call() says, and posts
 * a Read for every segment with bytes.  The thread does not wait for
 * them: the Call takes the pages it is laid out in, and once its Reads
 * complete it waits on the connection for a thread to finish it
 * (svc_rdma_read_finish()).  @rc->rc_head and @rc->rc_paged say how the
 * Call is laid out.
 *
 * Return:
 * * %-EINPROGRESS - the Reads are posted; @rc belongs to them.
 * * %0 - the Call is laid out in rq_pages with nothing to read (every
 *   segment is empty): nfsd may have it now.
 * * %-EINVAL - it cannot be (more than rq_pages holds, or more Reads
 *   than the Send Queue holds): answer ERR_CHUNK.
 * * %-EIO - the Reads could not be built or posted: the connection is
 *   closing.
 */
int svc_rdma_read_call(struct svc_rdma_xprt *sx, struct svc_rqst *rqstp,
		       struct svc_rdma_recv_ctxt *rc)
{
	const struct svc_rdma_hdr *hdr = &rc->rc_hdr;
	struct svc_rdma_assembly a = {
		.sx = sx, .chain = &rc->rc_chain, .rc = rc, .rqstp = rqstp,
	};
	unsigned int need;
	int ret;

	/* every chunk's data, its padding, and the inline bytes around it */
	need = hdr->read_len + hdr->read_chunks * (XDR_UNIT - 1) +
	       (hdr->proc == SVCRDMA_MSG ? hdr->msg_len : 0);
	if (need > svc_rdma_arg_budget(rqstp))
		return -EINVAL;

	svc_rdma_chain_init(&rc->rc_chain);
	ret = svc_rdma_hdr_walk_call(hdr, svc_rdma_asm_part, &a);
	rc->rc_head = a.head;
	rc->rc_paged = a.len;
	if (!ret && !list_empty(&rc->rc_chain.ch_rw))
		ret = svc_rdma_read_post(sx, rc, rqstp,
					 DIV_ROUND_UP(a.len, PAGE_SIZE));
	if (ret == -EINPROGRESS)
		return ret;
	svc_rdma_chain_release(sx, &rc->rc_chain.ch_rw);
	svc_rdma_read_put_pages(rc);
	if (ret)	/* a chain longer than the Send Queue is the client's */
		return ret == -E2BIG ? -EINVAL : -EIO;
	return 0;
}

/**
 * svc_rdma_read_finish - Hand a Call whose Reads completed to a request
 * @sx: the connection
 * @rqstp: the request that takes the Call
 * @rc: the Call, off the connection's finished Reads
 *
 * The Call's pages replace the first of @rqstp's, which become the
 * connection's spare pages while there is room, and are put past it.
 */
void svc_rdma_read_finish(struct svc_rdma_xprt *sx, struct svc_rqst *rqstp,
			  struct svc_rdma_recv_ctxt *rc)
{
	struct page *page;
	unsigned int i;

	spin_lock(&sx->sx_spare_lock);
	for (i = 0; i < rc->rc_npages; i++) {
		page = rqstp->rq_pages[i];
		rqstp->rq_pages[i] = rc->rc_pages[i];
		if (!page)
			continue;
		if (sx->sx_nspare < SVCRDMA_SPARE_PAGES)
			sx->sx_spare[sx->sx_nspare++] = page;
		else
			put_page(page);
	}
	spin_unlock(&sx->sx_spare_lock);
	rc->rc_npages = 0;
	svc_rdma_xstat_add(sx, SVCRDMA_STAT_READ_BYTES, rc->rc_hdr.read_len);
	trace_svcrdma_read_chunks(sx, rc->rc_hdr.xid, rc->rc_hdr.read_len);
}
