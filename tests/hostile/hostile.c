// SPDX-License-Identifier: GPL-2.0-only
/*
 * hostile: an RPC-over-RDMA client that lies.
 *
 * It connects to an NFS/RDMA server the way the kernel's client does
 * (rdma_cm, an RC queue pair, RFC 8797 private data), registers memory
 * for chunks, and sends the crafted Calls of the catalogue below, one
 * connection per case.  Each row names what the server must do:
 *
 *   REPLY      answer with a well-formed RPC reply (inline)
 *   REPLYCH    answer through the Reply chunk (RDMA_NOMSG)
 *   ERR_VERS   RDMA_ERROR/ERR_VERS offering versions 1..1
 *   ERR_CHUNK  RDMA_ERROR/ERR_CHUNK
 *   DISCONNECT close the connection, with no reply
 *   SURVIVE    (storms and aborts) stay up and keep serving
 *
 * After every answered case a NULL Call on the same connection must
 * still be answered: refusing a Call may not leak its credit.  With
 * --stats FILE, the row's counter in FILE (the server's
 * /proc/fs/svcrdma/stats) must also have grown.
 *
 * usage: hostile [-s ADDR] [-p PORT] [--stats FILE] [--baseline [--all]]
 *                [--only SUBSTR] [--list] [--seeds DIR]
 *
 * --baseline runs the catalogue against a server that is not ours (the
 * in-tree one) and reports what it did without judging it; rows that
 * crash the in-tree server of 6.1 are reported as not sent, unless --all.  --seeds
 * writes each case's transport header, as it would be sent, to DIR: the
 * decoder fuzzer's seed corpus.  Exit status: 0 when every case passed.
 */
#define _GNU_SOURCE
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <netdb.h>
#include <rdma/rdma_cma.h>
#include <infiniband/verbs.h>

#define MSG_MAX		(16 * 1024)
#define SLOT_SIZE	MSG_MAX		/* each Receive and Send buffer */
#define NR_RECV		32
#define NR_SEND		8
#define DATA_SIZE	(2 * 1024 * 1024)	/* chunk memory */
#define FLOOD_CALLS	512
#define STORM_CYCLES	300
#define REPLY_MS	8000		/* TCG guests with KASAN are slow */
#define QUIET_MS	1500

#define RDMA_MSG	0
#define RDMA_NOMSG	1
#define RDMA_ERROR	4
#define ERR_VERS	1
#define ERR_CHUNK	2

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define RFC8797_MAGIC	0xf6ab0e18
#define NFS_PROGRAM	100003

enum outcome {
	O_NONE, O_REPLY, O_REPLYCH, O_ERR_VERS, O_ERR_CHUNK, O_DISCONNECT,
	O_SURVIVE, O_BADREPLY, O_TIMEOUT, O_FAILED,
};

static const char *const outcome_names[] = {
	[O_NONE] = "none", [O_REPLY] = "REPLY", [O_REPLYCH] = "REPLYCH",
	[O_ERR_VERS] = "ERR_VERS", [O_ERR_CHUNK] = "ERR_CHUNK",
	[O_DISCONNECT] = "DISCONNECT", [O_SURVIVE] = "SURVIVE",
	[O_BADREPLY] = "malformed reply", [O_TIMEOUT] = "no answer",
	[O_FAILED] = "client failure",
};

/* A message being built: big-endian XDR words and raw bytes. */
struct msg {
	unsigned char	b[MSG_MAX];
	unsigned int	len;
};

/* How a case connects: RFC 8797 private data, or something else. */
enum pdata {
	PD_GOOD, PD_NONE, PD_MAGIC, PD_VERSION, PD_SHORT, PD_LONG, PD_ZERO,
	PD_INV,		/* good, and we take Send With Invalidate */
	PD_RECV4K,	/* good, and we receive 4 KiB inline, not 1 */
};

struct conn {
	struct rdma_event_channel	*ec;
	struct rdma_cm_id		*id;
	struct ibv_pd			*pd;
	struct ibv_cq			*cq;
	struct ibv_mr			*mr;
	struct ibv_mr			*data_mr;
	unsigned char			*buf;	/* NR_RECV Receives, then Sends */
	unsigned char			*data;	/* chunk memory */
	unsigned int			rkey;	/* data's, or a fake one */
	unsigned int			rkey2;	/* a second region's, or 0 */
	unsigned long long		addr;
	unsigned int			xid;
	unsigned int			send_slot;
	bool				down;	/* the server closed it */
	/* the last answer */
	unsigned char			*reply;
	unsigned int			reply_len;
	unsigned int			credits;
	bool				reply_inv;	/* it invalidated */
	unsigned int			inv_rkey;	/* which rkey */
};

struct hcase;
typedef int (*build_fn)(struct conn *c, struct msg *m, int arg);
typedef enum outcome (*run_fn)(const struct hcase *hc, struct conn *c);

struct hcase {
	const char	*name;
	build_fn	build;
	int		arg;
	enum outcome	expect;
	const char	*counter;	/* ours that must grow, or NULL */
	run_fn		run;		/* NULL: send the built Call once */
	enum pdata	pdata;
	bool		zero_seg;	/* carries a Read segment of length 0 */
};

/*
 * A Read segment of length 0 crashes the in-tree server of 6.1: alone,
 * its svc_rdma_build_read_segment() asks sg_alloc_table_chained() for
 * no entries, which is a BUG() (lib/sg_pool.c:117); between two data
 * items, rdma_rw_ctx_init() dereferences a NULL scatterlist.  The guest
 * panics either way.  --baseline does not send those rows unless --all.
 */
static const char zero_seg_note[] =
	"a Read segment of length 0 panics the in-tree 6.1 server";

static const char *server = "192.0.2.1";
static const char *port = "20049";
static const char *stats_file;
static bool baseline;
static bool send_all;

/* ------------------------------------------------------------------ */
/* XDR */

static void put32(struct msg *m, unsigned int v)
{
	unsigned int be = htobe32(v);

	if (m->len + 4 > sizeof(m->b))
		abort();
	memcpy(m->b + m->len, &be, 4);
	m->len += 4;
}

static void put64(struct msg *m, unsigned long long v)
{
	put32(m, v >> 32);
	put32(m, v & 0xffffffffu);
}

static unsigned int get32(const unsigned char *p, unsigned int i)
{
	unsigned int be;

	memcpy(&be, p + 4 * i, 4);
	return be32toh(be);
}

static void hdr(struct msg *m, unsigned int xid, unsigned int vers,
		unsigned int credits, unsigned int proc)
{
	put32(m, xid);
	put32(m, vers);
	put32(m, credits);
	put32(m, proc);
}

static void seg(struct msg *m, unsigned int handle, unsigned int len,
		unsigned long long off)
{
	put32(m, handle);
	put32(m, len);
	put64(m, off);
}

static void read_seg(struct msg *m, unsigned int pos, unsigned int handle,
		     unsigned int len, unsigned long long off)
{
	put32(m, 1);
	put32(m, pos);
	seg(m, handle, len, off);
}

/* An RPC Call of the NFSv3 NULL procedure: ten words, 40 bytes. */
#define NULL_CALL_LEN	40
static void rpc_null(struct msg *m, unsigned int xid)
{
	put32(m, xid);
	put32(m, 0);			/* CALL */
	put32(m, 2);			/* RPC version */
	put32(m, NFS_PROGRAM);
	put32(m, 3);
	put32(m, 0);			/* NULLPROC */
	put64(m, 0);			/* AUTH_NONE credential */
	put64(m, 0);			/* AUTH_NONE verifier */
}

/*
 * An NFSv4.0 COMPOUND of @n times PUTROOTFH and GETATTR: a reply far
 * larger than the 1 KiB a client that offers no private data receives,
 * so it has to travel in a Reply chunk.
 */
static void rpc_getattrs(struct msg *m, unsigned int xid, int n)
{
	int i;

	put32(m, xid);
	put32(m, 0);
	put32(m, 2);
	put32(m, NFS_PROGRAM);
	put32(m, 4);
	put32(m, 1);			/* COMPOUND */
	put32(m, 1);			/* AUTH_SYS */
	put32(m, 20);
	put32(m, 0);			/* stamp */
	put32(m, 1);			/* machine name "h" */
	put32(m, 0x68000000);
	put32(m, 0);			/* uid */
	put32(m, 0);			/* gid */
	put32(m, 0);			/* no other gids */
	put64(m, 0);			/* AUTH_NONE verifier */
	put32(m, 0);			/* tag */
	put32(m, 0);			/* minorversion */
	put32(m, 2 * n);
	for (i = 0; i < n; i++) {
		put32(m, 24);		/* PUTROOTFH */
		put32(m, 9);		/* GETATTR */
		put32(m, 2);
		put32(m, 0x00100112);	/* type change size fsid fileid */
		put32(m, 0x0030a03a);	/* mode nlink owner group used times */
	}
}

/* ------------------------------------------------------------------ */
/* the connection */

static void note(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* Waits for the cm event @want on @c; false on any other, or a timeout. */
static bool cm_wait(struct conn *c, enum rdma_cm_event_type want, int ms)
{
	struct rdma_cm_event *ev;
	long long end = now_ms() + ms;
	enum rdma_cm_event_type got;

	for (;;) {
		if (rdma_get_cm_event(c->ec, &ev) == 0) {
			got = ev->event;
			rdma_ack_cm_event(ev);
			if (got == want)
				return true;
			if (got == RDMA_CM_EVENT_DISCONNECTED)
				c->down = true;
			note("cm: %s while waiting for %s", rdma_event_str(got),
			     rdma_event_str(want));
			return false;
		}
		if (errno != EAGAIN || now_ms() > end)
			return false;
		usleep(1000);
	}
}

static void *slot(struct conn *c, unsigned int i)
{
	return c->buf + (size_t)i * SLOT_SIZE;
}

static int post_recv(struct conn *c, unsigned int i)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)slot(c, i), .length = SLOT_SIZE,
		.lkey = c->mr->lkey,
	};
	struct ibv_recv_wr wr = { .wr_id = i, .sg_list = &sge, .num_sge = 1 };
	struct ibv_recv_wr *bad;

	return ibv_post_recv(c->id->qp, &wr, &bad);
}

static void private_data(enum pdata how, unsigned char *pd, int *len)
{
	unsigned int magic = htobe32(RFC8797_MAGIC);
	int i;

	memcpy(pd, &magic, 4);
	pd[4] = 1;		/* version */
	pd[5] = 0;		/* no Send With Invalidate */
	pd[6] = 3;		/* we send up to 4 KiB */
	pd[7] = 0;		/* we receive 1 KiB inline */
	*len = 8;
	switch (how) {
	case PD_GOOD:
		break;
	case PD_NONE:
		*len = 0;
		break;
	case PD_MAGIC:
		pd[0] ^= 0xff;
		break;
	case PD_VERSION:
		pd[4] = 2;
		break;
	case PD_SHORT:
		*len = 5;
		break;
	case PD_LONG:	/* the most a REQ may carry, random after the magic */
		for (i = 8; i < 56; i++)
			pd[i] = (unsigned char)rand();
		pd[6] = 0xff;
		pd[7] = 0xff;
		*len = 56;
		break;
	case PD_ZERO:
		memset(pd, 0, 8);
		break;
	case PD_RECV4K:
		pd[7] = 3;
		break;
	case PD_INV:
		pd[5] = 1;	/* RPCRDMA_CMP_F_SND_W_INV_OK */
		break;
	}
}

static void conn_close(struct conn *c)
{
	if (c->id && c->id->qp)
		rdma_destroy_qp(c->id);
	if (c->mr)
		ibv_dereg_mr(c->mr);
	if (c->data_mr)
		ibv_dereg_mr(c->data_mr);
	if (c->cq)
		ibv_destroy_cq(c->cq);
	if (c->pd)
		ibv_dealloc_pd(c->pd);
	if (c->id)
		rdma_destroy_id(c->id);
	if (c->ec)
		rdma_destroy_event_channel(c->ec);
	free(c->buf);
	free(c->data);
	memset(c, 0, sizeof(*c));
}

static void conn_disconnect(struct conn *c)
{
	if (!c->down && c->id && rdma_disconnect(c->id) == 0)
		cm_wait(c, RDMA_CM_EVENT_DISCONNECTED, 2000);
	conn_close(c);
}

static int conn_open(struct conn *c, enum pdata how, int nrecv)
{
	struct ibv_qp_init_attr qa = { 0 };
	struct rdma_conn_param cp = { 0 };
	struct addrinfo *ai = NULL;
	unsigned char pd[56];
	int i, pdlen, rc;

	memset(c, 0, sizeof(*c));
	c->xid = (unsigned int)rand();
	c->ec = rdma_create_event_channel();
	if (!c->ec)
		return -1;
	if (fcntl(c->ec->fd, F_SETFL, O_NONBLOCK) ||
	    rdma_create_id(c->ec, &c->id, c, RDMA_PS_TCP))
		goto fail;
	rc = getaddrinfo(server, port, NULL, &ai);
	if (rc) {
		note("getaddrinfo %s: %s", server, gai_strerror(rc));
		goto fail;
	}
	rc = rdma_resolve_addr(c->id, NULL, ai->ai_addr, 2000);
	freeaddrinfo(ai);
	if (rc || !cm_wait(c, RDMA_CM_EVENT_ADDR_RESOLVED, 5000) ||
	    rdma_resolve_route(c->id, 2000) ||
	    !cm_wait(c, RDMA_CM_EVENT_ROUTE_RESOLVED, 5000))
		goto fail;

	c->pd = ibv_alloc_pd(c->id->verbs);
	c->cq = ibv_create_cq(c->id->verbs, 4096, NULL, NULL, 0);
	c->buf = aligned_alloc(4096, (size_t)(NR_RECV + NR_SEND) * SLOT_SIZE);
	c->data = aligned_alloc(4096, DATA_SIZE);
	if (!c->pd || !c->cq || !c->buf || !c->data)
		goto fail;
	memset(c->data, 0, DATA_SIZE);
	c->mr = ibv_reg_mr(c->pd, c->buf, (size_t)(NR_RECV + NR_SEND) * SLOT_SIZE,
			   IBV_ACCESS_LOCAL_WRITE);
	c->data_mr = ibv_reg_mr(c->pd, c->data, DATA_SIZE,
				IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ |
				IBV_ACCESS_REMOTE_WRITE);
	if (!c->mr || !c->data_mr)
		goto fail;
	c->rkey = c->data_mr->rkey;
	c->addr = (uintptr_t)c->data;

	qa.send_cq = c->cq;
	qa.recv_cq = c->cq;
	qa.qp_type = IBV_QPT_RC;
	qa.cap.max_send_wr = FLOOD_CALLS + 64;
	qa.cap.max_recv_wr = NR_RECV;
	qa.cap.max_send_sge = 1;
	qa.cap.max_recv_sge = 1;
	if (rdma_create_qp(c->id, c->pd, &qa))
		goto fail;
	for (i = 0; i < nrecv; i++)
		if (post_recv(c, i))
			goto fail;

	private_data(how, pd, &pdlen);
	cp.private_data = pdlen ? pd : NULL;
	cp.private_data_len = pdlen;
	cp.initiator_depth = 16;
	cp.responder_resources = 16;
	cp.retry_count = 7;
	cp.rnr_retry_count = 7;
	if (rdma_connect(c->id, &cp) ||
	    !cm_wait(c, RDMA_CM_EVENT_ESTABLISHED, 10000))
		goto fail;
	return 0;
fail:
	note("connect to %s port %s failed (errno %d)", server, port, errno);
	conn_close(c);
	return -1;
}

/* Posts @m as one Send from the next send slot. */
static int send_msg(struct conn *c, const struct msg *m, bool signaled)
{
	unsigned int i = NR_RECV + c->send_slot++ % NR_SEND;
	struct ibv_sge sge = {
		.addr = (uintptr_t)slot(c, i), .length = m->len,
		.lkey = c->mr->lkey,
	};
	struct ibv_send_wr wr = {
		.wr_id = i, .sg_list = &sge, .num_sge = 1,
		.opcode = IBV_WR_SEND,
		.send_flags = signaled ? IBV_SEND_SIGNALED : 0,
	};
	struct ibv_send_wr *bad;

	memcpy(slot(c, i), m->b, m->len);
	return ibv_post_send(c->id->qp, &wr, &bad);
}

/*
 * Waits up to @ms for a Receive.  Returns 1 with c->reply set, 0 on a
 * timeout, -1 when the connection went down (a disconnect event, or a
 * completion in error: the QP was flushed).
 */
static int await_recv(struct conn *c, int ms)
{
	long long end = now_ms() + ms;
	struct rdma_cm_event *ev;
	struct ibv_wc wc;
	int n;

	while (!c->down) {
		n = ibv_poll_cq(c->cq, 1, &wc);
		if (n > 0) {
			if (wc.status != IBV_WC_SUCCESS) {
				c->down = true;
				break;
			}
			if (wc.opcode != IBV_WC_RECV)
				continue;	/* a Send's completion */
			c->reply = slot(c, wc.wr_id);
			c->reply_len = wc.byte_len;
			c->reply_inv = wc.wc_flags & IBV_WC_WITH_INV;
			c->inv_rkey = c->reply_inv ? wc.invalidated_rkey : 0;
			post_recv(c, wc.wr_id);
			return 1;
		}
		if (rdma_get_cm_event(c->ec, &ev) == 0) {
			if (ev->event == RDMA_CM_EVENT_DISCONNECTED)
				c->down = true;
			rdma_ack_cm_event(ev);
			continue;
		}
		if (now_ms() > end)
			return 0;
		usleep(500);
	}
	return -1;
}

/* Skips a chunk list in a reply; false if it leaves the message. */
static bool skip_list(const unsigned char *p, unsigned int words,
		      unsigned int *i, bool read_list)
{
	unsigned int n;

	while (*i < words && get32(p, (*i)++)) {
		if (read_list) {
			*i += 5;
			continue;
		}
		if (*i >= words)
			return false;
		n = get32(p, (*i)++);
		if (n > words)
			return false;
		*i += 4 * n;
	}
	return *i < words;
}

/* Classifies the answer in c->reply to the Call of @xid. */
static enum outcome classify(struct conn *c, unsigned int xid)
{
	const unsigned char *p = c->reply, *rpc;
	unsigned int words = c->reply_len / 4, i = 4, n, proc;

	if (words < 4 || get32(p, 0) != xid || get32(p, 1) != 1) {
		note("an answer that is not to our Call, or not version 1");
		return O_BADREPLY;
	}
	c->credits = get32(p, 2);
	proc = get32(p, 3);
	if (proc == RDMA_ERROR) {
		if (words < 5)
			return O_BADREPLY;
		if (get32(p, 4) == ERR_CHUNK && words == 5)
			return O_ERR_CHUNK;
		if (get32(p, 4) == ERR_VERS && words == 7) {
			if (get32(p, 5) == 1 && get32(p, 6) == 1)
				return O_ERR_VERS;
			note("ERR_VERS offers versions %u..%u", get32(p, 5),
			     get32(p, 6));
		}
		return O_BADREPLY;
	}
	if (c->credits < 1) {
		note("the reply grants no credit");
		return O_BADREPLY;
	}
	if (proc != RDMA_MSG && proc != RDMA_NOMSG)
		return O_BADREPLY;
	if (!skip_list(p, words, &i, true) || !skip_list(p, words, &i, false))
		return O_BADREPLY;
	n = get32(p, i++);	/* the Reply chunk */
	if (n) {
		if (i >= words)
			return O_BADREPLY;
		i += 1 + 4 * get32(p, i);
	}
	if (proc == RDMA_NOMSG) {
		/* the reply is in the Reply chunk: our data buffer */
		rpc = c->data;
		return n && get32(rpc, 0) == xid && get32(rpc, 1) == 1 ?
			O_REPLYCH : O_BADREPLY;
	}
	if (i + 3 > words || get32(p, i) != xid || get32(p, i + 1) != 1 ||
	    get32(p, i + 2) != 0)
		return O_BADREPLY;
	return O_REPLY;
}

/* Shows the first words of an answer we could not make sense of. */
static void note_reply(const struct conn *c)
{
	char line[160];
	unsigned int i, n = 0;

	for (i = 0; i < c->reply_len / 4 && i < 12; i++)
		n += snprintf(line + n, sizeof(line) - n, " %08x",
			      get32(c->reply, i));
	note("answer of %u bytes:%s", c->reply_len, n ? line : " (empty)");
}

/* Sends @m and waits for what the server does with it. */
static enum outcome exchange(struct conn *c, const struct msg *m,
			     unsigned int xid)
{
	int rc;

	if (send_msg(c, m, false))
		return O_FAILED;
	rc = await_recv(c, REPLY_MS);
	if (rc < 0)
		return O_DISCONNECT;
	if (rc == 0)
		return O_TIMEOUT;
	rc = classify(c, xid);
	if (rc == O_BADREPLY)
		note_reply(c);
	return rc;
}

/* A NULL Call on @c is answered. */
static bool still_serves(struct conn *c)
{
	struct msg m = { .len = 0 };
	unsigned int xid = ++c->xid;
	enum outcome o;

	hdr(&m, xid, 1, 32, RDMA_MSG);
	put32(&m, 0);
	put32(&m, 0);
	put32(&m, 0);
	rpc_null(&m, xid);
	o = exchange(c, &m, xid);
	if (o != O_REPLY)
		note("a NULL Call after the case: %s", outcome_names[o]);
	return o == O_REPLY;
}

/* ------------------------------------------------------------------ */
/* the cases' Calls: each returns the xid an answer must carry */

static void empty_lists(struct msg *m)
{
	put32(m, 0);
	put32(m, 0);
	put32(m, 0);
}

/* A valid NULL Call with rdma_vers @arg (1: a control case). */
static int b_vers(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, (unsigned int)arg, 32, RDMA_MSG);
	empty_lists(m);
	rpc_null(m, c->xid);
	return 0;
}

static int b_proc(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, 32, (unsigned int)arg);
	empty_lists(m);
	rpc_null(m, c->xid);
	return 0;
}

static int b_credits(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, arg ? 0xffffffffu : 0, RDMA_MSG);
	empty_lists(m);
	rpc_null(m, c->xid);
	return 0;
}

/* A header with every list, cut after @arg words (no RPC message). */
static const char *const trunc_fields[] = {
	"xid", "vers", "credits", "proc",
	"read list", "read position", "read handle", "read length",
	"read offset (high)", "read offset (low)", "read list end",
	"write list", "write segment count", "write handle", "write length",
	"write offset (high)", "write offset (low)", "write list end",
	"reply chunk", "reply segment count", "reply handle", "reply length",
	"reply offset (high)", "reply offset (low)",
};

#define TRUNC_WORDS	((int)ARRAY_SIZE(trunc_fields))

static int b_trunc(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	read_seg(m, NULL_CALL_LEN, c->rkey, 8, c->addr);
	put32(m, 0);
	put32(m, 1);
	put32(m, 1);
	seg(m, c->rkey, 4096, c->addr);
	put32(m, 0);
	put32(m, 1);
	put32(m, 1);
	seg(m, c->rkey, 4096, c->addr + 4096);
	if (m->len != TRUNC_WORDS * 4)
		abort();
	m->len = 4 * (unsigned int)arg;
	return 0;
}

/* A NULL Call padded past the Receive buffer (@arg bytes in all). */
static int b_long(struct conn *c, struct msg *m, int arg)
{
	b_vers(c, m, 1);
	memset(m->b + m->len, 0, (unsigned int)arg - m->len);
	m->len = (unsigned int)arg;
	return 0;
}

/* RDMA_NOMSG: the whole Call in a position-zero Read chunk. */
static int b_pzrc(struct conn *c, struct msg *m, int arg)
{
	struct msg call = { .len = 0 };

	rpc_null(&call, c->xid);
	memcpy(c->data, call.b, call.len);
	hdr(m, c->xid, 1, 32, RDMA_NOMSG);
	read_seg(m, 0, c->rkey, arg ? (unsigned int)arg : call.len, c->addr);
	put32(m, 0);
	put32(m, 0);
	put32(m, 0);
	return 0;
}

static int b_nomsg_no_pzrc(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, 32, RDMA_NOMSG);
	if (arg)	/* a Read chunk, but not at position zero */
		read_seg(m, 8, c->rkey, 8, c->addr);
	empty_lists(m);
	return 0;
}

static int b_msg_pzrc(struct conn *c, struct msg *m, int arg)
{
	(void)arg;
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	read_seg(m, 0, c->rkey, NULL_CALL_LEN, c->addr);
	put32(m, 0);
	put32(m, 0);
	put32(m, 0);
	rpc_null(m, c->xid);
	return 0;
}

/* A Write chunk of @arg segments (0, or far more than the header holds). */
static int b_write_segs(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	put32(m, 0);
	put32(m, 1);
	put32(m, (unsigned int)arg);
	if (arg == 1 || arg == 2) {
		seg(m, c->rkey, 4096, c->addr);
		if (arg == 2)
			seg(m, c->rkey, 4096, c->addr + 4096);
	}
	put32(m, 0);
	put32(m, 0);
	rpc_null(m, c->xid);
	return 0;
}

static int b_reply_segs(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	put32(m, 0);
	put32(m, 0);
	put32(m, 1);
	put32(m, (unsigned int)arg);
	rpc_null(m, c->xid);
	return 0;
}

/* Two Read segments whose lengths sum past 2^32. */
static int b_read_overflow(struct conn *c, struct msg *m, int arg)
{
	(void)arg;
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	read_seg(m, NULL_CALL_LEN, c->rkey, 0x80000000u, c->addr);
	read_seg(m, NULL_CALL_LEN, c->rkey, 0x80000004u, c->addr);
	put32(m, 0);
	put32(m, 0);
	put32(m, 0);
	rpc_null(m, c->xid);
	return 0;
}

/* A Write chunk (@arg 0) or the Reply chunk (@arg 1) summing past 2^32. */
static int b_write_overflow(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	put32(m, 0);			/* no Read list */
	if (arg)
		put32(m, 0);		/* no Write list */
	put32(m, 1);
	put32(m, 2);
	seg(m, c->rkey, 0xfffffff0u, c->addr);
	seg(m, c->rkey, 0x20u, c->addr);
	if (!arg) {
		put32(m, 0);		/* end of the Write list */
		put32(m, 0);		/* no Reply chunk */
	}
	rpc_null(m, c->xid);
	return 0;
}

/* Read positions: 0 past the end, 1 unaligned, 2 decreasing. */
static int b_read_pos(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	switch (arg) {
	case 0:
		read_seg(m, NULL_CALL_LEN + 64, c->rkey, 8, c->addr);
		break;
	case 1:
		read_seg(m, 22, c->rkey, 8, c->addr);
		break;
	default:
		read_seg(m, 32, c->rkey, 8, c->addr);
		read_seg(m, 16, c->rkey, 8, c->addr + 8);
		break;
	}
	put32(m, 0);
	put32(m, 0);
	put32(m, 0);
	rpc_null(m, c->xid);
	return 0;
}

/* A Read list of @arg MiB, in 1 MiB segments: more than a request's pages. */
static int b_read_budget(struct conn *c, struct msg *m, int arg)
{
	int i;

	hdr(m, c->xid, 1, 32, RDMA_MSG);
	for (i = 0; i < arg; i++)
		read_seg(m, NULL_CALL_LEN, c->rkey, 1 << 20, c->addr);
	put32(m, 0);
	put32(m, 0);
	put32(m, 0);
	rpc_null(m, c->xid);
	return 0;
}

/* One Write chunk (@arg 0) or the Reply chunk (@arg 1) of 64 MiB. */
static int b_too_long(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	put32(m, 0);
	if (!arg) {
		put32(m, 1);
		put32(m, 1);
		seg(m, c->rkey, 64 << 20, c->addr);
		put32(m, 0);
		put32(m, 0);
	} else {
		put32(m, 0);
		put32(m, 1);
		put32(m, 1);
		seg(m, c->rkey, 64 << 20, c->addr);
	}
	rpc_null(m, c->xid);
	return 0;
}

/* @arg Write chunks of one 4 KiB segment each. */
static int b_write_chunks(struct conn *c, struct msg *m, int arg)
{
	int i;

	hdr(m, c->xid, 1, 32, RDMA_MSG);
	put32(m, 0);
	for (i = 0; i < arg; i++) {
		put32(m, 1);
		put32(m, 1);
		seg(m, c->rkey, 4096, c->addr + 4096ULL * i);
	}
	put32(m, 0);
	put32(m, 0);
	rpc_null(m, c->xid);
	return 0;
}

/*
 * Write chunks of @arg segments in all, eight to a chunk (the most
 * chunks we take), the last one holding what is left: the decoder keeps
 * at most 64 segments of a Call.  Each segment is 64 bytes of its own.
 */
static int b_write_seg_bound(struct conn *c, struct msg *m, int arg)
{
	int i, k, n;

	hdr(m, c->xid, 1, 32, RDMA_MSG);
	put32(m, 0);
	for (i = 0; i < arg; i += n) {
		n = arg - i > 8 ? 8 : arg - i;
		put32(m, 1);
		put32(m, (unsigned int)n);
		for (k = 0; k < n; k++)
			seg(m, c->rkey, 64, c->addr + 64ULL * (i + k));
	}
	put32(m, 0);
	put32(m, 0);
	rpc_null(m, c->xid);
	return 0;
}

/* One Write chunk of @arg segments, each 64 bytes of its own. */
static int b_write_chunk_segs(struct conn *c, struct msg *m, int arg)
{
	int i;

	hdr(m, c->xid, 1, 32, RDMA_MSG);
	put32(m, 0);
	put32(m, 1);
	put32(m, (unsigned int)arg);
	for (i = 0; i < arg; i++)
		seg(m, c->rkey, 64, c->addr + 64ULL * i);
	put32(m, 0);
	put32(m, 0);
	rpc_null(m, c->xid);
	return 0;
}

/*
 * @arg data items of 8 bytes after a NULL Call, each its own Read chunk,
 * with a word of inline bytes after each: chunk k is at 40 + 12k in the
 * rebuilt stream (RFC 8166, section 3.5.3), at 40 + 4k inline.
 */
static int b_read_chunks(struct conn *c, struct msg *m, int arg)
{
	int i;

	hdr(m, c->xid, 1, 32, RDMA_MSG);
	for (i = 0; i < arg; i++)
		read_seg(m, NULL_CALL_LEN + 12 * i, c->rkey, 8,
			 c->addr + 64ULL * i);
	empty_lists(m);
	rpc_null(m, c->xid);
	memset(m->b + m->len, 0, 4 * (unsigned int)arg);
	m->len += 4 * (unsigned int)arg;
	return 0;
}

/*
 * A large-reply COMPOUND with a Reply chunk of @arg bytes at the start
 * of the data buffer; rkey variants are applied by the runners.
 */
static int b_reply_chunk(struct conn *c, struct msg *m, int arg)
{
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	put32(m, 0);
	put32(m, 0);
	put32(m, 1);
	put32(m, 1);
	seg(m, c->rkey, (unsigned int)arg, c->addr);
	rpc_getattrs(m, c->xid, 12);
	return 0;
}

/* An RDMA_MSG of @len bytes of a NULL Call: too short to be an RPC Call. */
static int b_short(struct conn *c, struct msg *m, int arg)
{
	struct msg call = { .len = 0 };

	hdr(m, c->xid, 1, 32, RDMA_MSG);
	empty_lists(m);
	rpc_null(&call, c->xid);
	memcpy(m->b + m->len, call.b, (unsigned int)arg);
	m->len += (unsigned int)arg;
	return 0;
}

/* RDMA_NOMSG whose position-zero chunk is the first @arg bytes of a NULL. */
static int b_pz_len(struct conn *c, struct msg *m, int arg)
{
	struct msg call = { .len = 0 };

	rpc_null(&call, c->xid);
	memcpy(c->data, call.b, call.len);
	hdr(m, c->xid, 1, 32, RDMA_NOMSG);
	read_seg(m, 0, c->rkey, (unsigned int)arg, c->addr);
	empty_lists(m);
	return 0;
}

/*
 * Data items in Read chunks around a NULL Call, with positions as RFC
 * 8166 (section 3.5.3) counts them: offsets in the rebuilt XDR stream,
 * the data of earlier chunks, rounded up to a whole word, included.
 * NULL takes no arguments, so a well-formed layout is answered whatever
 * it holds; the layout itself is checked by the KUnit suite.
 */
static const struct {
	unsigned int	extra;		/* inline bytes after the NULL Call */
	unsigned int	n;
	unsigned int	pos[3];
	unsigned int	len[3];
} items[] = {
	/* 0: one segment of no bytes at the end of the Call */
	{ 0, 1, { NULL_CALL_LEN }, { 0 } },
	/* 1: two items back to back: the second after the first's data */
	{ 0, 2, { NULL_CALL_LEN, NULL_CALL_LEN + 4096 }, { 4096, 100 } },
	/* 2: three items of odd sizes, four inline bytes around each */
	{ 12, 3, { NULL_CALL_LEN, NULL_CALL_LEN + 12, NULL_CALL_LEN + 24 },
	  { 5, 7, 1 } },
	/* 3: the second item inside the first one's data */
	{ 0, 2, { NULL_CALL_LEN, NULL_CALL_LEN + 8 }, { 100, 8 } },
	/* 4: an item at position 4: the Call's head is one word */
	{ 0, 1, { 4 }, { 8 } },
	/* 5: a chunk whose segments are all empty, between two items */
	{ 8, 3, { NULL_CALL_LEN, NULL_CALL_LEN + 12, NULL_CALL_LEN + 16 },
	  { 8, 0, 4 } },
};

static int b_items(struct conn *c, struct msg *m, int arg)
{
	unsigned int i, n = items[arg].n, off = 0;

	hdr(m, c->xid, 1, 32, RDMA_MSG);
	for (i = 0; i < n; i++) {
		read_seg(m, items[arg].pos[i], c->rkey, items[arg].len[i],
			 c->addr + off);
		off += 8192;
	}
	empty_lists(m);
	rpc_null(m, c->xid);
	memset(m->b + m->len, 0, items[arg].extra);
	m->len += items[arg].extra;
	return 0;
}

/* Two Write chunks with different rkeys: nothing we may invalidate. */
static int b_two_rkeys(struct conn *c, struct msg *m, int arg)
{
	(void)arg;
	hdr(m, c->xid, 1, 32, RDMA_MSG);
	put32(m, 0);
	put32(m, 1);
	put32(m, 1);
	seg(m, c->rkey, 4096, c->addr);
	put32(m, 1);
	put32(m, 1);
	seg(m, c->rkey2, 4096, c->addr + DATA_SIZE / 2);
	put32(m, 0);
	put32(m, 0);
	rpc_null(m, c->xid);
	return 0;
}

/* ------------------------------------------------------------------ */
/* runners */

static enum outcome run_once(const struct hcase *hc, struct conn *c)
{
	struct msg m = { .len = 0 };
	enum outcome o;

	hc->build(c, &m, hc->arg);
	o = exchange(c, &m, c->xid);
	if (o == O_REPLY && hc->build == b_credits &&
	    (c->credits < 1 || c->credits > 4096)) {
		note("granted %u credits", c->credits);
		return O_BADREPLY;
	}
	return o;
}

/*
 * Send With Invalidate offered, and a Call naming two regions: the reply
 * must not invalidate either (RFC 8797 lets the server invalidate a
 * handle only when the client can tell which).
 */
static enum outcome run_two_rkeys(const struct hcase *hc, struct conn *c)
{
	struct ibv_mr *mr;
	enum outcome o;

	mr = ibv_reg_mr(c->pd, c->data + DATA_SIZE / 2, DATA_SIZE / 2,
			IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ |
			IBV_ACCESS_REMOTE_WRITE);
	if (!mr)
		return O_FAILED;
	c->rkey2 = mr->rkey;
	o = run_once(hc, c);
	if (o == O_REPLY && c->reply_inv) {
		note("the reply invalidated rkey 0x%x", c->inv_rkey);
		o = O_BADREPLY;
	}
	if (o == O_DISCONNECT || c->down)
		note("an rkey of ours was invalidated (rxe fails that)");
	conn_disconnect(c);
	ibv_dereg_mr(mr);
	return o == O_REPLY ? O_SURVIVE : o;
}

/*
 * Fills every Receive of the connection with a 4 KiB Call whose tail is
 * a NULL Call's words over and over, then sends a Call of 5 bytes:
 * whatever the server reads past those 5 bytes is stale, and plausible.
 */
static enum outcome run_brim(const struct hcase *hc, struct conn *c)
{
	struct msg m = { .len = 0 }, call = { .len = 0 };
	unsigned int i;
	enum outcome o;

	rpc_null(&call, 0);
	for (i = 0; i < 300; i++) {
		m.len = 0;
		b_vers(c, &m, 1);
		while (m.len + call.len <= 4096) {
			memcpy(m.b + m.len, call.b, call.len);
			m.len += call.len;
		}
		o = exchange(c, &m, c->xid);
		if (o != O_REPLY) {
			note("filling Call %u: %s", i, outcome_names[o]);
			return O_FAILED;
		}
		c->xid++;
	}
	m.len = 0;
	hc->build(c, &m, hc->arg);
	return exchange(c, &m, c->xid);
}

/* Uses an rkey that does not exist, then one that did but was revoked. */
static enum outcome run_bad_rkey(const struct hcase *hc, struct conn *c)
{
	struct msg m = { .len = 0 };
	struct ibv_mr *mr;

	if (hc->arg == 0) {
		c->rkey ^= 0x00ffff00;
	} else {
		mr = ibv_reg_mr(c->pd, c->data, DATA_SIZE,
				IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ |
				IBV_ACCESS_REMOTE_WRITE);
		if (!mr)
			return O_FAILED;
		c->rkey = mr->rkey;
		ibv_dereg_mr(mr);
	}
	hc->build(c, &m, hc->build == b_pzrc ? 0 : 8192);
	return exchange(c, &m, c->xid);
}

/*
 * Sends far more Calls than the grant without waiting for answers.  Each
 * carries its Call in a 64 KiB position-zero Read chunk, so that the
 * server cannot answer them as fast as they arrive.
 */
static enum outcome run_flood(const struct hcase *hc, struct conn *c)
{
	struct msg m = { .len = 0 };
	struct ibv_qp_init_attr init;
	struct ibv_qp_attr qa;
	int i, rc, answers = 0;

	(void)hc;
	b_pzrc(c, &m, 64 << 10);
	for (i = 0; i < FLOOD_CALLS; i++)
		if (send_msg(c, &m, false))
			break;
	/* drain answers until the server closes, or falls silent */
	while ((rc = await_recv(c, 15000)) > 0)
		answers++;
	ibv_query_qp(c->id->qp, &qa, IBV_QP_STATE, &init);
	note("posted %d Calls at once; %d answers, then %s (QP state %d)", i,
	     answers, rc < 0 ? "disconnected" : "silence", qa.qp_state);
	return rc < 0 ? O_DISCONNECT : O_TIMEOUT;
}

/* A large Read chunk, and the client gone before the Read can finish. */
static enum outcome run_abort_read(const struct hcase *hc, struct conn *c)
{
	struct msg m = { .len = 0 };
	struct ibv_wc wc;
	long long end = now_ms() + 2000;
	struct conn fresh;
	bool ok;

	hc->build(c, &m, hc->arg);
	if (send_msg(c, &m, true))
		return O_FAILED;
	/* the Send is delivered once it completes: go now */
	while (ibv_poll_cq(c->cq, 1, &wc) == 0 && now_ms() < end)
		;
	rdma_disconnect(c->id);
	conn_close(c);
	if (conn_open(&fresh, PD_GOOD, 4))
		return O_FAILED;
	ok = still_serves(&fresh);
	conn_disconnect(&fresh);
	return ok ? O_SURVIVE : O_FAILED;
}

/* Connects and disconnects STORM_CYCLES times; every tenth does a Call. */
static enum outcome run_storm(const struct hcase *hc, struct conn *c)
{
	struct conn s;
	int i;

	(void)hc;
	conn_disconnect(c);
	for (i = 0; i < STORM_CYCLES; i++) {
		if (conn_open(&s, i % 3 ? PD_GOOD : PD_NONE, 4))
			return O_FAILED;
		if (i % 10 == 0 && !still_serves(&s)) {
			conn_close(&s);
			return O_FAILED;
		}
		if (i % 2)
			conn_disconnect(&s);
		else
			conn_close(&s);	/* gone without a DREQ */
	}
	if (conn_open(&s, PD_GOOD, 4))
		return O_FAILED;
	i = still_serves(&s);
	conn_disconnect(&s);
	return i ? O_SURVIVE : O_FAILED;
}

/* ------------------------------------------------------------------ */
/* the catalogue */

/* cut inside the fixed words: no xid to answer */
#define TRUNC_FIXED(k)	{ "header cut before its ", b_trunc, k, O_DISCONNECT, \
			  "hdr_drops" }
#define TRUNC(k)	{ "header cut before its ", b_trunc, k, O_ERR_CHUNK, \
			  "err_chunk" }

static const struct hcase catalogue[] = {
	/* controls: a well-formed client is served */
	{ "NULL Call, inline", b_vers, 1, O_REPLY, "recvs" },
	{ "NULL Call in a position-zero Read chunk", b_pzrc, 0, O_REPLY,
	  "pz_chunks" },
	{ "large reply through the Reply chunk", b_reply_chunk, 65536,
	  O_REPLYCH, "reply_chunks" },
	{ "two Write chunks, unused by the reply", b_write_chunks, 2, O_REPLY,
	  "recvs" },
	{ "eight Write chunks (the most we take)", b_write_chunks, 8, O_REPLY,
	  "recvs" },
	{ "Write chunks of 64 segments in all", b_write_seg_bound, 64,
	  O_REPLY, "recvs", NULL, PD_RECV4K },
	{ "eight Read chunks (the most we take)", b_read_chunks, 8, O_REPLY,
	  "read_chunks" },

	/* version and message type */
	{ "rdma_vers 0", b_vers, 0, O_ERR_VERS, "err_vers" },
	{ "rdma_vers 2", b_vers, 2, O_ERR_VERS, "err_vers" },
	{ "rdma_vers 0xffffffff", b_vers, -1, O_ERR_VERS, "err_vers" },
	{ "RDMA_MSGP (deprecated)", b_proc, 2, O_ERR_CHUNK, "err_chunk" },
	{ "RDMA_DONE (deprecated)", b_proc, 3, O_ERR_CHUNK, "err_chunk" },
	{ "RDMA_ERROR from a requester", b_proc, 4, O_ERR_CHUNK, "err_chunk" },
	{ "rdma_proc 5 (unknown)", b_proc, 5, O_ERR_CHUNK, "err_chunk" },
	{ "rdma_proc 0xffffffff", b_proc, -1, O_ERR_CHUNK, "err_chunk" },

	/* credits asked for: any request is served, the grant is sane */
	{ "rdma_credit 0", b_credits, 0, O_REPLY, "recvs" },
	{ "rdma_credit 0xffffffff", b_credits, 1, O_REPLY, "recvs" },

	/* truncation at every field of a header with all three lists */
	TRUNC_FIXED(0), TRUNC_FIXED(1), TRUNC_FIXED(2), TRUNC_FIXED(3),
	TRUNC(4), TRUNC(5),
	TRUNC(6), TRUNC(7), TRUNC(8), TRUNC(9), TRUNC(10), TRUNC(11),
	TRUNC(12), TRUNC(13), TRUNC(14), TRUNC(15), TRUNC(16), TRUNC(17),
	TRUNC(18), TRUNC(19), TRUNC(20), TRUNC(21), TRUNC(22), TRUNC(23),
	{ "whole header, no RPC message", b_trunc, TRUNC_WORDS, O_ERR_CHUNK,
	  "err_chunk" },

	/* sizes */
	{ "Send of 4100 bytes (past 4096-byte Receives)", b_long, 4100,
	  O_DISCONNECT, "recv_errors" },
	{ "Send of 16 KiB", b_long, 16384, O_DISCONNECT, "recv_errors" },

	/* position-zero chunks */
	{ "RDMA_NOMSG without a Read chunk", b_nomsg_no_pzrc, 0, O_ERR_CHUNK,
	  "err_chunk" },
	{ "RDMA_NOMSG, Read chunk not at position zero", b_nomsg_no_pzrc, 1,
	  O_ERR_CHUNK, "err_chunk" },
	{ "RDMA_MSG with a position-zero Read chunk", b_msg_pzrc, 0,
	  O_ERR_CHUNK, "err_chunk" },

	/* segment counts and lengths */
	{ "Write chunk of 0 segments", b_write_segs, 0, O_ERR_CHUNK,
	  "err_chunk" },
	{ "Write chunk claiming 2^32-1 segments", b_write_segs, -1,
	  O_ERR_CHUNK, "err_chunk" },
	{ "Write chunk claiming 2^28 segments", b_write_segs, 1 << 28,
	  O_ERR_CHUNK, "err_chunk" },
	{ "Reply chunk of 0 segments", b_reply_segs, 0, O_ERR_CHUNK,
	  "err_chunk" },
	{ "Reply chunk claiming 2^30 segments", b_reply_segs, 1 << 30,
	  O_ERR_CHUNK, "err_chunk" },
	{ "Read segments summing past 2^32", b_read_overflow, 0, O_ERR_CHUNK,
	  "err_chunk" },
	{ "Write segments summing past 2^32", b_write_overflow, 0,
	  O_ERR_CHUNK, "err_chunk" },
	{ "Reply segments summing past 2^32", b_write_overflow, 1,
	  O_ERR_CHUNK, "err_chunk" },

	/* Read positions and budget */
	{ "Read position past the end of the Call", b_read_pos, 0,
	  O_ERR_CHUNK, "err_chunk" },
	{ "Read position not XDR-aligned", b_read_pos, 1, O_ERR_CHUNK,
	  "err_chunk" },
	{ "Read positions decreasing", b_read_pos, 2, O_ERR_CHUNK,
	  "err_chunk" },
	{ "Read list of 4 MiB (past the page budget)", b_read_budget, 4,
	  O_ERR_CHUNK, "err_chunk" },
	{ "position-zero chunk of 4 MiB", b_pzrc, 4 << 20, O_ERR_CHUNK,
	  "err_chunk" },

	/* Write and Reply chunks */
	{ "Write chunk of 64 MiB (past the largest payload)", b_too_long, 0,
	  O_ERR_CHUNK, "err_chunk" },
	{ "Reply chunk of 64 MiB (past the largest reply)", b_too_long, 1,
	  O_ERR_CHUNK, "err_chunk" },
	{ "nine Write chunks (more than we take)", b_write_chunks, 9,
	  O_ERR_CHUNK, "err_chunk" },
	{ "Write chunk of 65 segments (past the segment bound)",
	  b_write_chunk_segs, 65, O_ERR_CHUNK, "err_chunk" },
	/* returning 64 segments takes a 1116-byte header: past 1 KiB inline */
	{ "Write chunks of 64 segments, 1 KiB inline replies", b_write_seg_bound,
	  64, O_ERR_CHUNK, "err_chunk" },
	{ "nine Read chunks (more than we take)", b_read_chunks, 9,
	  O_ERR_CHUNK, "err_chunk" },
	{ "Reply chunk too small for the reply", b_reply_chunk, 256,
	  O_ERR_CHUNK, "err_chunk" },

	/* Read segments of no bytes: nothing to read, nothing to wait for */
	{ "Read segment of length 0 after a NULL Call", b_items, 0, O_REPLY,
	  "read_chunks", .zero_seg = true },
	{ "empty Read chunk between two data items", b_items, 5, O_REPLY,
	  "read_chunks", .zero_seg = true },
	{ "position-zero Read chunk of length 0", b_pz_len, 0, O_ERR_CHUNK,
	  "err_chunk", .zero_seg = true },

	/* a Call too short for an RPC header never reaches sunrpc */
	{ "inline Call of 1 byte", b_short, 1, O_ERR_CHUNK, "err_chunk" },
	{ "inline Call of 23 bytes", b_short, 23, O_ERR_CHUNK, "err_chunk" },
	{ "inline Call of 36 bytes", b_short, 36, O_ERR_CHUNK, "err_chunk" },
	{ "inline Call of 5 bytes in a Receive filled to the brim", b_short,
	  5, O_ERR_CHUNK, "err_chunk", run_brim },
	{ "data-item Read chunk at position 4", b_items, 4, O_ERR_CHUNK,
	  "err_chunk" },
	{ "position-zero Read chunk of 4 bytes", b_pz_len, 4, O_ERR_CHUNK,
	  "err_chunk" },

	/* positions count the rebuilt stream, chunk data included */
	{ "two data items back to back", b_items, 1, O_REPLY, "read_chunks" },
	{ "three data items, inline bytes between and after", b_items, 2,
	  O_REPLY, "read_chunks" },
	{ "a data item inside the previous one's data", b_items, 3,
	  O_ERR_CHUNK, "err_chunk" },

	/* Send With Invalidate only of a handle the client can expect */
	{ "Send With Invalidate offered, Write chunks of two rkeys",
	  b_two_rkeys, 0, O_SURVIVE, "inline_replies", run_two_rkeys, PD_INV },

	/* remote memory that is not there */
	{ "Read chunk with an invalid rkey", b_pzrc, 0, O_DISCONNECT,
	  "read_errors", run_bad_rkey },
	{ "Read chunk with a revoked rkey", b_pzrc, 1, O_DISCONNECT,
	  "read_errors", run_bad_rkey },
	{ "Reply chunk with an invalid rkey", b_reply_chunk, 0, O_DISCONNECT,
	  "send_errors", run_bad_rkey },
	{ "Reply chunk with a revoked rkey", b_reply_chunk, 1, O_DISCONNECT,
	  "send_errors", run_bad_rkey },

	/* misbehaving connections */
	{ "512 Calls at once, past the grant", NULL, 0, O_DISCONNECT,
	  "credit_overruns", run_flood, PD_GOOD },
	{ "disconnect during a 512 KiB Read pull", b_pzrc, 512 << 10,
	  O_SURVIVE, "disconnects", run_abort_read, PD_GOOD },
	{ "300 connects and disconnects", NULL, 0, O_SURVIVE, "connects",
	  run_storm, PD_GOOD },

	/* connection private data: ignored when not ours (RFC 8797) */
	{ "no private data", b_vers, 1, O_REPLY, "connects", NULL, PD_NONE },
	{ "private data with a wrong magic", b_vers, 1, O_REPLY, "connects",
	  NULL, PD_MAGIC },
	{ "private data of version 2", b_vers, 1, O_REPLY, "connects", NULL,
	  PD_VERSION },
	{ "private data of 5 bytes", b_vers, 1, O_REPLY, "connects", NULL,
	  PD_SHORT },
	{ "56 bytes of private data, sizes 0xff", b_vers, 1, O_REPLY,
	  "connects", NULL, PD_LONG },
	{ "private data of zeroes", b_vers, 1, O_REPLY, "connects", NULL,
	  PD_ZERO },
};

#define NR_CASES	((int)ARRAY_SIZE(catalogue))

static void case_name(const struct hcase *hc, char *name, size_t len)
{
	if (hc->build == b_trunc && hc->arg < TRUNC_WORDS)
		snprintf(name, len, "%s%s (%d bytes)", hc->name,
			 trunc_fields[hc->arg], 4 * hc->arg);
	else
		snprintf(name, len, "%s", hc->name);
}

/* ------------------------------------------------------------------ */

static long stat_read(const char *name)
{
	char key[64];
	long val;
	FILE *f;

	if (!stats_file)
		return 0;
	f = fopen(stats_file, "r");
	if (!f)
		return -1;
	while (fscanf(f, "%63s %ld", key, &val) == 2) {
		if (!strcmp(key, name)) {
			fclose(f);
			return val;
		}
	}
	fclose(f);
	return -1;
}

static bool run_case(int n, const struct hcase *hc)
{
	long before = hc->counter ? stat_read(hc->counter) : 0, after;
	enum outcome got;
	struct conn c;
	char name[160];
	bool ok, serves = true;

	case_name(hc, name, sizeof(name));
	if (baseline && hc->zero_seg && !send_all) {
		printf("# baseline %d - %s: not sent (%s; --all sends it)\n", n,
		       name, zero_seg_note);
		return true;
	}
	if (conn_open(&c, hc->pdata, NR_RECV)) {
		printf("not ok %d - %s: cannot connect\n", n, name);
		return false;
	}
	got = (hc->run ? hc->run : run_once)(hc, &c);
	if (got != O_DISCONNECT && got != O_SURVIVE && got != O_FAILED &&
	    c.id && !c.down)
		serves = still_serves(&c);
	if (c.id)
		conn_disconnect(&c);

	if (baseline) {
		printf("# baseline %d - %s: %s%s (ours: %s)\n", n, name,
		       outcome_names[got], serves ? "" : ", then stopped serving",
		       outcome_names[hc->expect]);
		fflush(stdout);
		return true;
	}
	ok = got == hc->expect && serves;
	if (ok && stats_file && hc->counter) {
		/* counters move when the server gets to it: give it time */
		long long end = now_ms() + 10000;

		while ((after = stat_read(hc->counter)) <= before &&
		       now_ms() < end)
			usleep(20000);
		if (after <= before) {
			note("counter %s did not move (%ld)", hc->counter,
			     before);
			ok = false;
		}
	}
	printf("%s %d - %s: %s%s\n", ok ? "ok" : "not ok", n, name,
	       outcome_names[got], serves ? "" : ", then stopped serving");
	if (got != hc->expect)
		note("expected %s", outcome_names[hc->expect]);
	fflush(stdout);
	return ok;
}

/* Writes each case's transport header as a file in @dir. */
static int dump_seeds(const char *dir)
{
	struct conn c = { .rkey = 0x1234, .addr = 0x7f0000001000ULL,
			  .xid = 0x11223344 };
	struct msg m;
	char path[4096];
	FILE *f;
	int i, n = 0;

	c.data = calloc(1, DATA_SIZE);
	if (!c.data)
		return 1;
	mkdir(dir, 0755);
	for (i = 0; i < NR_CASES; i++) {
		if (!catalogue[i].build)
			continue;
		m.len = 0;
		catalogue[i].build(&c, &m, catalogue[i].arg);
		snprintf(path, sizeof(path), "%s/hostile-%02d", dir, i);
		f = fopen(path, "w");
		if (!f || fwrite(m.b, 1, m.len, f) != m.len) {
			perror(path);
			return 1;
		}
		fclose(f);
		n++;
	}
	free(c.data);
	note("%d seeds in %s", n, dir);
	return 0;
}

int main(int argc, char **argv)
{
	const char *only = NULL, *seeds = NULL;
	bool list = false;
	char name[160];
	int i, n = 0, failed = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-s") && i + 1 < argc) {
			server = argv[++i];
		} else if (!strcmp(argv[i], "-p") && i + 1 < argc) {
			port = argv[++i];
		} else if (!strcmp(argv[i], "--stats") && i + 1 < argc) {
			stats_file = argv[++i];
		} else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
			only = argv[++i];
		} else if (!strcmp(argv[i], "--baseline")) {
			baseline = true;
		} else if (!strcmp(argv[i], "--all")) {
			send_all = true;
		} else if (!strcmp(argv[i], "--seeds") && i + 1 < argc) {
			seeds = argv[++i];
		} else if (!strcmp(argv[i], "--list")) {
			list = true;
		} else {
			fprintf(stderr, "usage: see the top of hostile.c\n");
			return 2;
		}
	}
	if (seeds)
		return dump_seeds(seeds);
	for (i = 0; list && i < NR_CASES; i++) {
		case_name(&catalogue[i], name, sizeof(name));
		printf("%-60s %s\n", name, outcome_names[catalogue[i].expect]);
	}
	if (list)
		return 0;
	srand((unsigned int)time(NULL));
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 0; i < NR_CASES; i++) {
		case_name(&catalogue[i], name, sizeof(name));
		if (only && !strstr(name, only))
			continue;
		n++;
		if (!run_case(n, &catalogue[i]))
			failed++;
	}
	note("%d cases, %d failed", n, failed);
	return failed ? 1 : 0;
}
