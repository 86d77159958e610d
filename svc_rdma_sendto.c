// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sending replies.
 *
 * Operation
 *
 * nfsd builds its reply in rq_res, an xdr_buf: a head, a page list and a
 * tail.  While it encodes a READ, it reports the data item's place in
 * rq_res through ->xpo_result_payload; when the Call offered a Write chunk
 * for it, svc_rdma_result_payload() records it, one payload per Write
 * chunk in Write list order.  The data then leaves the inline reply: the
 * reply's "wire bytes" are rq_res less every recorded data item and its
 * XDR padding (RFC 8166, section 3.4.5).  svc_rdma_xb_walk() yields those
 * bytes, one page-sized fragment at a time, to whoever moves them: the
 * SGE mapper, the pull-up copy and the RDMA Write builder.
 *
 * svc_rdma_sendto() then picks how the wire bytes travel:
 *  - inline, after the transport header, when header and bytes fit the
 *    client's inline size: as one SGE per fragment, or copied ("pulled
 *    up") behind the header when there would be more SGEs than the
 *    device (or the max_send_sges parameter) allows;
 *  - through the Reply chunk (RDMA_NOMSG) when they do not fit, and the
 *    client offered a Reply chunk large enough;
 *  - not at all: the client gets RDMA_ERROR ERR_CHUNK.
 *
 * All RDMA Writes (data items, then the Reply chunk) and the final Send
 * go out in one ib_post_send() chain.  Only the Send is signaled: it is
 * posted last, so it completes last, and its completion releases
 * everything the reply used: the rw contexts and their mappings, the
 * SGE mappings, and the reply's pages, which move from rq_respages into
 * the Send context so that they outlive the svc_rqst.  The Send context
 * then goes back on the connection's free list, which keeps a bounded
 * number of them (see "The cache and its bound" below).
 *
 * When the client accepts remote invalidation (RFC 8797) and offered an
 * rkey in its Call, the Send invalidates it (Send With Invalidate), error
 * replies included, so the client need not.
 */

#include <linux/error-injection.h>
#include <linux/highmem.h>
#include <linux/slab.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/xdr.h>
#include <kunit/visibility.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"
#include "svc_rdma_trace.h"

static void svc_rdma_wc_send(struct ib_cq *cq, struct ib_wc *wc);

/* Walking rq_res, less the data items that went into Write chunks. */

/* head + pages + tail, which is what rq_res holds after svc_send() */
static unsigned int svc_rdma_xb_len(const struct xdr_buf *xb)
{
	return xb->head[0].iov_len + xb->page_len + xb->tail[0].iov_len;
}

/* Returns the end of the bytes that @p leaves out, clamped to @len. */
static unsigned int svc_rdma_skip_end(const struct svc_rdma_payload *p,
				      unsigned int len)
{
	u64 end = (u64)p->offset + xdr_align_size(p->length);

	return min_t(u64, end, len);
}

struct svc_rdma_walk {
	const struct svc_rdma_payload	*skip;
	unsigned int			nskip;
	unsigned int			xb_len;
	unsigned int			wire;	/* wire bytes passed */
	unsigned int			start;	/* wanted wire window */
	unsigned int			end;
	svc_rdma_frag_actor		actor;
	void				*arg;
};

/* Stops the walk early; not an error. */
#define SVCRDMA_WALK_DONE	1

static int svc_rdma_walk_wire(struct svc_rdma_walk *w, struct page *page,
			      unsigned int off, unsigned int len)
{
	unsigned int from = max(w->wire, w->start);
	unsigned int to = min(w->wire + len, w->end);
	int ret = 0;

	if (from < to)
		ret = w->actor(w->arg, page, off + (from - w->wire), to - from);
	w->wire += len;
	if (!ret && w->wire >= w->end)
		ret = SVCRDMA_WALK_DONE;
	return ret;
}

/* One piece of rq_res, inside one page, at stream position @pos. */
static int svc_rdma_walk_piece(struct svc_rdma_walk *w, struct page *page,
			       unsigned int off, unsigned int len,
			       unsigned int pos)
{
	unsigned int i, n, s, e;
	bool wire;
	int ret;

	while (len) {
		n = len;
		wire = true;
		for (i = 0; i < w->nskip; i++) {
			s = w->skip[i].offset;
			e = svc_rdma_skip_end(&w->skip[i], w->xb_len);
			if (pos >= s && pos < e) {
				n = min(len, e - pos);
				wire = false;
				break;
			}
			if (pos < s) {
				n = min(len, s - pos);
				break;
			}
		}
		if (wire) {
			ret = svc_rdma_walk_wire(w, page, off, n);
			if (ret)
				return ret;
		}
		pos += n;
		off += n;
		len -= n;
	}
	return 0;
}

/* A kvec of rq_res, cut at page boundaries. */
static int svc_rdma_walk_kvec(struct svc_rdma_walk *w, const struct kvec *iov,
			      unsigned int pos)
{
	const u8 *base = iov->iov_base;
	unsigned int done = 0, n;
	int ret;

	while (done < iov->iov_len) {
		n = min_t(unsigned int, iov->iov_len - done,
			  PAGE_SIZE - offset_in_page(base + done));
		ret = svc_rdma_walk_piece(w, virt_to_page(base + done),
					  offset_in_page(base + done), n,
					  pos + done);
		if (ret)
			return ret;
		done += n;
	}
	return 0;
}

static int svc_rdma_walk_pages(struct svc_rdma_walk *w,
			       const struct xdr_buf *xb, unsigned int pos)
{
	unsigned int done = 0, base, n;
	int ret;

	while (done < xb->page_len) {
		base = xb->page_base + done;
		n = min_t(unsigned int, xb->page_len - done,
			  PAGE_SIZE - offset_in_page(base));
		ret = svc_rdma_walk_piece(w, xb->pages[base >> PAGE_SHIFT],
					  offset_in_page(base), n, pos + done);
		if (ret)
			return ret;
		done += n;
	}
	return 0;
}

/* Bytes the skipped items take out of @xb. */
static unsigned int svc_rdma_skipped(const struct xdr_buf *xb,
				     const struct svc_rdma_payload *skip,
				     unsigned int nskip)
{
	unsigned int i, total = 0, len = svc_rdma_xb_len(xb);

	for (i = 0; i < nskip; i++)
		if (skip[i].offset < len)
			total += svc_rdma_skip_end(&skip[i], len) -
				 skip[i].offset;
	return total;
}

/**
 * svc_rdma_wire_len - Bytes of a reply that travel inline
 * @xb: the reply
 * @skip: data items that go in Write chunks, in increasing order
 * @nskip: entries in @skip
 *
 * Return: the length of @xb less each item in @skip and its XDR padding.
 */
unsigned int svc_rdma_wire_len(const struct xdr_buf *xb,
			       const struct svc_rdma_payload *skip,
			       unsigned int nskip)
{
	return svc_rdma_xb_len(xb) - svc_rdma_skipped(xb, skip, nskip);
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_wire_len);

/**
 * svc_rdma_xb_walk - Visit a range of a reply's wire bytes, page by page
 * @xb: the reply
 * @skip: data items left out of the wire bytes, in increasing order
 * @nskip: entries in @skip
 * @offset: first wire byte to visit
 * @length: wire bytes to visit
 * @actor: called once per fragment, in order; a fragment never crosses a
 *	   page boundary and is never empty
 * @arg: passed to @actor
 *
 * Return values:
 *   %0 when every byte was visited;
 *   %-EINVAL if the range runs past the wire bytes (nothing is visited);
 *   otherwise the first non-zero value @actor returned.
 */
int svc_rdma_xb_walk(const struct xdr_buf *xb,
		     const struct svc_rdma_payload *skip, unsigned int nskip,
		     unsigned int offset, unsigned int length,
		     svc_rdma_frag_actor actor, void *arg)
{
	struct svc_rdma_walk w = {
		.skip	= skip,
		.nskip	= nskip,
		.xb_len	= svc_rdma_xb_len(xb),
		.start	= offset,
		.end	= offset + length,
		.actor	= actor,
		.arg	= arg,
	};
	int ret;

	if (offset > w.end || w.end > svc_rdma_wire_len(xb, skip, nskip))
		return -EINVAL;
	if (!length)
		return 0;
	ret = svc_rdma_walk_kvec(&w, &xb->head[0], 0);
	if (!ret)
		ret = svc_rdma_walk_pages(&w, xb, xb->head[0].iov_len);
	if (!ret)
		ret = svc_rdma_walk_kvec(&w, &xb->tail[0],
					 xb->head[0].iov_len + xb->page_len);
	return ret == SVCRDMA_WALK_DONE ? 0 : ret;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_xb_walk);

struct svc_rdma_copy {
	u8	*dst;
};

static int svc_rdma_copy_actor(void *arg, struct page *page,
			       unsigned int offset, unsigned int len)
{
	struct svc_rdma_copy *c = arg;

	memcpy_from_page(c->dst, page, offset, len);
	c->dst += len;
	return 0;
}

/**
 * svc_rdma_pull_up - Copy a reply's wire bytes into one buffer
 * @xb: the reply
 * @skip: data items that go in Write chunks, in increasing order
 * @nskip: entries in @skip
 * @dst: where the bytes go
 * @room: bytes available at @dst
 *
 * Every byte comes from its own place: each page in turn, from the page
 * list's starting offset.
 *
 * Return values:
 *   the number of bytes copied;
 *   %-EMSGSIZE if they do not fit in @room (then nothing is copied).
 */
int svc_rdma_pull_up(const struct xdr_buf *xb,
		     const struct svc_rdma_payload *skip, unsigned int nskip,
		     void *dst, unsigned int room)
{
	unsigned int len = svc_rdma_wire_len(xb, skip, nskip);
	struct svc_rdma_copy c = { .dst = dst };
	int ret;

	if (len > room)
		return -EMSGSIZE;
	ret = svc_rdma_xb_walk(xb, skip, nskip, 0, len, svc_rdma_copy_actor,
			       &c);
	return ret ? ret : len;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_pull_up);

/*
 * Send contexts.
 *
 * The functions of this file marked ALLOW_ERROR_INJECTION are where it
 * allocates or maps; fail_function can make each fail (see
 * tests/guest/faults.sh).  They are noinline so that every call goes
 * through the marked symbol.
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

	sc = kmem_cache_zalloc(svc_rdma_send_ctxt_cache, GFP_KERNEL);
	if (!sc)
		goto out;
	sc->sc_buf = kmalloc(sx->sx_send_size, GFP_KERNEL);
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

	spin_lock(&sx->sx_send_lock);
	sc = list_first_entry_or_null(&sx->sx_send_free,
				      struct svc_rdma_send_ctxt, sc_list);
	if (sc) {
		list_del(&sc->sc_list);
		sx->sx_send_nr_free--;
	}
	spin_unlock(&sx->sx_send_lock);
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

	spin_lock(&sx->sx_send_lock);
	if (sx->sx_send_nr_free < svc_rdma_send_cache_max(sx)) {
		list_add(&sc->sc_list, &sx->sx_send_free);
		sx->sx_send_nr_free++;
		sc = NULL;
	}
	spin_unlock(&sx->sx_send_lock);
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
	spin_lock(&sx->sx_send_lock);
	list_add(&sc->sc_list, &sx->sx_orphans);
	spin_unlock(&sx->sx_send_lock);
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

	spin_lock(&sx->sx_send_lock);
	list_splice_init(&sx->sx_orphans, &orphans);
	spin_unlock(&sx->sx_send_lock);
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

static void svc_rdma_wc_send(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svc_rdma_xprt *sx = cq->cq_context;
	struct svc_rdma_send_ctxt *sc =
		container_of(wc->wr_cqe, struct svc_rdma_send_ctxt, sc_cqe);

	svc_rdma_sq_release(sx, sc->sc_wr_count);
	if (unlikely(wc->status != IB_WC_SUCCESS)) {
		if (wc->status != IB_WC_WR_FLUSH_ERR) {
			svc_rdma_stat_inc(SVCRDMA_STAT_SEND_ERRORS);
			trace_svcrdma_wc_err(sx, "send", wc);
		}
		svc_rdma_xprt_close(sx, "send completion error");
	}
	svc_rdma_send_ctxt_put(sx, sc);
}

/**
 * svc_rdma_post_send - Post a Send context's Writes and its Send
 * @sx: the connection
 * @sc: holds the header (sc_len bytes), SGEs, rw contexts and pages
 * @rw_wrs: Send Queue entries @sc's rw contexts need
 * @inv_rkey: an rkey to invalidate remotely, or 0
 *
 * Waits, in turn, for Send Queue entries.  @sc belongs to the Send from
 * here on: its completion releases it.
 *
 * Return values:
 *   %0 if the Send is posted;
 *   %-ENOTCONN if not; @sc is then released, or kept until the QP drains
 *   when some of its WRs went out, and the connection is closing.
 */
int svc_rdma_post_send(struct svc_rdma_xprt *sx, struct svc_rdma_send_ctxt *sc,
		       unsigned int rw_wrs, u32 inv_rkey)
{
	struct ib_send_wr *wr = &sc->sc_wr;
	int ret;

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
		svc_rdma_stat_inc(SVCRDMA_STAT_SEND_W_INV);
	} else {
		wr->opcode = IB_WR_SEND;
	}

	sc->sc_wr_count = rw_wrs + 1;
	ret = svc_rdma_sq_reserve(sx, sc->sc_wr_count);
	if (ret)
		goto out_put;
	ret = svc_rdma_post_chain(sx, &sc->sc_rw_list, NULL, wr);
	if (ret == -EINPROGRESS) {
		svc_rdma_orphan(sx, sc);
		return -ENOTCONN;
	}
	if (ret) {
		svc_rdma_sq_release(sx, sc->sc_wr_count);
		goto out_put;
	}
	return 0;

out_put:
	svc_rdma_send_ctxt_put(sx, sc);
	return -ENOTCONN;
}

/**
 * svc_rdma_send_error - Answer a Call with RDMA_ERROR
 * @sx: the connection
 * @xid: the Call's xid
 * @err: %SVCRDMA_ERR_VERS or %SVCRDMA_ERR_CHUNK
 * @inv_rkey: an rkey to invalidate remotely, or 0
 *
 * Return: %0 if the reply was posted, or a negative errno, and the
 * connection is then closing.
 */
int svc_rdma_send_error(struct svc_rdma_xprt *sx, __be32 xid,
			enum svc_rdma_errcode err, u32 inv_rkey)
{
	struct svc_rdma_send_ctxt *sc;
	int len;

	sc = svc_rdma_send_ctxt_get(sx);
	if (!sc) {
		len = -ENOMEM;
		goto out_close;
	}
	len = svc_rdma_hdr_encode_error(sc->sc_buf, sx->sx_send_size, xid,
					sx->sx_max_requests, err);
	if (len < 0) {
		svc_rdma_send_ctxt_put(sx, sc);
		goto out_close;
	}
	sc->sc_len = len;
	if (err == SVCRDMA_ERR_VERS) {
		svc_rdma_stat_inc(SVCRDMA_STAT_ERR_VERS);
		trace_svcrdma_send_err_vers(sx, xid, len);
	} else {
		svc_rdma_stat_inc(SVCRDMA_STAT_ERR_CHUNK);
		trace_svcrdma_send_err_chunk(sx, xid, len);
	}
	return svc_rdma_post_send(sx, sc, 0, inv_rkey);

out_close:
	/* the client would wait for this answer until it timed out */
	svc_rdma_xprt_close(sx, "cannot send RDMA_ERROR");
	return len;
}

/* The @n'th Write chunk of a Call: its segment count on the wire. */
static const __be32 *svc_rdma_write_chunk(const struct svc_rdma_hdr *hdr,
					  unsigned int n)
{
	const __be32 *chunk = hdr->write_list;

	while (n--)	/* count, segments, the next discriminator */
		chunk += 1 + be32_to_cpup(chunk) * 4 + 1;
	return chunk;
}

/* Total bytes the chunk whose count word is @chunk offers. */
static u64 svc_rdma_chunk_len(const __be32 *chunk)
{
	u32 i, nsegs = be32_to_cpup(chunk);
	u64 len = 0;

	for (i = 0; i < nsegs; i++)
		len += be32_to_cpup(chunk + 2 + i * 4);
	return len;
}

/**
 * svc_rdma_result_payload - ->xpo_result_payload: a READ's data item
 * @rqstp: the request being answered
 * @offset: where the data item starts in rq_res
 * @length: its length in bytes, without XDR padding
 *
 * When the Call has a Write chunk for this item (the next unused one),
 * the item is recorded to be written into it when the reply is sent.
 *
 * Return values:
 *   %0 if the item goes into a Write chunk, or inline when there is none;
 *   %-EMSGSIZE if the Write chunk is too small for it;
 *   %-EINVAL if it overlaps an item recorded before it.
 */
int svc_rdma_result_payload(struct svc_rqst *rqstp, unsigned int offset,
			    unsigned int length)
{
	struct svc_rdma_recv_ctxt *rc = rqstp->rq_xprt_ctxt;
	struct svc_rdma_payload *p;
	unsigned int n;

	if (!rc || rc->rc_nr_payloads >= rc->rc_hdr.write_chunks)
		return 0;
	n = rc->rc_nr_payloads;
	if (n && offset < svc_rdma_skip_end(&rc->rc_payloads[n - 1], U32_MAX))
		return -EINVAL;
	if (length > svc_rdma_chunk_len(svc_rdma_write_chunk(&rc->rc_hdr, n)))
		return -EMSGSIZE;
	p = &rc->rc_payloads[n];
	p->offset = offset;
	p->length = length;
	rc->rc_nr_payloads++;
	return 0;
}

/*
 * A payload that nfsd later truncated out of rq_res no longer has bytes
 * to write: it is dropped, and its Write chunk returns empty.
 */
static void svc_rdma_check_payloads(struct svc_rdma_recv_ctxt *rc,
				    const struct xdr_buf *xb)
{
	unsigned int i, len = svc_rdma_xb_len(xb);

	for (i = 0; i < rc->rc_nr_payloads; i++) {
		const struct svc_rdma_payload *p = &rc->rc_payloads[i];

		if ((u64)p->offset + p->length > len) {
			rc->rc_nr_payloads = i;
			break;
		}
	}
}

struct svc_rdma_map {
	struct svc_rdma_xprt		*sx;
	struct svc_rdma_send_ctxt	*sc;
};

static int svc_rdma_count_actor(void *arg, struct page *page,
				unsigned int offset, unsigned int len)
{
	(*(unsigned int *)arg)++;
	return 0;
}

/* Maps one fragment of an inline reply as the Send's next SGE. */
static noinline int svc_rdma_map_actor(void *arg, struct page *page,
				       unsigned int offset, unsigned int len)
{
	struct svc_rdma_map *m = arg;
	struct ib_sge *sge = &m->sc->sc_sges[m->sc->sc_nr_sges];
	u64 addr;

	addr = ib_dma_map_page(m->sx->sx_dev, page, offset, len,
			       DMA_TO_DEVICE);
	if (ib_dma_mapping_error(m->sx->sx_dev, addr))
		return -EIO;
	sge->addr = addr;
	sge->length = len;
	sge->lkey = m->sx->sx_pd->local_dma_lkey;
	m->sc->sc_nr_sges++;
	return 0;
}

ALLOW_ERROR_INJECTION(svc_rdma_map_actor, ERRNO);

/* Puts the wire bytes behind the header: as SGEs, or pulled up. */
static int svc_rdma_map_inline(struct svc_rdma_xprt *sx,
			       struct svc_rdma_send_ctxt *sc,
			       const struct xdr_buf *xb,
			       const struct svc_rdma_recv_ctxt *rc,
			       unsigned int wire_len)
{
	struct svc_rdma_map m = { .sx = sx, .sc = sc };
	unsigned int frags = 0;
	int ret;

	svc_rdma_xb_walk(xb, rc->rc_payloads, rc->rc_nr_payloads, 0, wire_len,
			 svc_rdma_count_actor, &frags);
	if (1 + frags <= sx->sx_max_send_sges)
		return svc_rdma_xb_walk(xb, rc->rc_payloads,
					rc->rc_nr_payloads, 0, wire_len,
					svc_rdma_map_actor, &m);

	ret = svc_rdma_pull_up(xb, rc->rc_payloads, rc->rc_nr_payloads,
			       sc->sc_buf + sc->sc_len,
			       sx->sx_send_size - sc->sc_len);
	if (ret < 0)
		return ret;
	sc->sc_len += ret;
	svc_rdma_stat_inc(SVCRDMA_STAT_PULL_UPS);
	trace_svcrdma_pull_up(sx, rc->rc_hdr.xid, ret);
	return 0;
}

/* The reply's pages now belong to the Send; svc_rqst gets fresh ones. */
static void svc_rdma_take_pages(struct svc_rdma_send_ctxt *sc,
				struct svc_rqst *rqstp)
{
	struct page **pp;

	for (pp = rqstp->rq_respages; pp < rqstp->rq_next_page; pp++) {
		if (*pp && sc->sc_nr_pages < ARRAY_SIZE(sc->sc_pages)) {
			sc->sc_pages[sc->sc_nr_pages++] = *pp;
			*pp = NULL;
		}
	}
}

/* Builds the Writes of every recorded payload into its Write chunk. */
static int svc_rdma_write_payloads(struct svc_rdma_xprt *sx,
				   struct svc_rdma_chain *chain,
				   const struct svc_rdma_recv_ctxt *rc,
				   const struct xdr_buf *xb, u32 *written)
{
	const struct svc_rdma_hdr *hdr = &rc->rc_hdr;
	const __be32 *chunk;
	unsigned int i;
	int ret;

	for (i = 0; i < rc->rc_nr_payloads; i++) {
		chunk = svc_rdma_write_chunk(hdr, i);
		ret = svc_rdma_chain_write(sx, chain, chunk + 1,
					   be32_to_cpup(chunk), xb, NULL, 0,
					   rc->rc_payloads[i].offset,
					   rc->rc_payloads[i].length,
					   &written[i]);
		if (ret)
			return ret;
		svc_rdma_stat_inc(SVCRDMA_STAT_WRITE_CHUNKS);
		svc_rdma_stat_add(SVCRDMA_STAT_WRITE_BYTES, written[i]);
		trace_svcrdma_write_chunk(sx, hdr->xid, written[i]);
	}
	return 0;
}

/**
 * svc_rdma_sendto - ->xpo_sendto: send the reply to a Call
 * @rqstp: the request, with its reply in rq_res
 *
 * Returns as soon as the reply is posted; its Send completion releases
 * what it used.
 *
 * Return values:
 *   %0 if the reply (or an RDMA_ERROR in its place) was posted;
 *   %-ENOTCONN if it could not be: the connection is closing, and the
 *   client will retransmit on a new one.
 */
int svc_rdma_sendto(struct svc_rqst *rqstp)
{
	struct svc_rdma_xprt *sx = to_sx(rqstp->rq_xprt);
	struct svc_rdma_recv_ctxt *rc = rqstp->rq_xprt_ctxt;
	struct xdr_buf *xb = &rqstp->rq_res;
	u32 written[SVCRDMA_MAX_WRITE_CHUNKS], reply_written = 0;
	struct svc_rdma_send_ctxt *sc;
	struct svc_rdma_chain chain;
	unsigned int wire_len;
	bool use_reply = false;
	int ret, len;

	if (!rc || test_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags))
		return -ENOTCONN;
	sc = svc_rdma_send_ctxt_get(sx);
	if (!sc)
		goto out_close;
	svc_rdma_chain_init(&chain);

	svc_rdma_check_payloads(rc, xb);
	ret = svc_rdma_write_payloads(sx, &chain, rc, xb, written);
	if (ret)
		goto out_err;

	wire_len = svc_rdma_wire_len(xb, rc->rc_payloads, rc->rc_nr_payloads);
	if (svc_rdma_hdr_reply_len(&rc->rc_hdr, false) + wire_len >
	    sx->sx_send_size) {
		/* too long for the client's inline size */
		if (!rc->rc_hdr.reply_chunk || rc->rc_hdr.reply_len < wire_len)
			goto out_chunk;
		ret = svc_rdma_chain_write(sx, &chain, rc->rc_hdr.reply_chunk + 1,
					   rc->rc_hdr.reply_segs, xb,
					   rc->rc_payloads, rc->rc_nr_payloads,
					   0, wire_len, &reply_written);
		if (ret)
			goto out_err;
		use_reply = true;
	}

	/* so many segments that the Writes could never fit the Send Queue */
	if (chain.ch_wrs + 1 >= sx->sx_sq_depth)
		goto out_chunk;

	len = svc_rdma_hdr_encode_reply(sc->sc_buf, sx->sx_send_size,
					&rc->rc_hdr, sx->sx_max_requests,
					written, rc->rc_nr_payloads, use_reply,
					reply_written);
	if (len < 0)
		goto out_chunk;
	sc->sc_len = len;
	if (use_reply) {
		svc_rdma_stat_inc(SVCRDMA_STAT_REPLY_CHUNKS);
		svc_rdma_stat_add(SVCRDMA_STAT_REPLY_BYTES, reply_written);
		trace_svcrdma_reply_chunk(sx, rc->rc_hdr.xid, reply_written);
	} else {
		ret = svc_rdma_map_inline(sx, sc, xb, rc, wire_len);
		if (ret)
			goto out_err;
		svc_rdma_stat_inc(SVCRDMA_STAT_INLINE_REPLIES);
		trace_svcrdma_send_inline(sx, rc->rc_hdr.xid, wire_len);
	}

	svc_rdma_take_pages(sc, rqstp);
	list_splice_init(&chain.ch_rw, &sc->sc_rw_list);
	svc_rdma_call_done(sx, rc);
	return svc_rdma_post_send(sx, sc, chain.ch_wrs, rc->rc_inv_rkey);

out_err:
	/*
	 * Only a chunk too small is the client's doing.  Memory or a
	 * mapping that failed is ours: the client sends the Call again on
	 * a new connection, rather than get an error for it.
	 */
	if (ret != -EMSGSIZE)
		goto out_close_chain;
out_chunk:
	/* the client's chunks cannot carry this reply */
	svc_rdma_chain_release(sx, &chain.ch_rw);
	svc_rdma_send_ctxt_put(sx, sc);
	svc_rdma_call_done(sx, rc);
	ret = svc_rdma_send_error(sx, rc->rc_hdr.xid, SVCRDMA_ERR_CHUNK,
				  rc->rc_inv_rkey);
	return ret ? -ENOTCONN : 0;

out_close_chain:
	svc_rdma_chain_release(sx, &chain.ch_rw);
	svc_rdma_send_ctxt_put(sx, sc);
out_close:
	svc_rdma_xprt_close(sx, "cannot build a reply");
	return -ENOTCONN;
}
