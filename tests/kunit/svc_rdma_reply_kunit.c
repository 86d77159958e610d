// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for building a reply: its transport header (the Write list
 * and Reply chunk a reply returns, RDMA_ERROR), and the walk over the
 * reply's xdr_buf that pulls an inline reply up into one buffer or hands
 * page-sized pieces to the RDMA Write path, leaving out the payloads that
 * go in Write chunks.
 */

#include <kunit/test.h>
#include <kunit/resource.h>
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/sunrpc/xdr.h>

#include "svc_rdma.h"
#include "svc_rdma_kunit_wire.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/*
 * Part one: the reply's transport header.
 */

/* Room for 256 words of encoded reply and some canary after them. */
#define REPLY_BUF_LEN	(256 * 4 + 64)
#define MAX_CHUNKS	3
#define MAX_SEGS	3
#define CALL_XID	0x01020384
#define CANARY		0xa5

/*
 * One Write or Reply chunk: what the Call offers (@len) and what the
 * reply must say was written into each segment (@used).
 */
struct chunk_spec {
	unsigned int	nsegs;
	u32		len[MAX_SEGS];
	u32		used[MAX_SEGS];
};

struct reply_case {
	const char		*name;
	bool			read_list;	/* the Call has a Read chunk */
	unsigned int		nwrite;
	struct chunk_spec	write[MAX_CHUNKS];
	unsigned int		nwritten;
	u32			written[MAX_CHUNKS];
	bool			has_reply;	/* the Call offers a Reply chunk */
	struct chunk_spec	reply;
	bool			use_reply;	/* the reply goes through it */
	u32			reply_written;
};

/* Chunk number of the Reply chunk in handles and offsets. */
#define REPLY_CHUNK	0xf

/* Every segment has its own handle and 64-bit offset, high word set. */
static u32 seg_handle(unsigned int c, unsigned int s)
{
	return 0xbb000000 | c << 8 | s;
}

static u64 seg_offset(unsigned int c, unsigned int s)
{
	return 0x8badf00d00000000ULL | (u64)c << 20 | (u64)s << 12 | 0x44;
}

static void put_chunk(struct svc_rdma_test_words *b, unsigned int c,
		      const struct chunk_spec *cs, bool used)
{
	unsigned int s;

	test_put(b, cs->nsegs);
	for (s = 0; s < cs->nsegs; s++) {
		test_put(b, seg_handle(c, s));
		test_put(b, used ? cs->used[s] : cs->len[s]);
		test_put(b, upper_32_bits(seg_offset(c, s)));
		test_put(b, lower_32_bits(seg_offset(c, s)));
	}
}

static void build_call(struct svc_rdma_test_words *b,
		       const struct reply_case *rc)
{
	unsigned int c;

	b->n = 0;
	test_put(b, CALL_XID);
	test_put(b, 1);
	test_put(b, 32);
	test_put(b, SVCRDMA_MSG);
	if (rc->read_list) {
		test_put(b, 1);		/* a data-item Read chunk */
		test_put(b, 40);
		test_put(b, 0xaa000001);
		test_put(b, 8192);
		test_put(b, 0);
		test_put(b, 0x3000);
	}
	test_put(b, 0);			/* end of the Read list */
	for (c = 0; c < rc->nwrite; c++) {
		test_put(b, 1);
		put_chunk(b, c, &rc->write[c], false);
	}
	test_put(b, 0);
	test_put(b, rc->has_reply);
	if (rc->has_reply)
		put_chunk(b, REPLY_CHUNK, &rc->reply, false);
	for (c = 0; c < 10; c++)	/* the RPC message */
		test_put(b, 0xc0ffee00 + c);
	test_to_wire(b);
}

static void build_reply(struct svc_rdma_test_words *b,
			const struct reply_case *rc, u32 credits)
{
	unsigned int c;

	b->n = 0;
	test_put(b, CALL_XID);
	test_put(b, 1);
	test_put(b, credits);
	test_put(b, rc->use_reply ? SVCRDMA_NOMSG : SVCRDMA_MSG);
	test_put(b, 0);			/* never a Read list */
	for (c = 0; c < rc->nwrite; c++) {
		test_put(b, 1);
		put_chunk(b, c, &rc->write[c], true);
	}
	test_put(b, 0);
	test_put(b, rc->use_reply);
	if (rc->use_reply)
		put_chunk(b, REPLY_CHUNK, &rc->reply, true);
	test_to_wire(b);
}

static const struct reply_case reply_cases[] = {
	{
		.name = "no chunks",
	}, {
		.name = "Read list not returned",
		.read_list = true,
	}, {
		.name = "three Write chunks, two used, one partly",
		.nwrite = 3,
		.write = {
			{ 3, { 4096, 4096, 1000 }, { 4096, 904, 0 } },
			{ 2, { 8192, 512 }, { 8192, 512 } },
			{ 3, { 2048, 2048, 2048 }, { 0, 0, 0 } },
		},
		.nwritten = 2,
		.written = { 5000, 8704 },
	}, {
		.name = "three Write chunks, all full",
		.read_list = true,
		.nwrite = 3,
		.write = {
			{ 2, { 4096, 100 }, { 4096, 100 } },
			{ 3, { 512, 512, 6 }, { 512, 512, 6 } },
			{ 2, { 65536, 65536 }, { 65536, 65536 } },
		},
		.nwritten = 3,
		.written = { 4196, 1030, 131072 },
	}, {
		.name = "three Write chunks, none used",
		.nwrite = 3,
		.write = {
			{ 2, { 4096, 4096 }, { 0, 0 } },
			{ 3, { 1, 2, 3 }, { 0, 0, 0 } },
			{ 2, { 8192, 8192 }, { 0, 0 } },
		},
		.nwritten = 3,
		.written = { 0, 0, 0 },
	}, {
		.name = "Write chunk partly in its first segment",
		.nwrite = 1,
		.write = {
			{ 3, { 4096, 4096, 4096 }, { 6, 0, 0 } },
		},
		.nwritten = 1,
		.written = { 6 },
	}, {
		.name = "Reply chunk offered, reply inline",
		.nwrite = 1,
		.write = {
			{ 2, { 4096, 4096 }, { 4096, 1 } },
		},
		.nwritten = 1,
		.written = { 4097 },
		.has_reply = true,
		.reply = { 2, { 4096, 4096 }, { 0, 0 } },
	}, {
		.name = "reply through the Reply chunk",
		.has_reply = true,
		.reply = { 3, { 4096, 4096, 4096 }, { 4096, 4, 0 } },
		.use_reply = true,
		.reply_written = 4100,
	}, {
		.name = "Write chunks and the Reply chunk",
		.read_list = true,
		.nwrite = 2,
		.write = {
			{ 2, { 8192, 8192 }, { 8192, 808 } },
			{ 3, { 100, 200, 300 }, { 100, 200, 300 } },
		},
		.nwritten = 2,
		.written = { 9000, 600 },
		.has_reply = true,
		.reply = { 2, { 1024, 1024 }, { 1024, 1024 } },
		.use_reply = true,
		.reply_written = 2048,
	},
};

static void reply_case_desc(const struct reply_case *rc, char *desc)
{
	strscpy(desc, rc->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(reply, reply_cases, reply_case_desc);

/* The Call and the reply we expect for it, on the wire. */
struct reply_fixture {
	struct svc_rdma_test_words	call;
	struct svc_rdma_test_words	want;
	struct svc_rdma_hdr		hdr;
	u8				buf[REPLY_BUF_LEN];
};

static struct reply_fixture *reply_setup(struct kunit *test,
					 const struct reply_case *rc,
					 u32 credits)
{
	struct reply_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, f);
	build_call(&f->call, rc);
	build_reply(&f->want, rc, credits);
	ret = svc_rdma_hdr_decode(&f->hdr, f->call.wire, f->call.n * 4,
				  &svc_rdma_test_limits);
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "the Call did not decode: %s",
			    svc_rdma_hdr_fault_name(f->hdr.fault));
	KUNIT_ASSERT_EQ(test, f->hdr.write_chunks, rc->nwrite);
	return f;
}

static int encode(struct reply_fixture *f, const struct reply_case *rc,
		  unsigned int room, u32 credits)
{
	memset(f->buf, CANARY, sizeof(f->buf));
	return svc_rdma_hdr_encode_reply(f->buf, room, &f->hdr, credits,
					 rc->written, rc->nwritten,
					 rc->use_reply, rc->reply_written);
}

/* Every byte of @buf from @from to @to still holds the canary. */
static void expect_canary(struct kunit *test, const u8 *buf,
			  unsigned int from, unsigned int to)
{
	unsigned int i;

	for (i = from; i < to; i++)
		if (buf[i] != CANARY)
			break;
	KUNIT_EXPECT_EQ_MSG(test, i, to, "byte %u written past the room (%u)",
			    i, from);
}

static void expect_words(struct kunit *test, const void *got,
			 const struct svc_rdma_test_words *want)
{
	const __be32 *p = got;
	unsigned int i;

	for (i = 0; i < want->n; i++)
		KUNIT_EXPECT_EQ_MSG(test, be32_to_cpu(p[i]), want->w[i],
				    "word %u", i);
}

/*
 * The reply header, word by word: the Call's xid, version 1, our credit
 * grant, MSG or NOMSG, no Read list, every Write chunk of the Call with
 * the bytes written in each segment, and the Reply chunk only when the
 * reply went through it.
 */
static void encode_reply_test(struct kunit *test)
{
	const struct reply_case *rc = test->param_value;
	struct reply_fixture *f = reply_setup(test, rc, 7);
	unsigned int len = f->want.n * 4;
	int ret;

	KUNIT_EXPECT_EQ(test, svc_rdma_hdr_reply_len(&f->hdr, rc->use_reply),
			len);
	ret = encode(f, rc, sizeof(f->buf), 7);
	KUNIT_ASSERT_EQ(test, ret, (int)len);
	KUNIT_EXPECT_EQ(test, be32_to_cpu(((__be32 *)f->buf)[0]),
			be32_to_cpu(f->call.wire[0]));
	expect_words(test, f->buf, &f->want);
	expect_canary(test, f->buf, len, sizeof(f->buf));
}

/* Exactly the room it needs is enough; a byte or a word less is not. */
static void encode_reply_room_test(struct kunit *test)
{
	const struct reply_case *rc = test->param_value;
	struct reply_fixture *f = reply_setup(test, rc, 7);
	unsigned int len = f->want.n * 4;
	int ret;

	ret = encode(f, rc, len, 7);
	KUNIT_EXPECT_EQ(test, ret, (int)len);
	expect_words(test, f->buf, &f->want);
	expect_canary(test, f->buf, len, sizeof(f->buf));

	ret = encode(f, rc, len - 1, 7);
	KUNIT_EXPECT_EQ(test, ret, -EMSGSIZE);
	expect_canary(test, f->buf, len - 1, sizeof(f->buf));

	ret = encode(f, rc, len - 4, 7);
	KUNIT_EXPECT_EQ(test, ret, -EMSGSIZE);
	expect_canary(test, f->buf, len - 4, sizeof(f->buf));

	ret = encode(f, rc, 0, 7);
	KUNIT_EXPECT_EQ(test, ret, -EMSGSIZE);
	expect_canary(test, f->buf, 0, sizeof(f->buf));
}

/* The credit word is the grant, whatever the Call asked for. */
static void encode_credits_test(struct kunit *test)
{
	static const u32 grants[] = { 0, 1, 31, 128, 0xffffffff };
	const struct reply_case *rc = &reply_cases[2];
	struct reply_fixture *f;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(grants); i++) {
		f = reply_setup(test, rc, grants[i]);
		KUNIT_EXPECT_EQ(test, encode(f, rc, sizeof(f->buf), grants[i]),
				(int)(f->want.n * 4));
		expect_words(test, f->buf, &f->want);
		KUNIT_EXPECT_EQ(test, be32_to_cpu(((__be32 *)f->buf)[2]),
				grants[i]);
	}
}

/* A count larger than what its chunk offered is refused. */
static void encode_overrun_test(struct kunit *test)
{
	const struct reply_case *rc = &reply_cases[ARRAY_SIZE(reply_cases) - 1];
	struct reply_fixture *f = reply_setup(test, rc, 7);
	struct reply_case *bad;
	unsigned int c;
	u32 total;

	bad = kunit_kmalloc(test, sizeof(*bad), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, bad);
	for (c = 0; c < rc->nwrite; c++) {
		*bad = *rc;
		total = rc->write[c].len[0] + rc->write[c].len[1] +
			rc->write[c].len[2];
		bad->written[c] = total;
		KUNIT_EXPECT_GT_MSG(test, encode(f, bad, sizeof(f->buf), 7), 0,
				    "chunk %u filled exactly", c);
		bad->written[c] = total + 1;
		KUNIT_EXPECT_EQ_MSG(test, encode(f, bad, sizeof(f->buf), 7),
				    -EINVAL, "chunk %u overrun", c);
		bad->written[c] = 0xffffffff;
		KUNIT_EXPECT_EQ_MSG(test, encode(f, bad, sizeof(f->buf), 7),
				    -EINVAL, "chunk %u overrun", c);
	}

	*bad = *rc;
	total = rc->reply.len[0] + rc->reply.len[1];
	bad->reply_written = total + 1;
	KUNIT_EXPECT_EQ(test, encode(f, bad, sizeof(f->buf), 7), -EINVAL);
	bad->reply_written = 0xffffffff;
	KUNIT_EXPECT_EQ(test, encode(f, bad, sizeof(f->buf), 7), -EINVAL);
}

/* The reply cannot go through a Reply chunk the Call did not offer. */
static void encode_no_reply_chunk_test(struct kunit *test)
{
	const struct reply_case *rc = &reply_cases[2];
	struct reply_fixture *f = reply_setup(test, rc, 7);
	int ret;

	KUNIT_ASSERT_FALSE(test, svc_rdma_hdr_has_reply(&f->hdr));
	memset(f->buf, CANARY, sizeof(f->buf));
	ret = svc_rdma_hdr_encode_reply(f->buf, sizeof(f->buf), &f->hdr, 7,
					rc->written, rc->nwritten, true, 0);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);

	/* and the inline reply's length does not count it */
	KUNIT_EXPECT_EQ(test, svc_rdma_hdr_reply_len(&f->hdr, true),
			svc_rdma_hdr_reply_len(&f->hdr, false));
}

static void encode_error_test(struct kunit *test)
{
	static const u32 vers_want[] = { CALL_XID, 1, 9, SVCRDMA_ERROR,
					 SVCRDMA_ERR_VERS, 1, 1 };
	static const u32 chunk_want[] = { CALL_XID, 1, 9, SVCRDMA_ERROR,
					  SVCRDMA_ERR_CHUNK };
	static const u32 bad_errs[] = { 0, 3, 4, 0x80000000 };
	static const struct {
		enum svc_rdma_errcode err;
		unsigned int room;
	} short_rooms[] = {
		{ SVCRDMA_ERR_VERS, 24 }, { SVCRDMA_ERR_VERS, 27 },
		{ SVCRDMA_ERR_VERS, 0 }, { SVCRDMA_ERR_CHUNK, 16 },
		{ SVCRDMA_ERR_CHUNK, 19 }, { SVCRDMA_ERR_CHUNK, 0 },
	};
	const __be32 xid = cpu_to_be32(CALL_XID);
	u8 *buf = kunit_kmalloc(test, 64, GFP_KERNEL);
	__be32 *p = (__be32 *)buf;
	unsigned int i;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, buf);

	memset(buf, CANARY, 64);
	ret = svc_rdma_hdr_encode_error(buf, 64, xid, 9, SVCRDMA_ERR_VERS);
	KUNIT_EXPECT_EQ(test, ret, 28);
	KUNIT_EXPECT_EQ(test, ret, (int)SVCRDMA_ERR_VERS_LEN);
	KUNIT_EXPECT_EQ(test, be32_to_cpu(p[0]), be32_to_cpu(xid));
	for (i = 0; i < ARRAY_SIZE(vers_want); i++)
		KUNIT_EXPECT_EQ_MSG(test, be32_to_cpu(p[i]), vers_want[i],
				    "ERR_VERS word %u", i);
	expect_canary(test, buf, 28, 64);

	memset(buf, CANARY, 64);
	ret = svc_rdma_hdr_encode_error(buf, 64, xid, 9, SVCRDMA_ERR_CHUNK);
	KUNIT_EXPECT_EQ(test, ret, 20);
	KUNIT_EXPECT_EQ(test, ret, (int)SVCRDMA_ERR_CHUNK_LEN);
	for (i = 0; i < ARRAY_SIZE(chunk_want); i++)
		KUNIT_EXPECT_EQ_MSG(test, be32_to_cpu(p[i]), chunk_want[i],
				    "ERR_CHUNK word %u", i);
	expect_canary(test, buf, 20, 64);

	/* one word or one byte short, or no room at all */
	for (i = 0; i < ARRAY_SIZE(short_rooms); i++) {
		memset(buf, CANARY, 64);
		ret = svc_rdma_hdr_encode_error(buf, short_rooms[i].room, xid, 9,
						short_rooms[i].err);
		KUNIT_EXPECT_EQ_MSG(test, ret, -EMSGSIZE, "err %u, room %u",
				    short_rooms[i].err, short_rooms[i].room);
		expect_canary(test, buf, short_rooms[i].room, 64);
	}

	for (i = 0; i < ARRAY_SIZE(bad_errs); i++) {
		memset(buf, CANARY, 64);
		ret = svc_rdma_hdr_encode_error(buf, 64, xid, 9, bad_errs[i]);
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "err %u", bad_errs[i]);
		expect_canary(test, buf, 0, 64);
	}
}

/*
 * Part two: the reply's bytes in its xdr_buf, as nfsd leaves them.
 *
 * The head and the tail share one page, the tail right after the head;
 * when the page data's length is not a multiple of four, the tail starts
 * with its XDR pad, as xdr_write_pages() lays it out.  Every byte has a
 * value that depends on where it is, so a byte taken from the wrong page
 * or the wrong offset shows.
 */

#define XB_PAGES	8

struct xb_shape {
	const char	*name;
	unsigned int	head_len;
	unsigned int	page_base;
	unsigned int	page_len;
	unsigned int	tail_len;	/* the pad included */
};

static const struct xb_shape xb_shapes[] = {
	{ "page_base 100, 7 pages, unaligned, tail", 120, 100,
	  6 * PAGE_SIZE + 1, 3 + 24 },
	{ "page_base past the first page", 64, PAGE_SIZE + 300,
	  3 * PAGE_SIZE + 2, 2 + 8 },
	{ "aligned pages, no tail", 200, 0, 5 * PAGE_SIZE, 0 },
	{ "pages end on a page boundary", 88, 100, 2 * PAGE_SIZE - 100, 16 },
	{ "one page, short", 40, 3000, 97, 3 + 4 },
	{ "head only", 96, 0, 0, 0 },
	{ "head and tail", 96, 0, 0, 36 },
};

static void xb_shape_desc(const struct xb_shape *s, char *desc)
{
	strscpy(desc, s->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(xb_shape, xb_shapes, xb_shape_desc);

static u8 head_byte(unsigned int k)
{
	return 0x80 ^ (u8)(k * 5);
}

static u8 page_byte(unsigned int i, unsigned int j)
{
	return (u8)(i * 0x47 + j * 11 + (j >> 8) + 1);
}

static u8 tail_byte(unsigned int k)
{
	return (u8)(0x33 + k * 3);
}

struct xb_fixture {
	struct xdr_buf	xb;
	struct page	*pages[XB_PAGES];
	u8		*want;		/* the reply, byte by byte */
	unsigned int	want_len;
};

static int page_res_init(struct kunit_resource *res, void *context)
{
	struct page *page = alloc_page(GFP_KERNEL);

	if (!page)
		return -ENOMEM;
	res->data = page;
	return 0;
}

static void page_res_free(struct kunit_resource *res)
{
	__free_page(res->data);
}

static struct page *test_page(struct kunit *test)
{
	struct page *page;

	page = kunit_alloc_resource(test, page_res_init, page_res_free,
				    GFP_KERNEL, NULL);
	KUNIT_ASSERT_NOT_NULL(test, page);
	return page;
}

static struct xb_fixture *xb_setup(struct kunit *test,
				   const struct xb_shape *s)
{
	unsigned int pad = xdr_pad_size(s->page_len);
	struct xb_fixture *f;
	unsigned int i, j, k, a;
	u8 *head, *tail, *p;

	KUNIT_ASSERT_LE(test, s->page_base + s->page_len,
			(unsigned int)(XB_PAGES * PAGE_SIZE));
	KUNIT_ASSERT_LE(test, s->head_len + 4 + s->tail_len,
			(unsigned int)PAGE_SIZE);
	KUNIT_ASSERT_GE(test, s->tail_len, pad);

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	for (i = 0; i < XB_PAGES; i++) {
		f->pages[i] = test_page(test);
		p = page_address(f->pages[i]);
		for (j = 0; j < PAGE_SIZE; j++)
			p[j] = page_byte(i, j);
	}

	head = page_address(test_page(test));
	memset(head, 0xee, PAGE_SIZE);
	for (k = 0; k < s->head_len; k++)
		head[k] = head_byte(k);
	tail = head + s->head_len + (s->page_len & 3);
	for (k = 0; k < s->tail_len; k++)
		tail[k] = k < pad ? 0 : tail_byte(k);

	f->xb.head[0].iov_base = head;
	f->xb.head[0].iov_len = s->head_len;
	f->xb.pages = f->pages;
	f->xb.page_base = s->page_base;
	f->xb.page_len = s->page_len;
	f->xb.tail[0].iov_base = tail;
	f->xb.tail[0].iov_len = s->tail_len;
	f->xb.len = s->head_len + s->page_len + s->tail_len;
	f->xb.buflen = f->xb.len;

	/* what the reply holds, from the patterns rather than the buffers */
	f->want_len = f->xb.len;
	f->want = kunit_kmalloc(test, f->want_len + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->want);
	p = f->want;
	for (k = 0; k < s->head_len; k++)
		*p++ = head_byte(k);
	for (k = 0; k < s->page_len; k++) {
		a = s->page_base + k;
		*p++ = page_byte(a / PAGE_SIZE, a % PAGE_SIZE);
	}
	for (k = 0; k < s->tail_len; k++)
		*p++ = k < pad ? 0 : tail_byte(k);
	return f;
}

/* Take the skipped items and their pads out of @f->want. */
static void xb_skip(struct xb_fixture *f, const struct svc_rdma_payload *skip,
		    unsigned int nskip)
{
	unsigned int i, k, n = 0;
	bool skipped;

	for (k = 0; k < f->want_len; k++) {
		skipped = false;
		for (i = 0; i < nskip; i++)
			if (k >= skip[i].offset &&
			    k < skip[i].offset + xdr_align_size(skip[i].length))
				skipped = true;
		if (!skipped)
			f->want[n++] = f->want[k];
	}
	f->want_len = n;
}

static void expect_bytes(struct kunit *test, const u8 *got, const u8 *want,
			 unsigned int len, const char *what)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		if (got[i] != want[i])
			break;
	if (i < len)
		KUNIT_FAIL(test,
			   "%s: byte %u of %u is 0x%02x, expected 0x%02x",
			   what, i, len, got[i], want[i]);
}

static u8 *canary_buf(struct kunit *test, unsigned int len)
{
	u8 *buf = kunit_kmalloc(test, len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, CANARY, len);
	return buf;
}

/*
 * The pulled-up reply is head, then page_len bytes of the pages from
 * page_base on, then tail: byte for byte.
 */
static void pull_up_test(struct kunit *test)
{
	struct xb_fixture *f = xb_setup(test, test->param_value);
	unsigned int len = f->want_len;
	u8 *dst = canary_buf(test, len + 64);

	KUNIT_EXPECT_EQ(test, svc_rdma_wire_len(&f->xb, NULL, 0), len);
	KUNIT_ASSERT_EQ(test, svc_rdma_pull_up(&f->xb, NULL, 0, dst, len),
			(int)len);
	expect_bytes(test, dst, f->want, len, "pulled-up reply");
	expect_canary(test, dst, len, len + 64);

	memset(dst, CANARY, len + 64);
	KUNIT_ASSERT_EQ(test, svc_rdma_pull_up(&f->xb, NULL, 0, dst, len + 64),
			(int)len);
	expect_bytes(test, dst, f->want, len, "pulled-up reply, more room");
	expect_canary(test, dst, len, len + 64);
}

/* Too little room: -EMSGSIZE, and not one byte is written. */
static void pull_up_room_test(struct kunit *test)
{
	struct xb_fixture *f = xb_setup(test, test->param_value);
	unsigned int len = f->want_len;
	u8 *dst = canary_buf(test, len + 64);

	KUNIT_EXPECT_EQ(test, svc_rdma_pull_up(&f->xb, NULL, 0, dst, len - 1),
			-EMSGSIZE);
	expect_canary(test, dst, 0, len + 64);
	KUNIT_EXPECT_EQ(test, svc_rdma_pull_up(&f->xb, NULL, 0, dst, 0),
			-EMSGSIZE);
	expect_canary(test, dst, 0, len + 64);
}

struct skip_case {
	const char			*name;
	unsigned int			nskip;
	struct svc_rdma_payload		skip[2];	/* offsets past the head */
};

/* On xb_shapes[0]: head 120, 6 pages + 1 byte from page_base 100. */
static const struct skip_case skip_cases[] = {
	/* an NFSv3 READ: the data is the page data, its pad leads the tail */
	{ "the page data, pad in the tail", 1, { { 0, 6 * PAGE_SIZE + 1 } } },
	/* two data items in the pages, one needs a pad */
	{ "two items in the pages", 2, { { 12, 1001 }, { 8192, 5000 } } },
	{ "an item across pages", 1, { { PAGE_SIZE - 100 - 8, 4099 } } },
};

static void skip_case_desc(const struct skip_case *sc, char *desc)
{
	strscpy(desc, sc->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(skip, skip_cases, skip_case_desc);

static struct xb_fixture *skip_setup(struct kunit *test,
				     struct svc_rdma_payload *skip)
{
	const struct skip_case *sc = test->param_value;
	struct xb_fixture *f = xb_setup(test, &xb_shapes[0]);
	unsigned int i;

	for (i = 0; i < sc->nskip; i++) {
		skip[i].offset = f->xb.head[0].iov_len + sc->skip[i].offset;
		skip[i].length = sc->skip[i].length;
	}
	xb_skip(f, skip, sc->nskip);
	return f;
}

/* A payload and its pad stay out of the inline reply. */
static void pull_up_skip_test(struct kunit *test)
{
	const struct skip_case *sc = test->param_value;
	struct svc_rdma_payload skip[2];
	struct xb_fixture *f = skip_setup(test, skip);
	unsigned int len = f->want_len, removed = 0, i;
	u8 *dst = canary_buf(test, len + 64);

	for (i = 0; i < sc->nskip; i++)
		removed += xdr_align_size(skip[i].length);
	KUNIT_ASSERT_EQ(test, len, f->xb.len - removed);
	KUNIT_EXPECT_EQ(test, svc_rdma_wire_len(&f->xb, skip, sc->nskip), len);
	KUNIT_ASSERT_EQ(test,
			svc_rdma_pull_up(&f->xb, skip, sc->nskip, dst, len),
			(int)len);
	expect_bytes(test, dst, f->want, len, "pulled-up reply");
	expect_canary(test, dst, len, len + 64);

	memset(dst, CANARY, len + 64);
	KUNIT_EXPECT_EQ(test,
			svc_rdma_pull_up(&f->xb, skip, sc->nskip, dst, len - 1),
			-EMSGSIZE);
	expect_canary(test, dst, 0, len + 64);
}

/* What the walker handed out, in order. */
struct pieces {
	struct kunit	*test;
	u8		*out;
	unsigned int	room;
	unsigned int	len;		/* bytes collected */
	unsigned int	calls;
	unsigned int	fail_at;	/* fail this call (counting from 1) */
};

static int collect(void *arg, struct page *page, unsigned int offset,
		   unsigned int len)
{
	struct pieces *c = arg;

	c->calls++;
	if (c->calls == c->fail_at)
		return -EIO;
	if (!page || !len || offset >= PAGE_SIZE ||
	    len > PAGE_SIZE - offset) {
		KUNIT_FAIL(c->test, "piece %u: page %p offset %u len %u",
			   c->calls, page, offset, len);
		return -ERANGE;
	}
	if (len > c->room - c->len) {
		KUNIT_FAIL(c->test, "piece %u: %u bytes past the range",
			   c->calls, c->len + len - c->room);
		return -ENOSPC;
	}
	memcpy(c->out + c->len, page_address(page) + offset, len);
	c->len += len;
	return 0;
}

static struct pieces *new_pieces(struct kunit *test, unsigned int room)
{
	struct pieces *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->test = test;
	c->room = room;
	c->out = kunit_kzalloc(test, room + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->out);
	return c;
}

/* Walk [@offset, @offset + @length) and compare with @f->want. */
static void walk_and_check(struct kunit *test, struct xb_fixture *f,
			   const struct svc_rdma_payload *skip,
			   unsigned int nskip, unsigned int offset,
			   unsigned int length)
{
	struct pieces *c = new_pieces(test, length);
	int ret;

	ret = svc_rdma_xb_walk(&f->xb, skip, nskip, offset, length,
			       collect, c);
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "range %u+%u", offset, length);
	KUNIT_EXPECT_EQ_MSG(test, c->len, length, "range %u+%u", offset,
			    length);
	if (!ret && c->len == length)
		expect_bytes(test, c->out, f->want + offset, length,
			     "walked range");
	kunit_kfree(test, c->out);
	kunit_kfree(test, c);
}

/* The whole reply, in pieces that never cross a page. */
static void walk_test(struct kunit *test)
{
	struct xb_fixture *f = xb_setup(test, test->param_value);
	const struct xb_shape *s = test->param_value;
	struct pieces *c = new_pieces(test, f->want_len);
	unsigned int min_pieces;

	KUNIT_ASSERT_EQ(test, svc_rdma_xb_walk(&f->xb, NULL, 0, 0, f->want_len,
					       collect, c), 0);
	KUNIT_EXPECT_EQ(test, c->len, f->want_len);
	expect_bytes(test, c->out, f->want, c->len, "walked reply");
	min_pieces = !!s->head_len + !!s->tail_len;
	if (s->page_len)
		min_pieces += DIV_ROUND_UP(s->page_base % PAGE_SIZE +
					   s->page_len, PAGE_SIZE);
	KUNIT_EXPECT_GE(test, c->calls, min_pieces);
}

/* Ranges that start and end anywhere: mid-head, mid-page, in the tail. */
static void walk_range_test(struct kunit *test)
{
	const struct xb_shape *s = &xb_shapes[0];
	struct xb_fixture *f = xb_setup(test, s);
	unsigned int h = s->head_len, end = f->want_len;
	const struct {
		unsigned int offset, length;
	} ranges[] = {
		{ 0, 1 },
		{ 5, 100 },
		{ h - 3, 10 },				/* head into pages */
		{ h, PAGE_SIZE - 100 },			/* the first page */
		{ h + PAGE_SIZE - 100 - 1, 2 },		/* across pages */
		{ h + 5000, 3000 },			/* mid-page start */
		{ h + 5000, 3 * PAGE_SIZE + 17 },
		{ h + s->page_len - 2, 6 },		/* pages into tail */
		{ end - 30, 30 },			/* the tail's end */
		{ end - 1, 1 },
		{ 1, end - 2 },
		{ 0, end },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ranges); i++)
		walk_and_check(test, f, NULL, 0, ranges[i].offset,
			       ranges[i].length);
}

/* Offsets count the bytes on the wire: skipped items are not there. */
static void walk_skip_test(struct kunit *test)
{
	const struct skip_case *sc = test->param_value;
	struct svc_rdma_payload skip[2];
	struct xb_fixture *f = skip_setup(test, skip);
	unsigned int h = f->xb.head[0].iov_len, end = f->want_len;
	unsigned int i, pos, removed = 0;

	walk_and_check(test, f, skip, sc->nskip, 0, end);
	/* from the head across the first skipped item */
	walk_and_check(test, f, skip, sc->nskip, h - 5,
		       min(300u, end - h + 5));
	walk_and_check(test, f, skip, sc->nskip, h + 7, end - h - 7);
	walk_and_check(test, f, skip, sc->nskip, end - 9, 9);
	/* each piece around each skipped item */
	for (i = 0; i < sc->nskip; i++) {
		pos = skip[i].offset - removed;
		walk_and_check(test, f, skip, sc->nskip, pos - 4, 8);
		walk_and_check(test, f, skip, sc->nskip, pos, end - pos);
		removed += xdr_align_size(skip[i].length);
	}
}

/* A range past the reply's end is refused. */
static void walk_past_end_test(struct kunit *test)
{
	const struct skip_case *sc = &skip_cases[0];
	struct svc_rdma_payload skip[1];
	struct xb_fixture *f = xb_setup(test, &xb_shapes[0]);
	unsigned int end = f->want_len, wire;
	struct pieces *c = new_pieces(test, end + 64);

	KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, NULL, 0, 0, end + 1,
					       collect, c), -EINVAL);
	c->len = 0;
	KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, NULL, 0, end - 4, 5,
					       collect, c), -EINVAL);
	c->len = 0;
	KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, NULL, 0, end, 1,
					       collect, c), -EINVAL);
	c->len = 0;
	KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, NULL, 0, end + 100, 4,
					       collect, c), -EINVAL);
	/* offset + length wraps around */
	c->len = 0;
	KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, NULL, 0, 16,
					       UINT_MAX - 8, collect, c),
			-EINVAL);
	c->len = 0;
	KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, NULL, 0, UINT_MAX - 8,
					       16, collect, c), -EINVAL);

	/* with a skip the reply is shorter than xb->len */
	skip[0].offset = f->xb.head[0].iov_len;
	skip[0].length = sc->skip[0].length;
	wire = svc_rdma_wire_len(&f->xb, skip, 1);
	KUNIT_EXPECT_EQ(test, wire,
			end - (unsigned int)xdr_align_size(skip[0].length));
	c->len = 0;
	KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, skip, 1, 0, wire + 1,
					       collect, c), -EINVAL);
	c->len = 0;
	KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, skip, 1, 0, end,
					       collect, c), -EINVAL);
	c->len = 0;
	KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, skip, 1, 0, wire,
					       collect, c), 0);
	KUNIT_EXPECT_EQ(test, c->len, wire);
}

/* The actor's error stops the walk and comes back. */
static void walk_error_test(struct kunit *test)
{
	struct xb_fixture *f = xb_setup(test, &xb_shapes[0]);
	struct pieces *c = new_pieces(test, f->want_len);
	unsigned int at;

	for (at = 1; at <= 4; at++) {
		c->len = 0;
		c->calls = 0;
		c->fail_at = at;
		KUNIT_EXPECT_EQ(test, svc_rdma_xb_walk(&f->xb, NULL, 0, 0,
						       f->want_len, collect, c),
				-EIO);
		KUNIT_EXPECT_EQ_MSG(test, c->calls, at,
				    "the walk went on after the error");
	}
}

static struct kunit_case svc_rdma_reply_cases[] = {
	KUNIT_CASE_PARAM(encode_reply_test, reply_gen_params),
	KUNIT_CASE_PARAM(encode_reply_room_test, reply_gen_params),
	KUNIT_CASE(encode_credits_test),
	KUNIT_CASE(encode_overrun_test),
	KUNIT_CASE(encode_no_reply_chunk_test),
	KUNIT_CASE(encode_error_test),
	KUNIT_CASE_PARAM(pull_up_test, xb_shape_gen_params),
	KUNIT_CASE_PARAM(pull_up_room_test, xb_shape_gen_params),
	KUNIT_CASE_PARAM(pull_up_skip_test, skip_gen_params),
	KUNIT_CASE_PARAM(walk_test, xb_shape_gen_params),
	KUNIT_CASE(walk_range_test),
	KUNIT_CASE_PARAM(walk_skip_test, skip_gen_params),
	KUNIT_CASE(walk_past_end_test),
	KUNIT_CASE(walk_error_test),
	{}
};

static struct kunit_suite svc_rdma_reply_suite = {
	.name		= "svcrdma-reply",
	.test_cases	= svc_rdma_reply_cases,
};

kunit_test_suite(svc_rdma_reply_suite);
