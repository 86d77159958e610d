/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svcrdma's tracepoints, in their own trace system ("svcrdma"), so that
 * they never collide with the in-tree rpcrdma's.  Enable them with
 *   echo 1 > /sys/kernel/tracing/events/svcrdma/enable
 * Each connection is named by its peer address (the listener by its local
 * one); each Call by its xid.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM svcrdma

#if !defined(SVCRDMA_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define SVCRDMA_TRACE_H

#include <linux/tracepoint.h>
#include <rdma/ib_verbs.h>
#include <rdma/rdma_cm.h>

#include "svc_rdma.h"

#define SVCRDMA_TRACE_ADDR_LEN	(INET6_ADDRSTRLEN + 10)

/* The connection's name: its peer once accepted, else its local address */
#define svcrdma_assign_addr(sx)						\
	strscpy(__entry->addr, (sx)->sx_xprt.xpt_remotebuf,		\
		SVCRDMA_TRACE_ADDR_LEN)

DECLARE_EVENT_CLASS(svcrdma_xprt_class,
		    TP_PROTO(const struct svc_rdma_xprt *sx),
		    TP_ARGS(sx),
		    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
				     __field(unsigned int, credits)
				     __field(unsigned int, send_size)
				     __field(unsigned int, recv_size)
				     __field(unsigned int, sges)
				     __field(unsigned int, sq_depth)
				     __field(bool, snd_w_inv)
		    ),
		    TP_fast_assign(svcrdma_assign_addr(sx);
				   __entry->credits = sx->sx_max_requests;
				   __entry->send_size = sx->sx_send_size;
				   __entry->recv_size = sx->sx_recv_size;
				   __entry->sges = sx->sx_max_send_sges;
				   __entry->sq_depth = sx->sx_sq_depth;
				   __entry->snd_w_inv = test_bit(SVCRDMA_XF_SND_W_INV,
								 &sx->sx_flags);
		    ),
		    TP_printk("addr=%s credits=%u inline send=%u recv=%u sges=%u sq=%u snd_w_inv=%d",
			      __entry->addr, __entry->credits, __entry->send_size,
			      __entry->recv_size, __entry->sges, __entry->sq_depth,
			      __entry->snd_w_inv)
);

#define DEFINE_SVCRDMA_XPRT_EVENT(name)					\
	DEFINE_EVENT(svcrdma_xprt_class, svcrdma_##name,		\
		     TP_PROTO(const struct svc_rdma_xprt *sx), TP_ARGS(sx))

DEFINE_SVCRDMA_XPRT_EVENT(accept);
DEFINE_SVCRDMA_XPRT_EVENT(free);

DECLARE_EVENT_CLASS(svcrdma_xprt_err_class,
		    TP_PROTO(const struct svc_rdma_xprt *sx, int status),
		    TP_ARGS(sx, status),
		    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
				     __field(int, status)
		    ),
		    TP_fast_assign(svcrdma_assign_addr(sx);
				   __entry->status = status;
		    ),
		    TP_printk("addr=%s status=%d", __entry->addr, __entry->status)
);

#define DEFINE_SVCRDMA_XPRT_ERR_EVENT(name)				\
	DEFINE_EVENT(svcrdma_xprt_err_class, svcrdma_##name,		\
		     TP_PROTO(const struct svc_rdma_xprt *sx, int status),	\
		     TP_ARGS(sx, status))

DEFINE_SVCRDMA_XPRT_ERR_EVENT(listen);
DEFINE_SVCRDMA_XPRT_ERR_EVENT(accept_err);
DEFINE_SVCRDMA_XPRT_ERR_EVENT(post_err);

TRACE_EVENT(svcrdma_close,
	    TP_PROTO(const struct svc_rdma_xprt *sx, const char *why),
	    TP_ARGS(sx, why),
	    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
			     __string(why, why)
	    ),
	    TP_fast_assign(svcrdma_assign_addr(sx);
			   svc_rdma_assign_str(why, why);
	    ),
	    TP_printk("addr=%s why=%s", __entry->addr, __get_str(why))
);

TRACE_EVENT(svcrdma_cm_event,
	    TP_PROTO(const struct svc_rdma_xprt *sx,
		     const struct rdma_cm_event *event),
	    TP_ARGS(sx, event),
	    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
			     __string(event, rdma_event_msg(event->event))
			     __field(int, status)
	    ),
	    TP_fast_assign(svcrdma_assign_addr(sx);
			   svc_rdma_assign_str(event,
					       rdma_event_msg(event->event));
			   __entry->status = event->status;
	    ),
	    TP_printk("addr=%s event=%s status=%d", __entry->addr,
		      __get_str(event), __entry->status)
);

TRACE_EVENT(svcrdma_qp_event,
	    TP_PROTO(const struct svc_rdma_xprt *sx, enum ib_event_type event),
	    TP_ARGS(sx, event),
	    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
			     __string(event, ib_event_msg(event))
	    ),
	    TP_fast_assign(svcrdma_assign_addr(sx);
			   svc_rdma_assign_str(event, ib_event_msg(event));
	    ),
	    TP_printk("addr=%s event=%s", __entry->addr, __get_str(event))
);

/* A completion that failed; flushes after a close are traced too. */
TRACE_EVENT(svcrdma_wc_err,
	    TP_PROTO(const struct svc_rdma_xprt *sx, const char *what,
		     const struct ib_wc *wc),
	    TP_ARGS(sx, what, wc),
	    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
			     __string(what, what)
			     __string(status, ib_wc_status_msg(wc->status))
			     __field(u32, vendor_err)
	    ),
	    TP_fast_assign(svcrdma_assign_addr(sx);
			   svc_rdma_assign_str(what, what);
			   svc_rdma_assign_str(status,
					       ib_wc_status_msg(wc->status));
			   __entry->vendor_err = wc->vendor_err;
	    ),
	    TP_printk("addr=%s %s: %s (vendor_err=0x%x)", __entry->addr,
		      __get_str(what), __get_str(status), __entry->vendor_err)
);

TRACE_EVENT(svcrdma_hdr_fault,
	    TP_PROTO(const struct svc_rdma_xprt *sx,
		     const struct svc_rdma_hdr *hdr, int status),
	    TP_ARGS(sx, hdr, status),
	    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
			     __field(u32, xid)
			     __field(u32, vers)
			     __field(u32, proc)
			     __string(fault, svc_rdma_hdr_fault_name(hdr->fault))
			     __field(int, status)
	    ),
	    TP_fast_assign(svcrdma_assign_addr(sx);
			   __entry->xid = be32_to_cpu(hdr->xid);
			   __entry->vers = hdr->vers;
			   __entry->proc = hdr->proc;
			   svc_rdma_assign_str(fault, svc_rdma_hdr_fault_name(hdr->fault));
			   __entry->status = status;
	    ),
	    TP_printk("addr=%s xid=0x%08x vers=%u proc=%u fault=%s status=%d",
		      __entry->addr, __entry->xid, __entry->vers, __entry->proc,
		      __get_str(fault), __entry->status)
);

TRACE_EVENT(svcrdma_call,
	    TP_PROTO(const struct svc_rdma_xprt *sx,
		     const struct svc_rdma_hdr *hdr),
	    TP_ARGS(sx, hdr),
	    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
			     __field(u32, xid)
			     __field(u32, proc)
			     __field(u32, credits)
			     __field(unsigned int, hdr_len)
			     __field(unsigned int, msg_len)
			     __field(unsigned int, read_chunks)
			     __field(u32, read_len)
			     __field(unsigned int, write_chunks)
			     __field(u32, reply_len)
	    ),
	    TP_fast_assign(svcrdma_assign_addr(sx);
			   __entry->xid = be32_to_cpu(hdr->xid);
			   __entry->proc = hdr->proc;
			   __entry->credits = hdr->credits;
			   __entry->hdr_len = hdr->hdr_len;
			   __entry->msg_len = hdr->msg_len;
			   __entry->read_chunks = hdr->read_chunks;
			   __entry->read_len = hdr->read_len;
			   __entry->write_chunks = hdr->write_chunks;
			   __entry->reply_len = hdr->reply.length;
	    ),
	    TP_printk("addr=%s xid=0x%08x proc=%u credits=%u hdr=%u msg=%u read_chunks=%u read_len=%u write_chunks=%u reply_len=%u",
		      __entry->addr, __entry->xid, __entry->proc, __entry->credits,
		      __entry->hdr_len, __entry->msg_len, __entry->read_chunks,
		      __entry->read_len, __entry->write_chunks, __entry->reply_len)
);

/* One step of a Call or a reply that moved @len bytes. */
DECLARE_EVENT_CLASS(svcrdma_xid_len_class,
		    TP_PROTO(const struct svc_rdma_xprt *sx, __be32 xid,
			     unsigned int len),
		    TP_ARGS(sx, xid, len),
		    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
				     __field(u32, xid)
				     __field(unsigned int, len)
		    ),
		    TP_fast_assign(svcrdma_assign_addr(sx);
				   __entry->xid = be32_to_cpu(xid);
				   __entry->len = len;
		    ),
		    TP_printk("addr=%s xid=0x%08x len=%u", __entry->addr, __entry->xid,
			      __entry->len)
);

#define DEFINE_SVCRDMA_XID_LEN_EVENT(name)				\
	DEFINE_EVENT(svcrdma_xid_len_class, svcrdma_##name,		\
		     TP_PROTO(const struct svc_rdma_xprt *sx, __be32 xid,	\
			      unsigned int len),			\
		     TP_ARGS(sx, xid, len))

DEFINE_SVCRDMA_XID_LEN_EVENT(read_chunks);
DEFINE_SVCRDMA_XID_LEN_EVENT(write_chunk);
DEFINE_SVCRDMA_XID_LEN_EVENT(reply_chunk);
DEFINE_SVCRDMA_XID_LEN_EVENT(pull_up);
DEFINE_SVCRDMA_XID_LEN_EVENT(send_inline);
DEFINE_SVCRDMA_XID_LEN_EVENT(send_err_vers);
DEFINE_SVCRDMA_XID_LEN_EVENT(send_err_chunk);
DEFINE_SVCRDMA_XID_LEN_EVENT(credit_overrun);
DEFINE_SVCRDMA_XID_LEN_EVENT(bc_call);
DEFINE_SVCRDMA_XID_LEN_EVENT(bc_reply);

TRACE_EVENT(svcrdma_sq_wait,
	    TP_PROTO(const struct svc_rdma_xprt *sx, unsigned int need,
		     unsigned int avail),
	    TP_ARGS(sx, need, avail),
	    TP_STRUCT__entry(__array(char, addr, SVCRDMA_TRACE_ADDR_LEN)
			     __field(unsigned int, need)
			     __field(unsigned int, avail)
	    ),
	    TP_fast_assign(svcrdma_assign_addr(sx);
			   __entry->need = need;
			   __entry->avail = avail;
	    ),
	    TP_printk("addr=%s need=%u avail=%u", __entry->addr, __entry->need,
		      __entry->avail)
);

#endif /* SVCRDMA_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE svc_rdma_trace
#include <trace/define_trace.h>
