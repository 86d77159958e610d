// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for the transport header decoder: every valid form of a
 * Call's header, and each malformed class refused with the right error
 * and fault.
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
	call_body(b, 4);
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
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);

	fixed(b, 1, 32, SVCRDMA_MSG);
	close_lists(b);
	call_body(b, 10);
	KUNIT_ASSERT_EQ(test, decode(b, &hdr), 0);
	KUNIT_EXPECT_EQ(test, be32_to_cpu(hdr.xid), 0x12345678u);
	KUNIT_EXPECT_EQ(test, hdr.credits, 32u);
	KUNIT_EXPECT_EQ(test, hdr.proc, (u32)SVCRDMA_MSG);
	KUNIT_EXPECT_EQ(test, hdr.hdr_len, 28u);
	KUNIT_EXPECT_EQ(test, hdr.msg_len, 40u);
	KUNIT_EXPECT_EQ(test, hdr.read_segs, 0u);
	KUNIT_EXPECT_EQ(test, hdr.write_chunks, 0u);
	KUNIT_EXPECT_PTR_EQ(test, hdr.reply_chunk, NULL);
	KUNIT_EXPECT_EQ(test, hdr.fault, SVCRDMA_HDR_OK);
}

/* Credits are a request: any value decodes, the grant is policy. */
static void credits_test(struct kunit *test)
{
	static const u32 values[] = { 0, 1, 128, 0xffffffff };
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(values); i++) {
		fixed(b, 1, values[i], SVCRDMA_MSG);
		close_lists(b);
		call_body(b, 4);
		KUNIT_EXPECT_EQ(test, decode(b, &hdr), 0);
		KUNIT_EXPECT_EQ(test, hdr.credits, values[i]);
	}
}

/* A large NFS WRITE: the payload is a data-item Read chunk. */
static void data_item_read_chunk_test(struct kunit *test)
{
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);

	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 40, 65536);
	read_seg(b, 40, 4096);		/* same position: same chunk */
	close_lists(b);
	call_body(b, 12);
	KUNIT_ASSERT_EQ(test, decode(b, &hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr.read_segs, 2u);
	KUNIT_EXPECT_EQ(test, hdr.read_chunks, 1u);
	KUNIT_EXPECT_EQ(test, hdr.read_len, 65536u + 4096u);
	KUNIT_EXPECT_EQ(test, hdr.pz_len, 0u);
	KUNIT_EXPECT_EQ(test, be32_to_cpup(hdr.read_list), 40u);
	KUNIT_EXPECT_EQ(test, hdr.msg_len, 48u);
}

/* A long call: RDMA_NOMSG with the whole call in a position-zero chunk. */
static void position_zero_chunk_test(struct kunit *test)
{
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);

	fixed(b, 1, 32, SVCRDMA_NOMSG);
	read_seg(b, 0, 8192);
	read_seg(b, 0, 100);
	read_seg(b, 8292, 4096);	/* a data item inside that call */
	close_lists(b);
	KUNIT_ASSERT_EQ(test, decode(b, &hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr.read_chunks, 2u);
	KUNIT_EXPECT_EQ(test, hdr.pz_len, 8292u);
	KUNIT_EXPECT_EQ(test, hdr.read_len, 8292u + 4096u);
	KUNIT_EXPECT_EQ(test, hdr.msg_len, 0u);
}

/* A COMPOUND with two READs: every Write chunk counts, not the first. */
static void write_list_test(struct kunit *test)
{
	static const u32 first[] = { 65536, 65536 }, second[] = { 4096 };
	static const u32 reply[] = { 8192 };
	struct svc_rdma_hdr hdr;
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
	call_body(b, 8);
	KUNIT_ASSERT_EQ(test, decode(b, &hdr), 0);
	KUNIT_EXPECT_EQ(test, hdr.write_chunks, 2u);
	KUNIT_EXPECT_EQ(test, hdr.write_segs, 3u);
	KUNIT_EXPECT_EQ(test, be32_to_cpup(hdr.write_list), 2u);
	KUNIT_EXPECT_EQ(test, hdr.reply_segs, 1u);
	KUNIT_EXPECT_EQ(test, hdr.reply_len, 8192u);
	KUNIT_EXPECT_EQ(test, be32_to_cpup(hdr.reply_chunk), 1u);
	KUNIT_EXPECT_EQ(test, hdr.msg_len, 32u);
}

static void version_test(struct kunit *test)
{
	static const u32 bad[] = { 0, 2, 0x01000000, 0xffffffff };
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		fixed(b, bad[i], 32, SVCRDMA_MSG);
		close_lists(b);
		call_body(b, 4);
		ret = decode(b, &hdr);
		expect_fault(test, &hdr, ret, -EPROTONOSUPPORT, SVCRDMA_HDR_VERS);
		KUNIT_EXPECT_EQ(test, be32_to_cpu(hdr.xid), 0x12345678u);
	}
}

static void proc_test(struct kunit *test)
{
	static const u32 bad[] = { SVCRDMA_MSGP, SVCRDMA_DONE, SVCRDMA_ERROR,
				   5, 0x80000000, 0xffffffff };
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		fixed(b, 1, 32, bad[i]);
		close_lists(b);
		call_body(b, 4);
		ret = decode(b, &hdr);
		expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_PROC);
	}
}

/* Cut a header with all three lists after every byte: never accepted. */
static void truncation_test(struct kunit *test)
{
	static const u32 one[] = { 4096 };
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int len, full;
	int ret;

	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 8, 4096);
	test_put(b, 0);
	test_put(b, 1);
	chunk(b, 1, one);
	test_put(b, 0);
	test_put(b, 1);
	chunk(b, 1, one);
	full = b->n * 4;
	call_body(b, 2);
	KUNIT_ASSERT_EQ(test, decode(b, &hdr), 0);
	KUNIT_ASSERT_EQ(test, hdr.hdr_len, full);

	for (len = 0; len <= full; len++) {
		ret = decode_len(b, &hdr, len);
		if (len < SVCRDMA_HDR_FIXED) {
			expect_fault(test, &hdr, ret, -EBADMSG, SVCRDMA_HDR_SHORT);
		} else if (len == full) {
			/* Every list is whole, but no call follows. */
			expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_NO_CALL);
		} else {
			/* A cut inside a chunk's segments leaves its count
			 * larger than what is left: that is refused as such.
			 */
			KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "length %u", len);
			KUNIT_EXPECT_TRUE_MSG(test,
					      hdr.fault == SVCRDMA_HDR_TRUNCATED ||
					      hdr.fault == SVCRDMA_HDR_SEG_COUNT,
					      "length %u: fault %s", len,
					      svc_rdma_hdr_fault_name(hdr.fault));
		}
	}
}

static void bool_test(struct kunit *test)
{
	static const u32 one[] = { 4096 };
	struct svc_rdma_hdr hdr;
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
		ret = decode(b, &hdr);
		expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_BOOL);
	}
}

static void read_position_test(struct kunit *test)
{
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);
	int ret;

	/* not XDR-aligned */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 6, 4096);
	close_lists(b);
	call_body(b, 8);
	ret = decode(b, &hdr);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);

	/* decreasing */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 16, 4096);
	read_seg(b, 8, 4096);
	close_lists(b);
	call_body(b, 8);
	ret = decode(b, &hdr);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);

	/* past the end of the inline call (32 bytes), and at its very end */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 36, 4096);
	close_lists(b);
	call_body(b, 8);
	ret = decode(b, &hdr);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);
	b->w[5] = 32;
	KUNIT_EXPECT_EQ(test, decode(b, &hdr), 0);

	/* past the end of the call a position-zero chunk carries */
	fixed(b, 1, 32, SVCRDMA_NOMSG);
	read_seg(b, 0, 100);
	read_seg(b, 104, 4096);
	close_lists(b);
	ret = decode(b, &hdr);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_READ_POS);
}

static void position_zero_rules_test(struct kunit *test)
{
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);
	int ret;

	fixed(b, 1, 32, SVCRDMA_NOMSG);
	close_lists(b);
	ret = decode(b, &hdr);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_NO_PZRC);

	fixed(b, 1, 32, SVCRDMA_NOMSG);
	read_seg(b, 8, 4096);		/* a data item is not the call */
	close_lists(b);
	ret = decode(b, &hdr);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_NO_PZRC);

	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 0, 4096);
	close_lists(b);
	call_body(b, 8);
	ret = decode(b, &hdr);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_PZRC_MSG);
}

static void segment_count_test(struct kunit *test)
{
	static const u32 counts[] = { 0, 2, 0x10000000, 0x80000000,
				      0xffffffff };
	struct svc_rdma_hdr hdr;
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
			ret = decode(b, &hdr);
			expect_fault(test, &hdr, ret, -EINVAL,
				     SVCRDMA_HDR_SEG_COUNT);
		}
	}
}

static void too_long_test(struct kunit *test)
{
	static const u32 wrap[] = { 0xffffffff, 2 };
	static const u32 over[] = { 1024 * 1024, 1 };
	static const u32 exact[] = { 1024 * 1024 - 4096, 4096 };
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);
	unsigned int reply;
	int ret;

	for (reply = 0; reply < 2; reply++) {
		/* lengths whose u32 sum wraps to 1 */
		one_chunk_call(b, reply, 2, wrap);
		ret = decode(b, &hdr);
		expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_LONG);

		/* one byte over the payload budget */
		one_chunk_call(b, reply, 2, over);
		ret = decode(b, &hdr);
		expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_LONG);

		/* exactly the budget */
		one_chunk_call(b, reply, 2, exact);
		KUNIT_EXPECT_EQ(test, decode(b, &hdr), 0);
	}

	/* Read chunks past the page budget, in segments that wrap u32 */
	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 8, 0xfffff000);
	read_seg(b, 8, 0x2000);
	close_lists(b);
	call_body(b, 4);
	ret = decode(b, &hdr);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_LONG);

	fixed(b, 1, 32, SVCRDMA_MSG);
	read_seg(b, 8, svc_rdma_test_limits.max_read);
	read_seg(b, 12, 4);
	close_lists(b);
	call_body(b, 4);
	ret = decode(b, &hdr);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_TOO_LONG);
}

/* A length that is not whole words never lets the decoder read past it. */
static void ragged_length_test(struct kunit *test)
{
	struct svc_rdma_hdr hdr;
	struct svc_rdma_test_words *b = new_header(test);
	int ret;

	fixed(b, 1, 32, SVCRDMA_MSG);
	close_lists(b);
	ret = decode_len(b, &hdr, 27);
	expect_fault(test, &hdr, ret, -EINVAL, SVCRDMA_HDR_TRUNCATED);
	call_body(b, 1);
	KUNIT_EXPECT_EQ(test, decode_len(b, &hdr, 29), 0);
	KUNIT_EXPECT_EQ(test, hdr.msg_len, 1u);
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
	KUNIT_CASE(fault_name_test),
	{}
};

static struct kunit_suite svc_rdma_hdr_suite = {
	.name		= "svcrdma-hdr",
	.test_cases	= svc_rdma_hdr_cases,
};

kunit_test_suite(svc_rdma_hdr_suite);
