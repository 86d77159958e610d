// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NFSv4.1 backchannel, over the client's own connection (RFC 8167).
 *
 * Operation
 *
 * nfsd sets up its callback client with the transport ident
 * (SVCRDMA_XPRT_IDENT | XPRT_TRANSPORT_BC), which finds the rpc_xprt
 * class registered here, and hands it our svc_xprt.  The rpc_xprt it gets
 * sends each callback Call as an RDMA_MSG on that connection: the
 * transport header and the RPC message, copied into one Send buffer.
 * Callbacks are small, so they always travel inline; one that does not
 * fit the client's inline size fails with -EMSGSIZE.  The copy means a
 * Send keeps nothing of the rpc_rqst alive.
 *
 * The client's Replies come in on our Receive Queue among its Calls.
 * svc_rdma_recvfrom() passes each message that looks like a Reply (an
 * RDMA_MSG without chunks whose RPC direction is REPLY) to
 * svc_rdma_bc_receive(), which matches it to the waiting rpc_rqst by xid,
 * copies it into the rqst's receive buffer and completes it.  The credit
 * value of a Reply sets how many callbacks may be in flight.
 *
 * Lifetime.  The svc_xprt holds its rpc_xprt (sunrpc drops that reference
 * when the svc_xprt is freed); nfsd's session holds the svc_xprt while
 * its callback client exists.  Each rpc_xprt also pins this module: its
 * ->destroy runs from a work item, possibly after every connection is
 * gone.
 */

#include <linux/error-injection.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sunrpc/xprt.h>
#include <linux/sunrpc/addr.h>
#include <linux/sunrpc/svc_xprt.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"
#include "svc_rdma_trace.h"

/* How long a callback may wait for its Reply before nfsd gives up. */
static const struct rpc_timeout svc_rdma_bc_timeout = {
	.to_initval	= 60 * HZ,
	.to_maxval	= 60 * HZ,
};

/*
 * The buffers of one callback.  This and svc_rdma_bc_set_addresses() are
 * the file's allocations that fail_function can make fail (see
 * tests/guest/faults.sh); noinline keeps every call on the marked symbol.
 */
static noinline int svc_rdma_bc_buf_alloc(struct rpc_task *task)
{
	struct rpc_rqst *rqst = task->tk_rqstp;

	if (rqst->rq_callsize > PAGE_SIZE)
		return -EINVAL;
	rqst->rq_buffer = kmalloc(PAGE_SIZE, GFP_NOIO | __GFP_NOWARN);
	if (!rqst->rq_buffer)
		return -ENOMEM;
	rqst->rq_rbuffer = kmalloc(rqst->rq_rcvsize, GFP_NOIO | __GFP_NOWARN);
	if (!rqst->rq_rbuffer) {
		kfree(rqst->rq_buffer);
		rqst->rq_buffer = NULL;
		return -ENOMEM;
	}
	return 0;
}

ALLOW_ERROR_INJECTION(svc_rdma_bc_buf_alloc, ERRNO);

static void svc_rdma_bc_buf_free(struct rpc_task *task)
{
	struct rpc_rqst *rqst = task->tk_rqstp;

	kfree(rqst->rq_buffer);
	kfree(rqst->rq_rbuffer);
	rqst->rq_buffer = NULL;
	rqst->rq_rbuffer = NULL;
}

static int svc_rdma_bc_send_request(struct rpc_rqst *rqst)
{
	struct svc_xprt *xprt = rqst->rq_xprt->bc_xprt;
	struct svc_rdma_xprt *sx = to_sx(xprt);
	struct svc_rdma_send_ctxt *sc;
	int hdr_len, len;

	if (test_bit(XPT_DEAD, &xprt->xpt_flags) ||
	    test_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags))
		return -ENOTCONN;
	sc = svc_rdma_send_ctxt_get(sx);
	if (!sc)
		goto out_close;
	hdr_len = svc_rdma_hdr_encode_msg(sc->sc_buf, sx->sx_send_size,
					  rqst->rq_xid, SVCRDMA_BC_REQUESTS);
	if (hdr_len < 0)
		goto out_put;
	len = svc_rdma_pull_up(&rqst->rq_snd_buf, NULL, 0,
			       sc->sc_buf + hdr_len,
			       sx->sx_send_size - hdr_len);
	if (len < 0) {
		svc_rdma_send_ctxt_put(sx, sc);
		return len;	/* -EMSGSIZE: this callback cannot go inline */
	}
	sc->sc_len = hdr_len + len;
	rqst->rq_xtime = ktime_get();
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_BC_CALLS);
	trace_svcrdma_bc_call(sx, rqst->rq_xid, len);
	if (svc_rdma_post_send(sx, sc, 0, 0))
		return -ENOTCONN;
	return 0;

out_put:
	svc_rdma_send_ctxt_put(sx, sc);
out_close:
	svc_rdma_xprt_close(sx, "backchannel send failed");
	return -ENOTCONN;
}

static void svc_rdma_bc_close(struct rpc_xprt *xprt)
{
	xprt_disconnect_done(xprt);
	xprt->cwnd = RPC_CWNDSHIFT;
}

static void svc_rdma_bc_free_addresses(struct rpc_xprt *xprt)
{
	unsigned int i;

	for (i = 0; i < RPC_DISPLAY_MAX; i++)
		kfree(xprt->address_strings[i]);
}

static void svc_rdma_bc_destroy(struct rpc_xprt *xprt)
{
	svc_rdma_bc_free_addresses(xprt);
	xprt_free(xprt);
	module_put(THIS_MODULE);
}

static void svc_rdma_bc_print_stats(struct rpc_xprt *xprt,
				    struct seq_file *seq)
{
	seq_puts(seq, "\txprt:\tsvcrdma-bc\n");
}

static const struct rpc_xprt_ops svc_rdma_bc_ops = {
	.reserve_xprt		= xprt_reserve_xprt_cong,
	.release_xprt		= xprt_release_xprt_cong,
	.alloc_slot		= xprt_alloc_slot,
	.free_slot		= xprt_free_slot,
	.release_request	= xprt_release_rqst_cong,
	.buf_alloc		= svc_rdma_bc_buf_alloc,
	.buf_free		= svc_rdma_bc_buf_free,
	.send_request		= svc_rdma_bc_send_request,
	.wait_for_reply_request	= xprt_wait_for_reply_request_def,
	.close			= svc_rdma_bc_close,
	.destroy		= svc_rdma_bc_destroy,
	.print_stats		= svc_rdma_bc_print_stats,
};

/* On failure the caller frees whichever strings were made. */
static noinline int svc_rdma_bc_set_addresses(struct rpc_xprt *xprt)
{
	struct sockaddr *sa = (struct sockaddr *)&xprt->addr;
	const char **s = xprt->address_strings;
	unsigned short port = rpc_get_port(sa);

	s[RPC_DISPLAY_ADDR] = kasprintf(GFP_KERNEL, "%pISc", sa);
	s[RPC_DISPLAY_PORT] = kasprintf(GFP_KERNEL, "%u", port);
	s[RPC_DISPLAY_PROTO] = kstrdup("rdma", GFP_KERNEL);
	s[RPC_DISPLAY_HEX_PORT] = kasprintf(GFP_KERNEL, "%4hx", port);
	s[RPC_DISPLAY_NETID] = kstrdup(sa->sa_family == AF_INET6 ? "rdma6" :
				       "rdma", GFP_KERNEL);
	if (!s[RPC_DISPLAY_ADDR] || !s[RPC_DISPLAY_PORT] ||
	    !s[RPC_DISPLAY_PROTO] || !s[RPC_DISPLAY_HEX_PORT] ||
	    !s[RPC_DISPLAY_NETID])
		return -ENOMEM;
	return 0;
}

ALLOW_ERROR_INJECTION(svc_rdma_bc_set_addresses, ERRNO);

static struct rpc_xprt *svc_rdma_bc_setup(struct xprt_create *args)
{
	struct svc_rdma_xprt *sx;
	struct rpc_xprt *xprt;

	if (!args->bc_xprt || args->bc_xprt->xpt_class != &svc_rdma_class)
		return ERR_PTR(-EINVAL);
	if (args->addrlen > sizeof(xprt->addr))
		return ERR_PTR(-EBADF);
	sx = to_sx(args->bc_xprt);

	xprt = xprt_alloc(args->net, sizeof(*xprt), SVCRDMA_BC_REQUESTS,
			  SVCRDMA_BC_REQUESTS);
	if (!xprt)
		return ERR_PTR(-ENOMEM);
	xprt->timeout = &svc_rdma_bc_timeout;
	xprt_set_bound(xprt);
	xprt_set_connected(xprt);
	xprt->bind_timeout = 0;
	xprt->reestablish_timeout = 0;
	xprt->idle_timeout = 0;
	xprt->prot = SVCRDMA_XPRT_IDENT | XPRT_TRANSPORT_BC;
	xprt->ops = &svc_rdma_bc_ops;
	memcpy(&xprt->addr, args->dstaddr, args->addrlen);
	xprt->addrlen = args->addrlen;
	if (svc_rdma_bc_set_addresses(xprt)) {
		svc_rdma_bc_free_addresses(xprt);
		xprt_free(xprt);
		return ERR_PTR(-ENOMEM);
	}
	xprt->resvport = 0;
	/* a callback travels inline, after the shortest transport header */
	xprt->max_payload = sx->sx_send_size - SVCRDMA_HDR_MSG_LEN;

	__module_get(THIS_MODULE);	/* dropped by svc_rdma_bc_destroy */
	xprt_get(xprt);			/* the svc_xprt's reference */
	args->bc_xprt->xpt_bc_xprt = xprt;
	xprt->bc_xprt = args->bc_xprt;
	return xprt;
}

static struct xprt_class svc_rdma_bc_class = {
	.list	= LIST_HEAD_INIT(svc_rdma_bc_class.list),
	.name	= "svcrdma backchannel",
	.owner	= THIS_MODULE,
	.ident	= SVCRDMA_XPRT_IDENT | XPRT_TRANSPORT_BC,
	.setup	= svc_rdma_bc_setup,
	.netid	= { "" },	/* no netid of its own: the terminator */
};

/**
 * svc_rdma_bc_init - Register the backchannel transport class
 *
 * Return: %0, or the errno of xprt_register_transport().
 */
int svc_rdma_bc_init(void)
{
	return xprt_register_transport(&svc_rdma_bc_class);
}

/**
 * svc_rdma_bc_exit - Unregister the backchannel transport class
 */
void svc_rdma_bc_exit(void)
{
	xprt_unregister_transport(&svc_rdma_bc_class);
}

/**
 * svc_rdma_bc_is_reply - Is this message a reverse-direction Reply?
 * @sx: the connection
 * @rc: a decoded message
 *
 * A Reply is an RDMA_MSG with no chunks whose RPC message repeats the
 * transport header's xid and has direction REPLY; the decoder tells
 * (rev_reply).  Without a backchannel there is nobody to give it to.
 *
 * Return: %true if @rc goes to svc_rdma_bc_receive().
 */
bool svc_rdma_bc_is_reply(struct svc_rdma_xprt *sx,
			  struct svc_rdma_recv_ctxt *rc)
{
	return sx->sx_xprt.xpt_bc_xprt && rc->rc_hdr.rev_reply;
}

/**
 * svc_rdma_bc_receive - Deliver a reverse-direction Reply
 * @sx: the connection
 * @rc: the Reply (svc_rdma_bc_is_reply() said so)
 *
 * A Reply nobody waits for, or one larger than its rqst's buffer, is
 * dropped; the callback then times out.
 */
void svc_rdma_bc_receive(struct svc_rdma_xprt *sx,
			 struct svc_rdma_recv_ctxt *rc)
{
	struct rpc_xprt *xprt = sx->sx_xprt.xpt_bc_xprt;
	const struct svc_rdma_hdr *hdr = &rc->rc_hdr;
	u32 credits = clamp_t(u32, hdr->credits, 1, SVCRDMA_BC_REQUESTS);
	struct kvec *dst;
	struct rpc_rqst *req;

	trace_svcrdma_bc_reply(sx, hdr->xid, hdr->msg_len);
	spin_lock(&xprt->queue_lock);
	req = xprt_lookup_rqst(xprt, hdr->xid);
	if (!req)
		goto out_unlock;
	req->rq_private_buf = req->rq_rcv_buf;
	dst = &req->rq_private_buf.head[0];
	if (dst->iov_len < hdr->msg_len)
		goto out_unlock;
	memcpy(dst->iov_base, rc->rc_buf + hdr->hdr_len, hdr->msg_len);
	xprt_pin_rqst(req);
	spin_unlock(&xprt->queue_lock);

	spin_lock(&xprt->transport_lock);
	xprt->cwnd = credits << RPC_CWNDSHIFT;
	spin_unlock(&xprt->transport_lock);

	spin_lock(&xprt->queue_lock);
	xprt_complete_rqst(req->rq_task, hdr->msg_len);
	xprt_unpin_rqst(req);
	svc_rdma_xstat_inc(sx, SVCRDMA_STAT_BC_REPLIES);
out_unlock:
	spin_unlock(&xprt->queue_lock);
}
