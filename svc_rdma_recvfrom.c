// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receiving Calls: posted Receives, the transport header, and the
 * request's xdr_buf.
 *
 * Operation
 *
 * Each Receive context owns one buffer of sx_recv_size bytes, DMA-mapped
 * for its whole life.  The Receive completion handler runs in softirq
 * context and stays short: it refills the Receive Queue when a batch is
 * missing (from the free list, which accept stocks with a spare context
 * per credit), queues the context on the connection's ready list and
 * wakes an nfsd thread.  It never parses the message.
 *
 * svc_rdma_recvfrom(), in the nfsd thread, takes the oldest ready Call
 * and decodes its transport header (svc_rdma_hdr.c): nothing from the
 * wire is used before that decoder has bounded it.  A header that cannot
 * be answered (too short to hold an xid) closes the connection; a wrong
 * version gets ERR_VERS and any other fault ERR_CHUNK (svc_rdma_sendto.c).
 * A reverse-direction Reply goes to the backchannel, or is dropped when
 * no backchannel takes it: a Reply never reaches nfsd, and the decoder
 * holds everything else to the shortest RPC Call, since sunrpc reads a
 * Call's first words from rq_arg's head without checking its length.
 * A Call without Read chunks is handed to nfsd in place: rq_arg's head
 * points into the Receive buffer, and rq_pages, less the argument's own
 * first page, is the reply's.  A Call with Read chunks is first pulled
 * into pages by RDMA Read (svc_rdma_rw.c) while the thread returns to
 * other work; when the Reads complete, the Call waits on the connection's
 * finished Reads, ahead of new Calls, for the next thread that comes
 * here.  Either way rq_arg is built in one place, svc_rdma_set_arg().
 *
 * The context stays with the request (rq_xprt_ctxt) until nfsd releases
 * it through ->xpo_release_ctxt: rq_arg points into its buffer, and
 * sendto needs its decoded Write list and Reply chunk.
 *
 * Credits.  sx_outstanding counts Calls received and not yet answered.
 * It rises in the completion handler and falls when the reply's Send is
 * posted (or the Call is dropped), that is, before the client can learn
 * that its credit is free.  A client that goes past its credits has
 * broken the protocol and is disconnected before it can overrun the
 * Receive Queue.
 */

#include <linux/error-injection.h>
#include <linux/slab.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/svc_xprt.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"
#include "svc_rdma_trace.h"

static void svc_rdma_wc_receive(struct ib_cq *cq, struct ib_wc *wc);

/*
 * The largest reply the server builds: the pages svc_alloc_arg() gives a
 * request.  No Write or Reply chunk may offer more than this.
 */
#define SVCRDMA_MAX_REPLY		(RPCSVC_MAXPAGES * PAGE_SIZE)

/* A cache of their own, so that failslab can aim at it (svc_rdma.c). */
static struct kmem_cache *svc_rdma_recv_ctxt_cache;

/**
 * svc_rdma_recv_init - Create the Receive context cache
 *
 * Return: %0, or %-ENOMEM.
 */
int svc_rdma_recv_init(void)
{
	svc_rdma_recv_ctxt_cache = KMEM_CACHE(svc_rdma_recv_ctxt, 0);
	return svc_rdma_recv_ctxt_cache ? 0 : -ENOMEM;
}

/**
 * svc_rdma_recv_exit - Destroy the Receive context cache
 *
 * Every connection, hence every Receive context, is gone.
 */
void svc_rdma_recv_exit(void)
{
	kmem_cache_destroy(svc_rdma_recv_ctxt_cache);
}

/*
 * The functions marked ALLOW_ERROR_INJECTION below are where this file
 * allocates, maps or posts; fail_function can make each fail (see
 * tests/guest/faults.sh).  They are noinline so that every call goes
 * through the marked symbol.
 */

/* Maps a new Receive buffer for the device, for the context's life. */
static noinline int svc_rdma_recv_buf_map(struct svc_rdma_xprt *sx,
					  struct svc_rdma_recv_ctxt *rc)
{
	u64 addr;

	addr = ib_dma_map_single(sx->sx_dev, rc->rc_buf, sx->sx_recv_size,
				 DMA_FROM_DEVICE);
	if (ib_dma_mapping_error(sx->sx_dev, addr))
		return -EIO;
	rc->rc_sge.addr = addr;
	return 0;
}

ALLOW_ERROR_INJECTION(svc_rdma_recv_buf_map, ERRNO);

static noinline struct svc_rdma_recv_ctxt *
svc_rdma_recv_ctxt_alloc(struct svc_rdma_xprt *sx, gfp_t gfp)
{
	struct svc_rdma_recv_ctxt *rc;

	rc = kmem_cache_alloc_node(svc_rdma_recv_ctxt_cache, gfp | __GFP_ZERO,
				   sx->sx_node);
	if (!rc)
		goto out;
	rc->rc_buf = kmalloc_node(sx->sx_recv_size, gfp, sx->sx_node);
	if (!rc->rc_buf)
		goto out_free;
	if (svc_rdma_recv_buf_map(sx, rc))
		goto out_buf;

	rc->rc_xprt = sx;
	rc->rc_sge.length = sx->sx_recv_size;
	rc->rc_sge.lkey = sx->sx_pd->local_dma_lkey;
	rc->rc_cqe.done = svc_rdma_wc_receive;
	rc->rc_wr.wr_cqe = &rc->rc_cqe;
	rc->rc_wr.sg_list = &rc->rc_sge;
	rc->rc_wr.num_sge = 1;
	atomic_inc(&sx->sx_ctxts);
	svc_rdma_stat_inc(SVCRDMA_STAT_LIVE_RECV_CTXTS);
	return rc;

out_buf:
	kfree(rc->rc_buf);
out_free:
	kmem_cache_free(svc_rdma_recv_ctxt_cache, rc);
out:
	return NULL;
}

ALLOW_ERROR_INJECTION(svc_rdma_recv_ctxt_alloc, NULL);

static void svc_rdma_recv_ctxt_free(struct svc_rdma_xprt *sx,
				    struct svc_rdma_recv_ctxt *rc)
{
	ib_dma_unmap_single(sx->sx_dev, rc->rc_sge.addr, sx->sx_recv_size,
			    DMA_FROM_DEVICE);
	kfree(rc->rc_buf);
	kmem_cache_free(svc_rdma_recv_ctxt_cache, rc);
	atomic_dec(&sx->sx_ctxts);
	svc_rdma_stat_dec(SVCRDMA_STAT_LIVE_RECV_CTXTS);
}

/*
 * Only the Receive completion handler (serialized by its CQ) and accept,
 * before any completion, take from the free list, so llist_del_first()
 * has the single consumer it needs.
 */
static struct svc_rdma_recv_ctxt *
svc_rdma_recv_ctxt_get(struct svc_rdma_xprt *sx, gfp_t gfp)
{
	struct llist_node *node = llist_del_first(&sx->sx_recv_free);

	if (node)
		return llist_entry(node, struct svc_rdma_recv_ctxt, rc_node);
	return svc_rdma_recv_ctxt_alloc(sx, gfp);
}

static void svc_rdma_recv_ctxt_put(struct svc_rdma_xprt *sx,
				   struct svc_rdma_recv_ctxt *rc)
{
	rc->rc_nr_payloads = 0;
	rc->rc_replied = false;
	llist_add(&rc->rc_node, &sx->sx_recv_free);
}

/**
 * svc_rdma_recv_ctxts_reserve - Stock the free list beyond the first Receives
 * @sx: a connection being accepted, before its first completion
 * @count: contexts to add
 *
 * The Receive completion handler refills the Receive Queue in softirq
 * context, where it allocates only with GFP_ATOMIC.  A Call holds its
 * context from its Receive until nfsd releases it, so with a spare
 * context per credit and per backchannel request the refills are served
 * from the free list, and such an allocation is the exception.
 *
 * Return: %0, or %-ENOMEM; the contexts added stay on the free list,
 * for svc_rdma_recv_ctxts_destroy().
 */
int svc_rdma_recv_ctxts_reserve(struct svc_rdma_xprt *sx, unsigned int count)
{
	struct svc_rdma_recv_ctxt *rc;

	while (count--) {
		rc = svc_rdma_recv_ctxt_alloc(sx, GFP_KERNEL);
		if (!rc)
			return -ENOMEM;
		llist_add(&rc->rc_node, &sx->sx_recv_free);
	}
	return 0;
}

/**
 * svc_rdma_recv_ctxts_destroy - Free every idle Receive context
 * @sx: a connection whose QP is drained or gone
 */
void svc_rdma_recv_ctxts_destroy(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_recv_ctxt *rc, *next;
	struct llist_node *node;

	node = llist_del_all(&sx->sx_recv_free);
	llist_for_each_entry_safe(rc, next, node, rc_node)
		svc_rdma_recv_ctxt_free(sx, rc);
}

/* The one ib_post_recv(): on failure *@bad is the first WR not posted. */
static noinline int svc_rdma_ib_post_recv(struct svc_rdma_xprt *sx,
					  struct ib_recv_wr *first,
					  const struct ib_recv_wr **bad)
{
	return ib_post_recv(sx->sx_qp, first, bad);
}

ALLOW_ERROR_INJECTION(svc_rdma_ib_post_recv, ERRNO);

/**
 * svc_rdma_post_recvs - Post Receives, as one chain
 * @sx: the connection
 * @count: how many
 * @gfp: for contexts the free list cannot give
 *
 * Return:
 *   %0 if all were posted;
 *   %-ENOMEM if contexts could not be allocated (none are posted);
 *   another negative errno if ib_post_recv() failed (the ones before the
 *   failing one are posted and counted).
 */
int svc_rdma_post_recvs(struct svc_rdma_xprt *sx, unsigned int count,
			gfp_t gfp)
{
	struct svc_rdma_recv_ctxt *rc;
	const struct ib_recv_wr *bad;
	struct ib_recv_wr *first = NULL, *wr;
	unsigned int i;
	int ret;

	for (i = 0; i < count; i++) {
		rc = svc_rdma_recv_ctxt_get(sx, gfp);
		if (!rc)
			goto out_nomem;
		rc->rc_wr.next = first;
		first = &rc->rc_wr;
	}
	/* a failure that names no WR posted none (injected ones do not) */
	bad = first;
	ret = svc_rdma_ib_post_recv(sx, first, &bad);
	if (!ret) {
		atomic_add(count, &sx->sx_recvs_posted);
		return 0;
	}
	trace_svcrdma_post_err(sx, ret);
	for (wr = first; wr != bad; wr = wr->next)
		atomic_inc(&sx->sx_recvs_posted);
	first = (struct ib_recv_wr *)bad;
	goto out_put;

out_nomem:
	ret = -ENOMEM;
out_put:
	while (first) {
		rc = container_of(first, struct svc_rdma_recv_ctxt, rc_wr);
		first = first->next;
		svc_rdma_recv_ctxt_put(sx, rc);
	}
	return ret;
}

/* Keeps the Receive Queue within one batch of full. */
static void svc_rdma_refill(struct svc_rdma_xprt *sx)
{
	int missing = (int)sx->sx_rq_depth - 1 -
		      atomic_read(&sx->sx_recvs_posted);

	if (missing < SVCRDMA_RECV_BATCH ||
	    test_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags))
		return;
	if (svc_rdma_post_recvs(sx, missing, GFP_ATOMIC | __GFP_NOWARN))
		svc_rdma_xprt_close(sx, "cannot post Receives");
}

static void svc_rdma_wc_receive(struct ib_cq *cq, struct ib_wc *wc)
{
	struct svc_rdma_xprt *sx = cq->cq_context;
	struct svc_rdma_recv_ctxt *rc =
		container_of(wc->wr_cqe, struct svc_rdma_recv_ctxt, rc_cqe);

	atomic_dec(&sx->sx_recvs_posted);
	if (unlikely(wc->status != IB_WC_SUCCESS))
		goto out_err;
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_RECVS);

	if (atomic_inc_return(&sx->sx_outstanding) >
	    sx->sx_max_requests + SVCRDMA_BC_REQUESTS) {
		svc_rdma_xstat_inc(sx, SVCRDMA_STAT_CREDIT_OVERRUNS);
		trace_svcrdma_credit_overrun(sx, 0,
					     atomic_read(&sx->sx_outstanding));
		atomic_dec(&sx->sx_outstanding);
		svc_rdma_recv_ctxt_put(sx, rc);
		svc_rdma_xprt_close(sx, "credit overrun");
		return;
	}
	svc_rdma_refill(sx);

	rc->rc_byte_len = wc->byte_len;
	ib_dma_sync_single_for_cpu(sx->sx_dev, rc->rc_sge.addr, wc->byte_len,
				   DMA_FROM_DEVICE);
	spin_lock(&sx->sx_lock);
	list_add_tail(&rc->rc_list, &sx->sx_ready);
	set_bit(XPT_DATA, &sx->sx_xprt.xpt_flags);
	spin_unlock(&sx->sx_lock);
	svc_xprt_enqueue(&sx->sx_xprt);
	return;

out_err:
	if (wc->status != IB_WC_WR_FLUSH_ERR) {
		svc_rdma_xstat_inc(sx, SVCRDMA_STAT_RECV_ERRORS);
		trace_svcrdma_wc_err(sx, "receive", wc);
	}
	svc_rdma_recv_ctxt_put(sx, rc);
	svc_rdma_xprt_close(sx, "receive completion error");
}

/**
 * svc_rdma_call_done - The Call no longer holds a credit
 * @sx: the connection
 * @rc: the Call's context
 *
 * Called when the reply is about to be posted, or when the Call is
 * dropped; only the first call counts.
 */
void svc_rdma_call_done(struct svc_rdma_xprt *sx,
			struct svc_rdma_recv_ctxt *rc)
{
	if (!rc->rc_replied) {
		rc->rc_replied = true;
		atomic_dec(&sx->sx_outstanding);
	}
}

/**
 * svc_rdma_release_ctxt - ->xpo_release_ctxt: nfsd is done with a Call
 * @xprt: the connection
 * @ctxt: the Call's svc_rdma_recv_ctxt, or NULL
 */
void svc_rdma_release_ctxt(struct svc_xprt *xprt, void *ctxt)
{
	struct svc_rdma_xprt *sx = to_sx(xprt);
	struct svc_rdma_recv_ctxt *rc = ctxt;

	if (!rc)
		return;
	svc_rdma_call_done(sx, rc);
	svc_rdma_recv_ctxt_put(sx, rc);
}

/*
 * An rkey the reply may invalidate with Send With Invalidate (RFC 8797):
 * only when the client said at connect time that it takes remote
 * invalidation, and only when every segment of the Call names the same
 * handle.  A client that offers several handles cannot expect us to pick
 * the one it will not invalidate itself.
 */
static u32 svc_rdma_pick_inv_rkey(const struct svc_rdma_xprt *sx,
				  const struct svc_rdma_hdr *hdr)
{
	if (!test_bit(SVCRDMA_XF_SND_W_INV, &sx->sx_flags))
		return 0;
	return hdr->inv_handle;
}

/*
 * rq_arg, the one place it is built.  @head bytes of the inline message
 * stay in the Receive buffer as its head; @paged bytes are in rq_pages,
 * from the first page's start.  The position-zero chunk of an RDMA_NOMSG
 * is the whole Call: its first page is the head.
 */
static void svc_rdma_set_arg(struct svc_rqst *rqstp,
			     const struct svc_rdma_recv_ctxt *rc,
			     unsigned int head, unsigned int paged)
{
	struct xdr_buf *arg = &rqstp->rq_arg;

	if (rc->rc_hdr.proc == SVCRDMA_NOMSG) {
		arg->head[0].iov_base = page_address(rqstp->rq_pages[0]);
		arg->head[0].iov_len = min_t(unsigned int, paged, PAGE_SIZE);
		arg->pages = rqstp->rq_pages + 1;
		arg->page_len = paged - arg->head[0].iov_len;
	} else {
		arg->head[0].iov_base = rc->rc_buf + rc->rc_hdr.hdr_len;
		arg->head[0].iov_len = head;
		arg->pages = rqstp->rq_pages;
		arg->page_len = paged;
	}
	arg->page_base = 0;
	arg->tail[0].iov_base = NULL;
	arg->tail[0].iov_len = 0;
	arg->len = arg->head[0].iov_len + arg->page_len;
	arg->buflen = arg->len;
	svc_rdma_set_respages(rqstp);
}

/*
 * Builds rq_arg, or starts the Call's Reads (-EINPROGRESS: the Call comes
 * back through the connection's finished Reads, and @rc may already be
 * another thread's when this returns).
 */
static int svc_rdma_take_call(struct svc_rdma_xprt *sx, struct svc_rqst *rqstp,
			      struct svc_rdma_recv_ctxt *rc)
{
	unsigned int chunks = rc->rc_hdr.read_chunks;
	bool nomsg = rc->rc_hdr.proc == SVCRDMA_NOMSG;
	int ret;

	if (!chunks) {
		svc_rdma_set_arg(rqstp, rc, rc->rc_hdr.msg_len, 0);
		return 0;
	}
	ret = svc_rdma_read_call(sx, rqstp, rc);
	if (ret && ret != -EINPROGRESS)
		return ret;
	if (nomsg)
		svc_rdma_xstat_inc(sx, SVCRDMA_STAT_PZ_CHUNKS);
	else
		svc_rdma_xstat_add(sx, SVCRDMA_STAT_READ_CHUNKS, chunks);
	if (!ret)	/* nothing to read: laid out already */
		svc_rdma_set_arg(rqstp, rc, rc->rc_head, rc->rc_paged);
	return ret;
}

/* A Call nfsd will not see: answered with RDMA_ERROR, or the connection
 * closes.  Its context goes back either way.
 */
static void svc_rdma_refuse(struct svc_rdma_xprt *sx,
			    struct svc_rdma_recv_ctxt *rc, int status)
{
	trace_svcrdma_hdr_fault(sx, &rc->rc_hdr, status);
	switch (status) {
	case -EPROTONOSUPPORT:
		svc_rdma_call_done(sx, rc);
		svc_rdma_send_error(sx, rc->rc_hdr.xid, SVCRDMA_ERR_VERS, 0);
		break;
	case -EINVAL:
		svc_rdma_call_done(sx, rc);
		svc_rdma_send_error(sx, rc->rc_hdr.xid, SVCRDMA_ERR_CHUNK, 0);
		break;
	default:
		/* no xid to answer, or the Call's data could not be read */
		if (status == -EBADMSG)
			svc_rdma_xstat_inc(sx, SVCRDMA_STAT_HDR_DROPS);
		svc_rdma_xprt_close(sx, "unanswerable Call");
		break;
	}
	svc_rdma_release_ctxt(&sx->sx_xprt, rc);
}

/*
 * Takes the next Call: one whose Reads have completed first, since it
 * came in earlier, else the oldest on the ready list (*@read_done says
 * which).  XPT_DATA stays set only while more wait: the Receive and Read
 * completions set it again, under the same lock, with each Call they add.
 */
static struct svc_rdma_recv_ctxt *svc_rdma_take_ready(struct svc_rdma_xprt *sx,
						      bool *read_done)
{
	struct svc_rdma_recv_ctxt *rc;

	spin_lock_bh(&sx->sx_lock);
	rc = list_first_entry_or_null(&sx->sx_read_done,
				      struct svc_rdma_recv_ctxt, rc_list);
	*read_done = !!rc;
	if (!rc)
		rc = list_first_entry_or_null(&sx->sx_ready,
					      struct svc_rdma_recv_ctxt,
					      rc_list);
	if (rc)
		list_del(&rc->rc_list);
	if (list_empty(&sx->sx_ready) && list_empty(&sx->sx_read_done))
		clear_bit(XPT_DATA, &sx->sx_xprt.xpt_flags);
	spin_unlock_bh(&sx->sx_lock);
	return rc;
}

/* The transport header, bounded by what this request can hold. */
static int svc_rdma_decode(struct svc_rdma_xprt *sx, struct svc_rqst *rqstp,
			   struct svc_rdma_recv_ctxt *rc)
{
	struct svc_rdma_hdr_limits lim = {
		.max_read = svc_rdma_arg_budget(rqstp),
		.max_write = SVCRDMA_MAX_REPLY,
		.max_write_chunks = SVCRDMA_MAX_WRITE_CHUNKS,
	};
	int ret;

	ret = svc_rdma_hdr_decode(&rc->rc_hdr, rc->rc_buf, rc->rc_byte_len,
				  &lim);
	if (!ret)
		trace_svcrdma_call(sx, &rc->rc_hdr);
	return ret;
}

/* The Call is nfsd's from here until ->xpo_release_ctxt. */
static int svc_rdma_deliver(struct svc_rqst *rqstp,
			    struct svc_rdma_recv_ctxt *rc)
{
	svc_xprt_copy_addrs(rqstp, rqstp->rq_xprt);
	rqstp->rq_prot = IPPROTO_MAX;
	/* RDMA has no privileged ports: the export's options decide */
	__set_bit(RQ_SECURE, &rqstp->rq_flags);
	rqstp->rq_xprt_ctxt = rc;
	return rqstp->rq_arg.len;
}

/**
 * svc_rdma_recvfrom - ->xpo_recvfrom: hand nfsd the next Call
 * @rqstp: the request to fill in
 *
 * Return:
 *   the length of the RPC message in rq_arg, when there is a Call;
 *   %0 when there is none, or it was answered here (RDMA_ERROR), went to
 *   the backchannel, closed the connection, or waits for its RDMA Reads
 *   (a later call hands it over once they complete).
 */
int svc_rdma_recvfrom(struct svc_rqst *rqstp)
{
	struct svc_xprt *xprt = rqstp->rq_xprt;
	struct svc_rdma_xprt *sx = to_sx(xprt);
	struct svc_rdma_recv_ctxt *rc;
	bool read_done;
	int ret;

	rqstp->rq_xprt_ctxt = NULL;
	/*
	 * sunrpc releases every page in [rq_respages, rq_next_page) once
	 * this returns, Call or not (svc_xprt_release()); since 6.4 with
	 * release_pages(), which takes no NULL slot.  The last request's
	 * range may cover slots that a Read gives away below: start from an
	 * empty one; only a Call gets one (svc_rdma_set_respages()).
	 */
	rqstp->rq_respages = rqstp->rq_pages;
	rqstp->rq_next_page = rqstp->rq_respages;
	rc = svc_rdma_take_ready(sx, &read_done);
	/* the next Call may go to another thread while this one works */
	svc_xprt_received(xprt);
	if (!rc)
		return 0;
	if (read_done) {
		/* decoded and laid out when its Reads were posted */
		svc_rdma_read_finish(sx, rqstp, rc);
		svc_rdma_set_arg(rqstp, rc, rc->rc_head, rc->rc_paged);
		return svc_rdma_deliver(rqstp, rc);
	}

	ret = svc_rdma_decode(sx, rqstp, rc);
	if (ret)
		goto out_refuse;

	if (rc->rc_hdr.rev_reply) {
		/* a Reply nobody can take is dropped: never one for nfsd */
		if (svc_rdma_bc_is_reply(sx, rc))
			svc_rdma_bc_receive(sx, rc);
		else
			trace_svcrdma_hdr_fault(sx, &rc->rc_hdr, -ENOENT);
		svc_rdma_release_ctxt(xprt, rc);
		return 0;
	}

	rc->rc_inv_rkey = svc_rdma_pick_inv_rkey(sx, &rc->rc_hdr);
	ret = svc_rdma_take_call(sx, rqstp, rc);
	if (ret == -EINPROGRESS)
		return 0;	/* its Reads' completion brings it back */
	if (ret)
		goto out_refuse;
	return svc_rdma_deliver(rqstp, rc);

out_refuse:
	svc_rdma_refuse(sx, rc, ret);
	return 0;
}
