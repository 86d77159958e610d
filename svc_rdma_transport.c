// SPDX-License-Identifier: GPL-2.0-only
/*
 * Connection life cycle of the svcrdma transport.
 *
 * Operation
 *
 * Listening.  nfsd asks for a listener through ->xpo_create once per
 * address family.  Each is an rdma_cm identifier bound to the wildcard
 * address (the IPv6 one bound to IPv6 only, so both share the port).
 *
 * Connecting.  A CONNECT_REQUEST arrives on the listener's rdma_cm
 * handler with a new identifier.  The handler only records it: it makes
 * the connection's svc_rdma_xprt, reads the client's RFC 8797 private
 * data, queues it on the listener and wakes an nfsd thread.  That thread
 * calls ->xpo_accept, which does the work that may sleep: PD, Send and
 * Receive CQs (ib_alloc_cq_any() spreads them over completion vectors;
 * both are polled in softirq context), the QP sized from the credits, the
 * rw contexts and the device's limits, the first Receives and a spare
 * Receive context per credit, and rdma_accept() with our private data.
 *
 * Credits.  The client may have sx_max_requests Calls outstanding.  The
 * Receive Queue holds that many plus the backchannel's and one batch, and
 * is refilled a batch at a time before a Call is handed to nfsd, so a
 * client within its credits always finds a Receive posted (see
 * svc_rdma_recvfrom.c).
 *
 * Closing.  Every way a connection ends (DISCONNECTED, DEVICE_REMOVAL,
 * a failed completion, a protocol violation, nfsd's own close) comes to
 * svc_rdma_xprt_close().  The first call marks the connection closing,
 * which refuses new Send Queue reservations and wakes their waiters, and
 * queues work that disconnects at once: the QP goes to error and every
 * posted WR flushes, so that Calls whose RDMA Reads are in flight end
 * without waiting for a thread to run ->xpo_detach.  sunrpc, told
 * by XPT_CLOSE, then runs ->xpo_detach and, on the last reference,
 * ->xpo_free.  ->xpo_free hands the teardown to a work item, because it
 * may be called where sleeping is not allowed: drain the QP, so that no
 * completion is left to run, then free every context and page, the QP,
 * CQs, PD and the rdma_cm identifier.
 *
 * An accept that fails frees a connection sunrpc never saw.  Closing is
 * marked before its QP is drained, and stays marked, so that no flushed
 * Receive and no late rdma_cm event queues close work on it; work that an
 * earlier close queued is cancelled once nothing can queue more, before
 * the identifier and the transport are freed.
 *
 * Module lifetime.  sunrpc holds a module reference for each listener and
 * connection, so rmmod is refused while any exists; module exit destroys
 * the teardown workqueue, which waits for the last teardowns to finish.
 */

#include <linux/delay.h>
#include <linux/error-injection.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/svc_xprt.h>
#include <linux/sunrpc/rpc_rdma.h>
#include <rdma/ib_cm.h>
#include <net/net_namespace.h>
#include <kunit/visibility.h>

#include "svc_rdma.h"
#include "svc_rdma_stats.h"
#include "svc_rdma_trace.h"

/* Inline sizes: RFC 8166 section 3.3.2 sets 1024 bytes when not told. */
#define SVCRDMA_INLINE_V1_DEFAULT	1024
#define SVCRDMA_INLINE_MIN		1024
#define SVCRDMA_INLINE_MAX		(64 * 1024)

/*
 * Send SGEs a reply needs at the least: the transport header and one
 * pulled-up RPC message.  A device with fewer cannot serve.
 */
#define SVCRDMA_MIN_SEND_SGES		2

/*
 * Module parameters.  They are read when a connection is accepted, so a
 * change applies to the connections accepted after it.
 */
static unsigned int svc_rdma_max_requests = 128;
module_param_named(max_requests, svc_rdma_max_requests, uint, 0644);
MODULE_PARM_DESC(max_requests,
		 "Credits granted to each client: Calls it may have outstanding (default 128)");

static unsigned int svc_rdma_max_inline = 4096;
module_param_named(max_inline, svc_rdma_max_inline, uint, 0644);
MODULE_PARM_DESC(max_inline,
		 "Largest message, in bytes, sent or received without chunks (1024-65536, default 4096)");

static unsigned int svc_rdma_max_send_sges;
module_param_named(max_send_sges, svc_rdma_max_send_sges, uint, 0644);
MODULE_PARM_DESC(max_send_sges,
		 "Cap on the SGEs of one Send; replies that need more are pulled up (0: the device's limit)");

/* Tears connections down; module exit waits for it to drain. */
static struct workqueue_struct *svc_rdma_wq;

/**
 * svc_rdma_transport_init - Create the teardown workqueue
 *
 * Return: %0, or %-ENOMEM.
 */
int svc_rdma_transport_init(void)
{
	svc_rdma_wq = alloc_workqueue("svcrdma", WQ_UNBOUND, 0);
	return svc_rdma_wq ? 0 : -ENOMEM;
}

/**
 * svc_rdma_transport_exit - Wait for the last teardowns; free the workqueue
 *
 * sunrpc holds a module reference for each listener and connection, so
 * none is left but those being torn down.
 */
void svc_rdma_transport_exit(void)
{
	destroy_workqueue(svc_rdma_wq);
}

/* Connection requests the rdma_cm may queue on a listener. */
#define SVCRDMA_LISTEN_BACKLOG	64

static int svc_rdma_conn_handler(struct rdma_cm_id *id,
				 struct rdma_cm_event *event);
static void svc_rdma_free_work(struct work_struct *work);
static void svc_rdma_close_work(struct work_struct *work);

/* Every list starts empty; each lock guards the lists after it. */
static void svc_rdma_xprt_init_queues(struct svc_rdma_xprt *sx)
{
	init_llist_head(&sx->sx_recv_free);

	spin_lock_init(&sx->sx_lock);
	INIT_LIST_HEAD(&sx->sx_ready);
	INIT_LIST_HEAD(&sx->sx_read_done);
	INIT_LIST_HEAD(&sx->sx_accept_q);
	INIT_LIST_HEAD(&sx->sx_accept_link);

	spin_lock_init(&sx->sx_sq_lock);
	INIT_LIST_HEAD(&sx->sx_sq_waiters);

	spin_lock_init(&sx->sx_send_lock);
	INIT_LIST_HEAD(&sx->sx_orphans);
	INIT_LIST_HEAD(&sx->sx_send_free);

	spin_lock_init(&sx->sx_rw_lock);
	INIT_LIST_HEAD(&sx->sx_rw_free);
	INIT_LIST_HEAD(&sx->sx_read_orphans);
	spin_lock_init(&sx->sx_spare_lock);
	sx->sx_write_cqe.done = svc_rdma_wc_write;
	INIT_WORK(&sx->sx_close_work, svc_rdma_close_work);
	INIT_LIST_HEAD(&sx->sx_conn_link);
}

/*
 * The functions marked ALLOW_ERROR_INJECTION in this file are where a
 * listener or a connection gets its memory and its queues; fail_function
 * can make each fail (see tests/guest/faults.sh).  They are noinline so
 * that every call goes through the marked symbol.
 */

static noinline struct svc_rdma_xprt *
svc_rdma_xprt_alloc(struct svc_serv *serv, struct net *net, int node)
{
	struct svc_rdma_xprt *sx = kzalloc_node(sizeof(*sx), GFP_KERNEL, node);

	if (sx) {
		sx->sx_node = node;
		svc_xprt_init(net, &svc_rdma_class, &sx->sx_xprt, serv);
		svc_rdma_xprt_init_queues(sx);
		INIT_WORK(&sx->sx_free_work, svc_rdma_free_work);
	}
	return sx;
}

ALLOW_ERROR_INJECTION(svc_rdma_xprt_alloc, NULL);

/* Undoes svc_rdma_xprt_alloc() for a transport sunrpc never saw; what
 * counted on it, if anything, is folded into the global counters.
 */
static void svc_rdma_xprt_discard(struct svc_rdma_xprt *sx)
{
	svc_rdma_conn_retire(sx);
	put_net_track(sx->sx_xprt.xpt_net, &sx->sx_xprt.ns_tracker);
	kfree(sx);
}

/**
 * svc_rdma_xprt_close - Start closing a connection
 * @sx: the connection
 * @why: a few words for the trace
 *
 * Any context.  Stops new Send Queue reservations at once and wakes the
 * threads that wait for entries; an nfsd thread does the rest
 * (->xpo_detach, then ->xpo_free on the last reference).
 *
 * Only the call that sets SVCRDMA_XF_CLOSING queues sx_close_work.  So
 * whoever tears a transport down sets that bit first (->xpo_detach, the
 * accept error path, a failed QP set-up): no close after it queues
 * work, and the work it may find queued holds a reference.
 *
 * svc_xprt_deferred_close() is safe on a connection sunrpc has not seen
 * yet, and on a dead one: svc_xprt_init() sets XPT_BUSY, which stays set
 * until sunrpc has added the transport (svc_xprt_received()) and again
 * once it is deleted, and svc_xprt_enqueue() does nothing while it is
 * set.  XPT_CLOSE is then only remembered, for sunrpc to act on once it
 * has added a connection that is closing already.
 */
void svc_rdma_xprt_close(struct svc_rdma_xprt *sx, const char *why)
{
	if (!test_and_set_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags)) {
		trace_svcrdma_close(sx, why);
		if (sx->sx_qp) {
			svc_xprt_get(&sx->sx_xprt);
			queue_work(svc_rdma_wq, &sx->sx_close_work);
		}
	}
	svc_rdma_sq_shutdown(sx);
	svc_xprt_deferred_close(&sx->sx_xprt);
}
EXPORT_SYMBOL_IF_KUNIT(svc_rdma_xprt_close);

/*
 * A test hook: fail_function makes it return true, and the close work
 * then sleeps before it touches the transport, which widens any window
 * in which the transport could be freed under a queued close (see
 * tests/guest/faults.sh).  Never true otherwise.
 */
static noinline bool svc_rdma_close_work_stall(void)
{
	return false;
}

ALLOW_ERROR_INJECTION(svc_rdma_close_work_stall, TRUE);

/* How long a stalled close work sleeps. */
#define SVCRDMA_CLOSE_STALL_MS	2000

/*
 * Every nfsd thread may be asleep on an RDMA Read of this connection,
 * and ->xpo_detach needs one of them: flush the QP now, so that each
 * posted WR completes (in error) and frees its waiter.
 */
static void svc_rdma_close_work(struct work_struct *work)
{
	struct svc_rdma_xprt *sx = container_of(work, struct svc_rdma_xprt,
						sx_close_work);

	if (svc_rdma_close_work_stall())
		msleep(SVCRDMA_CLOSE_STALL_MS);
	rdma_disconnect(sx->sx_cm_id);
	svc_xprt_put(&sx->sx_xprt);
}

/*
 * RFC 8797 private data.  Anything that is not a version 1 message with
 * our magic is ignored, as the RFC asks: the client then gets the
 * version 1 defaults, 1024-byte inline messages and no Send With
 * Invalidate.
 */
static void svc_rdma_read_private(struct svc_rdma_xprt *sx,
				  const void *data, u8 len)
{
	const struct rpcrdma_connect_private *pmsg = data;
	unsigned int send_size = SVCRDMA_INLINE_V1_DEFAULT;

	if (pmsg && len >= sizeof(*pmsg) &&
	    pmsg->cp_magic == rpcrdma_cmp_magic &&
	    pmsg->cp_version == RPCRDMA_CMP_VERSION) {
		if (pmsg->cp_flags & RPCRDMA_CMP_F_SND_W_INV_OK)
			__set_bit(SVCRDMA_XF_SND_W_INV, &sx->sx_flags);
		/* what the client can receive is what we may send */
		send_size = rpcrdma_decode_buffer_size(pmsg->cp_recv_size);
	}
	sx->sx_recv_size = clamp_t(unsigned int, svc_rdma_max_inline,
				   SVCRDMA_INLINE_MIN, SVCRDMA_INLINE_MAX);
	sx->sx_send_size = clamp_t(unsigned int, send_size,
				   SVCRDMA_INLINE_MIN, sx->sx_recv_size);
}

static int svc_rdma_conn_request(struct svc_rdma_xprt *listener,
				 struct rdma_cm_id *id,
				 const struct rdma_conn_param *param)
{
	struct svc_rdma_xprt *sx;

	/* the device's completions and DMA touch it most: keep it near */
	sx = svc_rdma_xprt_alloc(listener->sx_xprt.xpt_server,
				 listener->sx_xprt.xpt_net,
				 ibdev_to_node(id->device));
	if (!sx) {
		svc_rdma_stat_inc(SVCRDMA_STAT_CONNECT_ERRORS);
		return -ENOMEM;	/* the rdma_cm rejects and destroys @id */
	}
	sx->sx_cm_id = id;
	id->context = sx;
	id->event_handler = svc_rdma_conn_handler;
	svc_rdma_read_private(sx, param->private_data,
			      param->private_data_len);
	/*
	 * The CM reports the client's offer from our side already: the
	 * Reads we may have in flight (its responder resources) and the
	 * ones it may have against us (its initiator depth, 0 from Linux).
	 */
	sx->sx_ord = param->initiator_depth;
	sx->sx_ird = param->responder_resources;

	spin_lock_bh(&listener->sx_lock);
	list_add_tail(&sx->sx_accept_link, &listener->sx_accept_q);
	set_bit(XPT_CONN, &listener->sx_xprt.xpt_flags);
	spin_unlock_bh(&listener->sx_lock);
	svc_xprt_enqueue(&listener->sx_xprt);
	return 0;
}

/*
 * A listener's identifier lives until ->xpo_free destroys it; no event
 * replaces it (ADDR_CHANGE included), so nothing can be left pointing
 * at a freed one.  Only a request, or losing a device the listener was
 * bound to, needs anything done.
 */
static int svc_rdma_listen_handler(struct rdma_cm_id *id,
				   struct rdma_cm_event *event)
{
	struct svc_rdma_xprt *listener = id->context;

	trace_svcrdma_cm_event(listener, event);
	if (event->event == RDMA_CM_EVENT_CONNECT_REQUEST)
		return svc_rdma_conn_request(listener, id, &event->param.conn);
	if (event->event == RDMA_CM_EVENT_DEVICE_REMOVAL)
		svc_rdma_xprt_close(listener, "device removal");
	return 0;
}

/* The events that end a connection, and how the trace names them. */
static const char *svc_rdma_cm_close_reason(enum rdma_cm_event_type type)
{
	static const struct {
		enum rdma_cm_event_type	type;
		const char		*why;
	} reasons[] = {
		{ RDMA_CM_EVENT_DISCONNECTED,	"disconnected" },
		{ RDMA_CM_EVENT_DEVICE_REMOVAL,	"device removal" },
		{ RDMA_CM_EVENT_ADDR_CHANGE,	"address change" },
		{ RDMA_CM_EVENT_REJECTED,	"rejected" },
		{ RDMA_CM_EVENT_UNREACHABLE,	"unreachable" },
		{ RDMA_CM_EVENT_CONNECT_ERROR,	"connect error" },
		{ RDMA_CM_EVENT_TIMEWAIT_EXIT,	"timewait exit" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(reasons); i++)
		if (reasons[i].type == type)
			return reasons[i].why;
	return NULL;
}

static int svc_rdma_conn_handler(struct rdma_cm_id *id,
				 struct rdma_cm_event *event)
{
	struct svc_rdma_xprt *sx = id->context;
	const char *why = svc_rdma_cm_close_reason(event->event);

	trace_svcrdma_cm_event(sx, event);
	if (event->event == RDMA_CM_EVENT_ESTABLISHED)
		set_bit(SVCRDMA_XF_CONNECTED, &sx->sx_flags);
	if (event->event == RDMA_CM_EVENT_DEVICE_REMOVAL)
		svc_rdma_stat_inc(SVCRDMA_STAT_DEVICE_REMOVALS);
	if (why)
		svc_rdma_xprt_close(sx, why);
	return 0;
}

/* An rdma_cm identifier listening on @sa for @listener, or an ERR_PTR. */
static noinline struct rdma_cm_id *
svc_rdma_listen_id(struct svc_rdma_xprt *listener, struct net *net,
		   struct sockaddr *sa)
{
	struct rdma_cm_id *id = rdma_create_id(net, svc_rdma_listen_handler,
					       listener, RDMA_PS_TCP,
					       IB_QPT_RC);
	int ret;

	if (IS_ERR(id))
		return id;
	/* v6-only, so that the IPv4 listener can take the same port */
	ret = sa->sa_family == AF_INET6 ? rdma_set_afonly(id, 1) : 0;
	if (!ret)
		ret = rdma_bind_addr(id, sa);
	if (!ret)
		ret = rdma_listen(id, SVCRDMA_LISTEN_BACKLOG);
	if (ret) {
		rdma_destroy_id(id);
		return ERR_PTR(ret);
	}
	return id;
}

ALLOW_ERROR_INJECTION(svc_rdma_listen_id, ERRNO);

/* ->xpo_create: one listener, for @sa's address family and port */
static struct svc_xprt *svc_rdma_listen(struct svc_serv *serv,
					struct net *net, struct sockaddr *sa,
					int salen, int flags)
{
	struct svc_rdma_xprt *listener = svc_rdma_xprt_alloc(serv, net,
							     NUMA_NO_NODE);
	struct rdma_cm_id *id;
	int ret;

	if (!listener)
		return ERR_PTR(-ENOMEM);
	__set_bit(SVCRDMA_XF_LISTENER, &listener->sx_flags);
	set_bit(XPT_LISTENER, &listener->sx_xprt.xpt_flags);

	id = svc_rdma_listen_id(listener, net, sa);
	if (IS_ERR(id)) {
		ret = PTR_ERR(id);
		trace_svcrdma_listen(listener, ret);
		pr_warn("svcrdma: cannot listen on %pISpc: %d\n", sa, ret);
		svc_rdma_xprt_discard(listener);
		return ERR_PTR(ret);
	}
	listener->sx_cm_id = id;
	svc_xprt_set_local(&listener->sx_xprt,
			   (struct sockaddr *)&id->route.addr.src_addr, salen);
	trace_svcrdma_listen(listener, 0);
	return &listener->sx_xprt;
}

/* Sizes the queues and the SGE budget from the module's settings and the
 * device's limits.
 */
static int svc_rdma_size_queues(struct svc_rdma_xprt *sx,
				struct ib_qp_init_attr *qp_attr,
				unsigned int *sq_cqe)
{
	const struct ib_device_attr *attrs = &sx->sx_dev->attrs;
	unsigned int credits, extra, ctxts, sends, sges;

	if (attrs->max_send_sge < SVCRDMA_MIN_SEND_SGES) {
		pr_err("svcrdma: device %s offers %d send SGEs; svcrdma needs at least %d\n",
		       dev_name(&sx->sx_dev->dev), attrs->max_send_sge,
		       SVCRDMA_MIN_SEND_SGES);
		return -EOPNOTSUPP;
	}
	sges = min_t(unsigned int, attrs->max_send_sge, SVCRDMA_MAX_SEND_SGES);
	if (svc_rdma_max_send_sges)
		sges = clamp_t(unsigned int, svc_rdma_max_send_sges,
			       SVCRDMA_MIN_SEND_SGES, sges);
	sx->sx_max_send_sges = sges;

	/* Receives: the credits, the backchannel's, one refill batch, drain */
	extra = SVCRDMA_BC_REQUESTS + SVCRDMA_RECV_BATCH + 1;
	if (attrs->max_qp_wr <= extra + 1) {
		pr_err("svcrdma: device %s has queues of %d entries; too few\n",
		       dev_name(&sx->sx_dev->dev), attrs->max_qp_wr);
		return -EOPNOTSUPP;
	}
	credits = clamp_t(unsigned int, svc_rdma_max_requests, 1,
			  attrs->max_qp_wr - extra);
	sx->sx_max_requests = credits;
	sx->sx_rq_depth = credits + extra;

	/* Sends: one per reply and per backchannel Call, plus the drain */
	sends = credits + SVCRDMA_BC_REQUESTS + 1;
	ctxts = rdma_rw_mr_factor(sx->sx_dev, sx->sx_port, RPCSVC_MAXPAGES) *
		credits;
	*sq_cqe = min_t(unsigned int, attrs->max_cqe,
			sends + rdma_rw_max_send_wr(sx->sx_dev, sx->sx_port,
						    ctxts, 0));

	memset(qp_attr, 0, sizeof(*qp_attr));
	qp_attr->qp_context = sx;
	qp_attr->cap.max_send_wr = min_t(unsigned int, sends,
					 attrs->max_qp_wr);
	qp_attr->cap.max_recv_wr = sx->sx_rq_depth;
	qp_attr->cap.max_send_sge = attrs->max_send_sge;
	qp_attr->cap.max_recv_sge = 1;
	qp_attr->cap.max_rdma_ctxs = ctxts;
	qp_attr->sq_sig_type = IB_SIGNAL_REQ_WR;
	qp_attr->qp_type = IB_QPT_RC;
	qp_attr->port_num = sx->sx_port;
	return 0;
}

static void svc_rdma_qp_event(struct ib_event *event, void *context)
{
	struct svc_rdma_xprt *sx = context;

	trace_svcrdma_qp_event(sx, event->event);
	/* the errors that leave the QP unusable; the rest are news */
	if (event->event == IB_EVENT_QP_FATAL ||
	    event->event == IB_EVENT_QP_REQ_ERR ||
	    event->event == IB_EVENT_QP_ACCESS_ERR ||
	    event->event == IB_EVENT_PATH_MIG_ERR ||
	    event->event == IB_EVENT_DEVICE_FATAL)
		svc_rdma_xprt_close(sx, "QP error");
}

/*
 * The Send and Receive CQs; on failure, neither is left.  Both are
 * polled in softirq context, which runs on the way out of the device's
 * interrupt, or of the software device's own bottom half; a device that
 * signals completions from process context leaves the softirq to the
 * next interrupt or to ksoftirqd.  A workqueue would put a kworker's
 * wake-up and context switch between each completion and the nfsd
 * thread it wakes, and between a Send's completion and the release of
 * its pages.  So every lock a completion handler takes is taken with
 * BHs off in process context, and the handlers neither sleep nor
 * allocate but with GFP_ATOMIC.
 */
static int svc_rdma_alloc_cqs(struct svc_rdma_xprt *sx, unsigned int sq_cqe)
{
	int ret;

	sx->sx_sq_cq = ib_alloc_cq_any(sx->sx_dev, sx, sq_cqe,
				       IB_POLL_SOFTIRQ);
	if (IS_ERR(sx->sx_sq_cq)) {
		ret = PTR_ERR(sx->sx_sq_cq);
		goto out_nosq;
	}
	sx->sx_rq_cq = ib_alloc_cq_any(sx->sx_dev, sx, sx->sx_rq_depth,
				       IB_POLL_SOFTIRQ);
	if (IS_ERR(sx->sx_rq_cq)) {
		ret = PTR_ERR(sx->sx_rq_cq);
		goto out_norq;
	}
	return 0;

out_norq:
	ib_free_cq(sx->sx_sq_cq);
out_nosq:
	sx->sx_rq_cq = NULL;
	sx->sx_sq_cq = NULL;
	return ret;
}

/*
 * Builds PD, CQs and QP for @sx and posts its first Receives.  On
 * failure nothing of them is left.
 */
static noinline int svc_rdma_setup_qp(struct svc_rdma_xprt *sx)
{
	struct ib_qp_init_attr qp_attr;
	unsigned int sq_cqe;
	int ret;

	ret = svc_rdma_size_queues(sx, &qp_attr, &sq_cqe);
	if (ret)
		return ret;

	sx->sx_pd = ib_alloc_pd(sx->sx_dev, 0);
	if (IS_ERR(sx->sx_pd)) {
		ret = PTR_ERR(sx->sx_pd);
		goto out_nopd;
	}
	ret = svc_rdma_alloc_cqs(sx, sq_cqe);
	if (ret)
		goto out_nocq;
	qp_attr.event_handler = svc_rdma_qp_event;
	qp_attr.send_cq = sx->sx_sq_cq;
	qp_attr.recv_cq = sx->sx_rq_cq;
	ret = rdma_create_qp(sx->sx_cm_id, sx->sx_pd, &qp_attr);
	if (ret)
		goto out_noqp;
	sx->sx_qp = sx->sx_cm_id->qp;

	/* what the device granted, rw contexts included, less the drain */
	sx->sx_sq_depth = qp_attr.cap.max_send_wr;
	sx->sx_sq_avail = sx->sx_sq_depth - 1;
	sx->sx_max_send_sges = min_t(unsigned int, sx->sx_max_send_sges,
				     qp_attr.cap.max_send_sge);

	ret = svc_rdma_post_recvs(sx, sx->sx_rq_depth - 1, GFP_KERNEL);
	if (ret)
		goto out_norecv;
	ret = svc_rdma_recv_ctxts_reserve(sx, sx->sx_max_requests +
					  SVCRDMA_BC_REQUESTS);
	if (ret)
		goto out_norecv;
	return 0;

out_norecv:
	/* the flushes must not queue close work on a dying transport */
	set_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags);
	ib_drain_qp(sx->sx_qp);		/* flush the Receives that did post */
	rdma_destroy_qp(sx->sx_cm_id);
	sx->sx_qp = NULL;
	svc_rdma_recv_ctxts_destroy(sx);
out_noqp:
	ib_free_cq(sx->sx_rq_cq);
	ib_free_cq(sx->sx_sq_cq);
	sx->sx_rq_cq = NULL;
	sx->sx_sq_cq = NULL;
out_nocq:
	ib_dealloc_pd(sx->sx_pd);
out_nopd:
	sx->sx_pd = NULL;
	return ret;
}

ALLOW_ERROR_INJECTION(svc_rdma_setup_qp, ERRNO);

/* Sends our REP; outside the rdma_cm handler, so under its lock. */
static noinline int svc_rdma_cm_accept(struct svc_rdma_xprt *sx,
				       struct rdma_conn_param *param)
{
	int ret;

	rdma_lock_handler(sx->sx_cm_id);
	ret = rdma_accept(sx->sx_cm_id, param);
	rdma_unlock_handler(sx->sx_cm_id);
	return ret;
}

ALLOW_ERROR_INJECTION(svc_rdma_cm_accept, ERRNO);

static int svc_rdma_do_accept(struct svc_rdma_xprt *sx)
{
	const struct ib_device_attr *attrs;
	struct rpcrdma_connect_private pmsg = {
		.cp_magic	= rpcrdma_cmp_magic,
		.cp_version	= RPCRDMA_CMP_VERSION,
		.cp_flags	= 0,
	};
	struct rdma_conn_param param = { };
	int ret;

	sx->sx_dev = sx->sx_cm_id->device;
	sx->sx_port = sx->sx_cm_id->port_num;
	attrs = &sx->sx_dev->attrs;

	/* svc_rdma_xprt_discard() frees them if the accept fails */
	ret = svc_rdma_conn_stats_alloc(sx);
	if (ret)
		return ret;
	ret = svc_rdma_setup_qp(sx);
	if (ret)
		return ret;

	sx->sx_ird = min_t(int, sx->sx_ird, attrs->max_qp_rd_atom);
	sx->sx_ord = min_t(int, sx->sx_ord, attrs->max_qp_init_rd_atom);
	/* the client must be able to read from us only if it has a Read list
	 * of its own (it never does in RPC-over-RDMA v1); we read from it
	 */
	if (!sx->sx_ord)
		sx->sx_ord = 1;

	pmsg.cp_send_size = rpcrdma_encode_buffer_size(sx->sx_send_size);
	pmsg.cp_recv_size = rpcrdma_encode_buffer_size(sx->sx_recv_size);
	param.private_data = &pmsg;
	param.private_data_len = sizeof(pmsg);
	param.responder_resources = sx->sx_ird;
	param.initiator_depth = sx->sx_ord;
	ret = svc_rdma_cm_accept(sx, &param);
	if (ret)
		return ret;

	svc_xprt_set_remote(&sx->sx_xprt,
			    (struct sockaddr *)&sx->sx_cm_id->route.addr.dst_addr,
			    rdma_addr_size((struct sockaddr *)
					   &sx->sx_cm_id->route.addr.dst_addr));
	svc_xprt_set_local(&sx->sx_xprt,
			   (struct sockaddr *)&sx->sx_cm_id->route.addr.src_addr,
			   rdma_addr_size((struct sockaddr *)
					  &sx->sx_cm_id->route.addr.src_addr));
	/* RDMA credits are congestion control; NFSv4 requires it */
	set_bit(XPT_CONG_CTRL, &sx->sx_xprt.xpt_flags);
	return 0;
}

static void svc_rdma_release_resources(struct svc_rdma_xprt *sx);

/*
 * Rejects and frees a connection that sunrpc never saw.  Closing is
 * marked first and stays marked, so that nothing queues close work from
 * here on: not the Receives that draining the QP flushes, nor a late
 * rdma_cm event.  A close that came before may have queued it (a QP
 * event, the flushes of a failed QP set-up); once every source of
 * closes is quiet (the QP drained and destroyed, no rdma_cm handler
 * running), that work is cancelled, and only then is what it uses freed.
 * Its reference goes with the transport, which sunrpc never counted.
 */
static void svc_rdma_accept_undo(struct svc_rdma_xprt *sx)
{
	set_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags);
	rdma_reject(sx->sx_cm_id, NULL, 0, IB_CM_REJ_CONSUMER_DEFINED);
	svc_rdma_release_resources(sx);
	/* wait out a handler that may have closed before the bit was set */
	rdma_lock_handler(sx->sx_cm_id);
	rdma_unlock_handler(sx->sx_cm_id);
	cancel_work_sync(&sx->sx_close_work);
	rdma_destroy_id(sx->sx_cm_id);
	svc_rdma_xprt_discard(sx);
}

static struct svc_xprt *svc_rdma_accept(struct svc_xprt *xprt)
{
	struct svc_rdma_xprt *listener = to_sx(xprt);
	struct svc_rdma_xprt *sx;
	int ret;

	spin_lock_bh(&listener->sx_lock);
	sx = list_first_entry_or_null(&listener->sx_accept_q,
				      struct svc_rdma_xprt, sx_accept_link);
	if (sx)
		list_del_init(&sx->sx_accept_link);
	if (list_empty(&listener->sx_accept_q))
		clear_bit(XPT_CONN, &xprt->xpt_flags);
	spin_unlock_bh(&listener->sx_lock);
	if (!sx)
		return NULL;

	ret = svc_rdma_do_accept(sx);
	if (ret)
		goto out_reject;
	svc_rdma_stat_inc(SVCRDMA_STAT_CONNECTS);
	svc_rdma_stat_inc(SVCRDMA_STAT_LIVE_XPRTS);
	svc_rdma_conn_list(sx);
	trace_svcrdma_accept(sx);
	return &sx->sx_xprt;

out_reject:
	svc_rdma_stat_inc(SVCRDMA_STAT_CONNECT_ERRORS);
	trace_svcrdma_accept_err(sx, ret);
	svc_rdma_accept_undo(sx);
	return NULL;
}

static void svc_rdma_detach(struct svc_xprt *xprt)
{
	struct svc_rdma_xprt *sx = to_sx(xprt);

	if (test_bit(SVCRDMA_XF_LISTENER, &sx->sx_flags))
		return;
	set_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags);
	svc_rdma_sq_shutdown(sx);
	rdma_disconnect(sx->sx_cm_id);
}

/* Frees the QP and everything hung on it.  No completion may be pending:
 * the QP is drained first when it exists.  The transport is closing by
 * now (->xpo_detach or the accept error path said so, and it is said
 * again here), so the flushes queue no close work.
 */
static void svc_rdma_release_resources(struct svc_rdma_xprt *sx)
{
	struct svc_rdma_recv_ctxt *rc, *next;

	set_bit(SVCRDMA_XF_CLOSING, &sx->sx_flags);
	if (sx->sx_qp)
		ib_drain_qp(sx->sx_qp);

	/* Calls that no nfsd thread picked up, some with their Reads done */
	list_for_each_entry_safe(rc, next, &sx->sx_ready, rc_list) {
		list_del(&rc->rc_list);
		llist_add(&rc->rc_node, &sx->sx_recv_free);
	}
	list_for_each_entry_safe(rc, next, &sx->sx_read_done, rc_list) {
		list_del(&rc->rc_list);
		svc_rdma_read_put_pages(rc);
		llist_add(&rc->rc_node, &sx->sx_recv_free);
	}
	svc_rdma_send_ctxts_destroy(sx);
	svc_rdma_rw_ctxts_destroy(sx);
	svc_rdma_spare_pages_destroy(sx);
	if (sx->sx_qp) {
		rdma_destroy_qp(sx->sx_cm_id);
		sx->sx_qp = NULL;
	}
	svc_rdma_recv_ctxts_destroy(sx);
	if (sx->sx_rq_cq)
		ib_free_cq(sx->sx_rq_cq);
	if (sx->sx_sq_cq)
		ib_free_cq(sx->sx_sq_cq);
	if (sx->sx_pd)
		ib_dealloc_pd(sx->sx_pd);
	sx->sx_rq_cq = NULL;
	sx->sx_sq_cq = NULL;
	sx->sx_pd = NULL;
	WARN_ONCE(atomic_read(&sx->sx_ctxts),
		  "svcrdma: %d contexts leaked on a connection\n",
		  atomic_read(&sx->sx_ctxts));
}

/* A listener's unaccepted connections never became svc_xprts. */
static void svc_rdma_drop_accept_q(struct svc_rdma_xprt *listener)
{
	struct svc_rdma_xprt *sx;

	for (;;) {
		spin_lock_bh(&listener->sx_lock);
		sx = list_first_entry_or_null(&listener->sx_accept_q,
					      struct svc_rdma_xprt,
					      sx_accept_link);
		if (sx)
			list_del_init(&sx->sx_accept_link);
		spin_unlock_bh(&listener->sx_lock);
		if (!sx)
			return;
		rdma_reject(sx->sx_cm_id, NULL, 0, IB_CM_REJ_CONSUMER_DEFINED);
		rdma_destroy_id(sx->sx_cm_id);
		svc_rdma_xprt_discard(sx);
	}
}

static void svc_rdma_free_work(struct work_struct *work)
{
	struct svc_rdma_xprt *sx = container_of(work, struct svc_rdma_xprt,
						sx_free_work);

	trace_svcrdma_free(sx);
	if (test_bit(SVCRDMA_XF_LISTENER, &sx->sx_flags)) {
		/* no handler runs once the identifier is gone */
		rdma_destroy_id(sx->sx_cm_id);
		svc_rdma_drop_accept_q(sx);
		kfree(sx);
		return;
	}
	svc_rdma_release_resources(sx);
	/* nothing counts on a drained QP; the device lives with the id */
	svc_rdma_conn_retire(sx);
	rdma_destroy_id(sx->sx_cm_id);
	svc_rdma_stat_inc(SVCRDMA_STAT_DISCONNECTS);
	svc_rdma_stat_dec(SVCRDMA_STAT_LIVE_XPRTS);
	kfree(sx);
}

/*
 * The last reference is gone.  sunrpc has already dropped the net and
 * will drop the module reference when this returns; the work item runs on
 * svc_rdma_wq, which module exit drains.
 */
static void svc_rdma_free(struct svc_xprt *xprt)
{
	struct svc_rdma_xprt *sx = to_sx(xprt);

	queue_work(svc_rdma_wq, &sx->sx_free_work);
}

static int svc_rdma_has_wspace(struct svc_xprt *xprt)
{
	/* Send Queue space is reserved per reply in svc_rdma_sendto() */
	return 1;
}

static void svc_rdma_kill_temp_xprt(struct svc_xprt *xprt)
{
	/* nothing beyond the close that follows */
}

const struct svc_xprt_ops svc_rdma_xprt_ops = {
	/* a listener, and the connections it accepts */
	.xpo_create		= svc_rdma_listen,
	.xpo_accept		= svc_rdma_accept,
	/* one request: its Call, its context, its reply */
	.xpo_recvfrom		= svc_rdma_recvfrom,
	.xpo_release_ctxt	= svc_rdma_release_ctxt,
	.xpo_result_payload	= svc_rdma_result_payload,
	.xpo_sendto		= svc_rdma_sendto,
	.xpo_has_wspace		= svc_rdma_has_wspace,
	/* the end of a connection */
	.xpo_kill_temp_xprt	= svc_rdma_kill_temp_xprt,
	.xpo_detach		= svc_rdma_detach,
	.xpo_free		= svc_rdma_free,
	/* no ->xpo_handshake: RPC-with-TLS is not offered over RDMA */
	SVC_XPRT_OPS_COMPAT
};
