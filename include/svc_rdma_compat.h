/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel-version seams.
 *
 * Every kernel API that svcrdma uses and that differs between the kernels
 * it builds for is named here, once.  The protocol code uses only these
 * names.  The SVCRDMA_HAVE_* flags come from feature tests against the
 * build tree's headers in Kbuild (see svcrdma_have there), never from
 * version numbers: distribution kernels backport.
 */
#ifndef SVCRDMA_SVC_RDMA_COMPAT_H
#define SVCRDMA_SVC_RDMA_COMPAT_H

#include <linux/sunrpc/svc_xprt.h>
#include <linux/sunrpc/xprt.h>
#include <rdma/rw.h>

/*
 * How the transport's per-request context is released: every kernel
 * svcrdma builds for (6.1.y from 6.1.70 on, and 6.12) hands it back
 * through ->xpo_release_ctxt.  There is no fallback to the older
 * ->xpo_release_rqst: a tree without the new hook stops the build.
 */
#ifdef SVCRDMA_HAVE_XPO_RELEASE_CTXT
#define SVCRDMA_XPO_RELEASE(fn)		.xpo_release_ctxt = (fn)
#else
#error "svcrdma needs svc_xprt_ops.xpo_release_ctxt (Linux 6.1.70 or later)"
#endif

/*
 * struct xprt_class has a netid list (every kernel svcrdma builds for,
 * 6.1 included), a flexible array that sunrpc's lookups by netid walk up
 * to an empty-string terminator.  A class built without the list would
 * send those walks past its end, so a feature test that fails to find the
 * member must stop the build, never leave the list out.
 */
#ifndef SVCRDMA_HAVE_XPRT_CLASS_NETID
#error "svcrdma needs struct xprt_class.netid[] (the Kbuild feature test missed it)"
#endif

/*
 * Send Queue entries that @ctxts rw contexts may need, for sizing the Send
 * CQ.  Kernels with rdma_rw_max_send_wr() say it; without it, assume the
 * worst: a registration and an invalidation beside every RDMA WR.
 */
static inline unsigned int svc_rdma_rw_send_wrs(struct ib_device *dev,
						u32 port, unsigned int ctxts)
{
#ifdef SVCRDMA_HAVE_RDMA_RW_MAX_SEND_WR
	return rdma_rw_max_send_wr(dev, port, ctxts, 0);
#else
	return 3 * ctxts;
#endif
}

/*
 * __assign_str() in a tracepoint took the source string until 6.10; later
 * kernels take it from the __string() declaration.
 */
#ifdef SVCRDMA_HAVE_ASSIGN_STR_ONE_ARG
#define svc_rdma_assign_str(dst, src)	__assign_str(dst)
#else
#define svc_rdma_assign_str(dst, src)	__assign_str(dst, src)
#endif

#endif /* SVCRDMA_SVC_RDMA_COMPAT_H */
