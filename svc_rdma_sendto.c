// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sending replies.
 *
 * Operation
 *
 * nfsd builds its reply in rq_res, an xdr_buf.  While it encodes a READ,
 * it reports the data item's place in rq_res through ->xpo_result_payload;
 * when the Call offered a Write chunk for it, svc_rdma_result_payload()
 * records it, one payload per Write chunk in Write list order.  The data
 * then leaves the inline reply: the reply's "wire bytes" are rq_res less
 * every recorded data item and its XDR padding (RFC 8166, section 3.4.5;
 * svc_rdma_xdrbuf.c walks them).
 *
 * Plan, then build.  svc_rdma_plan_reply() decides from the lengths
 * alone, before anything is built, how the wire bytes travel:
 *  - inline, after the transport header, when header and bytes fit the
 *    client's inline size: as one SGE per fragment, or copied ("pulled
 *    up") behind the header when there would be more SGEs than the
 *    device (or the max_send_sges parameter) allows;
 *  - through the Reply chunk (RDMA_NOMSG) when they do not fit, and the
 *    client offered a Reply chunk large enough;
 *  - not at all: the client gets RDMA_ERROR ERR_CHUNK.
 * The build then follows the plan.  Only two things can still change the
 * outcome: a chain of Writes longer than the whole Send Queue (the
 * client's segments are too many for us: ERR_CHUNK), and memory, a
 * mapping or a post that fails (ours: the connection closes and the
 * client sends the Call again).
 *
 * All RDMA Writes (data items, then the Reply chunk) and the final Send
 * go out in one chain (svc_rdma_post.c).  The Send's completion releases
 * everything the reply used: the rw contexts and their mappings, the
 * SGE mappings, and the Send context's references on the reply's pages,
 * taken so that the pages outlive the svc_rqst.
 *
 * When the client accepts remote invalidation (RFC 8797) and offered an
 * rkey in its Call, the Send invalidates it (Send With Invalidate), error
 * replies included, so the client need not.
 */

#include <linux/error-injection.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/xdr.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"
#include "svc_rdma_trace.h"

/* How a reply travels, decided before any of it is built. */
enum svc_rdma_way {
	SVCRDMA_WAY_INLINE,	/* behind the header, one SGE per fragment */
	SVCRDMA_WAY_PULL_UP,	/* copied behind the header */
	SVCRDMA_WAY_REPLY_CHUNK, /* RDMA Written into the Reply chunk */
	SVCRDMA_WAY_ERR_CHUNK,	/* the client's chunks cannot carry it */
};

/**
 * struct svc_rdma_plan - a reply's way, and the lengths that chose it
 * @way: how the reply travels
 * @wire_len: its wire bytes: rq_res less the Write chunks' data items
 */
struct svc_rdma_plan {
	enum svc_rdma_way	way;
	unsigned int		wire_len;
};

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
		svc_rdma_xstat_inc(sx, SVCRDMA_STAT_ERR_VERS);
		trace_svcrdma_send_err_vers(sx, xid, len);
	} else {
		svc_rdma_xstat_inc(sx, SVCRDMA_STAT_ERR_CHUNK);
		trace_svcrdma_send_err_chunk(sx, xid, len);
	}
	return svc_rdma_post_send(sx, sc, 0, inv_rkey);

out_close:
	/* the client would wait for this answer until it timed out */
	svc_rdma_xprt_close(sx, "cannot send RDMA_ERROR");
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
 * Return:
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
	if (n) {
		/* an item starts no sooner than the last one and its pad end */
		p = &rc->rc_payloads[n - 1];
		if (offset < (u64)p->offset + xdr_align_size(p->length))
			return -EINVAL;
	}
	if (length > rc->rc_hdr.write[n].length)
		return -EMSGSIZE;
	p = &rc->rc_payloads[n];
	p->offset = offset;
	p->length = length;
	rc->rc_nr_payloads++;
	return 0;
}

struct svc_rdma_map {
	struct svc_rdma_xprt		*sx;
	struct svc_rdma_send_ctxt	*sc;
	struct page			*head_page;
	bool				head_mapped;
};

/*
 * Puts one fragment of an inline reply into the Send.  The bytes of the
 * reply's head page that follow the transport header directly (the head
 * itself, and for most replies all there is) are copied behind it, so
 * that the Send does not need that page; any other fragment is mapped as
 * the Send's next SGE.  This file's one mapping that fail_function can
 * make fail (see tests/guest/faults.sh); noinline keeps every call on the
 * marked symbol.
 */
static noinline int svc_rdma_map_actor(void *arg, struct page *page,
				       unsigned int offset, unsigned int len)
{
	struct svc_rdma_map *m = arg;
	struct svc_rdma_send_ctxt *sc = m->sc;
	struct ib_sge *sge = &sc->sc_sges[sc->sc_nr_sges];
	u64 addr;

	if (page == m->head_page) {
		if (sc->sc_nr_sges == 1 &&
		    sc->sc_len + len <= m->sx->sx_send_size) {
			memcpy(sc->sc_buf + sc->sc_len,
			       page_address(page) + offset, len);
			sc->sc_len += len;
			return 0;
		}
		m->head_mapped = true;
	}
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

/*
 * The page that holds the reply's head, which is rq_respages[0]
 * (svc_process()), or NULL.
 */
static struct page *svc_rdma_head_page(const struct xdr_buf *xb)
{
	return xb->head[0].iov_len ? virt_to_page(xb->head[0].iov_base) : NULL;
}

/*
 * Puts the wire bytes behind the header: as SGEs, the head's copied, or
 * all pulled up.  Sets @head_used when a mapped SGE points into the
 * head's page.
 */
static int svc_rdma_map_inline(struct svc_rdma_xprt *sx,
			       struct svc_rdma_send_ctxt *sc,
			       const struct xdr_buf *xb,
			       const struct svc_rdma_recv_ctxt *rc,
			       const struct svc_rdma_plan *plan,
			       bool *head_used)
{
	struct svc_rdma_map m = {
		.sx = sx, .sc = sc, .head_page = svc_rdma_head_page(xb),
	};
	int ret;

	if (plan->way == SVCRDMA_WAY_INLINE) {
		ret = svc_rdma_xb_walk(xb, rc->rc_payloads, rc->rc_nr_payloads,
				       0, plan->wire_len, svc_rdma_map_actor,
				       &m);
		*head_used = m.head_mapped;
		return ret;
	}

	ret = svc_rdma_pull_up(xb, rc->rc_payloads, rc->rc_nr_payloads,
			       sc->sc_buf + sc->sc_len,
			       sx->sx_send_size - sc->sc_len);
	if (ret < 0)
		return ret;
	sc->sc_len += ret;
	*head_used = false;
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_PULL_UPS);
	trace_svcrdma_pull_up(sx, rc->rc_hdr.xid, ret);
	return 0;
}

/*
 * A reply whose head page neither its Send nor its Writes need (every
 * byte of it that travels was copied behind the transport header, and
 * every Write chunk's data item lies in the page list) leaves that page
 * to the request: rq_respages moves past it, so sunrpc neither puts nor
 * empties its slot, and the request's next Call finds it there instead
 * of svc_alloc_arg() allocating (and clearing) another.
 */
static void svc_rdma_keep_head_page(struct svc_rdma_xprt *sx,
				    struct svc_rqst *rqstp,
				    const struct svc_rdma_recv_ctxt *rc,
				    bool head_used)
{
	const struct xdr_buf *xb = &rqstp->rq_res;
	unsigned int i, lo = xb->head[0].iov_len, hi = lo + xb->page_len;
	const struct svc_rdma_payload *p;

	if (head_used || rqstp->rq_respages >= rqstp->rq_next_page ||
	    *rqstp->rq_respages != svc_rdma_head_page(xb))
		return;
	for (i = 0; i < rc->rc_nr_payloads; i++) {
		p = &rc->rc_payloads[i];
		if (p->offset < lo || (u64)p->offset + p->length > hi)
			return;
	}
	rqstp->rq_respages++;
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_HEAD_PAGES_KEPT);
}

/*
 * The Send holds its own reference on each of the reply's pages, so that
 * they outlive the svc_rqst until the Send completes.  rq_respages keeps
 * its references and its range: sunrpc releases both after ->xpo_sendto
 * (6.4 and later with release_pages(), which must not see an emptied
 * slot; 6.1 with put_page()), and svc_alloc_arg() refills the slots.
 */
static void svc_rdma_hold_pages(struct svc_rdma_send_ctxt *sc,
				struct svc_rqst *rqstp)
{
	struct page **pp;

	for (pp = rqstp->rq_respages; pp < rqstp->rq_next_page; pp++) {
		if (*pp && sc->sc_nr_pages < ARRAY_SIZE(sc->sc_pages)) {
			get_page(*pp);
			sc->sc_pages[sc->sc_nr_pages++] = *pp;
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
	unsigned int i;
	int ret;

	for (i = 0; i < rc->rc_nr_payloads; i++) {
		ret = svc_rdma_chain_write(sx, chain, hdr, &hdr->write[i], xb,
					   NULL, 0,
					   rc->rc_payloads[i].offset,
					   rc->rc_payloads[i].length,
					   &written[i]);
		if (ret)
			return ret;
		svc_rdma_xstat_inc(sx, SVCRDMA_STAT_WRITE_CHUNKS);
		svc_rdma_xstat_add(sx, SVCRDMA_STAT_WRITE_BYTES, written[i]);
		trace_svcrdma_write_chunk(sx, hdr->xid, written[i]);
	}
	return 0;
}

/*
 * Decides the reply's way from the lengths alone: the header and wire
 * bytes against the client's inline size, the Reply chunk's length, and
 * the reply's fragments against the Send's SGEs.
 */
static void svc_rdma_plan_reply(const struct svc_rdma_xprt *sx,
				struct svc_rdma_recv_ctxt *rc,
				const struct xdr_buf *xb,
				struct svc_rdma_plan *plan)
{
	const struct svc_rdma_hdr *hdr = &rc->rc_hdr;
	unsigned int frags;

	frags = svc_rdma_xb_frags(xb, rc->rc_payloads, &rc->rc_nr_payloads,
				  &plan->wire_len);
	if (svc_rdma_hdr_reply_len(hdr, false) + plan->wire_len >
	    sx->sx_send_size) {
		if (hdr->reply.length < plan->wire_len ||
		    svc_rdma_hdr_reply_len(hdr, true) > sx->sx_send_size)
			plan->way = SVCRDMA_WAY_ERR_CHUNK;
		else
			plan->way = SVCRDMA_WAY_REPLY_CHUNK;
		return;
	}
	plan->way = 1 + frags <= sx->sx_max_send_sges ? SVCRDMA_WAY_INLINE :
							SVCRDMA_WAY_PULL_UP;
}

/*
 * Builds the Writes the plan calls for: every recorded payload into its
 * Write chunk, then the wire bytes into the Reply chunk.
 */
static int svc_rdma_build_writes(struct svc_rdma_xprt *sx,
				 struct svc_rdma_chain *chain,
				 const struct svc_rdma_recv_ctxt *rc,
				 const struct xdr_buf *xb,
				 const struct svc_rdma_plan *plan,
				 u32 *written, u32 *reply_written)
{
	const struct svc_rdma_hdr *hdr = &rc->rc_hdr;
	int ret;

	ret = svc_rdma_write_payloads(sx, chain, rc, xb, written);
	if (ret || plan->way != SVCRDMA_WAY_REPLY_CHUNK)
		return ret;
	ret = svc_rdma_chain_write(sx, chain, hdr, &hdr->reply, xb,
				   rc->rc_payloads, rc->rc_nr_payloads, 0,
				   plan->wire_len, reply_written);
	if (ret)
		return ret;
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_REPLY_CHUNKS);
	svc_rdma_xstat_add(sx, SVCRDMA_STAT_REPLY_BYTES, *reply_written);
	trace_svcrdma_reply_chunk(sx, hdr->xid, *reply_written);
	return 0;
}

/*
 * The Send's header and, unless the Reply chunk carries it, the message.
 * @head_used stays true unless the Send does not need the head's page.
 */
static int svc_rdma_build_send(struct svc_rdma_xprt *sx,
			       struct svc_rdma_send_ctxt *sc,
			       const struct svc_rdma_recv_ctxt *rc,
			       const struct xdr_buf *xb,
			       const struct svc_rdma_plan *plan,
			       const u32 *written, u32 reply_written,
			       bool *head_used)
{
	bool use_reply = plan->way == SVCRDMA_WAY_REPLY_CHUNK;
	int len, ret;

	len = svc_rdma_hdr_encode_reply(sc->sc_buf, sx->sx_send_size,
					&rc->rc_hdr, sx->sx_max_requests,
					written, rc->rc_nr_payloads, use_reply,
					reply_written);
	if (len < 0)	/* the plan made room for it: a bug of ours */
		return len;
	sc->sc_len = len;
	if (use_reply)
		return 0;
	ret = svc_rdma_map_inline(sx, sc, xb, rc, plan, head_used);
	if (ret)
		return ret;
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_INLINE_REPLIES);
	trace_svcrdma_send_inline(sx, rc->rc_hdr.xid, plan->wire_len);
	return 0;
}

/* The client's chunks cannot carry the reply: it gets ERR_CHUNK. */
static int svc_rdma_reply_err_chunk(struct svc_rdma_xprt *sx,
				    struct svc_rdma_recv_ctxt *rc)
{
	svc_rdma_call_done(sx, rc);
	if (svc_rdma_send_error(sx, rc->rc_hdr.xid, SVCRDMA_ERR_CHUNK,
				rc->rc_inv_rkey))
		return -ENOTCONN;
	return 0;
}

/**
 * svc_rdma_sendto - ->xpo_sendto: send the reply to a Call
 * @rqstp: the request, with its reply in rq_res
 *
 * Returns as soon as the reply is posted; its Send completion releases
 * what it used.
 *
 * Return:
 * * %0 - the reply (or an RDMA_ERROR in its place) was posted.
 * * %-ENOTCONN - it could not be: the connection is closing, and the
 *   client will send the Call again on a new one.
 */
int svc_rdma_sendto(struct svc_rqst *rqstp)
{
	struct svc_rdma_xprt *sx = to_sx(rqstp->rq_xprt);
	struct svc_rdma_recv_ctxt *rc = rqstp->rq_xprt_ctxt;
	u32 written[SVCRDMA_MAX_WRITE_CHUNKS], reply_written = 0;
	struct xdr_buf *xb = &rqstp->rq_res;
	struct svc_rdma_send_ctxt *sc;
	struct svc_rdma_chain chain;
	struct svc_rdma_plan plan;
	bool head_used = true;
	int ret;

	if (!rc || test_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags))
		return -ENOTCONN;
	svc_rdma_plan_reply(sx, rc, xb, &plan);
	if (plan.way == SVCRDMA_WAY_ERR_CHUNK)
		return svc_rdma_reply_err_chunk(sx, rc);
	sc = svc_rdma_send_ctxt_get(sx);
	if (!sc)
		goto out_close;
	svc_rdma_chain_init(&chain);
	ret = svc_rdma_build_writes(sx, &chain, rc, xb, &plan, written,
				    &reply_written);
	if (ret)
		goto out_release;
	ret = svc_rdma_build_send(sx, sc, rc, xb, &plan, written,
				  reply_written, &head_used);
	if (ret)
		goto out_release;
	svc_rdma_keep_head_page(sx, rqstp, rc, head_used);
	svc_rdma_hold_pages(sc, rqstp);
	list_splice_init(&chain.ch_rw, &sc->sc_rw_list);
	svc_rdma_call_done(sx, rc);
	ret = svc_rdma_post_send(sx, sc, chain.ch_wrs, rc->rc_inv_rkey);
	/* more Writes than the whole Send Queue: too many segments for us */
	if (ret == -E2BIG)
		return svc_rdma_reply_err_chunk(sx, rc);
	return ret;

out_release:
	svc_rdma_chain_release(sx, &chain.ch_rw);
	svc_rdma_send_ctxt_put(sx, sc);
out_close:
	svc_rdma_xprt_close(sx, "cannot build a reply");
	return -ENOTCONN;
}
