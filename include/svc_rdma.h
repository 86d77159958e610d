/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private declarations shared by the svcrdma module's files.
 *
 * svcrdma is an out-of-tree server side of RPC-over-RDMA version 1
 * (RFC 8166).  It registers its own svc_xprt_class, so it can be loaded
 * beside the in-tree rpcrdma.ko; nothing here is visible to that module.
 */
#ifndef SVCRDMA_SVC_RDMA_H
#define SVCRDMA_SVC_RDMA_H

#include <linux/sunrpc/svc_xprt.h>

/*
 * Our own transport identifier.  nfsd finds the backchannel rpc_xprt class
 * by (xcl_ident | XPRT_TRANSPORT_BC); with the in-tree XPRT_TRANSPORT_RDMA
 * it would hand our svc_xprt to rpcrdma's backchannel code, which would
 * treat it as its own structure.  The value is outside the range that
 * upstream allocates (small integers and 256 upwards, one at a time).
 */
#define SVCRDMA_XPRT_IDENT		0x5352	/* "SR" */

/*
 * nfsd reads a listener from /proc/fs/nfsd/portlist as "%15s %5u" and
 * accepts it only when the name starts with a letter.
 */
#define SVCRDMA_CLASS_NAME_MAX		15

/* svc_rdma.c */
int svc_rdma_class_name_check(const char *name);
#if IS_ENABLED(CONFIG_KUNIT)
extern struct svc_xprt_class svc_rdma_class;	/* VISIBLE_IF_KUNIT */
#endif

/* svc_rdma_transport.c */
extern const struct svc_xprt_ops svc_rdma_xprt_ops;

#endif /* SVCRDMA_SVC_RDMA_H */
