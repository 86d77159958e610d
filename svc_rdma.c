// SPDX-License-Identifier: GPL-2.0-only
/*
 * Module load and unload for svcrdma.
 *
 * Operation
 *
 * On load, svcrdma registers one svc_xprt_class whose name comes from the
 * class_name parameter ("rdma" unless told otherwise).  nfsd then reaches
 * it by that name through /proc/fs/nfsd/portlist ("rdma 20049").
 *
 * Coexistence with the in-tree rpcrdma.ko, which carries both the client
 * and the in-tree server: the two modules share no exported symbol, no
 * sysctl path, no trace system and no transport ident, so either loads
 * before or after the other.  Only the class name can clash; when it does,
 * loading fails with a message that names the parameter to change.
 *
 * Each part of the transport sets up what it alone uses: the Receive,
 * Send and rw context caches (svc_rdma_recvfrom.c, svc_rdma_post.c,
 * svc_rdma_rw.c), the teardown workqueue (svc_rdma_transport.c), the
 * counters and the backchannel's class.  The trace points are created
 * here.
 *
 * The context caches are separate so that failslab can aim at them
 * alone: with its cache-filter on, only caches marked for failslab fail.
 * A module cannot mark its caches on 6.1 (kmem_cache_create() refuses
 * SLAB_FAILSLAB, and the sysfs failslab file is read-only); the boot
 * option "slub_debug=A,svc_rdma_*" marks them as they are created, and a
 * marked cache is never merged with another.  The test kernel's guests
 * boot with it (scripts/vm).
 */

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sunrpc/svc.h>
#include <kunit/visibility.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"

#define CREATE_TRACE_POINTS
#include "svc_rdma_trace.h"

/*
 * nfsd reads a listener from /proc/fs/nfsd/portlist as "%15s %5u" and
 * accepts it only when the name starts with a letter.
 */
#define SVCRDMA_CLASS_NAME_MAX		15

static char svc_rdma_class_name[SVCRDMA_CLASS_NAME_MAX + 1] = "rdma";
module_param_string(class_name, svc_rdma_class_name,
		    sizeof(svc_rdma_class_name), 0444);
MODULE_PARM_DESC(class_name,
		 "Transport class name nfsd listens on (default \"rdma\")");

struct svc_xprt_class svc_rdma_class = {
	.xcl_name		= svc_rdma_class_name,
	.xcl_owner		= THIS_MODULE,
	.xcl_ops		= &svc_rdma_xprt_ops,
	.xcl_max_payload	= RPCSVC_MAXPAYLOAD,
	.xcl_ident		= SVCRDMA_XPRT_IDENT,
};
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_class);

/**
 * svc_rdma_class_name_check - Is @name usable as a transport class name?
 * @name: NUL-terminated candidate
 *
 * nfsd reads a listener as "%15s %5u" and takes it as a transport name
 * only when it starts with a letter, so a longer name, or one that starts
 * otherwise, could be registered but never used.  We further keep to the
 * characters of the names sunrpc itself registers.
 *
 * Return:
 *   %0 if @name can be registered and used,
 *   %-EINVAL if it is empty, too long, or has a character nfsd or a shell
 *   script would trip on.
 */
int svc_rdma_class_name_check(const char *name)
{
	size_t len = strnlen(name, SVCRDMA_CLASS_NAME_MAX + 1);
	size_t i;

	if (len == 0 || len > SVCRDMA_CLASS_NAME_MAX)
		return -EINVAL;
	if (!isalpha(name[0]))
		return -EINVAL;
	for (i = 1; i < len; i++) {
		unsigned char c = name[i];

		if (!isalnum(c) && c != '-' && c != '_')
			return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_class_name_check);

static int __init svc_rdma_init(void)
{
	int ret;

	ret = svc_rdma_class_name_check(svc_rdma_class_name);
	if (ret) {
		pr_err("svcrdma: class_name=\"%s\" is not a usable transport name (a letter, then up to %d letters, digits, '-' or '_')\n",
		       svc_rdma_class_name, SVCRDMA_CLASS_NAME_MAX - 1);
		return ret;
	}

	ret = svc_rdma_recv_init();
	if (ret)
		return ret;
	ret = svc_rdma_post_init();
	if (ret)
		goto out_recv;
	ret = svc_rdma_rw_init();
	if (ret)
		goto out_post;
	ret = svc_rdma_transport_init();
	if (ret)
		goto out_rw;
	ret = svc_rdma_stats_init();
	if (ret)
		goto out_transport;
	ret = svc_rdma_bc_init();
	if (ret)
		goto out_stats;

	ret = svc_reg_xprt_class(&svc_rdma_class);
	if (ret == -EEXIST) {
		pr_err("svcrdma: transport class \"%s\" is already registered (by rpcrdma?); load svcrdma first, or with class_name=<another name>\n",
		       svc_rdma_class_name);
		goto out_bc;
	}
	if (ret) {
		pr_err("svcrdma: registering transport class \"%s\" failed: %d\n",
		       svc_rdma_class_name, ret);
		goto out_bc;
	}

	pr_info("svcrdma: registered transport class \"%s\"\n",
		svc_rdma_class_name);
	return 0;

out_bc:
	svc_rdma_bc_exit();
out_stats:
	svc_rdma_stats_exit();
out_transport:
	svc_rdma_transport_exit();
out_rw:
	svc_rdma_rw_exit();
out_post:
	svc_rdma_post_exit();
out_recv:
	svc_rdma_recv_exit();
	return ret;
}

static void __exit svc_rdma_exit(void)
{
	svc_unreg_xprt_class(&svc_rdma_class);
	/* connections hold module references: only their teardown is left */
	svc_rdma_transport_exit();
	svc_rdma_bc_exit();
	svc_rdma_stats_exit();
	svc_rdma_rw_exit();
	svc_rdma_post_exit();
	svc_rdma_recv_exit();
	pr_info("svcrdma: unregistered transport class \"%s\"\n",
		svc_rdma_class_name);
}

module_init(svc_rdma_init);
module_exit(svc_rdma_exit);

MODULE_DESCRIPTION("NFS server RPC-over-RDMA transport (out of tree)");
MODULE_LICENSE("GPL");
MODULE_VERSION(SVCRDMA_MODULE_VERSION);
