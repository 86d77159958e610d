/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The RPC-over-RDMA version 1 transport header (RFC 8166, section 4):
 * wire constants, the decoded view of a Call's header, and the reasons a
 * header is refused.
 */
#ifndef SVCRDMA_SVC_RDMA_HDR_H
#define SVCRDMA_SVC_RDMA_HDR_H

#include <linux/types.h>

#define SVCRDMA_VERSION		1

/* rdma_xid, rdma_vers, rdma_credit and rdma_proc come before any list. */
#define SVCRDMA_HDR_FIXED	(4 * sizeof(__be32))

/* Wire sizes of the list items, in bytes (RFC 8166, section 4.2.1). */
#define SVCRDMA_SEG_SIZE	(4 * sizeof(__be32))	/* handle, length, offset */
#define SVCRDMA_READ_SEG_SIZE	(SVCRDMA_SEG_SIZE + sizeof(__be32))

/*
 * The shortest RPC Call (RFC 5531, section 9): xid, direction, rpcvers,
 * prog, vers, proc, and a credential and a verifier of no body (flavor
 * and length each).  sunrpc reads the first words of a Call from
 * rq_arg's head without checking its length, so the head of every Call
 * handed to nfsd must hold at least this much.
 */
#define SVCRDMA_MIN_CALL	(10 * sizeof(__be32))

/* rdma_proc values (RFC 8166, section 4.2.2) */
enum svc_rdma_proc {
	SVCRDMA_MSG	= 0,
	SVCRDMA_NOMSG	= 1,
	SVCRDMA_MSGP	= 2,	/* deprecated */
	SVCRDMA_DONE	= 3,	/* deprecated */
	SVCRDMA_ERROR	= 4,
};

/* rdma_err values of an RDMA_ERROR reply */
enum svc_rdma_errcode {
	SVCRDMA_ERR_VERS	= 1,
	SVCRDMA_ERR_CHUNK	= 2,
};

/*
 * Why a Call's transport header was refused.  Each reason has its own
 * counter and shows in the decode tracepoint.  SHORT is dropped, VERS
 * gets ERR_VERS, every other reason gets ERR_CHUNK.
 */
enum svc_rdma_hdr_fault {
	SVCRDMA_HDR_OK = 0,
	SVCRDMA_HDR_SHORT,	/* fewer bytes than the fixed words */
	SVCRDMA_HDR_VERS,	/* rdma_vers is not 1 */
	SVCRDMA_HDR_PROC,	/* a type a requester may not send */
	SVCRDMA_HDR_TRUNCATED,	/* a list runs past the received bytes */
	SVCRDMA_HDR_BOOL,	/* a list discriminator is neither 0 nor 1 */
	SVCRDMA_HDR_READ_POS,	/* unaligned, decreasing, or past the call */
	SVCRDMA_HDR_NO_PZRC,	/* RDMA_NOMSG without a position-zero chunk */
	SVCRDMA_HDR_PZRC_MSG,	/* RDMA_MSG with a position-zero chunk */
	SVCRDMA_HDR_NO_CALL,	/* RDMA_MSG with no RPC message inline */
	SVCRDMA_HDR_SEG_COUNT,	/* a chunk of no segments, or more than fit */
	SVCRDMA_HDR_TOO_LONG,	/* chunk lengths past the payload budget */
	SVCRDMA_HDR_TOO_MANY,	/* more Write chunks than the server takes */
	SVCRDMA_HDR_SHORT_CALL,	/* the Call's head cannot hold an RPC header */
	SVCRDMA_HDR_TOO_MANY_READS, /* more Read chunks than the server takes */
	SVCRDMA_HDR_TOO_MANY_SEGS, /* more segments than the server takes */
	SVCRDMA_HDR_NR_FAULTS
};

/**
 * struct svc_rdma_hdr_limits - what one Call may ask of the transport
 * @max_read: bytes all Read chunks together may carry (the page budget)
 * @max_write: bytes one Write chunk, or the Reply chunk, may offer
 * @max_write_chunks: Write chunks one Call may carry
 */
struct svc_rdma_hdr_limits {
	u32	max_read;
	u32	max_write;
	u32	max_write_chunks;
};

/*
 * What the decoder keeps of one Call's lists, in fixed arrays, so that
 * decoding allocates nothing.  The Linux client puts at most 16 segments
 * in one header and at most one Read chunk in a Call; a Call past these
 * bounds gets ERR_CHUNK with a fault of its own.
 */
#define SVCRDMA_MAX_SEGS		64	/* in all lists together */
#define SVCRDMA_MAX_READ_CHUNKS		8
#define SVCRDMA_MAX_WRITE_CHUNKS	8	/* an NFSv4 COMPOUND of READs */

/**
 * struct svc_rdma_seg - one RDMA segment (RFC 8166, section 4.1.2)
 * @handle: rdma_handle, the client's rkey
 * @length: rdma_length, in bytes
 * @offset: rdma_offset, the client's address
 */
struct svc_rdma_seg {
	u32	handle;
	u32	length;
	u64	offset;
};

/**
 * struct svc_rdma_chunk - one chunk: a run of segments in the Call's array
 * @position: Read chunks only: where its data goes in the rebuilt XDR
 *	stream (RFC 8166, section 3.5.3); 0 for Write and Reply chunks
 * @length: bytes of all its segments
 * @first: index of its first segment in &svc_rdma_hdr.segs
 * @nsegs: how many segments it has; a decoded chunk has at least one
 */
struct svc_rdma_chunk {
	u32		position;
	u32		length;
	unsigned int	first;
	unsigned int	nsegs;
};

/**
 * struct svc_rdma_hdr - a Call's transport header, decoded and checked
 * @xid: rdma_xid, as it came (big-endian)
 * @vers: rdma_vers
 * @credits: rdma_credit: the credits the requester asks for
 * @proc: rdma_proc
 * @hdr_len: bytes of transport header, lists included
 * @msg_len: bytes that follow the header in the Receive buffer
 * @read_chunks: Read chunks (runs of segments with one position)
 * @read_segs: segments of all Read chunks
 * @read_len: bytes of all Read segments
 * @pz_len: bytes of the position-zero Read chunk (0 if there is none)
 * @call_head: bytes of the rebuilt Call that come before the first Read
 *	chunk's data: the inline message of an RDMA_MSG without Read
 *	chunks, the first position of one with them, the position-zero
 *	chunk of an RDMA_NOMSG (rq_arg's head is cut from these bytes)
 * @read: the Read chunks, in wire order (so in increasing position)
 * @write_chunks: Write chunks in the Write list
 * @write_segs: segments in all Write chunks
 * @write: the Write chunks, in Write list order
 * @reply: the Reply chunk; @reply.nsegs is 0 when the Call offers none
 * @inv_handle: the one handle every segment of the Call names, which the
 *	reply may invalidate (RFC 8797); 0 when the Call names none or
 *	several
 * @rev_reply: a chunkless RDMA_MSG whose RPC message repeats rdma_xid
 *	and has direction REPLY: a reverse-direction Reply (RFC 8167), to
 *	which the Call rules on @call_head do not apply
 * @fault: why the header was refused, or %SVCRDMA_HDR_OK
 * @nsegs: entries of @segs in use
 * @segs: every segment of the Call: Read, then Write, then Reply
 *
 * svc_rdma_hdr_decode() fills this in once; nothing outside it reads the
 * wire words of a transport header.  Every count and length here has
 * been checked against the received bytes and the limits.  Of a refused
 * header only @xid, @vers, @credits, @proc and @fault are meaningful.
 */
struct svc_rdma_hdr {
	__be32			xid;
	u32			vers;
	u32			credits;
	u32			proc;
	unsigned int		hdr_len;
	unsigned int		msg_len;

	unsigned int		read_chunks;
	unsigned int		read_segs;
	u32			read_len;
	u32			pz_len;
	u32			call_head;
	struct svc_rdma_chunk	read[SVCRDMA_MAX_READ_CHUNKS];

	unsigned int		write_chunks;
	unsigned int		write_segs;
	struct svc_rdma_chunk	write[SVCRDMA_MAX_WRITE_CHUNKS];

	struct svc_rdma_chunk	reply;

	u32			inv_handle;
	bool			rev_reply;
	enum svc_rdma_hdr_fault	fault;

	unsigned int		nsegs;
	struct svc_rdma_seg	segs[SVCRDMA_MAX_SEGS];
};

/* The @i'th segment of @chunk, a chunk of @hdr. */
static inline const struct svc_rdma_seg *
svc_rdma_chunk_seg(const struct svc_rdma_hdr *hdr,
		   const struct svc_rdma_chunk *chunk, unsigned int i)
{
	return &hdr->segs[chunk->first + i];
}

static inline bool svc_rdma_hdr_has_reply(const struct svc_rdma_hdr *hdr)
{
	return hdr->reply.nsegs;
}

int svc_rdma_hdr_decode(struct svc_rdma_hdr *hdr, void *buf, unsigned int len,
			const struct svc_rdma_hdr_limits *lim);

/* The parts of a Call with Read chunks, in the order of its XDR stream. */
enum svc_rdma_call_part {
	SVCRDMA_PART_HEAD,	/* inline bytes before the first chunk */
	SVCRDMA_PART_INLINE,	/* inline bytes between or after chunks */
	SVCRDMA_PART_READ,	/* one Read segment's data */
	SVCRDMA_PART_PAD,	/* zeroes rounding a chunk up to XDR_UNIT */
};

/*
 * Called for each part of a Call: @off is the part's offset in the
 * inline message (HEAD, INLINE), @seg the segment (READ), @len its bytes
 * (never 0).  A non-zero return stops the walk and is returned.
 */
typedef int (*svc_rdma_call_actor)(void *arg, enum svc_rdma_call_part part,
				   u32 off, const struct svc_rdma_seg *seg,
				   u32 len);

int svc_rdma_hdr_walk_call(const struct svc_rdma_hdr *hdr,
			   svc_rdma_call_actor actor, void *arg);
const char *svc_rdma_hdr_fault_name(enum svc_rdma_hdr_fault fault);

/* Words of an RDMA_ERROR reply: the fixed four, rdma_err, and vers_low/high */
#define SVCRDMA_ERR_VERS_LEN	(7 * sizeof(__be32))
#define SVCRDMA_ERR_CHUNK_LEN	(5 * sizeof(__be32))

/* An RDMA_MSG with three empty lists: a backchannel Call's header */
#define SVCRDMA_HDR_MSG_LEN	(7 * sizeof(__be32))

int svc_rdma_hdr_encode_msg(void *buf, unsigned int room, __be32 xid,
			    u32 credits);

/**
 * svc_rdma_hdr_reply_len - Size of a reply's transport header
 * @call: the Call's decoded header
 * @reply_chunk: whether the reply goes through the Reply chunk
 *
 * A reply returns every Write chunk (discriminator, count, segments),
 * and the Reply chunk only when it used it.
 *
 * Return: the bytes svc_rdma_hdr_encode_reply() will write.
 */
static inline unsigned int
svc_rdma_hdr_reply_len(const struct svc_rdma_hdr *call, bool reply_chunk)
{
	unsigned int len = SVCRDMA_HDR_FIXED + 3 * sizeof(__be32);

	len += call->write_chunks * 2 * sizeof(__be32) +
	       call->write_segs * SVCRDMA_SEG_SIZE;
	if (reply_chunk && svc_rdma_hdr_has_reply(call))
		len += sizeof(__be32) + call->reply.nsegs * SVCRDMA_SEG_SIZE;
	return len;
}

int svc_rdma_hdr_encode_reply(void *buf, unsigned int room,
			      const struct svc_rdma_hdr *call, u32 credits,
			      const u32 *written, unsigned int nwritten,
			      bool reply_chunk, u32 reply_written);
int svc_rdma_hdr_encode_error(void *buf, unsigned int room, __be32 xid,
			      u32 credits, enum svc_rdma_errcode err);

#endif /* SVCRDMA_SVC_RDMA_HDR_H */
