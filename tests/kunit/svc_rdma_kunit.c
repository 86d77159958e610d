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

static struct kunit_case svc_rdma_class_cases[] = {
	KUNIT_CASE_PARAM(class_name_check_test, class_name_gen_params),
	KUNIT_CASE(class_identity_test),
	KUNIT_CASE(class_name_clash_test),
	KUNIT_CASE(class_free_name_test),
	{}
};

static struct kunit_suite svc_rdma_class_suite = {
	.name		= "svcrdma-class",
	.test_cases	= svc_rdma_class_cases,
};

kunit_test_suite(svc_rdma_class_suite);

MODULE_DESCRIPTION("KUnit tests for svcrdma");
MODULE_LICENSE("GPL");
