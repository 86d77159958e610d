// SPDX-License-Identifier: GPL-2.0-only
/*
 * Walking a reply's xdr_buf.
 *
 * Operation
 *
 * nfsd builds its reply in rq_res, an xdr_buf: a head, a page list and a
 * tail.  The data items that go into Write chunks leave the inline reply
 * (RFC 8166, section 3.4.5): the reply's "wire bytes" are rq_res less
 * each such item and its XDR padding.  svc_rdma_xb_walk() yields a range
 * of those bytes, one fragment at a time, never across a page, to whoever
 * moves them: the Send's SGE mapper, the pull-up copy (also used by the
 * backchannel for its Calls) and the RDMA Write builder.  A walk reads
 * the xdr_buf only; it neither allocates nor sleeps.
 */

#include <linux/highmem.h>
#include <linux/sunrpc/xdr.h>
#include <kunit/visibility.h>

#include "svc_rdma.h"

/* head + pages + tail: what rq_res holds after svc_send() */
static unsigned int svc_rdma_xb_len(const struct xdr_buf *xb)
{
	return xb->head[0].iov_len + xb->page_len + xb->tail[0].iov_len;
}

/* The end of the bytes @p leaves out of a reply of @len bytes. */
static unsigned int svc_rdma_payload_end(const struct svc_rdma_payload *p,
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
			e = svc_rdma_payload_end(&w->skip[i], w->xb_len);
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
			total += svc_rdma_payload_end(&skip[i], len) -
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

static int svc_rdma_count_actor(void *arg, struct page *page,
				unsigned int offset, unsigned int len)
{
	(*(unsigned int *)arg)++;
	return 0;
}

/**
 * svc_rdma_xb_frags - Measure a reply's wire bytes
 * @xb: the reply
 * @skip: data items to leave out of the wire bytes, in increasing order
 * @nskip: entries in @skip; cut to the items that lie inside @xb
 * @wire_len: set to the number of wire bytes
 *
 * An item that nfsd truncated out of @xb after reporting it has no bytes
 * left to write: it and the items after it are dropped, and their Write
 * chunks return empty.  A fragment is what svc_rdma_xb_walk() passes to
 * its actor: a Send needs one SGE for each.
 *
 * Return: the number of fragments of the wire bytes.
 */
unsigned int svc_rdma_xb_frags(const struct xdr_buf *xb,
			       const struct svc_rdma_payload *skip,
			       unsigned int *nskip, unsigned int *wire_len)
{
	unsigned int i, frags = 0, len = svc_rdma_xb_len(xb);

	for (i = 0; i < *nskip; i++) {
		if ((u64)skip[i].offset + skip[i].length > len) {
			*nskip = i;
			break;
		}
	}
	*wire_len = svc_rdma_wire_len(xb, skip, *nskip);
	svc_rdma_xb_walk(xb, skip, *nskip, 0, *wire_len, svc_rdma_count_actor,
			 &frags);
	return frags;
}

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
 * Return:
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
 * Return:
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
