/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Userspace stand-in for <linux/sunrpc/xdr.h>, for the decoder fuzzer.
 *
 * It models an xdr_buf made of one head kvec (no pages, no tail), which
 * is all svc_rdma_hdr.c ever builds, and keeps the semantics the decoder
 * and encoders rely on in Linux 6.1:
 *
 *  - decoding is bounded twice, by the words left in the buffer's length
 *    (@nwords) and by the end of the kvec (@end); xdr_inline_decode()
 *    rounds the asked-for size up to whole words, returns NULL and moves
 *    nothing when either bound would be passed, and returns the cursor
 *    unmoved for a size of zero;
 *  - xdr_stream_remaining() is the words left, in bytes;
 *  - xdr_stream_pos() is the buffer's length in words less the words
 *    left, in bytes; xdr_init_encode() does not set the words left (6.1
 *    does not either), so the position means nothing on an encode stream;
 *  - xdr_reserve_space() rounds up to whole words and returns NULL, moving
 *    nothing, when the kvec has no room left.
 *
 * A state the model does not cover (pages, a tail, a request 6.1 would
 * spill into pages) stops the program with a message rather than guess.
 * The code is this project's own; see shim/xdr.c.
 */
#ifndef SVCRDMA_SHIM_LINUX_SUNRPC_XDR_H
#define SVCRDMA_SHIM_LINUX_SUNRPC_XDR_H

#include <linux/kernel.h>

#define XDR_UNIT		sizeof(__be32)
#define XDR_QUADLEN(l)		(((l) + 3) >> 2)

struct page;
struct rpc_rqst;

struct kvec {
	void		*iov_base;
	size_t		iov_len;
};

struct xdr_buf {
	struct kvec	head[1];
	struct kvec	tail[1];
	struct page	**pages;
	unsigned int	page_base;
	unsigned int	page_len;
	unsigned int	flags;
	unsigned int	buflen;
	unsigned int	len;
};

struct xdr_stream {
	__be32		*p;		/* next word to decode or encode */
	struct xdr_buf	*buf;
	__be32		*end;		/* end of the current kvec */
	struct kvec	*iov;		/* the kvec being worked on */
	unsigned int	nwords;		/* words left to decode */
	struct rpc_rqst	*rqst;
};

/* Sets what 6.1 sets, and only that: @page_base and the tail's base stay. */
static inline void xdr_buf_init(struct xdr_buf *buf, void *start, size_t len)
{
	buf->head[0].iov_base = start;
	buf->head[0].iov_len = len;
	buf->tail[0].iov_len = 0;
	buf->pages = NULL;
	buf->page_len = 0;
	buf->flags = 0;
	buf->len = 0;
	buf->buflen = len;
}

void xdr_init_decode(struct xdr_stream *xdr, struct xdr_buf *buf, __be32 *p,
		     struct rpc_rqst *rqst);
__be32 *xdr_inline_decode(struct xdr_stream *xdr, size_t nbytes);
unsigned int xdr_stream_pos(const struct xdr_stream *xdr);
void xdr_init_encode(struct xdr_stream *xdr, struct xdr_buf *buf, __be32 *p,
		     struct rpc_rqst *rqst);
__be32 *xdr_reserve_space(struct xdr_stream *xdr, size_t nbytes);

/* bytes that round @n up to a whole XDR unit */
static inline size_t xdr_pad_size(size_t n)
{
	return (XDR_UNIT - (n & (XDR_UNIT - 1))) & (XDR_UNIT - 1);
}

static inline size_t xdr_stream_remaining(const struct xdr_stream *xdr)
{
	return xdr->nwords << 2;
}

static inline ssize_t xdr_stream_decode_u32(struct xdr_stream *xdr, u32 *ptr)
{
	const __be32 *p = xdr_inline_decode(xdr, sizeof(*ptr));

	if (!p)
		return -EBADMSG;
	*ptr = be32_to_cpup(p);
	return 0;
}

static inline ssize_t xdr_stream_encode_u32(struct xdr_stream *xdr, u32 n)
{
	__be32 *p = xdr_reserve_space(xdr, sizeof(n));

	if (!p)
		return -EMSGSIZE;
	*p = cpu_to_be32(n);
	return sizeof(n);
}

#endif /* SVCRDMA_SHIM_LINUX_SUNRPC_XDR_H */
