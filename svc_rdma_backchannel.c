// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NFSv4.1 backchannel over the forward connection.
 *
 * Not yet implemented: no backchannel rpc_xprt class is registered, so
 * nfsd finds none for our transport and runs without callbacks.
 */

#include "svc_rdma.h"

/**
 * svc_rdma_bc_init - Register the backchannel transport class
 *
 * Return: %0.
 */
int svc_rdma_bc_init(void)
{
	return 0;
}

/**
 * svc_rdma_bc_exit - Unregister the backchannel transport class
 */
void svc_rdma_bc_exit(void)
{
}

/**
 * svc_rdma_bc_is_reply - Is this message a reverse-direction Reply?
 * @sx: the connection
 * @rc: the decoded message
 *
 * Return: %false; there is no backchannel yet.
 */
bool svc_rdma_bc_is_reply(struct svc_rdma_xprt *sx,
			  struct svc_rdma_recv_ctxt *rc)
{
	return false;
}

/**
 * svc_rdma_bc_receive - Deliver a reverse-direction Reply
 * @sx: the connection
 * @rc: the Reply
 */
void svc_rdma_bc_receive(struct svc_rdma_xprt *sx,
			 struct svc_rdma_recv_ctxt *rc)
{
}
