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
 * For every input the harness checks that the decoder reads only the
 * input (it gets a copy in an allocation of exactly the input's size, so
 * ASan sees any overrun) and writes nothing into it; that its return
 * value and hdr->fault agree and the fault has a name of its own; and
 * that it accepts exactly what ref_decode(), a separate word-by-word
 * reading of the rules in svc_rdma_hdr.c's opening comment, accepts.
 *
 * For an accepted header, check_view() walks the wire data from the
 * view's own pointers, for the counts the view gives, and requires every
 * word it touches to lie in [buf, buf + hdr_len); Read positions to be
 * XDR-aligned and never to decrease; the read, Write-chunk and Reply-chunk
 * sums to keep to the limits; every count to match the wire; and the
 * walk to end exactly at hdr_len.  check_reply() then has
 * svc_rdma_hdr_encode_reply() answer the Call, with written lengths taken
 * from a generator seeded by the input, compares its bytes with a reply
 * built here word by word, requires svc_rdma_hdr_reply_len() to equal
 * the length written, decodes the reply again (as an RDMA_MSG with a
 * small body) and compares its lists with the Call's, and tries the
 * failures the encoder promises: too little room (with an allocation of
 * exactly that room), a count past its chunk, a Reply chunk the Call did
 * not offer.  check_error() does the same for RDMA_ERROR and the
 * chunkless RDMA_MSG.
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

static void put_word(void *base, size_t i, u32 v)
{
	u8 *b = (u8 *)base + i * WORD_BYTES;

	b[0] = v >> 24;
	b[1] = v >> 16;
	b[2] = v >> 8;
	b[3] = v;
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
 * header with two faults reports is the decoder's business.
 */
struct ref {
	size_t		read_at;	/* word of the first Read position */
	unsigned int	read_segs;
	size_t		write_at;	/* word of the first Write chunk's count */
	unsigned int	write_chunks;
	size_t		reply_at;	/* word of the Reply chunk's count */
	size_t		end;		/* words of header */
};

static bool ref_chunk(const u8 *buf, size_t nw, size_t *i, u64 max)
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
	return total <= max;
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
	unsigned int chunks = 0;
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
			r->read_at = i;
			first = pos;
			chunks = 1;
		} else if (pos != last) {
			/* the stream holds the last chunk, padded, first */
			u64 end = last + (chunk + 3) / 4 * 4;

			if (pos < end)
				return -EINVAL;
			before += (chunk + 3) / 4 * 4;
			chunk = 0;
			chunks++;
		}
		r->read_segs++;
		last = pos;
		chunk += word(buf, i + 2);
		read_total += word(buf, i + 2);
		if (!pos)
			pz += word(buf, i + 2);
		if (read_total > lim->max_read)
			return -EINVAL;
		i += READ_WORDS - 1;
	}

	for (;;) {
		if (!ref_bool(buf, nw, &i, &set))
			return -EINVAL;
		if (!set)
			break;
		at = i;
		if (!ref_chunk(buf, nw, &i, lim->max_write))
			return -EINVAL;
		if (r->write_chunks >= lim->max_write_chunks)
			return -EINVAL;
		if (!r->write_chunks)
			r->write_at = at;
		r->write_chunks++;
	}

	if (!ref_bool(buf, nw, &i, &set))
		return -EINVAL;
	if (set) {
		r->reply_at = i;
		if (!ref_chunk(buf, nw, &i, lim->max_write))
			return -EINVAL;
	}
	r->end = i;

	msg_len = len - i * WORD_BYTES;
	if (word(buf, 3) == SVCRDMA_NOMSG) {
		if (!r->read_segs || first != 0 || chunks > 1)
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
 * check_view - walk an accepted header from the view's pointers
 *
 * Every word is bounds-checked against [buf, buf + hdr_len) before it is
 * read, with integer arithmetic, so a wrong view is reported, not read.
 */
struct span {
	uintptr_t	lo;
	uintptr_t	hi;
};

/* @p and the @words after it lie in the header; returns @p's word index */
static size_t in_hdr(const struct span *s, const void *p, size_t words,
		     const char *what)
{
	uintptr_t a = (uintptr_t)p;

	require(a >= s->lo && a <= s->hi && (a - s->lo) % WORD_BYTES == 0 &&
		words <= (s->hi - a) / WORD_BYTES,
		"%s: %zu words at offset %ld leave the %lu-byte header", what,
		words, (long)(a - s->lo), (unsigned long)(s->hi - s->lo));
	return (a - s->lo) / WORD_BYTES;
}

/* Returns the word index of the Write list's first discriminator. */
static size_t check_read_list(const struct svc_rdma_hdr *h, const u8 *buf,
			      const struct span *s,
			      const struct svc_rdma_hdr_limits *lim)
{
	u64 total = 0, pz = 0, call_len, chunk = 0, before = 0;
	unsigned int chunks = 0, k;
	u32 pos, last = 0;
	size_t i;

	if (!h->read_segs) {
		require(!h->read_list && !h->read_chunks && !h->read_len &&
			!h->pz_len, "an empty Read list with a pointer or sums");
		require(word(buf, 4) == 0, "Read list: no segments, but set");
		return 5;
	}
	i = in_hdr(s, h->read_list, 0, "Read list");
	require(i == 5 && word(buf, 4) == 1, "Read list starts at word %zu", i);
	for (k = 0; k < h->read_segs; k++, i += READ_WORDS) {
		in_hdr(s, buf + i * WORD_BYTES, READ_WORDS, "Read segment");
		pos = word(buf, i);
		require(pos % WORD_BYTES == 0, "Read position %u unaligned", pos);
		require(!k || pos >= last, "Read position %u after %u", pos,
			last);
		if (k && pos != last) {
			require(pos >= last + (chunk + 3) / 4 * 4,
				"Read chunk at %u inside the %llu bytes at %u",
				pos, (unsigned long long)chunk, last);
			before += (chunk + 3) / 4 * 4;
			chunk = 0;
		}
		if (!k || pos != last)
			chunks++;
		last = pos;
		chunk += word(buf, i + 2);
		total += word(buf, i + 2);
		if (!pos)
			pz += word(buf, i + 2);
		require(word(buf, i + READ_WORDS - 1) == (k + 1 < h->read_segs),
			"Read list: discriminator after segment %u of %u", k,
			h->read_segs);
	}
	require(chunks == h->read_chunks, "read_chunks %u, wire %u",
		h->read_chunks, chunks);
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
	return i;
}

/*
 * One Write or Reply chunk at word @i (its count) lies in the header;
 * returns its length, adds its segments to *@segs, sets *@i past it.
 */
static u64 check_chunk(const u8 *buf, const struct span *s, size_t *i,
		       unsigned int *segs, const char *what)
{
	u64 total = 0;
	u32 count, k;

	in_hdr(s, buf + *i * WORD_BYTES, 1, what);
	count = word(buf, *i);
	require(count, "%s: no segments", what);
	in_hdr(s, buf + *i * WORD_BYTES, 1 + (size_t)count * SEG_WORDS, what);
	for (k = 0; k < count; k++)
		total += word(buf, *i + 1 + k * SEG_WORDS + 1);
	*i += 1 + (size_t)count * SEG_WORDS;
	*segs += count;
	return total;
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
 * inv_handle is the handle of every segment of the Call when they all
 * name one, else 0.  The view has been checked: walking it is safe.
 */
static void check_inv_handle(const struct svc_rdma_hdr *h)
{
	struct handles hs = { 0 };
	const __be32 *p;
	u32 c, k;

	for (k = 0, p = h->read_list; k < h->read_segs; k++, p += READ_WORDS)
		note_handle(&hs, word(p, 1));
	for (c = 0, p = h->write_list; c < h->write_chunks;
	     c++, p += 2 + word(p, 0) * SEG_WORDS)
		for (k = 0; k < word(p, 0); k++)
			note_handle(&hs, word(p, 1 + k * SEG_WORDS));
	for (k = 0, p = h->reply_chunk; p && k < word(p, 0); k++)
		note_handle(&hs, word(p, 1 + k * SEG_WORDS));
	require(h->inv_handle == (hs.mixed ? 0 : hs.handle),
		"inv_handle 0x%x, the segments name %s 0x%x", h->inv_handle,
		hs.mixed ? "several, the first" : "only", hs.handle);
}

/*
 * check_walk - the layout svc_rdma_hdr_walk_call() gives an accepted Call
 *
 * Every Read segment with bytes is read exactly once, in wire order, at
 * the stream offset its position names plus the bytes of the earlier
 * segments of its chunk; the inline parts cover the message once, in
 * order; pads are short and leave the stream aligned.
 */
struct walk {
	const struct svc_rdma_hdr	*h;
	u64				stream;	/* bytes laid out so far */
	u64				taken;	/* inline bytes used so far */
	unsigned int			seg;	/* next Read segment */
	unsigned int			parts;
};

static int walk_part(void *arg, enum svc_rdma_call_part part, u32 off,
		     const struct svc_rdma_read_seg *seg, u32 len)
{
	struct walk *w = arg;
	const __be32 *list = w->h->read_list;
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
		while (w->seg < w->h->read_segs &&
		       !word(list, w->seg * READ_WORDS + 2))
			w->seg++;
		require(w->seg < w->h->read_segs, "a Read past the list");
		k = w->seg++;
		pos = word(list, k * READ_WORDS);
		while (k-- && word(list, k * READ_WORDS) == pos)
			before += word(list, k * READ_WORDS + 2);
		require(w->stream == pos + before,
			"segment %u read at %llu, its place is %u + %llu",
			w->seg - 1, (unsigned long long)w->stream, pos,
			(unsigned long long)before);
		require(seg->length == len &&
			seg->handle == word(list, (w->seg - 1) * READ_WORDS + 1),
			"segment %u misread", w->seg - 1);
		break;
	default:
		fail("part %d", part);
	}
	w->stream += len;
	w->parts++;
	return 0;
}

static void check_walk(const struct svc_rdma_hdr *h)
{
	struct walk w = { .h = h };

	if (!h->read_segs)
		return;
	require(!svc_rdma_hdr_walk_call(h, walk_part, &w), "walk failed");
	while (w.seg < h->read_segs &&
	       !word(h->read_list, w.seg * READ_WORDS + 2))
		w.seg++;
	require(w.seg == h->read_segs, "segment %u never read", w.seg);
	require(w.taken == (h->proc == SVCRDMA_MSG ? h->msg_len : 0),
		"%llu inline bytes of %u laid out",
		(unsigned long long)w.taken, h->msg_len);
	require(w.stream <= (u64)h->read_len + h->read_chunks * 3 +
		(h->proc == SVCRDMA_MSG ? h->msg_len : 0),
		"%llu bytes laid out", (unsigned long long)w.stream);
}

static void check_view(const struct svc_rdma_hdr *h, const u8 *buf,
		       size_t size, const struct svc_rdma_hdr_limits *lim)
{
	struct span s = { (uintptr_t)buf, (uintptr_t)buf + h->hdr_len };
	unsigned int chunks = 0, segs = 0, reply_segs = 0;
	size_t i;
	u64 len;

	require(h->hdr_len <= size && h->hdr_len % WORD_BYTES == 0 &&
		h->hdr_len >= SVCRDMA_HDR_MSG_LEN,
		"hdr_len %u of a %zu-byte input", h->hdr_len, size);
	require(h->msg_len == size - h->hdr_len, "msg_len %u, hdr_len %u, %zu",
		h->msg_len, h->hdr_len, size);
	require(h->proc == SVCRDMA_MSG ? h->msg_len > 0 :
		h->proc == SVCRDMA_NOMSG, "accepted rdma_proc %u, msg_len %u",
		h->proc, h->msg_len);

	i = check_read_list(h, buf, &s, lim);

	in_hdr(&s, buf + i * WORD_BYTES, 1, "Write list");
	if (!h->write_chunks)
		require(!h->write_list && !h->write_segs && !word(buf, i),
			"an empty Write list with a pointer, segments or set");
	else
		require(in_hdr(&s, h->write_list, 1, "Write list") == i + 1,
			"Write list pointer is not after its discriminator");
	while (word(buf, i) == 1) {
		i++;
		chunks++;
		len = check_chunk(buf, &s, &i, &segs, "Write chunk");
		require(len <= lim->max_write, "Write chunk of %llu, max %u",
			(unsigned long long)len, lim->max_write);
		in_hdr(&s, buf + i * WORD_BYTES, 1, "Write list");
	}
	require(!word(buf, i), "Write list: discriminator %u", word(buf, i));
	require(chunks == h->write_chunks && segs == h->write_segs,
		"Write list: %u chunks %u segments, wire %u %u",
		h->write_chunks, h->write_segs, chunks, segs);
	require(chunks <= lim->max_write_chunks, "%u Write chunks, max %u",
		chunks, lim->max_write_chunks);

	i++;
	in_hdr(&s, buf + i * WORD_BYTES, 1, "Reply chunk");
	if (!h->reply_chunk) {
		require(!word(buf, i) && !h->reply_segs && !h->reply_len,
			"no Reply chunk, yet set, segments or a length");
		i++;
	} else {
		require(word(buf, i) == 1 &&
			in_hdr(&s, h->reply_chunk, 1, "Reply chunk") == i + 1,
			"Reply chunk pointer is not after its discriminator");
		i++;
		len = check_chunk(buf, &s, &i, &reply_segs, "Reply chunk");
		require(reply_segs == h->reply_segs, "reply_segs %u, wire %u",
			h->reply_segs, reply_segs);
		require(len == h->reply_len && len <= lim->max_write,
			"reply_len %u, wire %llu, max %u", h->reply_len,
			(unsigned long long)len, lim->max_write);
	}
	require(i * WORD_BYTES == h->hdr_len, "the lists end at %zu, hdr_len %u",
		i * WORD_BYTES, h->hdr_len);
	if (!h->read_segs)
		require(h->call_head == h->msg_len, "call_head %u, msg_len %u",
			h->call_head, h->msg_len);
	require(h->rev_reply || h->call_head >= 10 * WORD_BYTES,
		"a Call whose head holds %u bytes", h->call_head);
	check_inv_handle(h);
}

/* The view agrees with ref_decode() on where everything is. */
static void check_ref(const struct svc_rdma_hdr *h, const u8 *buf,
		      const struct ref *r)
{
	require(r->end * WORD_BYTES == h->hdr_len && r->read_segs == h->read_segs &&
		r->write_chunks == h->write_chunks,
		"view and walk disagree: hdr_len %u/%zu, %u/%u Read segments, %u/%u Write chunks",
		h->hdr_len, r->end * WORD_BYTES, h->read_segs, r->read_segs,
		h->write_chunks, r->write_chunks);
	require((const u8 *)h->read_list ==
		(r->read_segs ? buf + r->read_at * WORD_BYTES : NULL) &&
		(const u8 *)h->write_list ==
		(r->write_chunks ? buf + r->write_at * WORD_BYTES : NULL) &&
		(const u8 *)h->reply_chunk ==
		(r->reply_at ? buf + r->reply_at * WORD_BYTES : NULL),
		"view and walk disagree on where the lists are");
}

/*
 * Appends chunk @c (at its count word) to @out as a reply carries it:
 * handles and offsets copied, @bytes spread over the segments in order.
 */
static void expect_chunk(const __be32 *c, u32 bytes, u8 *out, size_t *n)
{
	u32 count = word(c, 0), k, seg_len, used;

	put_word(out, (*n)++, count);
	for (k = 0; k < count; k++) {
		seg_len = word(c, 2 + k * SEG_WORDS);
		used = bytes < seg_len ? bytes : seg_len;
		bytes -= used;
		put_word(out, (*n)++, word(c, 1 + k * SEG_WORDS));
		put_word(out, (*n)++, used);
		put_word(out, (*n)++, word(c, 3 + k * SEG_WORDS));
		put_word(out, (*n)++, word(c, 4 + k * SEG_WORDS));
	}
}

/* From chunk @c's count word to the next chunk's, past one discriminator. */
static const __be32 *next_chunk(const __be32 *c)
{
	return c + 1 + word(c, 0) * SEG_WORDS + 1;
}

static u32 chunk_len(const __be32 *c)
{
	u64 total = 0;
	u32 k;

	for (k = 0; k < word(c, 0); k++)
		total += word(c, 2 + k * SEG_WORDS);
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

/* The reply, decoded back, offers the Call's chunks with the lengths written. */
static void check_reply_lists(const struct svc_rdma_hdr *call,
			      const struct svc_rdma_hdr *rep, const u8 *wire,
			      bool via_reply)
{
	require(rep->xid == call->xid && rep->read_segs == 0 &&
		rep->write_chunks == call->write_chunks &&
		rep->write_segs == call->write_segs,
		"reply decodes to %u Write chunks of %u segments, Call %u %u",
		rep->write_chunks, rep->write_segs, call->write_chunks,
		call->write_segs);
	require(!call->write_chunks ||
		(const u8 *)rep->write_list == wire + 6 * WORD_BYTES,
		"reply's Write list is not where it was encoded");
	require(!rep->reply_chunk == !via_reply,
		"reply's Reply chunk is there when it should not be, or not");
	if (rep->reply_chunk)
		require(rep->reply_segs == call->reply_segs,
			"reply's Reply chunk has %u segments, Call's %u",
			rep->reply_segs, call->reply_segs);
}

static void check_reply(const struct svc_rdma_hdr *call)
{
	const __be32 *c = call->write_list;
	u32 *written, reply_written = 0, len, credits = rng_next();
	unsigned int nwritten, k;
	bool via_reply;
	u8 *expect, *got, *again, *body;
	size_t n = 0, room;
	struct svc_rdma_hdr rep;
	int want, ret;

	written = calloc(call->write_chunks + 1, sizeof(*written));
	nwritten = rng_next() % (call->write_chunks + 1);
	via_reply = call->reply_chunk && rng_next() % 2;
	if (via_reply)
		reply_written = pick_written(call->reply_len);

	/* fixed words, three lists, a discriminator and a count per chunk */
	n = 7 + 2 * call->write_chunks + SEG_WORDS * call->write_segs;
	if (via_reply)
		n += 1 + SEG_WORDS * call->reply_segs;
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

	/* the reply, word by word */
	put_word(expect, n++, be32_to_cpu(call->xid));
	put_word(expect, n++, SVCRDMA_VERSION);
	put_word(expect, n++, credits);
	put_word(expect, n++, via_reply ? SVCRDMA_NOMSG : SVCRDMA_MSG);
	put_word(expect, n++, 0);
	for (k = 0; k < call->write_chunks; k++, c = next_chunk(c)) {
		len = chunk_len(c);
		if (k < nwritten)
			written[k] = pick_written(len);
		put_word(expect, n++, 1);
		expect_chunk(c, k < nwritten ? written[k] : 0, expect, &n);
	}
	put_word(expect, n++, 0);
	put_word(expect, n++, via_reply);
	if (via_reply)
		expect_chunk(call->reply_chunk, reply_written, expect, &n);

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
	if (call->write_chunks) {
		k = rng_next() % call->write_chunks;
		for (c = call->write_list, len = 0; len < k; len++)
			c = next_chunk(c);
		len = chunk_len(c);
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
	if (via_reply && call->reply_len < U32_MAX) {
		ret = encode_in(want, call, credits, written, nwritten, true,
				call->reply_len + 1, NULL);
		require(ret == -EINVAL, "encode_reply past the Reply chunk: %d",
			ret);
	}
	if (!call->reply_chunk) {
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
	put_word(body, 0, be32_to_cpu(call->xid));
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
	check_reply_lists(call, &rep, again, via_reply);
	require(!memcmp(again, expect, want), "the reply changed in decoding");

	/* and answering the reply's view again gives the same bytes */
	c = rep.write_list;
	for (k = 0; k < rep.write_chunks; k++, c = next_chunk(c))
		written[k] = chunk_len(c);
	ret = encode_in(want, &rep, credits, written, rep.write_chunks,
			via_reply, rep.reply_len, got);
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
		!h.write_chunks && !h.reply_chunk,
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
			  const u8 *buf, size_t size)
{
	enum svc_rdma_hdr_fault f = h->fault;

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
		check_refusal(&h, ret, buf, size);
	} else {
		require(h.fault == SVCRDMA_HDR_OK, "accepted with fault %s",
			svc_rdma_hdr_fault_name(h.fault));
		require(!memcmp(&h.xid, buf, WORD_BYTES) &&
			h.vers == SVCRDMA_VERSION && h.credits == word(buf, 2) &&
			h.proc == word(buf, 3), "fixed words decoded wrong");
		check_view(&h, buf, size, lim);
		check_ref(&h, buf, &r);
		check_walk(&h);
		check_reply(&h);
	}
	if (size >= SVCRDMA_HDR_FIXED)
		check_error(h.xid, word(buf, 2));
	free(buf);
	return 0;
}
