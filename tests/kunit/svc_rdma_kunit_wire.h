/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers the KUnit suites share to build transport headers word by word:
 * words are put in host order, then converted to the wire in one pass.
 * Also the decoder limits those suites decode their Calls against.
 */
#ifndef SVCRDMA_SVC_RDMA_KUNIT_WIRE_H
#define SVCRDMA_SVC_RDMA_KUNIT_WIRE_H

#include <linux/types.h>
#include <asm/byteorder.h>

#include "svc_rdma_hdr.h"

#define SVCRDMA_TEST_MAX_WORDS	512

static const struct svc_rdma_hdr_limits svc_rdma_test_limits = {
	.max_read	= 1024 * 1024 + 8192,
	.max_write	= 1024 * 1024,
	.max_write_chunks = 8,
};

/* Words in host order, and the same on the wire once converted. */
struct svc_rdma_test_words {
	u32		w[SVCRDMA_TEST_MAX_WORDS];
	unsigned int	n;
	__be32		wire[SVCRDMA_TEST_MAX_WORDS];
};

/* Append one host-order word; words past the end are dropped. */
static inline void test_put(struct svc_rdma_test_words *b, u32 v)
{
	if (b->n < SVCRDMA_TEST_MAX_WORDS)
		b->w[b->n++] = v;
}

/* Convert the words put so far to network byte order in @b->wire. */
static inline void test_to_wire(struct svc_rdma_test_words *b)
{
	unsigned int i;

	for (i = 0; i < b->n; i++)
		b->wire[i] = cpu_to_be32(b->w[i]);
}

#endif /* SVCRDMA_SVC_RDMA_KUNIT_WIRE_H */
