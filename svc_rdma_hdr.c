// SPDX-License-Identifier: GPL-2.0-only
/*
 * Decoding and checking the transport header of an RPC-over-RDMA Call.
 *
 * Operation
 *
 * Everything in a Call's transport header comes from the wire, so nothing
 * in it is used before it is checked.  svc_rdma_hdr_decode() reads the
 * header once, front to back, through an xdr_stream over the Receive
 * buffer, so that every read is bounded by the bytes that arrived.  It
 * checks each value where it is read:
 *
 *  - the version (ERR_VERS if it is not 1) and the message type: only
 *    RDMA_MSG and RDMA_NOMSG are Calls;
 *  - each list discriminator is an XDR bool (0 or 1);
 *  - Read positions are XDR-aligned offsets in the rebuilt XDR stream,
 *    earlier chunks' data included: a chunk starts no sooner than the
 *    previous one's data ends, and inside the call it is inserted into;
 *    a position-zero chunk comes with RDMA_NOMSG and only with it, and
 *    is then the only chunk;
 *  - the head of a Call, the bytes before its first chunk's data, holds
 *    at least an RPC call header, since sunrpc reads those words without
 *    checking (a reverse-direction Reply is told apart and exempt);
 *  - a Write or Reply chunk has at least one segment, and no more than the
 *    rest of the header can hold, which is checked before the segment
 *    array's size is computed, so that size cannot overflow;
 *  - lengths are summed in 64 bits and held to the budgets the transport
 *    gives: all Read chunks to the pages a request may fill, each Write
 *    chunk and the Reply chunk to the largest reply payload.
 *
 * The result is a view of the header (struct svc_rdma_hdr) whose counts
 * and list pointers later steps can walk without checking again, or the
 * reason it was refused, which selects the RDMA_ERROR reply, a counter
 * and a tracepoint.  The decoder allocates nothing and has no side
 * effects, so it can run on any received buffer, and in a fuzzer.
 */

#include <linux/kernel.h>
#include <linux/sunrpc/xdr.h>
#include <kunit/visibility.h>

#include "svc_rdma_hdr.h"

struct svc_rdma_hdr_cursor {
	struct xdr_stream	xdr;
	struct xdr_buf		buf;
	unsigned int		nhandles;	/* segments seen so far */
	u32			handle;		/* the handle they all name */
	bool			mixed;		/* they name more than one */
};

/* Every segment's handle passes here, to find the Call's only one. */
static void hdr_note_handle(struct svc_rdma_hdr_cursor *c, u32 handle)
{
	if (!c->nhandles++)
		c->handle = handle;
	else if (handle != c->handle)
		c->mixed = true;
}

static bool hdr_decode_bool(struct xdr_stream *xdr, struct svc_rdma_hdr *hdr,
			    bool *present)
{
	u32 val;

	if (xdr_stream_decode_u32(xdr, &val) < 0) {
		hdr->fault = SVCRDMA_HDR_TRUNCATED;
		return false;
	}
	if (val > 1) {
		hdr->fault = SVCRDMA_HDR_BOOL;
		return false;
	}
	*present = val;
	return true;
}

/*
 * A Write or Reply chunk: a counted array of segments.  On success,
 * returns the array's start (its count word) and adds up its lengths.
 */
static const __be32 *hdr_decode_chunk(struct svc_rdma_hdr_cursor *c,
				      struct svc_rdma_hdr *hdr,
				      const struct svc_rdma_hdr_limits *lim,
				      unsigned int *nsegs, u32 *chunk_len)
{
	struct xdr_stream *xdr = &c->xdr;
	const __be32 *start, *p;
	u64 total = 0;
	u32 count, i;

	start = xdr_inline_decode(xdr, sizeof(__be32));
	if (!start) {
		hdr->fault = SVCRDMA_HDR_TRUNCATED;
		return NULL;
	}
	count = be32_to_cpup(start);
	if (count == 0 ||
	    count > xdr_stream_remaining(xdr) / SVCRDMA_SEG_SIZE) {
		hdr->fault = SVCRDMA_HDR_SEG_COUNT;
		return NULL;
	}
	p = xdr_inline_decode(xdr, count * SVCRDMA_SEG_SIZE);
	if (!p) {
		hdr->fault = SVCRDMA_HDR_TRUNCATED;
		return NULL;
	}
	for (i = 0; i < count; i++, p += SVCRDMA_SEG_SIZE / sizeof(*p)) {
		hdr_note_handle(c, be32_to_cpup(p));	/* rdma_handle */
		total += be32_to_cpup(p + 1);		/* rdma_length */
	}
	if (total > lim->max_write) {
		hdr->fault = SVCRDMA_HDR_TOO_LONG;
		return NULL;
	}
	*nsegs = count;
	*chunk_len = total;
	return start;
}

/*
 * The Read list.  A position (RFC 8166, section 3.5.3) is an offset in
 * the XDR stream that the receiver rebuilds, the data of earlier chunks
 * included, each rounded up to a whole XDR unit (section 3.4.5.2).  So a
 * chunk's place in the inline message is its position less the rounded
 * lengths of the chunks before it, and a chunk may not start before the
 * previous one's data ends.  Segments of one chunk share its position.
 *
 * On success, *@inline_end is the inline offset of the last chunk: the
 * inline bytes before it must have arrived.
 */
static bool hdr_decode_read_list(struct svc_rdma_hdr_cursor *c,
				 struct svc_rdma_hdr *hdr,
				 const struct svc_rdma_hdr_limits *lim,
				 u32 *inline_end)
{
	u64 total = 0, pz = 0, chunk_len = 0, before = 0;
	u32 pos, len, chunk_pos = 0;
	bool present;
	const __be32 *p;

	for (;;) {
		if (!hdr_decode_bool(&c->xdr, hdr, &present))
			return false;
		if (!present)
			break;
		p = xdr_inline_decode(&c->xdr, SVCRDMA_READ_SEG_SIZE);
		if (!p) {
			hdr->fault = SVCRDMA_HDR_TRUNCATED;
			return false;
		}
		pos = be32_to_cpup(p);
		len = be32_to_cpup(p + 2);
		if (pos & (XDR_UNIT - 1)) {
			hdr->fault = SVCRDMA_HDR_READ_POS;
			return false;
		}
		if (!hdr->read_segs) {
			hdr->read_list = p;
			hdr->read_chunks = 1;
			hdr->call_head = pos;
			chunk_pos = pos;
		} else if (pos != chunk_pos) {
			/* a new chunk, after the end of the last one's data */
			if (pos < chunk_pos + round_up(chunk_len, XDR_UNIT)) {
				hdr->fault = SVCRDMA_HDR_READ_POS;
				return false;
			}
			before += round_up(chunk_len, XDR_UNIT);
			hdr->read_chunks++;
			chunk_pos = pos;
			chunk_len = 0;
		}
		hdr_note_handle(c, be32_to_cpup(p + 1));
		hdr->read_segs++;
		chunk_len += len;
		total += len;
		if (pos == 0)
			pz += len;
		if (total > lim->max_read) {
			hdr->fault = SVCRDMA_HDR_TOO_LONG;
			return false;
		}
	}
	hdr->read_len = total;
	hdr->pz_len = pz;
	/* chunk_pos >= before: each chunk starts past the ones before it */
	*inline_end = chunk_pos - before;
	return true;
}

static bool hdr_decode_write_list(struct svc_rdma_hdr_cursor *c,
				  struct svc_rdma_hdr *hdr,
				  const struct svc_rdma_hdr_limits *lim)
{
	const __be32 *chunk;
	unsigned int nsegs;
	bool present;
	u32 len;

	for (;;) {
		if (!hdr_decode_bool(&c->xdr, hdr, &present))
			return false;
		if (!present)
			return true;
		chunk = hdr_decode_chunk(c, hdr, lim, &nsegs, &len);
		if (!chunk)
			return false;
		if (hdr->write_chunks == lim->max_write_chunks) {
			hdr->fault = SVCRDMA_HDR_TOO_MANY;
			return false;
		}
		if (!hdr->write_list)
			hdr->write_list = chunk;
		hdr->write_chunks++;
		hdr->write_segs += nsegs;
	}
}

static bool hdr_decode_reply_chunk(struct svc_rdma_hdr_cursor *c,
				   struct svc_rdma_hdr *hdr,
				   const struct svc_rdma_hdr_limits *lim)
{
	bool present;

	if (!hdr_decode_bool(&c->xdr, hdr, &present))
		return false;
	if (!present)
		return true;
	hdr->reply_chunk = hdr_decode_chunk(c, hdr, lim, &hdr->reply_segs,
					    &hdr->reply_len);
	return hdr->reply_chunk;
}

/*
 * A chunkless RDMA_MSG that carries an RPC Reply with the transport
 * header's xid is a reverse-direction Reply (RFC 8167, section 4).
 */
static bool hdr_is_rev_reply(const struct svc_rdma_hdr *hdr, const void *buf)
{
	const __be32 *msg = buf + hdr->hdr_len;

	return hdr->proc == SVCRDMA_MSG && !hdr->read_segs &&
	       !hdr->write_chunks && !hdr->reply_chunk &&
	       hdr->msg_len >= 2 * sizeof(__be32) &&
	       msg[0] == hdr->xid && be32_to_cpup(msg + 1) == 1; /* REPLY */
}

/*
 * The call the Read chunks go into: the inline RPC message of an
 * RDMA_MSG, or the position-zero chunk of an RDMA_NOMSG, which is then
 * the whole call (another chunk would go inside bytes not yet read).
 * A Call's head, the bytes before the first chunk's data, must hold an
 * RPC call header.
 */
static bool hdr_check_call(struct svc_rdma_hdr *hdr, const void *buf,
			   u32 inline_end)
{
	bool has_pz = hdr->read_segs && be32_to_cpup(hdr->read_list) == 0;

	if (hdr->proc == SVCRDMA_NOMSG) {
		if (!has_pz) {
			hdr->fault = SVCRDMA_HDR_NO_PZRC;
			return false;
		}
		if (hdr->read_chunks > 1) {
			hdr->fault = SVCRDMA_HDR_READ_POS;
			return false;
		}
		hdr->call_head = hdr->pz_len;
	} else {
		if (has_pz) {
			hdr->fault = SVCRDMA_HDR_PZRC_MSG;
			return false;
		}
		if (!hdr->msg_len) {
			hdr->fault = SVCRDMA_HDR_NO_CALL;
			return false;
		}
		if (hdr->read_segs && inline_end > hdr->msg_len) {
			hdr->fault = SVCRDMA_HDR_READ_POS;
			return false;
		}
		if (!hdr->read_segs)
			hdr->call_head = hdr->msg_len;
	}
	hdr->rev_reply = hdr_is_rev_reply(hdr, buf);
	if (!hdr->rev_reply && hdr->call_head < SVCRDMA_MIN_CALL) {
		hdr->fault = SVCRDMA_HDR_SHORT_CALL;
		return false;
	}
	return true;
}

/**
 * svc_rdma_hdr_decode - Decode and check a Call's transport header
 * @hdr: filled in with the decoded header
 * @buf: the received bytes, starting with rdma_xid
 * @len: how many bytes were received
 * @lim: the budgets the Call's chunks must keep to
 *
 * Does not sleep and allocates nothing.  @hdr's list pointers point into
 * @buf and are valid as long as it is.
 *
 * Return values:
 *   %0 if the header is a well-formed Call within @lim,
 *   %-EBADMSG if @len is too short to hold the fixed words (no reply can
 *   be addressed; the message is dropped),
 *   %-EPROTONOSUPPORT if the version is not 1 (answer ERR_VERS),
 *   %-EINVAL for every other fault (answer ERR_CHUNK).
 *   On error, @hdr->fault says which check failed; @hdr->xid is set
 *   whenever the return is not %-EBADMSG.
 */
int svc_rdma_hdr_decode(struct svc_rdma_hdr *hdr, void *buf, unsigned int len,
			const struct svc_rdma_hdr_limits *lim)
{
	struct svc_rdma_hdr_cursor c = { };
	u32 inline_end = 0;
	__be32 *p;

	memset(hdr, 0, sizeof(*hdr));
	/* XDR items are whole words: never decode a word that is cut short. */
	xdr_buf_init(&c.buf, buf, round_down(len, XDR_UNIT));
	c.buf.len = c.buf.buflen;
	xdr_init_decode(&c.xdr, &c.buf, buf, NULL);

	p = xdr_inline_decode(&c.xdr, SVCRDMA_HDR_FIXED);
	if (!p) {
		hdr->fault = SVCRDMA_HDR_SHORT;
		return -EBADMSG;
	}
	hdr->xid = p[0];
	hdr->vers = be32_to_cpup(p + 1);
	hdr->credits = be32_to_cpup(p + 2);
	hdr->proc = be32_to_cpup(p + 3);
	if (hdr->vers != SVCRDMA_VERSION) {
		hdr->fault = SVCRDMA_HDR_VERS;
		return -EPROTONOSUPPORT;
	}
	if (hdr->proc != SVCRDMA_MSG && hdr->proc != SVCRDMA_NOMSG) {
		hdr->fault = SVCRDMA_HDR_PROC;
		return -EINVAL;
	}

	if (!hdr_decode_read_list(&c, hdr, lim, &inline_end) ||
	    !hdr_decode_write_list(&c, hdr, lim) ||
	    !hdr_decode_reply_chunk(&c, hdr, lim))
		return -EINVAL;

	hdr->hdr_len = xdr_stream_pos(&c.xdr);
	hdr->msg_len = len - hdr->hdr_len;
	if (!hdr_check_call(hdr, buf, inline_end))
		return -EINVAL;
	if (!c.mixed)
		hdr->inv_handle = c.handle;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_hdr_decode);

/**
 * svc_rdma_hdr_walk_call - Lay out a Call with Read chunks, part by part
 * @hdr: a header svc_rdma_hdr_decode() accepted, with Read segments
 * @actor: called for each part, in the order of the rebuilt XDR stream
 * @arg: passed to @actor
 *
 * The rebuilt Call (RFC 8166, section 3.5.3) is the inline message with
 * each Read chunk's data, rounded up to a whole XDR unit, inserted where
 * its position says; a position counts the bytes of the rebuilt stream,
 * the data of earlier chunks included.  The first part of an RDMA_MSG is
 * its head, the inline bytes before the first chunk.  An RDMA_NOMSG is
 * its position-zero chunk alone.  Segments and gaps of no bytes are not
 * reported.  The decoder has checked every position, so each inline part
 * lies inside the message.
 *
 * Return: 0, or the first non-zero value @actor returned.
 */
int svc_rdma_hdr_walk_call(const struct svc_rdma_hdr *hdr,
			   svc_rdma_call_actor actor, void *arg)
{
	const __be32 *p = hdr->read_list;
	u32 stream = 0, taken = 0, chunk_len = 0, gap, pad;
	struct svc_rdma_read_seg seg;
	unsigned int i;
	u32 pos;
	int ret = 0;

	for (i = 0; i < hdr->read_segs && !ret; i++) {
		pos = be32_to_cpup(p);
		seg.handle = be32_to_cpup(p + 1);
		seg.length = be32_to_cpup(p + 2);
		seg.offset = (u64)be32_to_cpup(p + 3) << 32 |
			     be32_to_cpup(p + 4);
		/* the next segment's position follows a discriminator */
		p += SVCRDMA_READ_SEG_SIZE / sizeof(*p) + 1;

		if (i == 0) {
			stream = pos;
			taken = pos;
			if (pos)
				ret = actor(arg, SVCRDMA_PART_HEAD, 0, NULL, pos);
		} else if (pos != stream) {
			/* a new chunk: round the last one up, then the gap */
			pad = xdr_pad_size(chunk_len);
			if (pad)
				ret = actor(arg, SVCRDMA_PART_PAD, 0, NULL, pad);
			stream += chunk_len + pad;
			gap = pos - stream;
			if (gap && !ret)
				ret = actor(arg, SVCRDMA_PART_INLINE, taken,
					    NULL, gap);
			taken += gap;
			stream = pos;
			chunk_len = 0;
		}
		chunk_len += seg.length;
		if (seg.length && !ret)
			ret = actor(arg, SVCRDMA_PART_READ, 0, &seg,
				    seg.length);
	}
	if (ret || !hdr->read_segs)
		return ret;
	pad = xdr_pad_size(chunk_len);
	if (pad)
		ret = actor(arg, SVCRDMA_PART_PAD, 0, NULL, pad);
	if (!ret && hdr->proc == SVCRDMA_MSG && hdr->msg_len > taken)
		ret = actor(arg, SVCRDMA_PART_INLINE, taken, NULL,
			    hdr->msg_len - taken);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_hdr_walk_call);

static const char * const svc_rdma_hdr_fault_names[SVCRDMA_HDR_NR_FAULTS] = {
	[SVCRDMA_HDR_OK]	= "ok",
	[SVCRDMA_HDR_SHORT]	= "short",
	[SVCRDMA_HDR_VERS]	= "version",
	[SVCRDMA_HDR_PROC]	= "proc",
	[SVCRDMA_HDR_TRUNCATED]	= "truncated",
	[SVCRDMA_HDR_BOOL]	= "bool",
	[SVCRDMA_HDR_READ_POS]	= "read-position",
	[SVCRDMA_HDR_NO_PZRC]	= "nomsg-without-pzrc",
	[SVCRDMA_HDR_PZRC_MSG]	= "msg-with-pzrc",
	[SVCRDMA_HDR_NO_CALL]	= "no-call",
	[SVCRDMA_HDR_SEG_COUNT]	= "segment-count",
	[SVCRDMA_HDR_TOO_LONG]	= "too-long",
	[SVCRDMA_HDR_TOO_MANY]	= "too-many-write-chunks",
	[SVCRDMA_HDR_SHORT_CALL] = "short-call",
};

/**
 * svc_rdma_hdr_fault_name - Name a header fault for logs and counters
 * @fault: a value of enum svc_rdma_hdr_fault
 *
 * Return: a static string; "unknown" for a value out of range.
 */
const char *svc_rdma_hdr_fault_name(enum svc_rdma_hdr_fault fault)
{
	if ((unsigned int)fault >= SVCRDMA_HDR_NR_FAULTS)
		return "unknown";
	return svc_rdma_hdr_fault_names[fault];
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_hdr_fault_name);

/*
 * Encoding a reply's transport header (RFC 8166, section 4.2.1).
 *
 * A reply returns every Write chunk of the Call, in the Call's order, with
 * each segment's length set to the bytes the server wrote into it; unused
 * chunks and segments come back with length zero.  The Reply chunk comes
 * back, the same way, only when the reply went through it.  The segments'
 * handles and offsets are the Call's, which the decoder has checked, so
 * the walks below stay inside the Call's header.
 */

static unsigned int hdr_chunk_words(const __be32 *chunk)
{
	return 1 + be32_to_cpup(chunk) * (SVCRDMA_SEG_SIZE / sizeof(__be32));
}

/**
 * svc_rdma_hdr_reply_len - Size of a reply's transport header
 * @call: the Call's decoded header
 * @reply_chunk: whether the reply goes through the Reply chunk
 *
 * Return: the bytes svc_rdma_hdr_encode_reply() will write.
 */
int svc_rdma_hdr_reply_len(const struct svc_rdma_hdr *call, bool reply_chunk)
{
	unsigned int len = SVCRDMA_HDR_FIXED + 3 * sizeof(__be32);

	/* every Write chunk: discriminator, count, segments */
	len += call->write_chunks * 2 * sizeof(__be32) +
	       call->write_segs * SVCRDMA_SEG_SIZE;
	if (reply_chunk && call->reply_chunk)
		len += sizeof(__be32) + call->reply_segs * SVCRDMA_SEG_SIZE;
	return len;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_hdr_reply_len);

/* Copies one chunk, spreading @bytes over its segments in order. */
static int hdr_encode_chunk(struct xdr_stream *xdr, const __be32 *chunk,
			    u32 bytes)
{
	u32 i, nsegs = be32_to_cpup(chunk), seg_len, used;
	const __be32 *seg = chunk + 1;
	__be32 *p;

	p = xdr_reserve_space(xdr, hdr_chunk_words(chunk) * sizeof(__be32));
	if (!p)
		return -EMSGSIZE;
	*p++ = cpu_to_be32(nsegs);
	for (i = 0; i < nsegs; i++, seg += 4) {
		seg_len = be32_to_cpup(seg + 1);
		used = min(seg_len, bytes);
		bytes -= used;
		*p++ = seg[0];			/* handle */
		*p++ = cpu_to_be32(used);	/* length */
		*p++ = seg[2];			/* offset, two words */
		*p++ = seg[3];
	}
	return bytes ? -EINVAL : 0;
}

static int hdr_encode_word(struct xdr_stream *xdr, u32 val)
{
	return xdr_stream_encode_u32(xdr, val) < 0 ? -EMSGSIZE : 0;
}

/*
 * An encoder's length is @xb->len, the bytes reserved: xdr_stream_pos()
 * counts from the words left to decode, which xdr_init_encode() never
 * sets, so on an encode stream it reads stack garbage.
 */
static void hdr_init_encode(struct xdr_stream *xdr, struct xdr_buf *xb,
			    void *buf, unsigned int room)
{
	xdr_buf_init(xb, buf, room);
	xb->head[0].iov_len = 0;	/* nothing encoded yet */
	xdr_init_encode(xdr, xb, buf, NULL);
}

static int hdr_encode_fixed(struct xdr_stream *xdr, __be32 xid, u32 credits,
			    u32 proc)
{
	__be32 *p = xdr_reserve_space(xdr, SVCRDMA_HDR_FIXED);

	if (!p)
		return -EMSGSIZE;
	*p++ = xid;
	*p++ = cpu_to_be32(SVCRDMA_VERSION);
	*p++ = cpu_to_be32(credits);
	*p = cpu_to_be32(proc);
	return 0;
}

/**
 * svc_rdma_hdr_encode_reply - Encode a reply's transport header
 * @buf: where to write it
 * @room: bytes available at @buf
 * @call: the Call's decoded header (its lists are copied from the wire)
 * @credits: the credit grant
 * @written: bytes written into each Write chunk, in Write list order
 * @nwritten: entries in @written; chunks past them wrote nothing
 * @reply_chunk: the reply went through the Reply chunk (RDMA_NOMSG)
 * @reply_written: bytes written into the Reply chunk
 *
 * Return values:
 *   the header's length in bytes, on success;
 *   %-EMSGSIZE if it does not fit in @room (nothing past @room is written);
 *   %-EINVAL if a count exceeds what its chunk offered, or @reply_chunk is
 *   set but the Call had no Reply chunk.
 */
int svc_rdma_hdr_encode_reply(void *buf, unsigned int room,
			      const struct svc_rdma_hdr *call, u32 credits,
			      const u32 *written, unsigned int nwritten,
			      bool reply_chunk, u32 reply_written)
{
	const __be32 *chunk = call->write_list;
	struct xdr_stream xdr;
	struct xdr_buf xb;
	unsigned int i;
	int ret;

	if (reply_chunk && !call->reply_chunk)
		return -EINVAL;
	hdr_init_encode(&xdr, &xb, buf, room);
	ret = hdr_encode_fixed(&xdr, call->xid, credits,
			       reply_chunk ? SVCRDMA_NOMSG : SVCRDMA_MSG);
	if (!ret)
		ret = hdr_encode_word(&xdr, 0);		/* no Read list */
	for (i = 0; !ret && i < call->write_chunks; i++) {
		ret = hdr_encode_word(&xdr, 1);
		if (!ret)
			ret = hdr_encode_chunk(&xdr, chunk,
					       i < nwritten ? written[i] : 0);
		/* skip the count, the segments and the next discriminator */
		chunk += hdr_chunk_words(chunk) + 1;
	}
	if (!ret)
		ret = hdr_encode_word(&xdr, 0);		/* end of Write list */
	if (!ret)
		ret = hdr_encode_word(&xdr, reply_chunk);
	if (!ret && reply_chunk)
		ret = hdr_encode_chunk(&xdr, call->reply_chunk, reply_written);
	if (ret)
		return ret;
	return xb.len;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_hdr_encode_reply);

/**
 * svc_rdma_hdr_encode_msg - Encode the header of a chunkless RDMA_MSG
 * @buf: where to write it
 * @room: bytes available at @buf
 * @xid: the RPC message's xid
 * @credits: the credit value
 *
 * The server sends these before backchannel Calls (RFC 8167).
 *
 * Return: %SVCRDMA_HDR_MSG_LEN, or %-EMSGSIZE if @room is too small.
 */
int svc_rdma_hdr_encode_msg(void *buf, unsigned int room, __be32 xid,
			    u32 credits)
{
	struct xdr_stream xdr;
	struct xdr_buf xb;
	int ret, i;

	hdr_init_encode(&xdr, &xb, buf, room);
	ret = hdr_encode_fixed(&xdr, xid, credits, SVCRDMA_MSG);
	for (i = 0; !ret && i < 3; i++)		/* Read, Write, Reply: none */
		ret = hdr_encode_word(&xdr, 0);
	if (ret)
		return ret;
	return xb.len;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_hdr_encode_msg);

/**
 * svc_rdma_hdr_encode_error - Encode an RDMA_ERROR reply
 * @buf: where to write it
 * @room: bytes available at @buf
 * @xid: the xid of the Call being answered
 * @credits: the credit grant
 * @err: %SVCRDMA_ERR_VERS (which carries our version range, 1 to 1) or
 *	 %SVCRDMA_ERR_CHUNK
 *
 * Return values:
 *   the reply's length in bytes, on success;
 *   %-EMSGSIZE if it does not fit in @room;
 *   %-EINVAL for an unknown @err.
 */
int svc_rdma_hdr_encode_error(void *buf, unsigned int room, __be32 xid,
			      u32 credits, enum svc_rdma_errcode err)
{
	struct xdr_stream xdr;
	struct xdr_buf xb;
	int ret;

	if (err != SVCRDMA_ERR_VERS && err != SVCRDMA_ERR_CHUNK)
		return -EINVAL;
	hdr_init_encode(&xdr, &xb, buf, room);
	ret = hdr_encode_fixed(&xdr, xid, credits, SVCRDMA_ERROR);
	if (!ret)
		ret = hdr_encode_word(&xdr, err);
	if (!ret && err == SVCRDMA_ERR_VERS) {
		ret = hdr_encode_word(&xdr, SVCRDMA_VERSION);	/* low */
		if (!ret)
			ret = hdr_encode_word(&xdr, SVCRDMA_VERSION);	/* high */
	}
	if (ret)
		return ret;
	return xb.len;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_hdr_encode_error);
