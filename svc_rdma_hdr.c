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
 * The result is the parsed header (struct svc_rdma_hdr): each segment as
 * {handle, length, offset} in one fixed array, and each chunk as its
 * position, byte length and run of segments, so that no other file reads
 * a transport header's words.  Or it is the reason the header was
 * refused, which selects the RDMA_ERROR reply, a counter and a
 * tracepoint.  A Call may name at most SVCRDMA_MAX_SEGS segments and
 * SVCRDMA_MAX_READ_CHUNKS Read chunks, so that the arrays have a size.
 * The decoder allocates nothing and has no side effects beyond @hdr, so
 * it can run on any received buffer, and in a fuzzer.
 *
 * This file also encodes the headers the server sends: replies, which
 * return the Call's Write and Reply chunks with the bytes written into
 * them, RDMA_ERROR, and the backchannel's chunkless RDMA_MSG.
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

/* Keeps one segment; the Call may name only so many. */
static bool hdr_take_seg(struct svc_rdma_hdr_cursor *c,
			 struct svc_rdma_hdr *hdr, const __be32 *p)
{
	struct svc_rdma_seg *seg;

	if (hdr->nsegs == SVCRDMA_MAX_SEGS) {
		hdr->fault = SVCRDMA_HDR_TOO_MANY_SEGS;
		return false;
	}
	seg = &hdr->segs[hdr->nsegs++];
	seg->handle = be32_to_cpup(p);
	seg->length = be32_to_cpup(p + 1);
	seg->offset = (u64)be32_to_cpup(p + 2) << 32 | be32_to_cpup(p + 3);
	hdr_note_handle(c, seg->handle);
	return true;
}

/* A Write or Reply chunk: a counted array of segments. */
static bool hdr_decode_chunk(struct svc_rdma_hdr_cursor *c,
			     struct svc_rdma_hdr *hdr,
			     const struct svc_rdma_hdr_limits *lim,
			     struct svc_rdma_chunk *chunk)
{
	struct xdr_stream *xdr = &c->xdr;
	unsigned int first;
	const __be32 *p;
	u64 total = 0;
	u32 count, i;

	if (xdr_stream_decode_u32(xdr, &count) < 0) {
		hdr->fault = SVCRDMA_HDR_TRUNCATED;
		return false;
	}
	if (count == 0 ||
	    count > xdr_stream_remaining(xdr) / SVCRDMA_SEG_SIZE) {
		hdr->fault = SVCRDMA_HDR_SEG_COUNT;
		return false;
	}
	p = xdr_inline_decode(xdr, count * SVCRDMA_SEG_SIZE);
	if (!p) {
		hdr->fault = SVCRDMA_HDR_TRUNCATED;
		return false;
	}
	first = hdr->nsegs;
	for (i = 0; i < count; i++, p += SVCRDMA_SEG_SIZE / sizeof(*p)) {
		if (!hdr_take_seg(c, hdr, p))
			return false;
		total += hdr->segs[hdr->nsegs - 1].length;
	}
	if (total > lim->max_write) {
		hdr->fault = SVCRDMA_HDR_TOO_LONG;
		return false;
	}
	/* only a whole chunk is recorded */
	chunk->position = 0;
	chunk->length = total;
	chunk->first = first;
	chunk->nsegs = count;
	return true;
}

/* Starts a Read chunk at @pos, the next in the Call. */
static struct svc_rdma_chunk *hdr_new_read(struct svc_rdma_hdr *hdr, u32 pos)
{
	struct svc_rdma_chunk *chunk;

	if (hdr->read_chunks == SVCRDMA_MAX_READ_CHUNKS) {
		hdr->fault = SVCRDMA_HDR_TOO_MANY_READS;
		return NULL;
	}
	chunk = &hdr->read[hdr->read_chunks++];
	chunk->position = pos;
	chunk->length = 0;
	chunk->first = hdr->nsegs;
	chunk->nsegs = 0;
	return chunk;
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
	struct svc_rdma_chunk *chunk = NULL;
	u64 total = 0, before = 0, end;
	bool present;
	const __be32 *p;
	u32 pos;

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
		if (pos & (XDR_UNIT - 1)) {
			hdr->fault = SVCRDMA_HDR_READ_POS;
			return false;
		}
		if (chunk && pos != chunk->position) {
			/* a new chunk, after the end of the last one's data */
			end = (u64)chunk->position +
			      round_up((u64)chunk->length, XDR_UNIT);
			if (pos < end) {
				hdr->fault = SVCRDMA_HDR_READ_POS;
				return false;
			}
			before += round_up((u64)chunk->length, XDR_UNIT);
			chunk = NULL;
		}
		if (!chunk) {
			chunk = hdr_new_read(hdr, pos);
			if (!chunk)
				return false;
		}
		if (!hdr_take_seg(c, hdr, p + 1))
			return false;
		chunk->nsegs++;
		chunk->length += hdr->segs[hdr->nsegs - 1].length;
		total += hdr->segs[hdr->nsegs - 1].length;
		if (total > lim->max_read) {
			hdr->fault = SVCRDMA_HDR_TOO_LONG;
			return false;
		}
	}
	hdr->read_segs = hdr->nsegs;
	hdr->read_len = total;
	if (hdr->read_chunks) {
		hdr->call_head = hdr->read[0].position;
		if (!hdr->read[0].position)
			hdr->pz_len = hdr->read[0].length;
		/* each chunk starts past the ones before it */
		*inline_end = chunk->position - before;
	}
	return true;
}

static bool hdr_decode_write_list(struct svc_rdma_hdr_cursor *c,
				  struct svc_rdma_hdr *hdr,
				  const struct svc_rdma_hdr_limits *lim)
{
	u32 max = min_t(u32, lim->max_write_chunks, SVCRDMA_MAX_WRITE_CHUNKS);
	unsigned int first = hdr->nsegs;
	bool present;

	for (;;) {
		if (!hdr_decode_bool(&c->xdr, hdr, &present))
			return false;
		if (!present)
			break;
		if (hdr->write_chunks == max) {
			hdr->fault = SVCRDMA_HDR_TOO_MANY;
			return false;
		}
		if (!hdr_decode_chunk(c, hdr, lim,
				      &hdr->write[hdr->write_chunks]))
			return false;
		hdr->write_chunks++;
	}
	hdr->write_segs = hdr->nsegs - first;
	return true;
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
	return hdr_decode_chunk(c, hdr, lim, &hdr->reply);
}

/*
 * A chunkless RDMA_MSG that carries an RPC Reply with the transport
 * header's xid is a reverse-direction Reply (RFC 8167, section 4).
 */
static bool hdr_is_rev_reply(const struct svc_rdma_hdr *hdr, const void *buf)
{
	const __be32 *msg = buf + hdr->hdr_len;

	return hdr->proc == SVCRDMA_MSG && !hdr->read_segs &&
	       !hdr->write_chunks && !svc_rdma_hdr_has_reply(hdr) &&
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
	bool has_pz = hdr->read_chunks && !hdr->read[0].position;

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
 * Does not sleep and allocates nothing.  @hdr holds copies of what it
 * needs of @buf (segments and chunks), and no pointer into it.  When the
 * header is refused, only @hdr's fixed words that were read and
 * @hdr->fault mean anything.
 *
 * Return:
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

	/* the segment array is filled in as far as nsegs says */
	memset(hdr, 0, offsetof(struct svc_rdma_hdr, segs));
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
	const struct svc_rdma_chunk *chunk;
	const struct svc_rdma_seg *seg;
	u32 stream = 0, taken = 0, gap, pad;
	unsigned int i, k;
	int ret = 0;

	for (i = 0; i < hdr->read_chunks && !ret; i++) {
		chunk = &hdr->read[i];
		/* the inline bytes between the last chunk and this one */
		gap = chunk->position - stream;
		if (gap)
			ret = actor(arg, i ? SVCRDMA_PART_INLINE :
				    SVCRDMA_PART_HEAD, taken, NULL, gap);
		taken += gap;
		for (k = 0; k < chunk->nsegs && !ret; k++) {
			seg = svc_rdma_chunk_seg(hdr, chunk, k);
			if (seg->length)
				ret = actor(arg, SVCRDMA_PART_READ, 0, seg,
					    seg->length);
		}
		pad = xdr_pad_size(chunk->length);
		if (pad && !ret)
			ret = actor(arg, SVCRDMA_PART_PAD, 0, NULL, pad);
		/* the decoder checked that the next chunk starts here or later */
		stream = chunk->position + chunk->length + pad;
	}
	if (!ret && hdr->read_chunks && hdr->proc == SVCRDMA_MSG &&
	    hdr->msg_len > taken)
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
	[SVCRDMA_HDR_TOO_MANY_READS] = "too-many-read-chunks",
	[SVCRDMA_HDR_TOO_MANY_SEGS] = "too-many-segments",
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
 * handles and offsets are the Call's, as the decoder kept them.
 */

/* One chunk of the Call, with @bytes spread over its segments in order. */
static int hdr_encode_chunk(struct xdr_stream *xdr,
			    const struct svc_rdma_hdr *call,
			    const struct svc_rdma_chunk *chunk, u32 bytes)
{
	const struct svc_rdma_seg *seg;
	unsigned int i;
	__be32 *p;
	u32 used;

	p = xdr_reserve_space(xdr, sizeof(__be32) +
				   chunk->nsegs * SVCRDMA_SEG_SIZE);
	if (!p)
		return -EMSGSIZE;
	*p++ = cpu_to_be32(chunk->nsegs);
	for (i = 0; i < chunk->nsegs; i++) {
		seg = svc_rdma_chunk_seg(call, chunk, i);
		used = min(seg->length, bytes);
		bytes -= used;
		*p++ = cpu_to_be32(seg->handle);
		*p++ = cpu_to_be32(used);
		*p++ = cpu_to_be32(upper_32_bits(seg->offset));
		*p++ = cpu_to_be32(lower_32_bits(seg->offset));
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
 * Return:
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
	struct xdr_stream xdr;
	struct xdr_buf xb;
	unsigned int i;
	int ret;

	if (reply_chunk && !svc_rdma_hdr_has_reply(call))
		return -EINVAL;
	hdr_init_encode(&xdr, &xb, buf, room);
	ret = hdr_encode_fixed(&xdr, call->xid, credits,
			       reply_chunk ? SVCRDMA_NOMSG : SVCRDMA_MSG);
	if (!ret)
		ret = hdr_encode_word(&xdr, 0);		/* no Read list */
	for (i = 0; !ret && i < call->write_chunks; i++) {
		ret = hdr_encode_word(&xdr, 1);
		if (!ret)
			ret = hdr_encode_chunk(&xdr, call, &call->write[i],
					       i < nwritten ? written[i] : 0);
	}
	if (!ret)
		ret = hdr_encode_word(&xdr, 0);		/* end of Write list */
	if (!ret)
		ret = hdr_encode_word(&xdr, reply_chunk);
	if (!ret && reply_chunk)
		ret = hdr_encode_chunk(&xdr, call, &call->reply,
				       reply_written);
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
 * Return:
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
