// SPDX-License-Identifier: GPL-2.0-only
/*
 * Connection life cycle of the svcrdma transport.
 *
 * Operation
 *
 * nfsd asks for a listener through ->xpo_create once per address family.
 * The rdma_cm listener, accept, and the queue pair set-up arrive with the
 * transport; until then ->xpo_create refuses with a message that says so,
 * and no svc_xprt of ours ever exists, so no other operation is called.
 */

#include <linux/sunrpc/svc_xprt.h>

#include "svc_rdma.h"

static struct svc_xprt *svc_rdma_create(struct svc_serv *serv,
					struct net *net,
					struct sockaddr *sa, int salen,
					int flags)
{
	pr_warn_ratelimited("svcrdma: cannot create a listener: the transport is not implemented yet\n");
	return ERR_PTR(-EPROTONOSUPPORT);
}

const struct svc_xprt_ops svc_rdma_xprt_ops = {
	.xpo_create	= svc_rdma_create,
};
