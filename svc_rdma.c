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

static char svc_rdma_class_name[SVCRDMA_CLASS_NAME_MAX + 1] = "rdma";
module_param_string(class_name, svc_rdma_class_name,
		    sizeof(svc_rdma_class_name), 0444);
MODULE_PARM_DESC(class_name,
		 "Transport class name nfsd listens on (default \"rdma\")");

/* Read when a connection is accepted; changes apply to new connections. */
unsigned int svc_rdma_max_requests = 128;
module_param_named(max_requests, svc_rdma_max_requests, uint, 0644);
MODULE_PARM_DESC(max_requests,
		 "Credits granted to each client: Calls it may have outstanding (default 128)");

unsigned int svc_rdma_max_inline = 4096;
module_param_named(max_inline, svc_rdma_max_inline, uint, 0644);
MODULE_PARM_DESC(max_inline,
		 "Largest message, in bytes, sent or received without chunks (1024-65536, default 4096)");

unsigned int svc_rdma_max_send_sges;
module_param_named(max_send_sges, svc_rdma_max_send_sges, uint, 0644);
MODULE_PARM_DESC(max_send_sges,
		 "Cap on the SGEs of one Send; replies that need more are pulled up (0: the device's limit)");

/* Tears connections down; rmmod waits for it to drain. */
struct workqueue_struct *svc_rdma_wq;

/*
 * The Receive, Send and rw contexts come from caches of their own, so
 * that failslab can aim at them alone: with its cache-filter on, only
 * caches marked for failslab fail.  A module cannot mark its caches on
 * 6.1 (kmem_cache_create() refuses SLAB_FAILSLAB, and the sysfs
 * failslab file is read-only); the boot option
 * "slub_debug=A,svc_rdma_*" marks them as they are created, and a
 * marked cache is never merged with another.  The test kernel's guests
 * boot with it (scripts/vm).
 */
struct kmem_cache *svc_rdma_recv_ctxt_cache;
struct kmem_cache *svc_rdma_send_ctxt_cache;
struct kmem_cache *svc_rdma_rw_ctxt_cache;

static void svc_rdma_caches_destroy(void)
{
	/* every connection, hence every context, is gone */
	kmem_cache_destroy(svc_rdma_rw_ctxt_cache);
	kmem_cache_destroy(svc_rdma_send_ctxt_cache);
	kmem_cache_destroy(svc_rdma_recv_ctxt_cache);
}

static int __init svc_rdma_caches_create(void)
{
	svc_rdma_recv_ctxt_cache = KMEM_CACHE(svc_rdma_recv_ctxt, 0);
	svc_rdma_send_ctxt_cache = KMEM_CACHE(svc_rdma_send_ctxt, 0);
	svc_rdma_rw_ctxt_cache = KMEM_CACHE(svc_rdma_rw_ctxt, 0);
	if (svc_rdma_recv_ctxt_cache && svc_rdma_send_ctxt_cache &&
	    svc_rdma_rw_ctxt_cache)
		return 0;
	svc_rdma_caches_destroy();
	return -ENOMEM;
}

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
 * Return values:
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

	ret = svc_rdma_caches_create();
	if (ret)
		return ret;
	svc_rdma_wq = alloc_workqueue("svcrdma", WQ_UNBOUND, 0);
	if (!svc_rdma_wq) {
		ret = -ENOMEM;
		goto out_caches;
	}
	ret = svc_rdma_stats_init();
	if (ret)
		goto out_wq;
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
out_wq:
	destroy_workqueue(svc_rdma_wq);
out_caches:
	svc_rdma_caches_destroy();
	return ret;
}

static void __exit svc_rdma_exit(void)
{
	svc_unreg_xprt_class(&svc_rdma_class);
	/* connections hold module references: only their teardown is left */
	destroy_workqueue(svc_rdma_wq);
	svc_rdma_bc_exit();
	svc_rdma_stats_exit();
	svc_rdma_caches_destroy();
	pr_info("svcrdma: unregistered transport class \"%s\"\n",
		svc_rdma_class_name);
}

module_init(svc_rdma_init);
module_exit(svc_rdma_exit);

MODULE_DESCRIPTION("NFS server RPC-over-RDMA transport (out of tree)");
MODULE_LICENSE("GPL");
