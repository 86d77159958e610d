// SPDX-License-Identifier: GPL-2.0-only
/*
 * hdr_fuzz: a libFuzzer target for the RPC-over-RDMA transport header
 * decoder and the reply encoders of svc_rdma_hdr.c.
 *
 * Operation
 *
 * svc_rdma_hdr.c is compiled exactly as the module compiles it, against
 * the userspace shim in shim/ (an xdr_stream of one kvec that keeps
 * Linux 6.1's bounds).  Each input is one Receive as a client would send
 * it, starting with rdma_xid.  The top two bits of its first byte, which
 * belong to the xid and which the decoder never judges, pick the limits
 * it is decoded against, so every seed is a plain header:
 *
 *   0  the module's: 258 pages of arguments, 259 pages per Write or Reply
 *      chunk, 8 Write chunks (what svc_rdma_recvfrom() passes with nfsd's
 *      1 MiB payload);
 *   1  tight: one page, one page, one Write chunk;
 *   2  wide: every limit at U32_MAX;
 *   3  none: zero budgets and no Write chunk.
 *
 * Whatever the limits say, a Call may name at most 64 segments in all its
 * lists, 8 Read chunks and 8 Write chunks (the bounds of the decoder's
 * arrays, which svc_rdma_hdr.h states; this file states them again as
 * REF_MAX_*, so a change to them shows here).
 *
 * For every input the harness checks that the decoder reads only the
 * input (it gets a copy in an allocation of exactly the input's size, so
 * ASan sees any overrun) and writes nothing into it; that its return
 * value and hdr->fault agree and the fault has a name of its own; that a
 * refusal for too many segments, Read chunks or Write chunks names what
 * the input holds (count_lists()); and that it accepts exactly what
 * ref_decode(), a separate word-by-word reading of the rules in
 * svc_rdma_hdr.c's opening comment, accepts.
 *
 * For an accepted header, check_view() first checks the view on its own:
 * its chunks are runs of @segs, one after the other (Read chunks, then
 * Write chunks, then the Reply chunk), each of at least one segment,
 * whose length is the sum of its segments, and the counts add up, within
 * the bounds.  Then it reads the wire itself, by word index, every word
 * bounded by hdr_len, and requires each segment of the view to be the
 * wire's (handle, length, 64-bit offset), in wire order; each chunk to
 * start at the right segment with the wire's segment count, length and
 * Read position; Read positions to be XDR-aligned and never to decrease;
 * the read, Write-chunk and Reply-chunk sums to keep to the limits;
 * every count to match the wire; inv_handle to be the one handle the
 * wire names; and the lists to end exactly at hdr_len.  check_walk()
 * has svc_rdma_hdr_walk_call() lay out a Call with Read chunks and checks
 * each part against the wire.  check_reply() then has
 * svc_rdma_hdr_encode_reply() answer the Call, with written lengths taken
 * from a generator seeded by the input, compares its bytes with a reply
 * built here word by word from the Call's wire, requires
 * svc_rdma_hdr_reply_len() to equal the length written, decodes the
 * reply again (as an RDMA_MSG with a small body), checks that view the
 * same way and requires its chunks to be the Call's, segment by segment,
 * with the written lengths; answering that view again gives the same
 * bytes.  It tries the failures the encoder promises: too little room
 * (with an allocation of exactly that room), a count past its chunk, a
 * Reply chunk the Call did not offer.  check_error() does the same for
 * RDMA_ERROR and the chunkless RDMA_MSG.
 *
 * A violated property prints what failed and calls abort(), which
 * libFuzzer reports as a crash and saves as an artifact.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>

#include "svc_rdma_hdr.h"

#define HDR_FUZZ_PAGE		4096U

static const struct svc_rdma_hdr_limits hdr_fuzz_limits[4] = {
	{ 258 * HDR_FUZZ_PAGE, 259 * HDR_FUZZ_PAGE, 8 },
	{ HDR_FUZZ_PAGE, HDR_FUZZ_PAGE, 1 },
	{ U32_MAX, U32_MAX, U32_MAX },
	{ 0, 0, 0 },
};

/* a reply is decoded back against these: it can never be refused by them */
static const struct svc_rdma_hdr_limits hdr_fuzz_wide = {
	U32_MAX, U32_MAX, U32_MAX
};

/* bytes of an XDR word; words of a Write or Reply segment and a Read entry */
#define WORD_BYTES	4U
#define SEG_WORDS	4
#define READ_WORDS	6	/* discriminator, position, segment */

/* word of Read entry @k's position, in a Call whose Read list is set */
#define READ_ENTRY(k)	(5 + (size_t)(k) * READ_WORDS)

/* The bounds a Call must keep to whatever the limits (svc_rdma_hdr.h). */
#define REF_MAX_SEGS	64	/* in all lists together */
#define REF_MAX_READS	8	/* Read chunks */
#define REF_MAX_WRITES	8	/* Write chunks, at most */

static void __noreturn __printf(1, 2) fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "hdr_fuzz: property violated: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

#define require(cond, ...)			\
	do {					\
		if (!(cond))			\
			fail(__VA_ARGS__);	\
	} while (0)

static u32 word(const void *base, size_t i)
{
	const u8 *b = (const u8 *)base + i * WORD_BYTES;

	return (u32)b[0] << 24 | (u32)b[1] << 16 | (u32)b[2] << 8 | b[3];
}

/* the 64-bit offset whose high word is word @i */
static u64 word64(const void *base, size_t i)
{
	return (u64)word(base, i) << 32 | word(base, i + 1);
}

static void put_word(void *base, size_t i, u32 v)
{
	u8 *b = (u8 *)base + i * WORD_BYTES;

	b[0] = v >> 24;
	b[1] = v >> 16;
	b[2] = v >> 8;
	b[3] = v;
}

/* Write chunks a Call may carry under @lim */
static u32 max_writes(const struct svc_rdma_hdr_limits *lim)
{
	return lim->max_write_chunks < REF_MAX_WRITES ? lim->max_write_chunks :
	       REF_MAX_WRITES;
}

/* splitmix64, seeded from the input: the same input, the same choices */
static u64 rng_state;

static u64 rng_next(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void rng_seed(const u8 *data, size_t size)
{
	u64 h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < size; i++)
		h = (h ^ data[i]) * 0x100000001b3ULL;
	rng_state = h;
}

/* A length to write into a chunk of @len bytes: none, all, or between. */
static u32 pick_written(u32 len)
{
	switch (rng_next() % 4) {
	case 0:
		return 0;
	case 1:
		return len;
	case 2:
		return len / 2;
	default:
		return rng_next() % ((u64)len + 1);
	}
}

/*
 * ref_decode - the decoder's rules, read a second way
 *
 * Word indices instead of an xdr_stream, and every sum in 64 bits.  It
 * decides only accept or refuse (and which return value); which fault a
 * header with two faults reports is the decoder's business.  For an
 * accepted header it notes where the Write and Reply chunks are, which
 * check_reply() builds the expected reply from.
 */
struct ref {
	unsigned int	read_segs;
	unsigned int	read_chunks;
	unsigned int	write_chunks;
	unsigned int	write_segs;
	size_t		write_at[REF_MAX_WRITES]; /* each Write chunk's count */
	size_t		reply_at;	/* word of the Reply chunk's count, or 0 */
	unsigned int	reply_segs;
	unsigned int	segs;		/* in all lists */
	size_t		end;		/* words of header */
};

static bool ref_chunk(const u8 *buf, size_t nw, size_t *i, u64 max,
		      unsigned int *segs)
{
	u64 count, total = 0, k;

	if (*i >= nw)
		return false;
	count = word(buf, (*i)++);
	if (count == 0 || count > (nw - *i) / SEG_WORDS)
		return false;
	for (k = 0; k < count; k++)
		total += word(buf, *i + k * SEG_WORDS + 1);
	*i += count * SEG_WORDS;
	*segs += count;
	return total <= max && *segs <= REF_MAX_SEGS;
}

static bool ref_bool(const u8 *buf, size_t nw, size_t *i, bool *set)
{
	u32 v;

	if (*i >= nw)
		return false;
	v = word(buf, (*i)++);
	*set = v == 1;
	return v <= 1;
}

/* a chunkless RDMA_MSG whose message is (this xid, REPLY, ...) */
static bool ref_rev_reply(const u8 *buf, size_t len, size_t end,
			  const struct ref *r)
{
	return word(buf, 3) == SVCRDMA_MSG && !r->read_segs &&
	       !r->write_chunks && !r->reply_at &&
	       len >= (end + 2) * WORD_BYTES &&
	       word(buf, end) == word(buf, 0) && word(buf, end + 1) == 1;
}

static int ref_decode(const u8 *buf, size_t len,
		      const struct svc_rdma_hdr_limits *lim, struct ref *r)
{
	size_t nw = len / WORD_BYTES, i = 4, at;
	u32 pos, first = 0, last = 0;
	u64 read_total = 0, pz = 0, call_len, msg_len, head;
	u64 chunk = 0, before = 0;	/* this chunk's bytes; padded ones before */
	unsigned int before_write;
	bool set;

	memset(r, 0, sizeof(*r));
	if (nw < 4)
		return -EBADMSG;
	if (word(buf, 1) != SVCRDMA_VERSION)
		return -EPROTONOSUPPORT;
	if (word(buf, 3) != SVCRDMA_MSG && word(buf, 3) != SVCRDMA_NOMSG)
		return -EINVAL;

	for (;;) {
		if (!ref_bool(buf, nw, &i, &set))
			return -EINVAL;
		if (!set)
			break;
		if (nw - i < READ_WORDS - 1)
			return -EINVAL;
		pos = word(buf, i);
		if (pos % WORD_BYTES)
			return -EINVAL;
		if (!r->read_segs) {
			first = pos;
			r->read_chunks = 1;
		} else if (pos != last) {
			/* the stream holds the last chunk, padded, first */
			u64 end = last + (chunk + 3) / 4 * 4;

			if (pos < end)
				return -EINVAL;
			before += (chunk + 3) / 4 * 4;
			chunk = 0;
			r->read_chunks++;
		}
		if (r->read_chunks > REF_MAX_READS)
			return -EINVAL;
		r->read_segs++;
		if (++r->segs > REF_MAX_SEGS)
			return -EINVAL;
		last = pos;
		chunk += word(buf, i + 2);
		read_total += word(buf, i + 2);
		if (!pos)
			pz += word(buf, i + 2);
		if (read_total > lim->max_read)
			return -EINVAL;
		i += READ_WORDS - 1;
	}

	before_write = r->segs;
	for (;;) {
		if (!ref_bool(buf, nw, &i, &set))
			return -EINVAL;
		if (!set)
			break;
		if (r->write_chunks >= max_writes(lim))
			return -EINVAL;
		at = i;
		if (!ref_chunk(buf, nw, &i, lim->max_write, &r->segs))
			return -EINVAL;
		r->write_at[r->write_chunks++] = at;
	}
	r->write_segs = r->segs - before_write;

	if (!ref_bool(buf, nw, &i, &set))
		return -EINVAL;
	if (set) {
		r->reply_at = i;
		if (!ref_chunk(buf, nw, &i, lim->max_write, &r->segs))
			return -EINVAL;
		r->reply_segs = word(buf, r->reply_at);
	}
	r->end = i;

	msg_len = len - i * WORD_BYTES;
	if (word(buf, 3) == SVCRDMA_NOMSG) {
		if (!r->read_segs || first != 0 || r->read_chunks > 1)
			return -EINVAL;
		head = pz;
	} else {
		if (r->read_segs && first == 0)
			return -EINVAL;
		if (!msg_len)
			return -EINVAL;
		/* the inline bytes before the last chunk arrived */
		call_len = msg_len;
		if (r->read_segs && last - before > call_len)
			return -EINVAL;
		head = r->read_segs ? first : msg_len;
	}
	/* a Call's head holds an RPC call header, a Reply's need not */
	if (head < 10 * WORD_BYTES && !ref_rev_reply(buf, len, i, r))
		return -EINVAL;
	return 0;
}

/*
 * count_lists - what the lists hold, as far as they are well-formed
 *
 * Discriminators of 0 or 1, whole Read entries, and chunk counts that fit
 * in the bytes left: nothing else is judged, so this reading goes at
 * least as far as the decoder's.  A refusal for too many segments, Read
 * chunks or Write chunks must be of a Call that holds that many.
 */
struct counts {
	unsigned int	segs;
	unsigned int	reads;
	unsigned int	writes;
};

static bool count_chunk(const u8 *buf, size_t nw, size_t *i,
			struct counts *n)
{
	u32 count;

	if (*i >= nw)
		return false;
	count = word(buf, (*i)++);
	if (!count || count > (nw - *i) / SEG_WORDS)
		return false;
	n->segs += count;
	*i += (size_t)count * SEG_WORDS;
	return true;
}

static void count_lists(const u8 *buf, size_t size, struct counts *n)
{
	size_t nw = size / WORD_BYTES, i = 4;
	u32 last = 0;
	bool set;

	memset(n, 0, sizeof(*n));
	for (;;) {
		if (!ref_bool(buf, nw, &i, &set))
			return;
		if (!set)
			break;
		if (nw - i < READ_WORDS - 1)
			return;
		if (!n->segs || word(buf, i) != last)
			n->reads++;
		last = word(buf, i);
		n->segs++;
		i += READ_WORDS - 1;
	}
	for (;;) {
		if (!ref_bool(buf, nw, &i, &set))
			return;
		if (!set)
			break;
		n->writes++;	/* the decoder counts it before its segments */
		if (!count_chunk(buf, nw, &i, n))
			return;
	}
	if (ref_bool(buf, nw, &i, &set) && set)
		count_chunk(buf, nw, &i, n);
}

/*
 * check_view - an accepted header's view, on its own and against the wire
 *
 * The wire is read here by word index, and every word is bounds-checked
 * against hdr_len before it is read, so a wrong view is reported, not
 * followed.
 */

/* Words [@i, @i + @words) lie in the header; hdr_len <= size is checked. */
static void in_hdr(const struct svc_rdma_hdr *h, size_t i, size_t words,
		   const char *what)
{
	require(i <= h->hdr_len / WORD_BYTES &&
		words <= h->hdr_len / WORD_BYTES - i,
		"%s: %zu words at word %zu leave the %u-byte header", what,
		words, i, h->hdr_len);
}

/* The handles of a Call's segments: the one they all name, or several. */
struct handles {
	u32	handle;
	bool	seen;
	bool	mixed;
};

static void note_handle(struct handles *hs, u32 handle)
{
	if (!hs->seen)
		hs->handle = handle;
	else if (handle != hs->handle)
		hs->mixed = true;
	hs->seen = true;
}

/*
 * The view's segment @s is the wire's whose handle is word @i (length,
 * then the offset's high and low words, follow it).
 */
static void check_seg(const struct svc_rdma_hdr *h, unsigned int s,
		      const u8 *buf, size_t i, struct handles *hs,
		      const char *what)
{
	const struct svc_rdma_seg *seg;

	require(s < h->nsegs, "%s: the wire's segment %u, the view has %u",
		what, s, h->nsegs);
	seg = &h->segs[s];
	require(seg->handle == word(buf, i) && seg->length == word(buf, i + 1) &&
		seg->offset == word64(buf, i + 2),
		"%s: segment %u is {0x%x, %u, 0x%llx}, the wire's {0x%x, %u, 0x%llx}",
		what, s, seg->handle, seg->length,
		(unsigned long long)seg->offset, word(buf, i),
		word(buf, i + 1), (unsigned long long)word64(buf, i + 2));
	note_handle(hs, seg->handle);
}

/*
 * One chunk of the view is the run of segments that starts at *@next and
 * has its length; moves *@next past it.
 */
static void check_run(const struct svc_rdma_hdr *h,
		      const struct svc_rdma_chunk *ch, unsigned int *next,
		      const char *what, unsigned int n)
{
	u64 total = 0;
	unsigned int k;

	require(ch->first == *next && ch->nsegs &&
		ch->nsegs <= h->nsegs - *next,
		"%s %u: segments %u+%u, not a run that starts at %u of %u",
		what, n, ch->first, ch->nsegs, *next, h->nsegs);
	for (k = 0; k < ch->nsegs; k++)
		total += svc_rdma_chunk_seg(h, ch, k)->length;
	require(total == ch->length, "%s %u: length %u, its segments %llu",
		what, n, ch->length, (unsigned long long)total);
	*next += ch->nsegs;
}

/* The view alone: its chunks tile @segs in list order, within the bounds. */
static void check_runs(const struct svc_rdma_hdr *h,
		       const struct svc_rdma_hdr_limits *lim)
{
	unsigned int next = 0, k;

	require(h->nsegs <= REF_MAX_SEGS && h->nsegs <= ARRAY_SIZE(h->segs) &&
		h->read_chunks <= REF_MAX_READS &&
		h->read_chunks <= ARRAY_SIZE(h->read) &&
		h->write_chunks <= max_writes(lim) &&
		h->write_chunks <= ARRAY_SIZE(h->write),
		"%u segments, %u Read chunks, %u Write chunks (of %u)",
		h->nsegs, h->read_chunks, h->write_chunks, max_writes(lim));
	require((u64)h->read_segs + h->write_segs + h->reply.nsegs == h->nsegs,
		"%u segments: %u Read, %u Write, %u Reply", h->nsegs,
		h->read_segs, h->write_segs, h->reply.nsegs);
	require(!h->read_chunks == !h->read_segs,
		"%u Read chunks of %u segments", h->read_chunks, h->read_segs);
	for (k = 0; k < h->read_chunks; k++) {
		check_run(h, &h->read[k], &next, "Read chunk", k);
		require(!k || h->read[k].position > h->read[k - 1].position,
			"Read chunk %u at %u, after one at %u", k,
			h->read[k].position, h->read[k - 1].position);
	}
	require(next == h->read_segs, "Read chunks hold %u segments, not %u",
		next, h->read_segs);
	for (k = 0; k < h->write_chunks; k++) {
		check_run(h, &h->write[k], &next, "Write chunk", k);
		require(!h->write[k].position, "Write chunk %u at position %u",
			k, h->write[k].position);
	}
	require(next - h->read_segs == h->write_segs,
		"Write chunks hold %u segments, not %u", next - h->read_segs,
		h->write_segs);
	if (svc_rdma_hdr_has_reply(h)) {
		check_run(h, &h->reply, &next, "Reply chunk", 0);
		require(!h->reply.position, "Reply chunk at position %u",
			h->reply.position);
	} else {
		require(!h->reply.length && !h->reply.position,
			"no Reply chunk, yet %u bytes at %u", h->reply.length,
			h->reply.position);
	}
	require(next == h->nsegs, "the chunks hold %u of %u segments", next,
		h->nsegs);
}

/* Read chunk @ch, read off the wire as @nsegs segments and @len bytes */
static void check_read_chunk(const struct svc_rdma_chunk *ch, unsigned int k,
			     unsigned int first, unsigned int nsegs, u64 len)
{
	require(ch->first == first && ch->nsegs == nsegs && ch->length == len,
		"Read chunk %u: segments %u+%u of %u bytes, the wire's %u+%u of %llu",
		k, ch->first, ch->nsegs, ch->length, first, nsegs,
		(unsigned long long)len);
}

/* Returns the word index of the Write list's first discriminator. */
static size_t check_read_list(const struct svc_rdma_hdr *h, const u8 *buf,
			      const struct svc_rdma_hdr_limits *lim,
			      unsigned int *s, struct handles *hs)
{
	u64 total = 0, pz = 0, call_len, chunk = 0, before = 0;
	const struct svc_rdma_chunk *ch = NULL;
	unsigned int chunks = 0, k, first = 0;
	u32 pos, last = 0;
	size_t i;

	in_hdr(h, 4, 1, "Read list");
	if (!h->read_segs) {
		require(!h->read_chunks && !h->read_len && !h->pz_len,
			"an empty Read list with chunks or sums");
		require(word(buf, 4) == 0, "Read list: no segments, but set");
		return 5;
	}
	for (k = 0, i = 4; k < h->read_segs; k++, i += READ_WORDS) {
		in_hdr(h, i, READ_WORDS, "Read entry");
		require(word(buf, i) == 1,
			"Read list: discriminator %u before segment %u of %u",
			word(buf, i), k, h->read_segs);
		pos = word(buf, i + 1);
		require(pos % WORD_BYTES == 0, "Read position %u unaligned", pos);
		require(!k || pos >= last, "Read position %u after %u", pos,
			last);
		if (k && pos != last) {
			require(pos >= last + (chunk + 3) / 4 * 4,
				"Read chunk at %u inside the %llu bytes at %u",
				pos, (unsigned long long)chunk, last);
			check_read_chunk(ch, chunks - 1, first, *s - first,
					 chunk);
			before += (chunk + 3) / 4 * 4;
			chunk = 0;
		}
		if (!k || pos != last) {
			require(chunks < h->read_chunks,
				"the wire's Read chunk %u at %u, the view has %u",
				chunks, pos, h->read_chunks);
			ch = &h->read[chunks++];
			require(ch->position == pos,
				"Read chunk %u at %u, the wire's at %u",
				chunks - 1, ch->position, pos);
			first = *s;
		}
		check_seg(h, (*s)++, buf, i + 2, hs, "Read segment");
		last = pos;
		chunk += word(buf, i + 3);
		total += word(buf, i + 3);
		if (!pos)
			pz += word(buf, i + 3);
	}
	check_read_chunk(ch, chunks - 1, first, *s - first, chunk);
	in_hdr(h, i, 1, "Read list");
	require(word(buf, i) == 0, "Read list: discriminator %u after %u segments",
		word(buf, i), h->read_segs);
	require(chunks == h->read_chunks, "read_chunks %u, wire %u",
		h->read_chunks, chunks);
	require(chunks <= REF_MAX_READS, "%u Read chunks", chunks);
	require(total == h->read_len && pz == h->pz_len,
		"read_len %u pz_len %u, wire %llu %llu", h->read_len, h->pz_len,
		(unsigned long long)total, (unsigned long long)pz);
	require(total <= lim->max_read, "read_len %llu past max_read %u",
		(unsigned long long)total, lim->max_read);
	require((word(buf, 5) == 0) == (h->proc == SVCRDMA_NOMSG),
		"position-zero chunk and rdma_proc %u disagree", h->proc);
	if (h->proc == SVCRDMA_NOMSG) {
		require(chunks == 1, "RDMA_NOMSG with %u Read chunks", chunks);
		require(h->call_head == pz, "call_head %u, position-zero %llu",
			h->call_head, (unsigned long long)pz);
	} else {
		call_len = h->msg_len;
		require(last - before <= call_len,
			"Read chunk at inline offset %llu past the %llu-byte call",
			(unsigned long long)(last - before),
			(unsigned long long)call_len);
		require(h->call_head == word(buf, 5),
			"call_head %u, first position %u", h->call_head,
			word(buf, 5));
	}
	return i + 1;
}

/*
 * The Write or Reply chunk @ch is the one whose count is word @i: its
 * segments start at *@s; returns the word after it.
 */
static size_t check_chunk(const struct svc_rdma_hdr *h,
			  const struct svc_rdma_chunk *ch, const u8 *buf,
			  size_t i, const struct svc_rdma_hdr_limits *lim,
			  unsigned int *s, struct handles *hs, const char *what)
{
	u64 total = 0;
	u32 count, k;

	in_hdr(h, i, 1, what);
	count = word(buf, i);
	require(count, "%s: no segments", what);
	in_hdr(h, i, 1 + (size_t)count * SEG_WORDS, what);
	require(ch->first == *s && ch->nsegs == count,
		"%s: segments %u+%u, the wire's %u+%u", what, ch->first,
		ch->nsegs, *s, count);
	for (k = 0; k < count; k++) {
		check_seg(h, (*s)++, buf, i + 1 + k * SEG_WORDS, hs, what);
		total += word(buf, i + 2 + k * SEG_WORDS);
	}
	require(ch->length == total && total <= lim->max_write,
		"%s: length %u, the wire's %llu, max %u", what, ch->length,
		(unsigned long long)total, lim->max_write);
	return i + 1 + (size_t)count * SEG_WORDS;
}

static void check_view(const struct svc_rdma_hdr *h, const u8 *buf,
		       size_t size, const struct svc_rdma_hdr_limits *lim)
{
	struct handles hs = { 0 };
	unsigned int chunks = 0, s = 0, first;
	size_t i;

	require(h->hdr_len <= size && h->hdr_len % WORD_BYTES == 0 &&
		h->hdr_len >= SVCRDMA_HDR_MSG_LEN,
		"hdr_len %u of a %zu-byte input", h->hdr_len, size);
	require(h->msg_len == size - h->hdr_len, "msg_len %u, hdr_len %u, %zu",
		h->msg_len, h->hdr_len, size);
	require(h->proc == SVCRDMA_MSG ? h->msg_len > 0 :
		h->proc == SVCRDMA_NOMSG, "accepted rdma_proc %u, msg_len %u",
		h->proc, h->msg_len);
	check_runs(h, lim);

	i = check_read_list(h, buf, lim, &s, &hs);

	first = s;
	for (;;) {
		in_hdr(h, i, 1, "Write list");
		if (word(buf, i) != 1)
			break;
		require(chunks < h->write_chunks,
			"the wire's Write chunk %u, the view has %u", chunks,
			h->write_chunks);
		i = check_chunk(h, &h->write[chunks++], buf, i + 1, lim, &s, &hs,
				"Write chunk");
	}
	require(!word(buf, i), "Write list: discriminator %u", word(buf, i));
	require(chunks == h->write_chunks && s - first == h->write_segs,
		"Write list: %u chunks %u segments, wire %u %u",
		h->write_chunks, h->write_segs, chunks, s - first);
	require(chunks <= max_writes(lim), "%u Write chunks, max %u", chunks,
		max_writes(lim));

	i++;
	in_hdr(h, i, 1, "Reply chunk");
	if (!svc_rdma_hdr_has_reply(h)) {
		require(!word(buf, i), "no Reply chunk, yet the wire's is set");
		i++;
	} else {
		require(word(buf, i) == 1,
			"a Reply chunk, but the wire's discriminator is %u",
			word(buf, i));
		i = check_chunk(h, &h->reply, buf, i + 1, lim, &s, &hs,
				"Reply chunk");
	}
	require(s == h->nsegs, "the wire has %u segments, the view %u", s,
		h->nsegs);
	require(i * WORD_BYTES == h->hdr_len, "the lists end at %zu, hdr_len %u",
		i * WORD_BYTES, h->hdr_len);
	if (!h->read_segs)
		require(h->call_head == h->msg_len, "call_head %u, msg_len %u",
			h->call_head, h->msg_len);
	require(h->rev_reply || h->call_head >= 10 * WORD_BYTES,
		"a Call whose head holds %u bytes", h->call_head);
	/* Send With Invalidate names the Call's one handle, or none */
	require(h->inv_handle == (hs.mixed ? 0 : hs.handle),
		"inv_handle 0x%x, the segments name %s 0x%x", h->inv_handle,
		hs.mixed ? "several, the first" : "only", hs.handle);
}

/* The view agrees with ref_decode() on how much there is of everything. */
static void check_ref(const struct svc_rdma_hdr *h, const struct ref *r)
{
	require(r->end * WORD_BYTES == h->hdr_len && r->read_segs == h->read_segs &&
		r->read_chunks == h->read_chunks &&
		r->write_chunks == h->write_chunks &&
		r->write_segs == h->write_segs &&
		r->reply_segs == h->reply.nsegs && r->segs == h->nsegs,
		"view and rules disagree: hdr_len %u/%zu, Read %u+%u/%u+%u, Write %u+%u/%u+%u, Reply %u/%u",
		h->hdr_len, r->end * WORD_BYTES, h->read_chunks, h->read_segs,
		r->read_chunks, r->read_segs, h->write_chunks, h->write_segs,
		r->write_chunks, r->write_segs, h->reply.nsegs, r->reply_segs);
}

/*
 * check_walk - the layout svc_rdma_hdr_walk_call() gives an accepted Call
 *
 * Every Read segment with bytes is read exactly once, in wire order, at
 * the stream offset its position names plus the bytes of the earlier
 * segments of its chunk, and is the wire's segment; the inline parts
 * cover the message once, in order; pads are short and leave the stream
 * aligned.
 */
struct walk {
	const struct svc_rdma_hdr	*h;
	const u8			*buf;	/* the Call, on the wire */
	u64				stream;	/* bytes laid out so far */
	u64				taken;	/* inline bytes used so far */
	unsigned int			seg;	/* next Read segment */
	unsigned int			parts;
};

/* word @field (0 position, 1 handle, 2 length, 3 offset) of Read entry @k */
static u32 rd(const struct walk *w, unsigned int k, unsigned int field)
{
	return word(w->buf, READ_ENTRY(k) + field);
}

static int walk_part(void *arg, enum svc_rdma_call_part part, u32 off,
		     const struct svc_rdma_seg *seg, u32 len)
{
	struct walk *w = arg;
	u32 pos, k;
	u64 before = 0;

	require(len, "a part of no bytes");
	switch (part) {
	case SVCRDMA_PART_HEAD:
	case SVCRDMA_PART_INLINE:
		require(part != SVCRDMA_PART_HEAD ||
			(!w->parts && w->h->proc == SVCRDMA_MSG && !off &&
			 len == w->h->call_head), "head of %u at part %u", len,
			w->parts);
		require(off == w->taken && off + (u64)len <= w->h->msg_len,
			"inline bytes %u+%u, %llu used of %u", off, len,
			(unsigned long long)w->taken, w->h->msg_len);
		w->taken += len;
		break;
	case SVCRDMA_PART_PAD:
		require(len < WORD_BYTES && (w->stream + len) % WORD_BYTES == 0,
			"pad of %u at %llu", len, (unsigned long long)w->stream);
		break;
	case SVCRDMA_PART_READ:
		while (w->seg < w->h->read_segs && !rd(w, w->seg, 2))
			w->seg++;
		require(w->seg < w->h->read_segs, "a Read past the list");
		k = w->seg++;
		pos = rd(w, k, 0);
		while (k-- && rd(w, k, 0) == pos)
			before += rd(w, k, 2);
		k = w->seg - 1;
		require(w->stream == pos + before,
			"segment %u read at %llu, its place is %u + %llu", k,
			(unsigned long long)w->stream, pos,
			(unsigned long long)before);
		require(seg && seg->length == len && len == rd(w, k, 2) &&
			seg->handle == rd(w, k, 1) &&
			seg->offset == word64(w->buf, READ_ENTRY(k) + 3),
			"segment %u misread", k);
		break;
	default:
		fail("part %d", part);
	}
	w->stream += len;
	w->parts++;
	return 0;
}

static void check_walk(const struct svc_rdma_hdr *h, const u8 *buf)
{
	struct walk w = { .h = h, .buf = buf };

	if (!h->read_segs)
		return;
	require(!svc_rdma_hdr_walk_call(h, walk_part, &w), "walk failed");
	while (w.seg < h->read_segs && !rd(&w, w.seg, 2))
		w.seg++;
	require(w.seg == h->read_segs, "segment %u never read", w.seg);
	require(w.taken == (h->proc == SVCRDMA_MSG ? h->msg_len : 0),
		"%llu inline bytes of %u laid out",
		(unsigned long long)w.taken, h->msg_len);
	require(w.stream <= (u64)h->read_len + h->read_chunks * 3 +
		(h->proc == SVCRDMA_MSG ? h->msg_len : 0),
		"%llu bytes laid out", (unsigned long long)w.stream);
}

/*
 * Appends the chunk whose count is word @c of @call to @out as a reply
 * carries it: handles and offsets copied, @bytes spread over the segments
 * in order.
 */
static void expect_chunk(const u8 *call, size_t c, u32 bytes, u8 *out,
			 size_t *n)
{
	u32 count = word(call, c), k, seg_len, used;

	put_word(out, (*n)++, count);
	for (k = 0; k < count; k++) {
		seg_len = word(call, c + 2 + k * SEG_WORDS);
		used = bytes < seg_len ? bytes : seg_len;
		bytes -= used;
		put_word(out, (*n)++, word(call, c + 1 + k * SEG_WORDS));
		put_word(out, (*n)++, used);
		put_word(out, (*n)++, word(call, c + 3 + k * SEG_WORDS));
		put_word(out, (*n)++, word(call, c + 4 + k * SEG_WORDS));
	}
}

/* the bytes of the chunk whose count is word @c */
static u32 chunk_len(const u8 *call, size_t c)
{
	u64 total = 0;
	u32 k;

	for (k = 0; k < word(call, c); k++)
		total += word(call, c + 2 + k * SEG_WORDS);
	return total;
}

/*
 * Encodes into exactly @room bytes, so ASan sees a write past them; on
 * success, the bytes between the reply's end and @room stay untouched.
 */
static int encode_in(unsigned int room, const struct svc_rdma_hdr *call,
		     u32 credits, const u32 *written, unsigned int nwritten,
		     bool reply_chunk, u32 reply_written, u8 *copy)
{
	u8 *buf = malloc(room ? room : 1);
	unsigned int i;
	int ret;

	if (!buf)
		abort();
	memset(buf, 0xa5, room);
	ret = svc_rdma_hdr_encode_reply(buf, room, call, credits, written,
					nwritten, reply_chunk, reply_written);
	if (ret > 0 && (unsigned int)ret <= room) {
		for (i = ret; i < room; i++)
			require(buf[i] == 0xa5, "encode_reply wrote byte %u of a %d-byte reply",
				i, ret);
		if (copy)
			memcpy(copy, buf, ret);
	}
	free(buf);
	return ret;
}

/*
 * Chunk @got of the decoded reply is the Call's chunk @want, segment by
 * segment, with @bytes spread over its segments in order.
 */
static void check_returned(const struct svc_rdma_hdr *call,
			   const struct svc_rdma_chunk *want,
			   const struct svc_rdma_hdr *rep,
			   const struct svc_rdma_chunk *got, u32 bytes,
			   const char *what, unsigned int n)
{
	const struct svc_rdma_seg *a, *b;
	u32 used, left = bytes;
	unsigned int k;

	require(got->nsegs == want->nsegs && got->length == bytes,
		"reply's %s %u: %u segments of %u bytes, Call's %u, written %u",
		what, n, got->nsegs, got->length, want->nsegs, bytes);
	for (k = 0; k < want->nsegs; k++) {
		a = svc_rdma_chunk_seg(call, want, k);
		b = svc_rdma_chunk_seg(rep, got, k);
		used = left < a->length ? left : a->length;
		left -= used;
		require(b->handle == a->handle && b->offset == a->offset &&
			b->length == used,
			"reply's %s %u segment %u: {0x%x, %u, 0x%llx}, Call's {0x%x, %u of %u, 0x%llx}",
			what, n, k, b->handle, b->length,
			(unsigned long long)b->offset, a->handle, used,
			a->length, (unsigned long long)a->offset);
	}
}

/* The reply, decoded back, offers the Call's chunks with the lengths written. */
static void check_reply_lists(const struct svc_rdma_hdr *call,
			      const struct svc_rdma_hdr *rep,
			      const u32 *written, unsigned int nwritten,
			      bool via_reply, u32 reply_written)
{
	unsigned int k;

	require(rep->xid == call->xid && rep->read_segs == 0 &&
		rep->read_chunks == 0 &&
		rep->write_chunks == call->write_chunks &&
		rep->write_segs == call->write_segs,
		"reply decodes to %u Write chunks of %u segments, Call %u %u",
		rep->write_chunks, rep->write_segs, call->write_chunks,
		call->write_segs);
	for (k = 0; k < call->write_chunks; k++)
		check_returned(call, &call->write[k], rep, &rep->write[k],
			       k < nwritten ? written[k] : 0, "Write chunk", k);
	require(svc_rdma_hdr_has_reply(rep) == via_reply,
		"reply's Reply chunk is there when it should not be, or not");
	if (via_reply)
		check_returned(call, &call->reply, rep, &rep->reply,
			       reply_written, "Reply chunk", 0);
}

static void check_reply(const struct svc_rdma_hdr *call, const u8 *wire,
			const struct ref *r)
{
	u32 *written, reply_written = 0, len, credits = rng_next();
	unsigned int nwritten, k;
	bool via_reply;
	u8 *expect, *got, *again, *body;
	size_t n = 0, room;
	struct svc_rdma_hdr rep;
	int want, ret;

	written = calloc(call->write_chunks + 1, sizeof(*written));
	nwritten = rng_next() % (call->write_chunks + 1);
	via_reply = svc_rdma_hdr_has_reply(call) && rng_next() % 2;
	if (via_reply)
		reply_written = pick_written(chunk_len(wire, r->reply_at));

	/* fixed words, three lists, a discriminator and a count per chunk */
	n = 7 + 2 * r->write_chunks + SEG_WORDS * r->write_segs;
	if (via_reply)
		n += 1 + SEG_WORDS * r->reply_segs;
	want = svc_rdma_hdr_reply_len(call, via_reply);
	require((size_t)want == n * WORD_BYTES,
		"svc_rdma_hdr_reply_len() says %d, the reply has %zu bytes",
		want, n * WORD_BYTES);
	n = 0;
	expect = malloc(want + SVCRDMA_MIN_CALL);
	got = malloc(want + SVCRDMA_MIN_CALL);
	again = malloc(want + SVCRDMA_MIN_CALL);
	if (!written || !expect || !got || !again)
		abort();

	/* the reply, word by word, from the Call's wire */
	put_word(expect, n++, word(wire, 0));
	put_word(expect, n++, SVCRDMA_VERSION);
	put_word(expect, n++, credits);
	put_word(expect, n++, via_reply ? SVCRDMA_NOMSG : SVCRDMA_MSG);
	put_word(expect, n++, 0);
	for (k = 0; k < r->write_chunks; k++) {
		len = chunk_len(wire, r->write_at[k]);
		if (k < nwritten)
			written[k] = pick_written(len);
		put_word(expect, n++, 1);
		expect_chunk(wire, r->write_at[k],
			     k < nwritten ? written[k] : 0, expect, &n);
	}
	put_word(expect, n++, 0);
	put_word(expect, n++, via_reply);
	if (via_reply)
		expect_chunk(wire, r->reply_at, reply_written, expect, &n);

	ret = encode_in(want, call, credits, written, nwritten, via_reply,
			reply_written, got);
	require(ret == want, "encode_reply returned %d into %d bytes, reply_len %d",
		ret, want, want);
	require(!memcmp(got, expect, want),
		"encode_reply wrote other bytes than the reply should have");

	/* more room: the same length; less: -EMSGSIZE, never a write past it */
	room = want + 4 * (rng_next() % 16);
	ret = encode_in(room, call, credits, written, nwritten, via_reply,
			reply_written, NULL);
	require(ret == want, "encode_reply into %zu bytes: %d, not %d", room,
		ret, want);
	room = want - WORD_BYTES * (1 + rng_next() % (want / WORD_BYTES));
	room += rng_next() % WORD_BYTES;
	ret = encode_in(room, call, credits, written, nwritten, via_reply,
			reply_written, NULL);
	require(ret == -EMSGSIZE, "encode_reply into %zu of %d bytes: %d",
		room, want, ret);

	/* a count past its chunk, or a Reply chunk the Call did not offer */
	if (r->write_chunks) {
		k = rng_next() % r->write_chunks;
		len = chunk_len(wire, r->write_at[k]);
		if (len < U32_MAX) {
			u32 saved = written[k];

			written[k] = len + 1 + rng_next() % (U32_MAX - len);
			ret = encode_in(want, call, credits, written,
					call->write_chunks, via_reply,
					reply_written, NULL);
			require(ret == -EINVAL,
				"encode_reply with %u bytes for Write chunk %u of %u: %d",
				written[k], k, len, ret);
			written[k] = saved;
		}
	}
	if (via_reply && chunk_len(wire, r->reply_at) < U32_MAX) {
		ret = encode_in(want, call, credits, written, nwritten, true,
				chunk_len(wire, r->reply_at) + 1, NULL);
		require(ret == -EINVAL, "encode_reply past the Reply chunk: %d",
			ret);
	}
	if (!r->reply_at) {
		ret = encode_in(want + 64, call, credits, written, nwritten,
				true, 0, NULL);
		require(ret == -EINVAL, "encode_reply into a missing Reply chunk: %d",
			ret);
		require(svc_rdma_hdr_reply_len(call, true) ==
			svc_rdma_hdr_reply_len(call, false),
			"reply_len counts a Reply chunk the Call did not offer");
	}

	/*
	 * Decode it back.  A Reply-chunk reply is an RDMA_NOMSG with no Read
	 * list, which no Call may be; as an RDMA_MSG followed by the
	 * shortest RPC Call it is a well-formed Call whose lists are the
	 * reply's.
	 */
	memcpy(again, got, want);
	put_word(again, 3, SVCRDMA_MSG);
	body = again + want;
	memset(body, 0, SVCRDMA_MIN_CALL);		/* CALL, AUTH_NONE */
	put_word(body, 0, word(wire, 0));
	ret = svc_rdma_hdr_decode(&rep, again, want + SVCRDMA_MIN_CALL,
				  &hdr_fuzz_wide);
	require(ret == 0, "the encoded reply does not decode: %d (%s)", ret,
		svc_rdma_hdr_fault_name(rep.fault));
	check_view(&rep, again, want + SVCRDMA_MIN_CALL, &hdr_fuzz_wide);
	require(rep.hdr_len == (unsigned int)want &&
		rep.msg_len == SVCRDMA_MIN_CALL &&
		rep.credits == credits, "reply decodes to hdr_len %u msg_len %u",
		rep.hdr_len, rep.msg_len);
	put_word(expect, 3, SVCRDMA_MSG);
	check_reply_lists(call, &rep, written, nwritten, via_reply,
			  reply_written);
	require(!memcmp(again, expect, want), "the reply changed in decoding");

	/* and answering the reply's view again gives the same bytes */
	for (k = 0; k < rep.write_chunks; k++)
		written[k] = rep.write[k].length;
	ret = encode_in(want, &rep, credits, written, rep.write_chunks,
			via_reply, rep.reply.length, got);
	put_word(expect, 3, via_reply ? SVCRDMA_NOMSG : SVCRDMA_MSG);
	require(ret == want && !memcmp(got, expect, want),
		"re-encoding the decoded reply changed it (%d)", ret);
	free(written);
	free(expect);
	free(got);
	free(again);
}

/* RDMA_ERROR and the chunkless RDMA_MSG: exact words, exact room. */
static void check_error(__be32 xid, u32 credits)
{
	static const struct {
		enum svc_rdma_errcode	err;
		unsigned int		len;
	} errs[] = {
		{ SVCRDMA_ERR_VERS, SVCRDMA_ERR_VERS_LEN },
		{ SVCRDMA_ERR_CHUNK, SVCRDMA_ERR_CHUNK_LEN },
	};
	struct svc_rdma_hdr h;
	unsigned int k, room;
	u8 *buf;
	int ret;

	for (k = 0; k < ARRAY_SIZE(errs); k++) {
		room = errs[k].len;
		buf = malloc(room);
		if (!buf)
			abort();
		ret = svc_rdma_hdr_encode_error(buf, room, xid, credits,
						errs[k].err);
		require(ret == (int)room, "encode_error %u: %d", errs[k].err,
			ret);
		require(!memcmp(buf, &xid, WORD_BYTES) &&
			word(buf, 1) == SVCRDMA_VERSION &&
			word(buf, 2) == credits && word(buf, 3) == SVCRDMA_ERROR &&
			word(buf, 4) == errs[k].err,
			"encode_error %u: wrong words", errs[k].err);
		if (errs[k].err == SVCRDMA_ERR_VERS)
			require(word(buf, 5) == SVCRDMA_VERSION &&
				word(buf, 6) == SVCRDMA_VERSION,
				"ERR_VERS does not offer 1..1");
		free(buf);
		room = rng_next() % errs[k].len;
		buf = malloc(room ? room : 1);
		if (!buf)
			abort();
		ret = svc_rdma_hdr_encode_error(buf, room, xid, credits,
						errs[k].err);
		require(ret == -EMSGSIZE, "encode_error %u into %u bytes: %d",
			errs[k].err, room, ret);
		free(buf);
	}
	ret = svc_rdma_hdr_encode_error(NULL, 0, xid, credits, 0);
	require(ret == -EINVAL, "encode_error of code 0: %d", ret);
	ret = svc_rdma_hdr_encode_error(NULL, 0, xid, credits, 3);
	require(ret == -EINVAL, "encode_error of code 3: %d", ret);

	/* followed by the shortest RPC Call, all zero but its direction */
	buf = calloc(1, SVCRDMA_HDR_MSG_LEN + SVCRDMA_MIN_CALL);
	if (!buf)
		abort();
	ret = svc_rdma_hdr_encode_msg(buf, SVCRDMA_HDR_MSG_LEN, xid, credits);
	require(ret == SVCRDMA_HDR_MSG_LEN, "encode_msg: %d", ret);
	ret = svc_rdma_hdr_decode(&h, buf,
				  SVCRDMA_HDR_MSG_LEN + SVCRDMA_MIN_CALL,
				  &hdr_fuzz_limits[3]);
	require(ret == 0 && h.xid == xid && h.credits == credits &&
		h.hdr_len == SVCRDMA_HDR_MSG_LEN && !h.read_segs &&
		!h.write_chunks && !svc_rdma_hdr_has_reply(&h) && !h.nsegs,
		"encode_msg's header does not decode as a chunkless RDMA_MSG");
	free(buf);
	room = rng_next() % SVCRDMA_HDR_MSG_LEN;
	buf = malloc(room ? room : 1);
	if (!buf)
		abort();
	ret = svc_rdma_hdr_encode_msg(buf, room, xid, credits);
	require(ret == -EMSGSIZE, "encode_msg into %u bytes: %d", room, ret);
	free(buf);
}

/* Every fault has a name of its own; past the last one, "unknown". */
static void check_fault_names(void)
{
	const char *a, *b;
	int i, j;

	for (i = 0; i < SVCRDMA_HDR_NR_FAULTS; i++) {
		a = svc_rdma_hdr_fault_name(i);
		require(a && *a && strcmp(a, "unknown"), "fault %d: no name", i);
		for (j = 0; j < i; j++) {
			b = svc_rdma_hdr_fault_name(j);
			require(strcmp(a, b), "faults %d and %d: one name", i, j);
		}
	}
	require(!strcmp(svc_rdma_hdr_fault_name(SVCRDMA_HDR_NR_FAULTS),
			"unknown"), "a name past the last fault");
}

static void check_refusal(const struct svc_rdma_hdr *h, int ret,
			  const u8 *buf, size_t size,
			  const struct svc_rdma_hdr_limits *lim)
{
	enum svc_rdma_hdr_fault f = h->fault;
	struct counts n;

	require(f > SVCRDMA_HDR_OK && f < SVCRDMA_HDR_NR_FAULTS,
		"refused (%d) with fault %d", ret, f);
	require(strcmp(svc_rdma_hdr_fault_name(f), "unknown"),
		"fault %d has no name", f);
	switch (ret) {
	case -EBADMSG:
		require(f == SVCRDMA_HDR_SHORT && size < SVCRDMA_HDR_FIXED,
			"-EBADMSG for %zu bytes, fault %s", size,
			svc_rdma_hdr_fault_name(f));
		return;
	case -EPROTONOSUPPORT:
		require(f == SVCRDMA_HDR_VERS, "-EPROTONOSUPPORT, fault %s",
			svc_rdma_hdr_fault_name(f));
		break;
	case -EINVAL:
		require(f > SVCRDMA_HDR_VERS, "-EINVAL, fault %s",
			svc_rdma_hdr_fault_name(f));
		break;
	default:
		fail("svc_rdma_hdr_decode returned %d", ret);
	}
	require(!memcmp(&h->xid, buf, WORD_BYTES), "xid not set when refused");

	/* a refusal for holding too much: the input holds that much */
	count_lists(buf, size, &n);
	require(f != SVCRDMA_HDR_TOO_MANY_SEGS || n.segs > REF_MAX_SEGS,
		"%s, yet the lists name %u segments", svc_rdma_hdr_fault_name(f),
		n.segs);
	require(f != SVCRDMA_HDR_TOO_MANY_READS || n.reads > REF_MAX_READS,
		"%s, yet the Read list holds %u chunks",
		svc_rdma_hdr_fault_name(f), n.reads);
	require(f != SVCRDMA_HDR_TOO_MANY || n.writes > max_writes(lim),
		"%s, yet the Write list holds %u chunks, %u allowed",
		svc_rdma_hdr_fault_name(f), n.writes, max_writes(lim));
}

/* libFuzzer's entry point, by its symbol name (kernel style has no CamelCase) */
int hdr_fuzz_one(const u8 *data, size_t size) __asm__("LLVMFuzzerTestOneInput");

/**
 * hdr_fuzz_one - Decode one input and check every property on it
 * @data: the bytes of one Receive, starting with rdma_xid
 * @size: how many there are
 *
 * Return: 0.  A broken property does not return: it aborts.
 */
int hdr_fuzz_one(const u8 *data, size_t size)
{
	static bool names_checked;
	static const char *trace;
	const struct svc_rdma_hdr_limits *lim;
	struct svc_rdma_hdr h;
	struct ref r;
	int ret, want;
	u8 *buf;

	if (!names_checked) {
		check_fault_names();
		trace = getenv("HDR_FUZZ_TRACE");
		names_checked = true;
	}
	lim = &hdr_fuzz_limits[size ? data[0] >> 6 : 0];
	buf = malloc(size ? size : 1);
	if (!buf)
		abort();
	memcpy(buf, data, size);
	rng_seed(data, size);

	ret = svc_rdma_hdr_decode(&h, buf, size, lim);
	if (trace)
		fprintf(stderr, "hdr_fuzz: %zu bytes, limits %d: %d %s\n", size,
			(int)(lim - hdr_fuzz_limits), ret,
			svc_rdma_hdr_fault_name(h.fault));
	require(!memcmp(buf, data, size), "the decoder wrote into the Receive");
	want = ref_decode(buf, size, lim, &r);
	require(ret == want, "decoder says %d (%s), the rules say %d", ret,
		svc_rdma_hdr_fault_name(h.fault), want);
	if (ret) {
		check_refusal(&h, ret, buf, size, lim);
	} else {
		require(h.fault == SVCRDMA_HDR_OK, "accepted with fault %s",
			svc_rdma_hdr_fault_name(h.fault));
		require(!memcmp(&h.xid, buf, WORD_BYTES) &&
			h.vers == SVCRDMA_VERSION && h.credits == word(buf, 2) &&
			h.proc == word(buf, 3), "fixed words decoded wrong");
		check_view(&h, buf, size, lim);
		check_ref(&h, &r);
		check_walk(&h, buf);
		check_reply(&h, buf, &r);
	}
	if (size >= SVCRDMA_HDR_FIXED)
		check_error(h.xid, word(buf, 2));
	free(buf);
	return 0;
}
