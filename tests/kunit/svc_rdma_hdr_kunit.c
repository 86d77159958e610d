// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for the transport header decoder: every valid form of a
 * Call's header, each malformed class refused with the right error and
 * fault, the parsed chunk list field by field, and the bounds of its
 * arrays (64 segments, 8 Read chunks, 8 Write chunks).
 */

#include <kunit/test.h>
#include <linux/module.h>

#include "svc_rdma_hdr.h"
#include "svc_rdma_kunit_wire.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static void fixed(struct svc_rdma_test_words *b, u32 vers, u32 credits,
		  u32 proc)
{
	b->n = 0;
	test_put(b, 0x12345678);
	test_put(b, vers);
	test_put(b, credits);
	test_put(b, proc);
}

static void read_seg(struct svc_rdma_test_words *b, u32 pos, u32 len)
{
	test_put(b, 1);
	test_put(b, pos);
	test_put(b, 0xaa00 + b->n);	/* handle */
	test_put(b, len);
	test_put(b, 0);
	test_put(b, 0x1000);		/* offset */
}

/* A Write or Reply chunk whose segments have the given lengths. */
static void chunk(struct svc_rdma_test_words *b, unsigned int nsegs,
		  const u32 *lens)
{
	unsigned int i;

	test_put(b, nsegs);
	for (i = 0; i < nsegs; i++) {
		test_put(b, 0xbb00 + i);
		test_put(b, lens[i]);
		test_put(b, 0);
		test_put(b, 0x2000);
	}
}

/* Some inline RPC message bytes after the header. */
static void call_body(struct svc_rdma_test_words *b, unsigned int words)
{
	while (words--)
		test_put(b, 0xc0ffee);
}

/* End the Read list; no Write list and no Reply chunk follow. */
static void close_lists(struct svc_rdma_test_words *b)
{
	test_put(b, 0);
	test_put(b, 0);
	test_put(b, 0);
}

/* An RDMA_MSG call with one chunk: a Write chunk, or the Reply chunk. */
static void one_chunk_call(struct svc_rdma_test_words *b, bool reply,
			   unsigned int nsegs, const u32 *lens)
{
	fixed(b, 1, 32, SVCRDMA_MSG);
	test_put(b, 0);			/* no Read list */
	if (reply)
		test_put(b, 0);		/* no Write list */
	test_put(b, 1);
	chunk(b, nsegs, lens);
	if (!reply) {
		test_put(b, 0);		/* end of the Write list */
		test_put(b, 0);		/* no Reply chunk */
	}
	call_body(b, 10);
}

static int decode_len(struct svc_rdma_test_words *b, struct svc_rdma_hdr *hdr,
		      unsigned int len)
{
	test_to_wire(b);
	return svc_rdma_hdr_decode(hdr, b->wire, len, &svc_rdma_test_limits);
}

static int decode(struct svc_rdma_test_words *b, struct svc_rdma_hdr *hdr)
{
	return decode_len(b, hdr, b->n * 4);
}

static struct svc_rdma_test_words *new_header(struct kunit *test)
{
	struct svc_rdma_test_words *b;

	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b);
	return b;
}

/* A decoded header is too large for the stack (about 1.4 KB). */
static struct svc_rdma_hdr *new_hdr(struct kunit *test)
{
	struct svc_rdma_hdr *hdr;

	hdr = kunit_kzalloc(test, sizeof(*hdr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, hdr);
	return hdr;
}

/* The decoder refused the header with @err, for the reason @fault. */
static void expect_fault(struct kunit *test, const struct svc_rdma_hdr *hdr,
			 int ret, int err, enum svc_rdma_hdr_fault fault)
{
	KUNIT_EXPECT_EQ_MSG(test, ret, err, "expected fault %s",
			    svc_rdma_hdr_fault_name(fault));
	KUNIT_EXPECT_STREQ(test, svc_rdma_hdr_fault_name(hdr->fault),
			   svc_rdma_hdr_fault_name(fault));
}

static void inline_call_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);

	fixed(b, 1, 32, SVCRDMA_MSG);
	close_lists(b);
	call_body(b, 10);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, be32_to_cpu(hdr->xid), 0x12345678u);
	KUNIT_EXPECT_EQ(test, hdr->credits, 32u);
	KUNIT_EXPECT_EQ(test, hdr->proc, (u32)SVCRDMA_MSG);
	KUNIT_EXPECT_EQ(test, hdr->hdr_len, 28u);
	KUNIT_EXPECT_EQ(test, hdr->msg_len, 40u);
	KUNIT_EXPECT_EQ(test, hdr->read_segs, 0u);
	KUNIT_EXPECT_EQ(test, hdr->write_chunks, 0u);
	KUNIT_EXPECT_FALSE(test, svc_rdma_hdr_has_reply(hdr));
	KUNIT_EXPECT_EQ(test, hdr->nsegs, 0u);
	KUNIT_EXPECT_EQ(test, hdr->fault, SVCRDMA_HDR_OK);
}

/* Credits are a request: any value decodes, the grant is policy. */
static void credits_test(struct kunit *test)
{
	static const u32 values[] = { 0, 1, 128, 0xffffffff };
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(values); i++) {
		fixed(b, 1, values[i], SVCRDMA_MSG);
		close_lists(b);
		call_body(b, 10);
		KUNIT_EXPECT_EQ(test, decode(b, hdr), 0);
		KUNIT_EXPECT_EQ(test, hdr->credits, values[i]);
	}
}

/* A large NFS WRITE: the payload is a data-item Read chunk. */
static void data_item_read_chunk_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);

	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 40, 65536);
	read_seg(b, 40, 4096);		/* same position: same chunk */
	close_lists(b);
	call_body(b, 12);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->read_segs, 2u);
	KUNIT_EXPECT_EQ(test, hdr->read_chunks, 1u);
	KUNIT_EXPECT_EQ(test, hdr->read_len, 65536u + 4096u);
	KUNIT_EXPECT_EQ(test, hdr->pz_len, 0u);
	KUNIT_EXPECT_EQ(test, hdr->read[0].position, 40u);
	KUNIT_EXPECT_EQ(test, hdr->read[0].first, 0u);
	KUNIT_EXPECT_EQ(test, hdr->read[0].nsegs, 2u);
	KUNIT_EXPECT_EQ(test, hdr->read[0].length, 65536u + 4096u);
	KUNIT_EXPECT_EQ(test, hdr->call_head, 40u);
	KUNIT_EXPECT_EQ(test, hdr->msg_len, 48u);
}

/* A long call: RDMA_NOMSG with the whole call in a position-zero chunk. */
static void position_zero_chunk_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);

	fixed(b, 1, 32, SVCRDMA_NOMSG);
	read_seg(b, 0, 8192);
	read_seg(b, 0, 100);
	close_lists(b);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->read_chunks, 1u);
	KUNIT_EXPECT_EQ(test, hdr->pz_len, 8292u);
	KUNIT_EXPECT_EQ(test, hdr->read_len, 8292u);
	KUNIT_EXPECT_EQ(test, hdr->call_head, 8292u);
	KUNIT_EXPECT_EQ(test, hdr->msg_len, 0u);
}

/* A COMPOUND with two READs: every Write chunk counts, not the first. */
static void write_list_test(struct kunit *test)
{
	static const u32 first[] = { 65536, 65536 }, second[] = { 4096 };
	static const u32 reply[] = { 8192 };
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);

	fixed(b, 1, 32, SVCRDMA_MSG);
	test_put(b, 0);
	test_put(b, 1);
	chunk(b, 2, first);
	test_put(b, 1);
	chunk(b, 1, second);
	test_put(b, 0);
	test_put(b, 1);
	chunk(b, 1, reply);
	call_body(b, 10);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->write_chunks, 2u);
	KUNIT_EXPECT_EQ(test, hdr->write_segs, 3u);
	KUNIT_EXPECT_EQ(test, hdr->write[0].nsegs, 2u);
	KUNIT_EXPECT_EQ(test, hdr->write[0].length, 2u * 65536);
	KUNIT_EXPECT_EQ(test, hdr->write[1].first, 2u);
	KUNIT_EXPECT_EQ(test, hdr->write[1].nsegs, 1u);
	KUNIT_EXPECT_EQ(test, hdr->write[1].length, 4096u);
	KUNIT_EXPECT_TRUE(test, svc_rdma_hdr_has_reply(hdr));
	KUNIT_EXPECT_EQ(test, hdr->reply.first, 3u);
	KUNIT_EXPECT_EQ(test, hdr->reply.nsegs, 1u);
	KUNIT_EXPECT_EQ(test, hdr->reply.length, 8192u);
	KUNIT_EXPECT_EQ(test, hdr->nsegs, 4u);
	KUNIT_EXPECT_EQ(test, hdr->msg_len, 40u);
}

static void version_test(struct kunit *test)
{
	static const u32 bad[] = { 0, 2, 0x01000000, 0xffffffff };
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		fixed(b, bad[i], 32, SVCRDMA_MSG);
		close_lists(b);
		call_body(b, 4);
		ret = decode(b, hdr);
		expect_fault(test, hdr, ret, -EPROTONOSUPPORT, SVCRDMA_HDR_VERS);
		KUNIT_EXPECT_EQ(test, be32_to_cpu(hdr->xid), 0x12345678u);
	}
}

static void proc_test(struct kunit *test)
{
	static const u32 bad[] = { SVCRDMA_MSGP, SVCRDMA_DONE, SVCRDMA_ERROR,
				   5, 0x80000000, 0xffffffff };
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		fixed(b, 1, 32, bad[i]);
		close_lists(b);
		call_body(b, 4);
		ret = decode(b, hdr);
		expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_PROC);
	}
}

/* Cut a header with all three lists after every byte: never accepted. */
static void truncation_test(struct kunit *test)
{
	static const u32 one[] = { 4096 };
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int len, full;
	int ret;

	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 40, 4096);
	test_put(b, 0);
	test_put(b, 1);
	chunk(b, 1, one);
	test_put(b, 0);
	test_put(b, 1);
	chunk(b, 1, one);
	full = b->n * 4;
	call_body(b, 10);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_ASSERT_EQ(test, hdr->hdr_len, full);

	for (len = 0; len <= full; len++) {
		ret = decode_len(b, hdr, len);
		if (len < SVCRDMA_HDR_FIXED) {
			expect_fault(test, hdr, ret, -EBADMSG, SVCRDMA_HDR_SHORT);
		} else if (len == full) {
			/* Every list is whole, but no call follows. */
			expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_NO_CALL);
		} else {
			/* A cut inside a chunk's segments leaves its count
			 * larger than what is left: that is refused as such.
			 */
			KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "length %u", len);
			KUNIT_EXPECT_TRUE_MSG(test,
					      hdr->fault == SVCRDMA_HDR_TRUNCATED ||
					      hdr->fault == SVCRDMA_HDR_SEG_COUNT,
					      "length %u: fault %s", len,
					      svc_rdma_hdr_fault_name(hdr->fault));
		}
	}
}

static void bool_test(struct kunit *test)
{
	static const u32 one[] = { 4096 };
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int list;
	int ret;

	for (list = 0; list < 3; list++) {
		fixed(b, 1, 32, SVCRDMA_MSG);
		test_put(b, list == 0 ? 2 : 0);
		if (list == 0)
			goto send;
		if (list == 1) {
			test_put(b, 0xffffffff);
			chunk(b, 1, one);
			goto send;
		}
		test_put(b, 0);
		test_put(b, 7);
send:
		call_body(b, 8);
		ret = decode(b, hdr);
		expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_BOOL);
	}
}

static void read_position_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	int ret;

	/* not XDR-aligned */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 6, 4096);
	close_lists(b);
	call_body(b, 8);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);

	/* decreasing */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 16, 4096);
	read_seg(b, 8, 4096);
	close_lists(b);
	call_body(b, 8);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);

	/* past the end of the inline call (40 bytes), and at its very end */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 44, 4096);
	close_lists(b);
	call_body(b, 10);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);
	b->w[5] = 40;
	KUNIT_EXPECT_EQ(test, decode(b, hdr), 0);

	/*
	 * A second chunk's position counts the first one's data, rounded
	 * up: with 10 bytes at 40, the next chunk starts at 52 at the
	 * soonest (RFC 8166, section 3.5.3).  Before that it would lie
	 * inside the first one's data.
	 */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 40, 10);
	read_seg(b, 48, 4);
	close_lists(b);
	call_body(b, 10);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);
	b->w[11] = 52;
	KUNIT_EXPECT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->read_chunks, 2u);
	/* 56: four inline bytes before it, which the Call does not have */
	b->w[11] = 56;
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);

	/* no chunk beside a position-zero chunk: it is the whole call */
	fixed(b, 1, 32, SVCRDMA_NOMSG);
	read_seg(b, 0, 100);
	read_seg(b, 104, 4096);
	close_lists(b);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);
}

static void position_zero_rules_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	int ret;

	fixed(b, 1, 32, SVCRDMA_NOMSG);
	close_lists(b);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_NO_PZRC);

	fixed(b, 1, 32, SVCRDMA_NOMSG);
	read_seg(b, 8, 4096);		/* a data item is not the call */
	close_lists(b);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_NO_PZRC);

	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 0, 4096);
	close_lists(b);
	call_body(b, 8);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_PZRC_MSG);
}

static void segment_count_test(struct kunit *test)
{
	static const u32 counts[] = { 0, 2, 0x10000000, 0x80000000,
				      0xffffffff };
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int i, reply;
	int ret;

	/* One segment's worth of room follows each count. */
	for (reply = 0; reply < 2; reply++) {
		for (i = 0; i < ARRAY_SIZE(counts); i++) {
			fixed(b, 1, 32, SVCRDMA_MSG);
			test_put(b, 0);
			if (reply)
				test_put(b, 0);
			test_put(b, 1);
			test_put(b, counts[i]);
			test_put(b, 0xbb00);
			test_put(b, 4096);
			test_put(b, 0);
			test_put(b, 0);
			ret = decode(b, hdr);
			expect_fault(test, hdr, ret, -EINVAL,
				     SVCRDMA_HDR_SEG_COUNT);
		}
	}
}

static void too_long_test(struct kunit *test)
{
	static const u32 wrap[] = { 0xffffffff, 2 };
	static const u32 over[] = { 1024 * 1024, 1 };
	static const u32 exact[] = { 1024 * 1024 - 4096, 4096 };
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int reply;
	int ret;

	for (reply = 0; reply < 2; reply++) {
		/* lengths whose u32 sum wraps to 1 */
		one_chunk_call(b, reply, 2, wrap);
		ret = decode(b, hdr);
		expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_LONG);

		/* one byte over the payload budget */
		one_chunk_call(b, reply, 2, over);
		ret = decode(b, hdr);
		expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_LONG);

		/* exactly the budget */
		one_chunk_call(b, reply, 2, exact);
		KUNIT_EXPECT_EQ(test, decode(b, hdr), 0);
	}

	/* Read chunks past the page budget, in segments that wrap u32 */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 8, 0xfffff000);
	read_seg(b, 8, 0x2000);
	close_lists(b);
	call_body(b, 4);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_LONG);

	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 40, svc_rdma_test_limits.max_read);
	read_seg(b, 40 + svc_rdma_test_limits.max_read, 4);
	close_lists(b);
	call_body(b, 4);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_LONG);
}

/* A length that is not whole words never lets the decoder read past it. */
static void ragged_length_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	int ret;

	fixed(b, 1, 32, SVCRDMA_MSG);
	close_lists(b);
	ret = decode_len(b, hdr, 27);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TRUNCATED);
	call_body(b, 11);
	KUNIT_EXPECT_EQ(test, decode_len(b, hdr, 28 + 41), 0);
	KUNIT_EXPECT_EQ(test, hdr->msg_len, 41u);
}

/*
 * sunrpc reads a Call's first words from rq_arg's head without checking
 * its length: every way a head is formed must hold an RPC call header.
 */
static void short_call_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int len;
	int ret;

	/* inline: 1 to 39 bytes are refused, 40 are a Call */
	fixed(b, 1, 32, SVCRDMA_MSG);
	close_lists(b);
	call_body(b, 10);
	for (len = 1; len < SVCRDMA_MIN_CALL; len++) {
		ret = decode_len(b, hdr, 28 + len);
		expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_SHORT_CALL);
	}
	KUNIT_EXPECT_EQ(test, decode_len(b, hdr, 28 + 40), 0);
	KUNIT_EXPECT_EQ(test, hdr->call_head, 40u);

	/* a data item at position 4: the head is one word */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 4, 4096);
	close_lists(b);
	call_body(b, 10);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_SHORT_CALL);

	/* position-zero chunks of 0 and 4 bytes, then 40 */
	fixed(b, 1, 32, SVCRDMA_NOMSG);
	read_seg(b, 0, 0);
	close_lists(b);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_SHORT_CALL);
	b->w[7] = 4;
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_SHORT_CALL);
	b->w[7] = 40;
	KUNIT_EXPECT_EQ(test, decode(b, hdr), 0);

	/* a reverse-direction Reply may be short; anything else may not */
	fixed(b, 1, 32, SVCRDMA_MSG);
	close_lists(b);
	test_put(b, 0x12345678);	/* the transport header's xid */
	test_put(b, 1);			/* REPLY */
	test_put(b, 0);
	KUNIT_EXPECT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_TRUE(test, hdr->rev_reply);
	b->w[7] = 0x87654321;
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_SHORT_CALL);
}

/* A Read segment of no bytes is valid: there is just nothing to read. */
static void zero_length_segment_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);

	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 40, 0);
	close_lists(b);
	call_body(b, 10);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->read_segs, 1u);
	KUNIT_EXPECT_EQ(test, hdr->read_len, 0u);
}

/* Send With Invalidate only of the one handle every segment names. */
static void inv_handle_test(struct kunit *test)
{
	static const u32 one[] = { 4096 }, two[] = { 4096, 4096 };
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);

	/* none */
	fixed(b, 1, 32, SVCRDMA_MSG);
	close_lists(b);
	call_body(b, 10);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->inv_handle, 0u);

	/* one Write chunk of one segment: its handle */
	one_chunk_call(b, false, 1, one);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->inv_handle, 0xbb00u);

	/* two segments of two handles: neither */
	one_chunk_call(b, false, 2, two);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->inv_handle, 0u);

	/* a Write chunk and a Reply chunk naming the same handle */
	fixed(b, 1, 32, SVCRDMA_MSG);
	test_put(b, 0);
	test_put(b, 1);
	chunk(b, 1, one);
	test_put(b, 0);
	test_put(b, 1);
	chunk(b, 1, one);
	call_body(b, 10);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->inv_handle, 0xbb00u);

	/* a Read segment's handle differs from the Write chunk's */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 40, 8);
	test_put(b, 0);
	test_put(b, 1);
	chunk(b, 1, one);
	test_put(b, 0);
	test_put(b, 0);
	call_body(b, 10);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->inv_handle, 0u);
}

/*
 * Segment @i of the Calls the bound tests build: a handle, a length and a
 * 64-bit offset of its own (the high word set), so that a segment taken
 * from the wrong place, or an offset cut to 32 bits, shows.
 */
static u32 nth_handle(unsigned int i)
{
	return 0xcc000000 | i;
}

static u32 nth_len(unsigned int i)
{
	return 512 + 8 * i;
}

static u64 nth_offset(unsigned int i)
{
	return 0x100000000ULL * (i + 1) + 0x40 * i;
}

static void nth_seg(struct svc_rdma_test_words *b, unsigned int i)
{
	test_put(b, nth_handle(i));
	test_put(b, nth_len(i));
	test_put(b, upper_32_bits(nth_offset(i)));
	test_put(b, lower_32_bits(nth_offset(i)));
}

/* Read entries @from to @to - 1, all at @pos: one Read chunk. */
static void nth_read_chunk(struct svc_rdma_test_words *b, u32 pos,
			   unsigned int from, unsigned int to)
{
	for (; from < to; from++) {
		test_put(b, 1);
		test_put(b, pos);
		nth_seg(b, from);
	}
}

/* Segments @from to @to - 1 as a Write or Reply chunk. */
static void nth_chunk(struct svc_rdma_test_words *b, unsigned int from,
		      unsigned int to)
{
	test_put(b, to - from);
	for (; from < to; from++)
		nth_seg(b, from);
}

static u32 nth_sum(unsigned int from, unsigned int to)
{
	u32 sum = 0;

	for (; from < to; from++)
		sum += nth_len(from);
	return sum;
}

/* The header was built whole: no word fell past the builder's end. */
static void expect_built(struct kunit *test, struct svc_rdma_test_words *b)
{
	KUNIT_ASSERT_LT(test, b->n, (unsigned int)SVCRDMA_TEST_MAX_WORDS);
}

/* Segments @from to @to - 1 of @hdr are the Call's, as nth_seg() put them. */
static void expect_nth_segs(struct kunit *test, const struct svc_rdma_hdr *hdr,
			    unsigned int from, unsigned int to)
{
	const struct svc_rdma_seg *seg;

	for (; from < to; from++) {
		seg = &hdr->segs[from];
		KUNIT_EXPECT_EQ_MSG(test, seg->handle, nth_handle(from),
				    "segment %u", from);
		KUNIT_EXPECT_EQ_MSG(test, seg->length, nth_len(from),
				    "segment %u", from);
		KUNIT_EXPECT_EQ_MSG(test, seg->offset, nth_offset(from),
				    "segment %u", from);
	}
}

static void expect_chunk(struct kunit *test, const struct svc_rdma_chunk *ch,
			 u32 position, unsigned int first, unsigned int nsegs,
			 u32 length)
{
	KUNIT_EXPECT_EQ(test, ch->position, position);
	KUNIT_EXPECT_EQ(test, ch->first, first);
	KUNIT_EXPECT_EQ(test, ch->nsegs, nsegs);
	KUNIT_EXPECT_EQ(test, ch->length, length);
}

/*
 * A Call of @nsegs segments in all three lists: two Read chunks of 8
 * (the second 4 inline bytes after the first's data), four Write chunks
 * of 8, and a Reply chunk of the rest.
 */
#define SEG_BOUND_READ2	(40 + 4320 + 4)	/* 4320: nth_sum(0, 8) */

static void seg_bound_call(struct svc_rdma_test_words *b, unsigned int nsegs)
{
	unsigned int k;

	fixed(b, 1, 32, SVCRDMA_MSG);
	nth_read_chunk(b, 40, 0, 8);
	nth_read_chunk(b, SEG_BOUND_READ2, 8, 16);
	test_put(b, 0);
	for (k = 0; k < 4; k++) {
		test_put(b, 1);
		nth_chunk(b, 16 + 8 * k, 24 + 8 * k);
	}
	test_put(b, 0);
	test_put(b, 1);
	nth_chunk(b, 48, nsegs);
	call_body(b, 12);
}

/* A Call with no Read list, one Write chunk of @nsegs and no Reply chunk. */
static void one_write_chunk(struct kunit *test, struct svc_rdma_test_words *b,
			    unsigned int nsegs)
{
	fixed(b, 1, 32, SVCRDMA_MSG);
	test_put(b, 0);
	test_put(b, 1);
	nth_chunk(b, 0, nsegs);
	test_put(b, 0);
	test_put(b, 0);
	call_body(b, 10);
	expect_built(test, b);
}

/*
 * The decoder keeps every segment of a Call in one array of 64: a Call of
 * 64 is taken whole, segment by segment; one more is ERR_CHUNK, whichever
 * list it is in.
 */
static void segment_bound_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int k;
	int ret;

	KUNIT_ASSERT_EQ(test, nth_sum(0, 8), 4320u);
	seg_bound_call(b, SVCRDMA_MAX_SEGS);
	expect_built(test, b);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->nsegs, 64u);
	KUNIT_EXPECT_EQ(test, hdr->read_segs, 16u);
	KUNIT_EXPECT_EQ(test, hdr->read_chunks, 2u);
	KUNIT_EXPECT_EQ(test, hdr->read_len, nth_sum(0, 16));
	KUNIT_EXPECT_EQ(test, hdr->call_head, 40u);
	expect_chunk(test, &hdr->read[0], 40, 0, 8, nth_sum(0, 8));
	expect_chunk(test, &hdr->read[1], SEG_BOUND_READ2, 8, 8,
		     nth_sum(8, 16));
	KUNIT_EXPECT_EQ(test, hdr->write_chunks, 4u);
	KUNIT_EXPECT_EQ(test, hdr->write_segs, 32u);
	for (k = 0; k < 4; k++)
		expect_chunk(test, &hdr->write[k], 0, 16 + 8 * k, 8,
			     nth_sum(16 + 8 * k, 24 + 8 * k));
	KUNIT_EXPECT_TRUE(test, svc_rdma_hdr_has_reply(hdr));
	expect_chunk(test, &hdr->reply, 0, 48, 16, nth_sum(48, 64));
	expect_nth_segs(test, hdr, 0, 64);
	KUNIT_EXPECT_EQ(test, hdr->inv_handle, 0u);

	/* the 65th segment, in the Reply chunk */
	seg_bound_call(b, SVCRDMA_MAX_SEGS + 1);
	expect_built(test, b);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_MANY_SEGS);

	/* one Write chunk of 64, then 65 */
	one_write_chunk(test, b, 64);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->nsegs, 64u);
	KUNIT_EXPECT_EQ(test, hdr->write_segs, 64u);
	expect_chunk(test, &hdr->write[0], 0, 0, 64, nth_sum(0, 64));
	expect_nth_segs(test, hdr, 0, 64);

	one_write_chunk(test, b, 65);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_MANY_SEGS);

	/* one Read chunk of 64, then 65 */
	fixed(b, 1, 32, SVCRDMA_MSG);
	nth_read_chunk(b, 40, 0, 64);
	close_lists(b);
	call_body(b, 10);
	expect_built(test, b);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr->nsegs, 64u);
	KUNIT_EXPECT_EQ(test, hdr->read_chunks, 1u);
	expect_chunk(test, &hdr->read[0], 40, 0, 64, nth_sum(0, 64));
	expect_nth_segs(test, hdr, 0, 64);

	fixed(b, 1, 32, SVCRDMA_MSG);
	nth_read_chunk(b, 40, 0, 65);
	close_lists(b);
	call_body(b, 10);
	expect_built(test, b);
	ret = decode(b, hdr);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_MANY_SEGS);
}

/*
 * @n data items of @per segments of 4 bytes each (so of 4 * @per bytes),
 * each a Read chunk, with one word of inline bytes after each: chunk k
 * is at 40 + (4 * @per + 4) * k.
 */
static void read_chunks_call(struct svc_rdma_test_words *b, unsigned int n,
			     unsigned int per)
{
	unsigned int k, i;

	fixed(b, 1, 32, SVCRDMA_MSG);
	for (k = 0; k < n; k++) {
		for (i = 0; i < per; i++) {
			test_put(b, 1);
			test_put(b, 40 + (4 * per + 4) * k);
			test_put(b, nth_handle(per * k + i));
			test_put(b, 4);
			test_put(b, upper_32_bits(nth_offset(per * k + i)));
			test_put(b, lower_32_bits(nth_offset(per * k + i)));
		}
	}
	close_lists(b);
	call_body(b, 10 + n);
}

/* Eight Read chunks are the most a Call may carry. */
static void read_chunk_bound_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int per, k;
	int ret;

	for (per = 1; per <= 2; per++) {
		read_chunks_call(b, SVCRDMA_MAX_READ_CHUNKS, per);
		expect_built(test, b);
		KUNIT_ASSERT_EQ_MSG(test, decode(b, hdr), 0, "%u per chunk",
				    per);
		KUNIT_EXPECT_EQ(test, hdr->read_chunks, 8u);
		KUNIT_EXPECT_EQ(test, hdr->read_segs, 8 * per);
		KUNIT_EXPECT_EQ(test, hdr->nsegs, 8 * per);
		KUNIT_EXPECT_EQ(test, hdr->read_len, 8 * 4 * per);
		KUNIT_EXPECT_EQ(test, hdr->call_head, 40u);
		for (k = 0; k < 8; k++) {
			expect_chunk(test, &hdr->read[k],
				     40 + (4 * per + 4) * k, per * k, per,
				     4 * per);
			KUNIT_EXPECT_EQ(test, hdr->segs[per * k].handle,
					nth_handle(per * k));
			KUNIT_EXPECT_EQ(test, hdr->segs[per * k].offset,
					nth_offset(per * k));
		}

		read_chunks_call(b, SVCRDMA_MAX_READ_CHUNKS + 1, per);
		expect_built(test, b);
		ret = decode(b, hdr);
		expect_fault(test, hdr, ret, -EINVAL,
			     SVCRDMA_HDR_TOO_MANY_READS);
	}
}

/* @n Write chunks of one segment each, decoded against @lim. */
static int write_chunks_call(struct svc_rdma_test_words *b,
			     struct svc_rdma_hdr *hdr, unsigned int n,
			     const struct svc_rdma_hdr_limits *lim)
{
	unsigned int k;

	fixed(b, 1, 32, SVCRDMA_MSG);
	test_put(b, 0);
	for (k = 0; k < n; k++) {
		test_put(b, 1);
		nth_chunk(b, k, k + 1);
	}
	test_put(b, 0);
	test_put(b, 0);
	call_body(b, 10);
	test_to_wire(b);
	return svc_rdma_hdr_decode(hdr, b->wire, b->n * 4, lim);
}

/* Write chunks: the transport's limit, and never more than 8. */
static void write_chunk_bound_test(struct kunit *test)
{
	struct svc_rdma_hdr_limits lim = svc_rdma_test_limits;
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	int ret;

	lim.max_write_chunks = 2;
	KUNIT_EXPECT_EQ(test, write_chunks_call(b, hdr, 2, &lim), 0);
	ret = write_chunks_call(b, hdr, 3, &lim);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_MANY);

	/* a transport that would take more still gets at most 8 */
	lim.max_write_chunks = 0xffffffff;
	KUNIT_ASSERT_EQ(test, write_chunks_call(b, hdr, 8, &lim), 0);
	KUNIT_EXPECT_EQ(test, hdr->write_chunks, 8u);
	expect_chunk(test, &hdr->write[7], 0, 7, 1, nth_len(7));
	ret = write_chunks_call(b, hdr, 9, &lim);
	expect_fault(test, hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_MANY);
}

/*
 * The parsed chunk list of a Call with all three lists, every field
 * checked: Read segments first, then each Write chunk's, then the Reply
 * chunk's, each chunk a run of them; offsets of 64 bits.
 */
static const struct svc_rdma_seg list_segs[] = {
	/* Read chunk at 40: 100 + 28 bytes */
	{ 0xa1, 100, 0x0000000100000000ULL },
	{ 0xa2, 28, 0x00000000fffffffcULL },
	/* Read chunk at 172 (4 inline bytes after 128 of data): 5 bytes */
	{ 0xa3, 5, 0x123456789abcdef0ULL },
	/* Write chunk 0 */
	{ 0xb1, 8192, 0xfffffffffffff000ULL },
	/* Write chunk 1 */
	{ 0xb2, 4096, 0x0000000200000004ULL },
	{ 0xb3, 4096, 0x8000000000000000ULL },
	/* Reply chunk */
	{ 0xc1, 1024, 0xdeadbeef00000010ULL },
	{ 0xc2, 2048, 0x0000000000000007ULL },
};

static void list_seg(struct svc_rdma_test_words *b, unsigned int i)
{
	test_put(b, list_segs[i].handle);
	test_put(b, list_segs[i].length);
	test_put(b, upper_32_bits(list_segs[i].offset));
	test_put(b, lower_32_bits(list_segs[i].offset));
}

static void list_read(struct svc_rdma_test_words *b, u32 pos,
		      unsigned int i)
{
	test_put(b, 1);
	test_put(b, pos);
	list_seg(b, i);
}

static void chunk_list_test(struct kunit *test)
{
	struct svc_rdma_hdr *hdr = new_hdr(test);
	struct svc_rdma_test_words *b = new_header(test);
	const struct svc_rdma_seg *seg;
	unsigned int i, hdr_words;

	fixed(b, 1, 32, SVCRDMA_MSG);
	list_read(b, 40, 0);
	list_read(b, 40, 1);
	list_read(b, 172, 2);
	test_put(b, 0);
	test_put(b, 1);
	test_put(b, 1);
	list_seg(b, 3);
	test_put(b, 1);
	test_put(b, 2);
	list_seg(b, 4);
	list_seg(b, 5);
	test_put(b, 0);
	test_put(b, 1);
	test_put(b, 2);
	list_seg(b, 6);
	list_seg(b, 7);
	hdr_words = b->n;
	call_body(b, 12);
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);

	KUNIT_EXPECT_EQ(test, hdr->hdr_len, hdr_words * 4);
	KUNIT_EXPECT_EQ(test, hdr->msg_len, 48u);
	KUNIT_EXPECT_EQ(test, hdr->nsegs, (unsigned int)ARRAY_SIZE(list_segs));
	KUNIT_EXPECT_EQ(test, hdr->read_chunks, 2u);
	KUNIT_EXPECT_EQ(test, hdr->read_segs, 3u);
	KUNIT_EXPECT_EQ(test, hdr->read_len, 133u);
	KUNIT_EXPECT_EQ(test, hdr->pz_len, 0u);
	KUNIT_EXPECT_EQ(test, hdr->call_head, 40u);
	expect_chunk(test, &hdr->read[0], 40, 0, 2, 128);
	expect_chunk(test, &hdr->read[1], 172, 2, 1, 5);
	KUNIT_EXPECT_EQ(test, hdr->write_chunks, 2u);
	KUNIT_EXPECT_EQ(test, hdr->write_segs, 3u);
	expect_chunk(test, &hdr->write[0], 0, 3, 1, 8192);
	expect_chunk(test, &hdr->write[1], 0, 4, 2, 8192);
	KUNIT_EXPECT_TRUE(test, svc_rdma_hdr_has_reply(hdr));
	expect_chunk(test, &hdr->reply, 0, 6, 2, 3072);
	KUNIT_EXPECT_EQ(test, hdr->inv_handle, 0u);
	for (i = 0; i < ARRAY_SIZE(list_segs); i++) {
		seg = &hdr->segs[i];
		KUNIT_EXPECT_EQ_MSG(test, seg->handle, list_segs[i].handle,
				    "segment %u", i);
		KUNIT_EXPECT_EQ_MSG(test, seg->length, list_segs[i].length,
				    "segment %u", i);
		KUNIT_EXPECT_EQ_MSG(test, seg->offset, list_segs[i].offset,
				    "segment %u", i);
	}
	/* svc_rdma_chunk_seg() indexes a chunk's own run */
	KUNIT_EXPECT_PTR_EQ(test, svc_rdma_chunk_seg(hdr, &hdr->write[1], 1),
			    &hdr->segs[5]);
	KUNIT_EXPECT_PTR_EQ(test, svc_rdma_chunk_seg(hdr, &hdr->reply, 0),
			    &hdr->segs[6]);
}

/*
 * Layouts of Calls with several data items, worked out by hand from RFC
 * 8166 (sections 3.4.5.2 and 3.5.3) and compared byte for byte with what
 * svc_rdma_hdr_walk_call() lays out.  Inline words are 0x11111111 times
 * their index + 1; a segment's data is its handle's low byte, repeated;
 * padding is zero.
 */
#define LAYOUT_MAX	256

struct layout {
	struct kunit	*test;
	const u8	*msg;		/* the inline message */
	u8		out[LAYOUT_MAX];
	unsigned int	len;
	unsigned int	parts;
	bool		head_first;
};

static int layout_part(void *arg, enum svc_rdma_call_part part, u32 off,
		       const struct svc_rdma_seg *seg, u32 len)
{
	struct layout *l = arg;

	KUNIT_ASSERT_LE(l->test, l->len + len, (unsigned int)LAYOUT_MAX);
	KUNIT_EXPECT_NE(l->test, len, 0u);
	if (part == SVCRDMA_PART_HEAD)
		l->head_first = !l->parts;
	switch (part) {
	case SVCRDMA_PART_HEAD:
	case SVCRDMA_PART_INLINE:
		memcpy(l->out + l->len, l->msg + off, len);
		break;
	case SVCRDMA_PART_READ:
		memset(l->out + l->len, seg->handle & 0xff, len);
		break;
	case SVCRDMA_PART_PAD:
		memset(l->out + l->len, 0, len);
		break;
	}
	l->len += len;
	l->parts++;
	return 0;
}

/* Pieces of an expected layout, appended in order. */
static void want_inline(u8 *w, unsigned int *n, unsigned int word)
{
	__be32 v = cpu_to_be32(0x11111111u * (word + 1));

	memcpy(w + *n, &v, 4);
	*n += 4;
}

static void want_fill(u8 *w, unsigned int *n, u8 byte, unsigned int len)
{
	memset(w + *n, byte, len);
	*n += len;
}

static void rseg_h(struct svc_rdma_test_words *b, u32 pos, u32 handle,
		   u32 len)
{
	test_put(b, 1);
	test_put(b, pos);
	test_put(b, handle);
	test_put(b, len);
	test_put(b, 0);
	test_put(b, 0x1000);
}

static void inline_words(struct svc_rdma_test_words *b, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		test_put(b, 0x11111111u * (i + 1));
}

/* @b, decoded and walked, lays out exactly the @n bytes of @want. */
static void expect_layout(struct kunit *test, struct svc_rdma_test_words *b,
			  const u8 *want, unsigned int n, bool head_first)
{
	struct layout *l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);
	struct svc_rdma_hdr *hdr = new_hdr(test);

	KUNIT_ASSERT_NOT_NULL(test, l);
	l->test = test;
	KUNIT_ASSERT_EQ(test, decode(b, hdr), 0);
	l->msg = (const u8 *)b->wire + hdr->hdr_len;
	KUNIT_ASSERT_EQ(test, svc_rdma_hdr_walk_call(hdr, layout_part, l), 0);
	KUNIT_EXPECT_EQ(test, l->head_first, head_first);
	KUNIT_ASSERT_EQ(test, l->len, n);
	KUNIT_EXPECT_EQ(test, memcmp(l->out, want, n), 0);
}

static void two_data_items_layout_test(struct kunit *test)
{
	struct svc_rdma_test_words *b = new_header(test);
	u8 want[LAYOUT_MAX];
	unsigned int n = 0, i;

	/*
	 * Inline: a 40-byte Call header (words 0-9), then words 10 and
	 * 11.  Item A, 5 bytes, at 40: it fills 40-47 with its padding.
	 * Word 10 follows at 48.  Item B, 6 bytes, at 52: 52-59.  Word
	 * 11 follows at 60; 64 bytes in all.
	 */
	fixed(b, 1, 32, SVCRDMA_MSG);
	rseg_h(b, 40, 0xa1, 5);
	rseg_h(b, 52, 0xb2, 6);
	close_lists(b);
	inline_words(b, 12);

	for (i = 0; i < 10; i++)
		want_inline(want, &n, i);
	want_fill(want, &n, 0xa1, 5);
	want_fill(want, &n, 0, 3);
	want_inline(want, &n, 10);
	want_fill(want, &n, 0xb2, 6);
	want_fill(want, &n, 0, 2);
	want_inline(want, &n, 11);
	KUNIT_ASSERT_EQ(test, n, 64u);
	expect_layout(test, b, want, n, true);
}

static void three_data_items_layout_test(struct kunit *test)
{
	struct svc_rdma_test_words *b = new_header(test);
	u8 want[LAYOUT_MAX];
	unsigned int n = 0, i;

	/*
	 * Inline: a 44-byte Call header (words 0-10), then words 11 and
	 * 12.  Item A in two segments of 3 and 4 bytes, at 44: 44-51 with
	 * one byte of padding.  Item B, 8 bytes, right after it at 52:
	 * 52-59, no padding.  Word 11 at 60.  Item C, one byte, at 64:
	 * 64-67 with its padding.  Word 12 at 68, an empty segment at 72
	 * (a chunk of no data), and nothing after: 72 bytes in all.
	 */
	fixed(b, 1, 32, SVCRDMA_MSG);
	rseg_h(b, 44, 0xa1, 3);
	rseg_h(b, 44, 0xa2, 4);
	rseg_h(b, 52, 0xb3, 8);
	rseg_h(b, 64, 0xc4, 1);
	rseg_h(b, 72, 0xd5, 0);
	close_lists(b);
	inline_words(b, 13);

	for (i = 0; i < 11; i++)
		want_inline(want, &n, i);
	want_fill(want, &n, 0xa1, 3);
	want_fill(want, &n, 0xa2, 4);
	want_fill(want, &n, 0, 1);
	want_fill(want, &n, 0xb3, 8);
	want_inline(want, &n, 11);
	want_fill(want, &n, 0xc4, 1);
	want_fill(want, &n, 0, 3);
	want_inline(want, &n, 12);
	KUNIT_ASSERT_EQ(test, n, 72u);
	expect_layout(test, b, want, n, true);
}

/* RDMA_NOMSG: the position-zero chunk alone, its segments in order. */
static void position_zero_layout_test(struct kunit *test)
{
	struct svc_rdma_test_words *b = new_header(test);
	u8 want[LAYOUT_MAX];
	unsigned int n = 0;

	fixed(b, 1, 32, SVCRDMA_NOMSG);
	rseg_h(b, 0, 0xa1, 41);
	rseg_h(b, 0, 0xb2, 0);
	rseg_h(b, 0, 0xc3, 3);
	close_lists(b);

	want_fill(want, &n, 0xa1, 41);
	want_fill(want, &n, 0xc3, 3);
	KUNIT_ASSERT_EQ(test, n, 44u);
	expect_layout(test, b, want, n, false);
}

static void fault_name_test(struct kunit *test)
{
	unsigned int f;

	for (f = 0; f < SVCRDMA_HDR_NR_FAULTS; f++) {
		KUNIT_EXPECT_NOT_NULL(test, svc_rdma_hdr_fault_name(f));
		KUNIT_EXPECT_STRNEQ(test, svc_rdma_hdr_fault_name(f), "unknown");
	}
	KUNIT_EXPECT_STREQ(test, svc_rdma_hdr_fault_name(SVCRDMA_HDR_NR_FAULTS),
			   "unknown");
}

static struct kunit_case svc_rdma_hdr_cases[] = {
	KUNIT_CASE(inline_call_test),
	KUNIT_CASE(credits_test),
	KUNIT_CASE(data_item_read_chunk_test),
	KUNIT_CASE(position_zero_chunk_test),
	KUNIT_CASE(write_list_test),
	KUNIT_CASE(version_test),
	KUNIT_CASE(proc_test),
	KUNIT_CASE(truncation_test),
	KUNIT_CASE(bool_test),
	KUNIT_CASE(read_position_test),
	KUNIT_CASE(position_zero_rules_test),
	KUNIT_CASE(segment_count_test),
	KUNIT_CASE(too_long_test),
	KUNIT_CASE(ragged_length_test),
	KUNIT_CASE(short_call_test),
	KUNIT_CASE(zero_length_segment_test),
	KUNIT_CASE(inv_handle_test),
	KUNIT_CASE(segment_bound_test),
	KUNIT_CASE(read_chunk_bound_test),
	KUNIT_CASE(write_chunk_bound_test),
	KUNIT_CASE(chunk_list_test),
	KUNIT_CASE(two_data_items_layout_test),
	KUNIT_CASE(three_data_items_layout_test),
	KUNIT_CASE(position_zero_layout_test),
	KUNIT_CASE(fault_name_test),
	{}
};

static struct kunit_suite svc_rdma_hdr_suite = {
	.name		= "svcrdma-hdr",
	.test_cases	= svc_rdma_hdr_cases,
};

kunit_test_suite(svc_rdma_hdr_suite);
