/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel-version seams, in the manner of WireGuard's compat tree.
 *
 * Kbuild includes this header ahead of every file of the module and of its
 * KUnit suites (-include), so the protocol code is written against the
 * newest kernel svcrdma supports (6.12) and never tests a version.  Each
 * seam below maps one upstream change back onto the older kernel (6.1).
 * Its SVCRDMA_HAVE_* flag comes from a feature test against the build
 * tree's headers in Kbuild, never from LINUX_VERSION_CODE: Debian's 6.1
 * and other stable kernels carry backports that a version number hides.
 *
 * A seam that every supported kernel takes the same way is deleted, not
 * kept: ->xpo_release_ctxt (6.1.70 and 6.12 both have it), the
 * struct xprt_class netid list and rdma_rw_max_send_wr() (both kernels)
 * are used directly.  A kernel without them fails to build at the use.
 */
#ifndef SVCRDMA_SVC_RDMA_COMPAT_H
#define SVCRDMA_SVC_RDMA_COMPAT_H

#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/svc_xprt.h>

/*
 * Linux 6.3, "SUNRPC: Remove ->xpo_secure_port()": each transport now
 * sets RQ_SECURE in its ->xpo_recvfrom, as svc_rdma_recvfrom() does.
 * Older kernels call ->xpo_secure_port after every receive and have no
 * NULL check, so there the ops table gets a hook that does the same.
 * SVC_XPRT_OPS_COMPAT goes last in a struct svc_xprt_ops initializer.
 */
#ifdef SVCRDMA_HAVE_XPO_SECURE_PORT
static inline void svc_rdma_compat_secure_port(struct svc_rqst *rqstp)
{
	__set_bit(RQ_SECURE, &rqstp->rq_flags);
}

#define SVC_XPRT_OPS_COMPAT	.xpo_secure_port = svc_rdma_compat_secure_port,
#else
#define SVC_XPRT_OPS_COMPAT
#endif

/*
 * Linux 6.10, "tracing: Remove __assign_str_len()" and the series before
 * it: __assign_str() takes only the field, whose source the __string()
 * declaration remembers.  6.1's __string() keeps no source, so the old
 * two-argument form cannot be rebuilt from the new one; the tracepoints
 * name both, and where the kernel takes the source from __string() this
 * seam only evaluates it (every source here is a plain lookup).  The
 * tracepoint machinery redefines __assign_str() at each stage, which is
 * why this is a name of our own.
 */
#ifdef SVCRDMA_HAVE_ASSIGN_STR_ONE_ARG
#define svc_rdma_assign_str(dst, src)	\
	do { (void)(src); __assign_str(dst); } while (0)
#else
#define svc_rdma_assign_str(dst, src)	__assign_str(dst, src)
#endif

/*
 * Linux 6.4, "kunit: rename KUNIT_ASSERT_FAILURE to KUNIT_FAIL_AND_ABORT
 * for readability": the KUnit suites use the new name.  Only the tests
 * need it, and only a kernel built with KUnit defines either.
 */
#ifndef SVCRDMA_HAVE_KUNIT_FAIL_AND_ABORT
#define KUNIT_FAIL_AND_ABORT(test, fmt, ...)	\
	KUNIT_ASSERT_FAILURE(test, fmt, ##__VA_ARGS__)
#endif

#endif /* SVCRDMA_SVC_RDMA_COMPAT_H */
