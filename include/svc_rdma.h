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

#include <linux/list.h>
#include <linux/llist.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <linux/completion.h>
#include <linux/scatterlist.h>
#include <linux/sunrpc/svc.h>
#include <linux/sunrpc/svc_xprt.h>
#include <rdma/ib_verbs.h>
#include <rdma/rdma_cm.h>
#include <rdma/rw.h>

#include "svc_rdma_hdr.h"
#include "svc_rdma_stats.h"

/*
 * Our own transport identifier.  nfsd finds the backchannel rpc_xprt class
 * by (xcl_ident | XPRT_TRANSPORT_BC); with the in-tree XPRT_TRANSPORT_RDMA
 * it would hand our svc_xprt to rpcrdma's backchannel code, which would
 * treat it as its own structure.  The value is outside the range that
 * upstream allocates (small integers and 256 upwards, one at a time).
 */
#define SVCRDMA_XPRT_IDENT		0x5352	/* "SR" */

/*
 * Send SGEs a Send context has room for: the transport header and the
 * pages of an inline reply.  A reply with more fragments than the
 * connection's SGEs is pulled up into one buffer, so capping a device's
 * larger limit costs a copy, never a reply.
 */
#define SVCRDMA_MAX_SEND_SGES		32

/* Backchannel requests the client may have outstanding (NFSv4.1 slots). */
#define SVCRDMA_BC_REQUESTS		2

/* Receives are posted this many at a time. */
#define SVCRDMA_RECV_BATCH		8

/*
 * Spare pages a connection keeps for Calls with Read chunks: one largest
 * Call's worth, at most 1 MiB and a few pages (svc_rdma_rw.c).
 */
#define SVCRDMA_SPARE_PAGES		RPCSVC_MAXPAGES

/* sx_flags */
enum {
	SVCRDMA_XF_LISTENER,		/* a listener, not a connection */
	SVCRDMA_XF_CONNECTED,		/* ESTABLISHED seen, not yet gone */
	SVCRDMA_XF_CLOSING,		/* no new work may start */
	SVCRDMA_XF_SND_W_INV,		/* the client takes Send With Invalidate */
};

/**
 * struct svc_rdma_xprt - one listener or one connection
 * @sx_xprt: the generic transport; must come first
 * @sx_cm_id: the rdma_cm identifier
 * @sx_flags: SVCRDMA_XF_* bits
 * @sx_lock: protects @sx_accept_q (listener), @sx_ready and @sx_read_done
 *	(connection)
 * @sx_accept_q: listener: connection requests not yet accepted
 * @sx_accept_link: connection: entry on the listener's @sx_accept_q
 * @sx_ready: completed Receives that wait for an nfsd thread
 * @sx_read_done: Calls whose RDMA Reads have completed, waiting for an
 *	nfsd thread to hand them to nfsd
 * @sx_dev: the device the connection is on
 * @sx_port: the device port
 * @sx_node: the device's NUMA node, where the connection's contexts and
 *	their buffers are allocated (%NUMA_NO_NODE for a listener)
 * @sx_pd: protection domain
 * @sx_sq_cq: Send completion queue
 * @sx_rq_cq: Receive completion queue
 * @sx_qp: the queue pair
 * @sx_max_requests: credits granted to the client
 * @sx_rq_depth: Receive Queue depth
 * @sx_sq_depth: Send Queue depth, rw-context work requests included
 * @sx_recv_size: bytes of each Receive buffer (our inline threshold)
 * @sx_send_size: bytes the client takes in one Send
 * @sx_max_send_sges: SGEs one Send may carry
 * @sx_ird: RDMA Read responder resources (incoming Reads)
 * @sx_ord: RDMA Read initiator depth (our Reads in flight)
 * @sx_recv_free: Receive contexts ready to be posted again
 * @sx_recvs_posted: Receives on the Receive Queue
 * @sx_outstanding: Calls received and not yet answered
 * @sx_send_lock: protects @sx_send_free, @sx_send_nr_free and @sx_orphans
 * @sx_send_free: free Send contexts
 * @sx_send_nr_free: how many; never more than the credits and the
 *	backchannel's requests (svc_rdma_post.c)
 * @sx_orphans: Send contexts holding resources of WRs whose post failed
 *	part way; released once the QP is drained
 * @sx_rw_lock: protects @sx_rw_free and @sx_read_orphans
 * @sx_rw_free: free rw contexts
 * @sx_read_orphans: rw contexts of Reads whose post failed part way, with
 *	the pages they read into; released once the QP is drained
 * @sx_spare_lock: protects @sx_nspare and @sx_spare
 * @sx_nspare: pages in @sx_spare
 * @sx_spare: pages that finished Calls with Read chunks displaced from
 *	the requests that took them, for the next such Call to refill the
 *	request slots it empties (svc_rdma_rw.c)
 * @sx_write_cqe: completes the unsignaled Writes ahead of a Send, which
 *	only a failure completes
 * @sx_sq_lock: protects @sx_sq_avail and @sx_sq_waiters
 * @sx_sq_avail: Send Queue entries not reserved
 * @sx_sq_waiters: threads waiting for Send Queue entries, oldest first
 * @sx_ctxts: this connection's live contexts of all kinds
 * @sx_close_work: flushes the QP as soon as the connection is closing
 * @sx_free_work: tears the connection down in process context
 * @sx_bc: the backchannel's private state, or NULL
 * @sx_stats: this connection's counters (per CPU); NULL for a listener
 * @sx_conn_link: entry on the list of live connections (svc_rdma_stats.c)
 * @sx_conn_id: the connection's number in /proc/fs/svcrdma/connections
 */
struct svc_rdma_xprt {
	struct svc_xprt		sx_xprt;
	struct rdma_cm_id	*sx_cm_id;
	unsigned long		sx_flags;

	spinlock_t		sx_lock;	/* accept queue; ready lists */
	struct list_head	sx_accept_q;
	struct list_head	sx_accept_link;
	struct list_head	sx_ready;
	struct list_head	sx_read_done;

	struct ib_device	*sx_dev;
	u32			sx_port;
	int			sx_node;
	struct ib_pd		*sx_pd;
	struct ib_cq		*sx_sq_cq;
	struct ib_cq		*sx_rq_cq;
	struct ib_qp		*sx_qp;

	unsigned int		sx_max_requests;
	unsigned int		sx_rq_depth;
	unsigned int		sx_sq_depth;
	unsigned int		sx_recv_size;
	unsigned int		sx_send_size;
	unsigned int		sx_max_send_sges;
	u8			sx_ird;
	u8			sx_ord;

	struct llist_head	sx_recv_free;
	atomic_t		sx_recvs_posted;
	atomic_t		sx_outstanding;

	spinlock_t		sx_send_lock;	/* free Sends; orphans */
	struct list_head	sx_send_free;
	unsigned int		sx_send_nr_free;
	struct list_head	sx_orphans;
	spinlock_t		sx_rw_lock;	/* free and orphaned rw */
	struct list_head	sx_rw_free;
	struct list_head	sx_read_orphans;
	spinlock_t		sx_spare_lock;	/* spare pages */
	unsigned int		sx_nspare;
	struct page		*sx_spare[SVCRDMA_SPARE_PAGES];
	struct ib_cqe		sx_write_cqe;

	spinlock_t		sx_sq_lock;	/* SQ entries and waiters */
	unsigned int		sx_sq_avail;
	struct list_head	sx_sq_waiters;

	atomic_t		sx_ctxts;
	struct work_struct	sx_close_work;
	struct work_struct	sx_free_work;
	void			*sx_bc;

	struct svc_rdma_counters __percpu *sx_stats;
	struct list_head	sx_conn_link;
	u64			sx_conn_id;
};

static inline struct svc_rdma_xprt *to_sx(struct svc_xprt *xprt)
{
	return container_of(xprt, struct svc_rdma_xprt, sx_xprt);
}

/* Counts an event of connection @sx (a per-connection counter). */
static inline void svc_rdma_xstat_add(struct svc_rdma_xprt *sx,
				      enum svc_rdma_stat stat, long n)
{
	svc_rdma_counters_add(sx->sx_stats, stat, n);
}

static inline void svc_rdma_xstat_inc(struct svc_rdma_xprt *sx,
				      enum svc_rdma_stat stat)
{
	svc_rdma_counters_add(sx->sx_stats, stat, 1);
}

/**
 * struct svc_rdma_payload - reply bytes that go in a Write chunk
 * @offset: where the data item starts in the reply's xdr_buf
 * @length: its length, XDR padding not included
 *
 * The data and its XDR padding leave the inline reply (RFC 8166,
 * section 3.4.5).
 */
struct svc_rdma_payload {
	unsigned int	offset;
	unsigned int	length;
};

/**
 * struct svc_rdma_chain - rw contexts posted together, and their WR count
 * @ch_rw: the contexts, in posting order
 * @ch_wrs: Send Queue entries they need
 * @ch_cqe: completion entry of the chain's last WR (Reads only)
 */
struct svc_rdma_chain {
	struct list_head	ch_rw;
	unsigned int		ch_wrs;
	struct ib_cqe		ch_cqe;
};

/**
 * struct svc_rdma_recv_ctxt - one Receive and the Call it brought
 * @rc_node: entry on the free list
 * @rc_list: entry on a ready list (@sx_ready, then @sx_read_done)
 * @rc_xprt: the connection
 * @rc_cqe: completion entry of the Receive
 * @rc_wr: the Receive work request
 * @rc_sge: the one SGE of the Receive
 * @rc_buf: the Receive buffer, sx_recv_size bytes, mapped once
 * @rc_byte_len: bytes received
 * @rc_hdr: the Call's decoded transport header
 * @rc_inv_rkey: an rkey the reply may invalidate remotely, or 0
 * @rc_replied: the reply has been posted (the Call no longer holds a credit)
 * @rc_nr_payloads: Write chunks given a payload by ->xpo_result_payload
 * @rc_payloads: those payloads, in Write list order
 * @rc_chain: the Call's RDMA Reads, while they are in flight
 * @rc_head: bytes of the inline message that stay in @rc_buf as the
 *	Call's head, once its Reads are laid out
 * @rc_paged: bytes laid out in @rc_pages, from the first page's start
 * @rc_npages: pages in @rc_pages
 * @rc_pages: the pages the Reads fill, taken from the request that
 *	posted them and handed to the request that finishes the Call
 */
struct svc_rdma_recv_ctxt {
	struct llist_node	rc_node;
	struct list_head	rc_list;
	struct svc_rdma_xprt	*rc_xprt;
	struct ib_cqe		rc_cqe;
	struct ib_recv_wr	rc_wr;
	struct ib_sge		rc_sge;
	void			*rc_buf;
	u32			rc_byte_len;
	struct svc_rdma_hdr	rc_hdr;
	u32			rc_inv_rkey;
	bool			rc_replied;
	unsigned int		rc_nr_payloads;
	struct svc_rdma_payload	rc_payloads[SVCRDMA_MAX_WRITE_CHUNKS];
	struct svc_rdma_chain	rc_chain;
	unsigned int		rc_head;
	unsigned int		rc_paged;
	unsigned int		rc_npages;
	struct page		*rc_pages[RPCSVC_MAXPAGES];
};

/**
 * struct svc_rdma_send_ctxt - one Send and everything it keeps alive
 * @sc_list: entry on the free list
 * @sc_xprt: the connection
 * @sc_cqe: completion entry of the Send
 * @sc_wr: the Send work request
 * @sc_buf: transport header (and any pulled-up message), mapped once
 * @sc_len: bytes used in @sc_buf
 * @sc_nr_sges: SGEs in use; SGEs past the first are unmapped at completion
 * @sc_wr_count: Send Queue entries this chain reserved
 * @sc_rw_list: rw contexts whose Writes go before the Send
 * @sc_nr_pages: pages in @sc_pages
 * @sc_pages: reply pages, one reference each, put when the Send completes
 * @sc_sges: the SGEs; the connection uses sx_max_send_sges of them
 */
struct svc_rdma_send_ctxt {
	struct list_head	sc_list;
	struct svc_rdma_xprt	*sc_xprt;
	struct ib_cqe		sc_cqe;
	struct ib_send_wr	sc_wr;
	void			*sc_buf;
	unsigned int		sc_len;
	unsigned int		sc_nr_sges;
	unsigned int		sc_wr_count;
	struct list_head	sc_rw_list;
	unsigned int		sc_nr_pages;
	struct page		*sc_pages[RPCSVC_MAXPAGES];
	struct ib_sge		sc_sges[SVCRDMA_MAX_SEND_SGES];
};

/*
 * What svc_rdma_post_chain() put on the Send Queue.  After SOME, the WRs
 * that went out may run until the QP drains: what they use must outlive
 * it.
 */
enum svc_rdma_posted {
	SVCRDMA_POSTED_ALL,	/* every WR: the last one's completion comes */
	SVCRDMA_POSTED_EMPTY,	/* nothing: the chain was empty */
	SVCRDMA_POSTED_NONE,	/* nothing: the post failed at once */
	SVCRDMA_POSTED_SOME,	/* some WRs, and the connection is closing */
};

static inline void svc_rdma_chain_init(struct svc_rdma_chain *chain)
{
	INIT_LIST_HEAD(&chain->ch_rw);
	chain->ch_wrs = 0;
}

/* The bytes a request's arguments may fill: rq_pages less one page,
 * which the reply needs at the least.
 */
static inline unsigned int svc_rdma_arg_budget(const struct svc_rqst *rqstp)
{
	return (rqstp->rq_page_end - rqstp->rq_pages - 1) << PAGE_SHIFT;
}

/*
 * The reply's pages start after the argument's.  The argument keeps a
 * page list of its own even when it is empty, as nfsd expects: whatever
 * expands an argument into its pages (a GSS unwrap) must never write
 * into the reply's head page.
 */
static inline void svc_rdma_set_respages(struct svc_rqst *rqstp)
{
	const struct xdr_buf *arg = &rqstp->rq_arg;
	unsigned int npages = DIV_ROUND_UP(arg->page_base + arg->page_len,
					   PAGE_SIZE);

	rqstp->rq_respages = arg->pages + max(npages, 1U);
	rqstp->rq_next_page = rqstp->rq_respages + 1;
}

/* svc_rdma.c */
int svc_rdma_class_name_check(const char *name);
extern struct svc_xprt_class svc_rdma_class;

/* svc_rdma_transport.c: the connection's life */
extern const struct svc_xprt_ops svc_rdma_xprt_ops;
int svc_rdma_transport_init(void);
void svc_rdma_transport_exit(void);
void svc_rdma_xprt_close(struct svc_rdma_xprt *sx, const char *why);

/* svc_rdma_recvfrom.c: Receives, and rq_arg */
int svc_rdma_recv_init(void);
void svc_rdma_recv_exit(void);
int svc_rdma_post_recvs(struct svc_rdma_xprt *sx, unsigned int count,
			gfp_t gfp);
int svc_rdma_recv_ctxts_reserve(struct svc_rdma_xprt *sx, unsigned int count);
void svc_rdma_recv_ctxts_destroy(struct svc_rdma_xprt *sx);
int svc_rdma_recvfrom(struct svc_rqst *rqstp);
void svc_rdma_call_done(struct svc_rdma_xprt *sx,
			struct svc_rdma_recv_ctxt *rc);
void svc_rdma_release_ctxt(struct svc_xprt *xprt, void *ctxt);

/* svc_rdma_post.c: the Send Queue, Send contexts, posting, completions */
int svc_rdma_post_init(void);
void svc_rdma_post_exit(void);
int svc_rdma_sq_reserve(struct svc_rdma_xprt *sx, unsigned int count);
void svc_rdma_sq_release(struct svc_rdma_xprt *sx, unsigned int count);
void svc_rdma_sq_shutdown(struct svc_rdma_xprt *sx);
struct svc_rdma_send_ctxt *svc_rdma_send_ctxt_get(struct svc_rdma_xprt *sx);
void svc_rdma_send_ctxt_put(struct svc_rdma_xprt *sx,
			    struct svc_rdma_send_ctxt *sc);
void svc_rdma_send_ctxts_destroy(struct svc_rdma_xprt *sx);
void svc_rdma_orphan(struct svc_rdma_xprt *sx, struct svc_rdma_send_ctxt *sc);
void svc_rdma_wc_write(struct ib_cq *cq, struct ib_wc *wc);
enum svc_rdma_posted svc_rdma_post_chain(struct svc_rdma_xprt *sx,
					 struct list_head *rw_list,
					 struct ib_cqe *cqe,
					 struct ib_send_wr *tail);
int svc_rdma_post_send(struct svc_rdma_xprt *sx, struct svc_rdma_send_ctxt *sc,
		       unsigned int rw_wrs, u32 inv_rkey);

/* svc_rdma_xdrbuf.c: a reply's wire bytes */
typedef int (*svc_rdma_frag_actor)(void *arg, struct page *page,
				   unsigned int offset, unsigned int len);
int svc_rdma_xb_walk(const struct xdr_buf *xb,
		     const struct svc_rdma_payload *skip, unsigned int nskip,
		     unsigned int offset, unsigned int length,
		     svc_rdma_frag_actor actor, void *arg);
unsigned int svc_rdma_wire_len(const struct xdr_buf *xb,
			       const struct svc_rdma_payload *skip,
			       unsigned int nskip);
unsigned int svc_rdma_xb_frags(const struct xdr_buf *xb,
			       const struct svc_rdma_payload *skip,
			       unsigned int *nskip, unsigned int *wire_len);
int svc_rdma_pull_up(const struct xdr_buf *xb,
		     const struct svc_rdma_payload *skip, unsigned int nskip,
		     void *dst, unsigned int room);

/* svc_rdma_rw.c: the RDMA Read and Write engine */
int svc_rdma_rw_init(void);
void svc_rdma_rw_exit(void);
void svc_rdma_chain_release(struct svc_rdma_xprt *sx,
			    struct list_head *rw_list);
struct ib_send_wr *svc_rdma_chain_wrs(struct svc_rdma_xprt *sx,
				      struct list_head *rw_list,
				      struct ib_cqe *cqe,
				      struct ib_send_wr *tail);
int svc_rdma_chain_write(struct svc_rdma_xprt *sx, struct svc_rdma_chain *chain,
			 const struct svc_rdma_hdr *hdr,
			 const struct svc_rdma_chunk *chunk,
			 const struct xdr_buf *xb,
			 const struct svc_rdma_payload *skip,
			 unsigned int nskip, unsigned int offset,
			 unsigned int length, u32 *written);
int svc_rdma_read_call(struct svc_rdma_xprt *sx, struct svc_rqst *rqstp,
		       struct svc_rdma_recv_ctxt *rc);
void svc_rdma_read_finish(struct svc_rdma_xprt *sx, struct svc_rqst *rqstp,
			  struct svc_rdma_recv_ctxt *rc);
void svc_rdma_read_put_pages(struct svc_rdma_recv_ctxt *rc);
void svc_rdma_rw_ctxts_destroy(struct svc_rdma_xprt *sx);
void svc_rdma_spare_pages_destroy(struct svc_rdma_xprt *sx);

/* svc_rdma_sendto.c: replies */
int svc_rdma_send_error(struct svc_rdma_xprt *sx, __be32 xid,
			enum svc_rdma_errcode err, u32 inv_rkey);
int svc_rdma_sendto(struct svc_rqst *rqstp);
int svc_rdma_result_payload(struct svc_rqst *rqstp, unsigned int offset,
			    unsigned int length);

/* svc_rdma_stats.c: the live connections, and their counters */
int svc_rdma_conn_stats_alloc(struct svc_rdma_xprt *sx);
void svc_rdma_conn_list(struct svc_rdma_xprt *sx);
void svc_rdma_conn_retire(struct svc_rdma_xprt *sx);

/* svc_rdma_backchannel.c */
int svc_rdma_bc_init(void);
void svc_rdma_bc_exit(void);
bool svc_rdma_bc_is_reply(struct svc_rdma_xprt *sx,
			  struct svc_rdma_recv_ctxt *rc);
void svc_rdma_bc_receive(struct svc_rdma_xprt *sx,
			 struct svc_rdma_recv_ctxt *rc);

#endif /* SVCRDMA_SVC_RDMA_H */
