// SPDX-License-Identifier: GPL-2.0-only
/*
 * A one-kvec xdr_stream for the decoder fuzzer.  The header next to it,
 * shim/linux/sunrpc/xdr.h, lists the Linux 6.1 behaviour it keeps; this
 * file is the project's own code, written from that behaviour.
 *
 * Two requests would go wrong in 6.1 itself, silently: a decode size
 * whose word count does not fit in an unsigned int (6.1 truncates it and
 * may return a pointer to fewer bytes than asked), and an encode size so
 * large that rounding it up to a word wraps to nothing.  Both stop the
 * program here, so that the fuzzer reports them as crashes.
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/sunrpc/xdr.h>

static void __noreturn xdr_shim_stop(const char *func, const char *why)
{
	fprintf(stderr, "xdr shim: %s: %s\n", func, why);
	abort();
}

static void xdr_shim_head_only(const struct xdr_buf *buf)
{
	if (buf->page_len || buf->tail[0].iov_len)
		xdr_shim_stop(__func__, "pages or a tail: not modelled");
}

static size_t xdr_shim_room(const struct xdr_stream *xdr)
{
	return (const char *)xdr->end - (const char *)xdr->p;
}

/**
 * xdr_init_decode - Start decoding an xdr_buf
 * @xdr: the stream to set up
 * @buf: a buffer of one head kvec holding @buf->len bytes
 * @p: where to start, or NULL for the start of the head
 * @rqst: kept for the caller, unused
 *
 * A @p inside the head skips the words before it.
 */
void xdr_init_decode(struct xdr_stream *xdr, struct xdr_buf *buf, __be32 *p,
		     struct rpc_rqst *rqst)
{
	char *base = buf->head[0].iov_base;

	xdr_shim_head_only(buf);
	if (buf->len > buf->head[0].iov_len)
		xdr_shim_stop(__func__, "a length past the head: not modelled");
	xdr->buf = buf;
	xdr->iov = buf->head;
	xdr->nwords = XDR_QUADLEN(buf->len);
	xdr->p = (__be32 *)base;
	xdr->end = (__be32 *)(base + buf->len);
	if (p && p > xdr->p && p <= xdr->end) {
		xdr->nwords -= p - xdr->p;
		xdr->p = p;
	}
	xdr->rqst = rqst;
}

/**
 * xdr_inline_decode - Take the next bytes of a decode stream
 * @xdr: the stream
 * @nbytes: how many bytes the item has; whole words are taken
 *
 * Return: where the item starts, or NULL (and nothing taken) when the
 * stream has fewer words left; the cursor itself for @nbytes of zero.
 */
__be32 *xdr_inline_decode(struct xdr_stream *xdr, size_t nbytes)
{
	size_t words = XDR_QUADLEN(nbytes);
	__be32 *item = xdr->p;

	if (nbytes == 0)
		return item;
	if (words > U32_MAX)
		xdr_shim_stop(__func__, "a size 6.1 would truncate");
	if (words > xdr->nwords || words * XDR_UNIT > xdr_shim_room(xdr))
		return NULL;
	xdr->p += words;
	xdr->nwords -= words;
	return item;
}

/**
 * xdr_stream_pos - Where a decode stream's cursor is
 * @xdr: the stream
 *
 * Return: bytes taken since the start of the buffer, counted as the
 * buffer's words less the words left.  Meaningless on an encode stream,
 * whose words-left count nobody sets.
 */
unsigned int xdr_stream_pos(const struct xdr_stream *xdr)
{
	return (XDR_QUADLEN(xdr->buf->len) - xdr->nwords) << 2;
}

/**
 * xdr_init_encode - Start encoding into an xdr_buf
 * @xdr: the stream to set up
 * @buf: a buffer of one head kvec; encoding appends after its
 *	 @head[0].iov_len bytes, up to @buf->buflen
 * @p: where to start, or NULL for the end of what the head holds
 * @rqst: kept for the caller, unused
 *
 * A @p past the head's bytes counts the bytes before it as encoded.
 * The stream's words-left count is not touched.
 */
void xdr_init_encode(struct xdr_stream *xdr, struct xdr_buf *buf, __be32 *p,
		     struct rpc_rqst *rqst)
{
	char *base = buf->head[0].iov_base;
	size_t skip;

	xdr_shim_head_only(buf);
	if (buf->head[0].iov_len > buf->buflen)
		xdr_shim_stop(__func__, "head longer than the buffer");
	xdr->buf = buf;
	xdr->iov = buf->head;
	xdr->p = (__be32 *)(base + buf->head[0].iov_len);
	xdr->end = (__be32 *)(base + buf->buflen);
	if (p && p != xdr->p) {
		if (p < xdr->p || p > xdr->end)
			xdr_shim_stop(__func__, "start outside the head");
		skip = (char *)p - (char *)xdr->p;
		xdr->p = p;
		buf->len += skip;
		buf->head[0].iov_len += skip;
	}
	xdr->rqst = rqst;
}

/**
 * xdr_reserve_space - Claim the next bytes of an encode stream
 * @xdr: the stream
 * @nbytes: how many bytes the caller will write; whole words are claimed
 *
 * Return: where to write them, or NULL (and nothing claimed) when the
 * head has no room for them.
 */
__be32 *xdr_reserve_space(struct xdr_stream *xdr, size_t nbytes)
{
	__be32 *room = xdr->p;
	size_t need;

	if (nbytes > (size_t)-1 - 3)
		xdr_shim_stop(__func__, "a size 6.1 would wrap");
	need = XDR_QUADLEN(nbytes) * XDR_UNIT;
	if (need > xdr_shim_room(xdr)) {
		/* 6.1 would go on into the pages when they had the room */
		if (need <= 4096 && xdr->buf->len + need <= xdr->buf->buflen)
			xdr_shim_stop(__func__, "pages: not modelled");
		return NULL;
	}
	xdr->p += need / XDR_UNIT;
	xdr->iov->iov_len += need;
	xdr->buf->len += need;
	return room;
}
