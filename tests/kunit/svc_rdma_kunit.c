// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite for the svcrdma module scaffold: the transport class name
 * parameter and the class that module load registers.
 *
 * Loaded as svcrdma_kunit.ko in the test-kernel guest after svcrdma.ko;
 * results are read from /sys/kernel/debug/kunit/svcrdma-class/results.
 */

#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/xprt.h>

#include "svc_rdma.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

struct class_name_case {
	const char *name;
	int want;
};

static const struct class_name_case class_name_cases[] = {
	{ "rdma",		0 },
	{ "rdma2",		0 },
	{ "svcrdma",		0 },
	{ "r",			0 },
	{ "rdma-oot",		0 },
	{ "rdma_oot",		0 },
	{ "Rdma",		0 },
	{ "abcdefghijklmno",	0 },		/* 15: the longest nfsd reads */
	{ "abcdefghijklmnop",	-EINVAL },	/* 16: nfsd would cut it */
	{ "",			-EINVAL },
	{ "2rdma",		-EINVAL },	/* nfsd takes a digit as an fd */
	{ "-rdma",		-EINVAL },
	{ "_rdma",		-EINVAL },
	{ "rdma 20049",		-EINVAL },
	{ "rdma\n",		-EINVAL },
	{ "rdma/x",		-EINVAL },
	{ "rdma.x",		-EINVAL },
	{ "rdm\xc3\xa4",	-EINVAL },
};

static void class_name_case_desc(const struct class_name_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "\"%*pE\"",
		 (int)strlen(c->name), c->name);
}

KUNIT_ARRAY_PARAM(class_name, class_name_cases, class_name_case_desc);

static void class_name_check_test(struct kunit *test)
{
	const struct class_name_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, svc_rdma_class_name_check(c->name), c->want);
}

/* The class that module load registered is ours, not the in-tree one's. */
static void class_identity_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, svc_rdma_class.xcl_ident, SVCRDMA_XPRT_IDENT);
	KUNIT_EXPECT_NE(test, svc_rdma_class.xcl_ident, XPRT_TRANSPORT_RDMA);
	KUNIT_EXPECT_EQ(test, svc_rdma_class.xcl_ident & XPRT_TRANSPORT_BC, 0);
	KUNIT_EXPECT_EQ(test, svc_rdma_class_name_check(svc_rdma_class.xcl_name),
			0);
	KUNIT_EXPECT_EQ(test, svc_rdma_class.xcl_max_payload,
			(u32)RPCSVC_MAXPAYLOAD);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, svc_rdma_class.xcl_owner);
}

static struct svc_xprt_class *class_copy(struct kunit *test, const char *name)
{
	struct svc_xprt_class *xcl;

	xcl = kunit_kzalloc(test, sizeof(*xcl), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, xcl);
	xcl->xcl_name = name;
	xcl->xcl_owner = THIS_MODULE;
	xcl->xcl_ops = svc_rdma_class.xcl_ops;
	xcl->xcl_ident = SVCRDMA_XPRT_IDENT;
	INIT_LIST_HEAD(&xcl->xcl_list);
	return xcl;
}

/*
 * Module load registered our class under its name: a second class of that
 * name is refused.  This is the clash that makes module load fail when
 * rpcrdma took the name first.
 */
static void class_name_clash_test(struct kunit *test)
{
	struct svc_xprt_class *dup = class_copy(test, svc_rdma_class.xcl_name);
	int ret;

	ret = svc_reg_xprt_class(dup);
	if (ret == 0)
		svc_unreg_xprt_class(dup);
	KUNIT_EXPECT_EQ(test, ret, -EEXIST);
}

/* The refusal is about the name: the same class under a free name goes in. */
static void class_free_name_test(struct kunit *test)
{
	struct svc_xprt_class *xcl = class_copy(test, "svcrdma-kunit");
	int ret;

	ret = svc_reg_xprt_class(xcl);
	KUNIT_EXPECT_EQ(test, ret, 0);
	if (ret == 0)
		svc_unreg_xprt_class(xcl);
}

/*
 * The argument keeps a page list of its own, even an empty one, and the
 * reply's pages start after it: rq_respages[0] is the reply's head page,
 * which nothing that expands the argument (a GSS unwrap) may write.
 */
static void arg_pages_test(struct kunit *test)
{
	static const struct {
		unsigned int	first;	/* arg->pages, from rq_pages */
		unsigned int	base;
		unsigned int	len;
		unsigned int	resp;	/* where the reply's pages must start */
	} cases[] = {
		{ 0, 0, 0, 1 },				/* inline */
		{ 0, 0, 1, 1 },				/* a data item */
		{ 0, 0, 3 * PAGE_SIZE, 3 },
		{ 0, 0, 3 * PAGE_SIZE + 5, 4 },
		{ 0, 100, PAGE_SIZE, 2 },
		{ 1, 0, 0, 2 },				/* position zero */
		{ 1, 0, 2 * PAGE_SIZE - 1, 3 },
	};
	struct svc_rqst *rqstp = kunit_kzalloc(test, sizeof(*rqstp), GFP_KERNEL);
	struct xdr_buf *arg;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, rqstp);
	arg = &rqstp->rq_arg;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		arg->pages = rqstp->rq_pages + cases[i].first;
		arg->page_base = cases[i].base;
		arg->page_len = cases[i].len;
		svc_rdma_set_respages(rqstp);
		KUNIT_EXPECT_PTR_EQ_MSG(test, rqstp->rq_respages,
					rqstp->rq_pages + cases[i].resp,
					"case %u", i);
		KUNIT_EXPECT_GT_MSG(test, rqstp->rq_respages - arg->pages, 0L,
				    "case %u: the reply's head page is the argument's",
				    i);
		KUNIT_EXPECT_PTR_EQ(test, rqstp->rq_next_page,
				    rqstp->rq_respages + 1);
	}
}

static struct kunit_case svc_rdma_class_cases[] = {
	KUNIT_CASE_PARAM(class_name_check_test, class_name_gen_params),
	KUNIT_CASE(class_identity_test),
	KUNIT_CASE(class_name_clash_test),
	KUNIT_CASE(class_free_name_test),
	KUNIT_CASE(arg_pages_test),
	{}
};

static struct kunit_suite svc_rdma_class_suite = {
	.name		= "svcrdma-class",
	.test_cases	= svc_rdma_class_cases,
};

kunit_test_suite(svc_rdma_class_suite);

MODULE_DESCRIPTION("KUnit tests for svcrdma");
MODULE_LICENSE("GPL");
