/* Double-dummy search for whist play: ordinary (trumps / no-trump) and nullo.
 *
 * One search serves both: it always answers "can North-South take at least
 * `target` of the tricks still to be completed?". At ordinary play North-South
 * maximise their tricks; at nullo (Royalton, docs/spec.md §2.2.5) every side tries to
 * lose tricks, so North-South minimise theirs and East-West maximise them.
 *
 * DDS's techniques: hands as 4 x 16-bit suit lanes in a uint64; zero-window
 * searches (a bool per target) driven by a bound search; a transposition
 * table at trick boundaries keyed by relative ranks (who holds the 1st, 2nd,
 * ... remaining card of each suit); quick-trick cut-offs (sure winners at
 * ordinary play, sure forced winners at nullo); equivalent cards generated
 * once; move ordering by the goal of the player to move.
 *
 * Cards in the Python API are suit*13 + rank-2 (clubs 0 .. spades 3); here a
 * card is suit*16 + rank-2 so a suit is a 16-bit lane.
 */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
/* every x86-64 processor since 2008 counts bits in one instruction: the
 * search counts bits at every node */
#pragma GCC target("popcnt")
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <pthread.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef uint64_t u64;
typedef uint32_t u32;

#define LANE(h, s) ((u32)(((h) >> (16 * (s))) & 0x1FFFu))
#define BIT(c) ((u64)1 << (c))

static inline int hibit32(u32 x) { return 31 - __builtin_clz(x); }
static inline int popc32(u32 x) { return __builtin_popcount(x); }

/* ---- transposition table (partition search) ------------------------------
 *
 * Entries are stored at trick boundaries. A search also returns the cards whose
 * ranks decided its result (DDS's "winning ranks"); an entry then holds, per
 * suit, only the owners of the remaining cards from the top down to the lowest
 * such card, plus every hand's length in every suit. It answers for every
 * position that agrees on those: the small cards below are interchangeable.
 *
 * As in DDS, the entries of one suit-length pattern and leader are kept
 * together (a chain from a hash of the pattern), so an entry is found whatever
 * number of top cards it keeps; each entry carries a lower and an upper bound.
 * A chain is a list of buckets of three entries, two cache lines a bucket:
 * a probe's time goes mostly in waiting for entries from memory, and the
 * entries of a bucket come together.
 */

typedef struct {
    u64 lens;   /* 4 bits per hand per suit */
    /* owner planes of the kept cards (see Key) and the mask of the kept
     * cards: per suit, the top k remaining cards as compressed ranks */
    u64 p1, p2, m;
    uint8_t leader, lo, hi, best; /* North-South take at least lo, at most hi */
} Entry;

#define BUCKET 3
typedef struct {
    u32 next; /* the next (older) bucket of the chain, 0 at the end */
    u32 n;
    Entry e[BUCKET]; /* e[n - 1] the newest */
} Bucket;

typedef struct {
    u32 gen, first;
} Head;

_Static_assert(sizeof(Bucket) == 128, "a bucket is two cache lines");

/* The exact-position cache in front of the chains: one cache line a slot,
 * direct-mapped by the whole position. A position is probed again and again
 * (transpositions, the driver's later targets, the other leads of a table),
 * and a scan of its chains costs a dozen or more reads from memory. A slot
 * keeps the best lower and upper bounds the chains gave for its position,
 * each with the cards its entry keeps (so it answers as that entry would),
 * and how far the chains were scanned: a probe that the slot cannot answer
 * scans only the entries stored since (a position searched at one target
 * and probed at the next scans a few entries, not a hundred). */
typedef struct {
    u64 lens, p1, p2;
    u64 mlo, mhi; /* the kept cards of the entries that gave lo and hi */
    /* the entry last stored for this very position (its place in the pool,
     * 0 none; bucket 0 holds no entries) and the head of its chain */
    u32 own, own_head;
    /* mark: every entry in the chains' buckets numbered below it has been
     * seen (0: none yet); a bucket's number is its place in the pool, and
     * a chain runs from its newest bucket to its oldest */
    u32 gen, mark;
    uint8_t leader, lo, hi, best; /* hi 255: no upper bound yet */
    u32 lock; /* taken while a parallel search reads or writes the slot */
} Hot;

_Static_assert(sizeof(Hot) <= 64, "a slot is one cache line");

/* Under a parallel search (several threads, one table) a chain and a slot
 * are read and written under their own spin lock, so no thread sees an entry
 * half written (a slot's lock is in its cache line: it costs little more
 * than the read itself). A slot's lock is taken before its chains'
 * (never two chains at once), so no two threads wait on each other. One
 * thread takes no lock. */
static int smp_on = 0;

static inline void cpu_relax(void) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause();
#endif
}

static inline void spin_lock(u32 *l) {
    if (!smp_on) return;
    while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(l, __ATOMIC_RELAXED)) cpu_relax();
}

static inline void spin_unlock(u32 *l) {
    if (smp_on) __atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

#define HOT_BITS 20
#define HOT_SIZE ((size_t)1 << HOT_BITS)

#define HEAD_BITS 20
#define HEAD_SIZE ((size_t)1 << HEAD_BITS)
#define POOL_SIZE ((size_t)3 << 21) /* buckets: 18.9M entries, 768 MB, touched only as used */
/* the buckets used before the table starts afresh: POOL_SIZE, less in tests
 * (_par_options) to make the table fill */
static u32 pool_cap = (u32)POOL_SIZE;
/* entries looked at per probe, newest first: DDS also scans a bounded list */
#define CHAIN_MAX 256
/* a hit further down its chain than this moves to the front */
#define MOVE_TO_FRONT 4
/* chains by the owners of the top cards, to this depth (see make_key) */
#define TOP_LEVELS 2
/* matching entries a probe remembers for the store after it */
#define CANDS 4

static Bucket *pool = NULL;
static Head *heads = NULL;
/* a chain's lock, taken while a parallel search reads or writes it: apart
 * from the heads, whose cache lines a single thread then need not share */
static u32 *chain_locks = NULL;
static u32 pool_used = 1; /* bucket 0 is the end of every chain */
static u32 entries_used = 0; /* for _stats(); counted atomically */
static u32 tt_gen = 0;
static Hot *hot = NULL;
/* The cache is used at nullo only. Measured on whole deals, machine quiet:
 * nullo 12.3 -> 8.5 s (three deals of seed 1) and 45.8 -> 40.0 s (four of
 * seed 2); at ordinary play its answers, which skip the chains' move to the
 * front, cost 6% more nodes and 14% more time (eight deals of seed 2). */
static int hot_on = 1;
static int opt_tt = 1;
/* Reuse entries for positions differing only in small cards (partition search). */
static int opt_partition = 1;
/* Nullo cut-offs at trick starts (tests compare them against the plain search). */
static int opt_nullo_cuts = 1;

/* counters for _stats(), one set a thread, added up when a call ends */
typedef struct {
    long probes, hits, scanned, hot;
    long nodes[4], cut[4], first[4], all[4], waste[4], left[14], wl[14];
} Stats;

struct Shared;

typedef struct {
    u64 hand[4];
    int trump;   /* 0..3, or -1 at no-trump and nullo */
    int nullo;
    int leader;  /* seat leading the trick in progress */
    int nplayed; /* cards already played to it */
    int trick[4];
    int left;    /* tricks not yet complete, the one in progress included */
    long nodes;
    double deadline; /* CLOCK_MONOTONIC seconds; 0: none */
    /* every search unwinds, storing nothing: 1 the deadline passed, 2 a
     * signal handler raised (its exception is set) */
    int aborted;
    PyThreadState *unlocked; /* saved while the search runs without the GIL */
    int main;                /* called in the main thread: see signalled() */
    Stats st;
    Hot scratch;       /* the slot of a probe when the cache is off */
    struct Shared *sh; /* a parallel search's common state, or NULL */
    int root;          /* the target this thread's search started from */
    u32 jitter;        /* 0, or a seed that varies this thread's move order */
    /* by tricks left and seat: the last nullo lead that made a cut-off was a
     * cash (the side on lead took the trick on purpose), see order_moves */
    uint8_t cashed[14][4];
} S;

/* A position at a trick start by relative ranks: per suit lane, bit i stands
 * for the i-th lowest remaining card; p1 has the bits of East's and West's
 * cards, p2 of South's and West's, so (p1, p2) names every card's owner. */
typedef struct {
    u64 lens, p1, p2;
    /* tops[d]: the places of the top d cards of every suit left (all its
     * cards if fewer), d = 1 .. TOP_LEVELS */
    u64 tops[TOP_LEVELS + 1];
    u32 all[4];
    u32 h[TOP_LEVELS + 1]; /* h[0]: the chain of the pattern; h[d]: see make_key */
    u32 exact;             /* the slot of the whole position in the hot cache */
    /* What a probe that found no answer saw, so that the store after the
     * search need not scan the chains again: the entries that match the
     * position (one of them may be the entry to merge into), the first
     * CANDS of them; ncand -1 when no probe was made. */
    int ncand;
    long epoch; /* the table's clears when they were seen */
    Entry *cand[CANDS];
    u32 cand_head[CANDS]; /* the head of each one's chain */
} Key;

static int have_bmi2 = 0;

__attribute__((target("bmi2"))) static u32 compress_bmi2(u32 x, u32 m) {
    return __builtin_ia32_pext_si(x, m);
}

/* the bits of x at the places of m's bits, packed to the bottom */
static inline u32 compress(u32 x, u32 m) {
#if defined(__GNUC__) && defined(__x86_64__)
    if (have_bmi2) return compress_bmi2(x, m);
#endif
    u32 out = 0;
    for (u32 bit = 1; m; m &= m - 1, bit <<= 1)
        if (x & m & -m) out |= bit;
    return out;
}

__attribute__((target("bmi2"))) static u32 run_starts_bmi2(u32 mine, u32 all) {
    u32 c = __builtin_ia32_pext_si(mine, all);
    return __builtin_ia32_pdep_si(c & ~(c << 1), all);
}

/* The lowest card of each run of `mine` among the remaining cards `all` of a
 * suit: the cards of a run are equivalent, so only these need be tried. */
static inline u32 run_starts(u32 mine, u32 all) {
#if defined(__GNUC__) && defined(__x86_64__)
    if (have_bmi2) return run_starts_bmi2(mine, all);
#endif
    u32 out = 0;
    for (u32 hs = mine; hs; hs &= hs - 1) {
        int r = __builtin_ctz(hs);
        u32 below = all & ((1u << r) - 1);
        if (!below || !(mine >> hibit32(below) & 1)) out |= 1u << r;
    }
    return out;
}

static inline int beats(int c, int w, int trump) {
    /* does c beat the current winning card w? */
    int cs = c >> 4, ws = w >> 4;
    if (cs == ws) return c > w;
    return cs == trump;
}

/* The place in the trick (0 for the lead) of the card winning the first n
 * cards played to it. */
static inline int winning_place(const S *s, int n) {
    int w = s->trick[0], wi = 0;
    for (int i = 1; i < n; i++)
        if (beats(s->trick[i], w, s->trump)) { w = s->trick[i]; wi = i; }
    return wi;
}

static void make_key(const S *s, Key *k) {
    u64 lens = 0, p1 = 0, p2 = 0;
    for (int su = 0; su < 4; su++) {
        u32 h0 = LANE(s->hand[0], su), h1 = LANE(s->hand[1], su), h2 = LANE(s->hand[2], su),
            h3 = LANE(s->hand[3], su);
        lens |= (u64)popc32(h0) << (16 * su) | (u64)popc32(h1) << (16 * su + 4) |
                (u64)popc32(h2) << (16 * su + 8) | (u64)popc32(h3) << (16 * su + 12);
        u32 all = h0 | h1 | h2 | h3;
        k->all[su] = all;
        p1 |= (u64)compress(h1 | h3, all) << (16 * su);
        p2 |= (u64)compress(h2 | h3, all) << (16 * su);
    }
    k->lens = lens;
    k->p1 = p1;
    k->p2 = p2;
    /* the chain holds one pattern of lengths (and leader): partition entries
     * of that pattern are found whatever top cards they keep */
    u64 x = (lens ^ ((u64)s->leader << 62)) * 0x9E3779B97F4A7C15ull;
    if (!opt_partition) x ^= (p1 * 0xC2B2AE3D27D4EB4Full) ^ (p2 * 0x165667B19E3779F9ull);
    x ^= x >> 29;
    k->h[0] = (u32)(x >> 32);
    u64 z = x ^ (p1 * 0xC2B2AE3D27D4EB4Full) ^ (p2 * 0x165667B19E3779F9ull);
    z ^= z >> 33;
    z *= 0xFF51AFD7ED558CCDull;
    k->exact = (u32)(z >> (64 - HOT_BITS));
    /* most entries keep at least the top card of every suit: they have chains
     * of their own, one for each owner of those cards, so a probe scans
     * fewer; deeper, the same by the top two cards */
    k->tops[0] = 0;
    for (int d = 1; d <= TOP_LEVELS; d++) {
        u64 tops = 0;
        for (int su = 0; su < 4; su++) {
            int n = popc32(k->all[su]);
            int t = n < d ? n : d;
            tops |= (u64)(((1u << n) - 1) & ~((1u << (n - t)) - 1)) << (16 * su);
        }
        k->tops[d] = tops;
        u64 y = x ^ (((p1 & tops) * 0xC2B2AE3D27D4EB4Full) + (p2 & tops) + (u64)d) *
                        0x165667B19E3779F9ull;
        y ^= y >> 31;
        k->h[d] = (u32)(y >> 32);
    }
}

static inline Head *head_of(u32 h) { return &heads[h & (HEAD_SIZE - 1)]; }

/* The top `k` remaining cards of a suit lane, as a mask. */
static inline u32 top_cards(u32 all, int n, int k) {
    for (int i = 0; i < n - k; i++) all &= all - 1;
    return all;
}

static inline int matches(const Entry *e, const Key *k, int leader) {
    return e->lens == k->lens && e->leader == leader &&
           !(((k->p1 ^ e->p1) | (k->p2 ^ e->p2)) & e->m);
}

/* the cards an entry keeps, in this position */
static inline u64 entry_rel(const Entry *e, const Key *k) {
    u64 r = 0;
    for (int su = 0; su < 4; su++) {
        int kk = popc32(LANE(e->m, su));
        if (kk) r |= (u64)top_cards(k->all[su], popc32(k->all[su]), kk) << (16 * su);
    }
    return r;
}

static long tt_clears = 0;
static Stats totals;

static void add_stats(const Stats *a) {
    long *t = (long *)&totals;
    const long *x = (const long *)a;
    for (size_t i = 0; i < sizeof(Stats) / sizeof(long); i++) t[i] += x[i];
}

/* The slot of k's position, taken over (emptied) if it held another; its
 * lock is taken (release_slot gives it back). */
static inline Hot *hot_claim(S *s, const Key *k, int leader) {
    /* without the cache: a slot that knows nothing */
    Hot *o = hot_on ? &hot[k->exact] : &s->scratch;
    if (hot_on) spin_lock(&o->lock);
    if (hot_on && o->gen == tt_gen && o->lens == k->lens && o->p1 == k->p1 && o->p2 == k->p2 &&
        o->leader == leader)
        return o;
    o->lens = k->lens;
    o->p1 = k->p1;
    o->p2 = k->p2;
    o->gen = tt_gen;
    o->leader = (uint8_t)leader;
    o->lo = 0;
    o->hi = 255;
    o->mlo = o->mhi = 0;
    o->best = 255;
    o->own = 0;
    o->mark = 0;
    return o;
}

static inline void release_slot(Hot *o) {
    if (hot_on) spin_unlock(&o->lock);
}

static inline Entry *entry_at(u32 i) { return &pool[i / BUCKET].e[i % BUCKET]; }

static inline u32 place_of(const Entry *e) {
    size_t off = (size_t)((const char *)e - (const char *)pool);
    return (u32)(off / sizeof(Bucket) * BUCKET + (off % sizeof(Bucket) - 8) / sizeof(Entry));
}

static inline int same_entry(const Entry *e, const Key *k, int leader, u64 m, u64 p1, u64 p2) {
    return e->lens == k->lens && e->leader == leader && e->m == m && e->p1 == p1 && e->p2 == p2;
}

/* Merge entry e's bounds into the slot o of the position it matches. */
static inline void hot_merge(Hot *o, const Entry *e) {
    if (e->lo > o->lo) { o->lo = e->lo; o->mlo = e->m; }
    if (e->hi < o->hi) { o->hi = e->hi; o->mhi = e->m; }
    if (e->best != 255) o->best = e->best;
}

/* The bound of the first entry of chain h that settles `target` (see
 * search()), else -1; *best gets a move hint. Buckets numbered below `mark`
 * were seen by an earlier probe of this position: the scan stops after the
 * first of them (the chain's newest bucket then, which may have taken
 * entries since). Entries that match but do not settle are merged into the
 * slot o and remembered in k->cand for the store after the search. */
static int scan_chain(S *s, Head *h, Key *k, Hot *o, u32 mark, int leader, int target, u64 *rel,
                      int *best) {
    spin_lock(&chain_locks[h - heads]);
    if (h->gen != tt_gen) { spin_unlock(&chain_locks[h - heads]); return -1; }
    u32 hidx = (u32)(h - heads);
    int seen = 0;
    for (u32 b = h->first; b && seen < CHAIN_MAX; b = pool[b].next) {
        Bucket *bk = &pool[b];
        /* the next bucket is on its way while this one is read */
        if (b >= mark) __builtin_prefetch(&pool[bk->next]);
        for (int j = (int)bk->n - 1; j >= 0; j--, seen++) {
            Entry *e = &bk->e[j];
            if (!matches(e, k, leader)) continue;
            int v = e->lo >= target ? e->lo : e->hi < target ? e->hi : -1;
            if (v < 0) {
                if (e->best != 255 && *best < 0) *best = e->best;
                hot_merge(o, e);
                if (k->ncand < CANDS) {
                    k->cand_head[k->ncand] = hidx;
                    k->cand[k->ncand++] = e;
                }
                continue;
            }
            *rel = entry_rel(e, k);
            s->st.hits++;
            s->st.scanned += seen;
            hot_merge(o, e);
            if (seen > MOVE_TO_FRONT) {
                /* an entry that answers tends to answer again: found deep
                 * in a long chain, it changes places with the newest */
                Bucket *front = &pool[h->first];
                Entry t = *e;
                *e = front->e[front->n - 1];
                front->e[front->n - 1] = t;
            }
            spin_unlock(&chain_locks[h - heads]);
            return v;
        }
        if (b < mark) break;
    }
    spin_unlock(&chain_locks[h - heads]);
    s->st.scanned += seen;
    return -1;
}

static int tt_probe(S *s, Key *k, int leader, int target, u64 *rel, int *best) {
    k->ncand = -1;
    if (!opt_tt) return -1;
    s->st.probes++;
    Hot *o = hot_claim(s, k, leader);
    if (o->lo >= target || o->hi < target) {
        Entry e;
        e.m = o->lo >= target ? o->mlo : o->mhi;
        *rel = entry_rel(&e, k);
        s->st.hot++;
        s->st.hits++;
        int v = o->lo >= target ? o->lo : o->hi;
        release_slot(o);
        return v;
    }
    u32 mark = o->mark, now = __atomic_load_n(&pool_used, __ATOMIC_RELAXED);
    k->ncand = 0;
    k->epoch = tt_clears;
    for (int d = opt_partition ? TOP_LEVELS : 0; d >= 0; d--) {
        int v = scan_chain(s, head_of(k->h[d]), k, o, mark, leader, target, rel, best);
        if (v >= 0) { release_slot(o); return v; }
    }
    /* every entry of the chains has now been seen (those beyond CHAIN_MAX
     * are never seen) */
    o->mark = now;
    /* the move hint of the entries an incremental scan passed over */
    if (*best < 0 && o->best != 255) *best = o->best;
    release_slot(o);
    return -1;
}

static void tt_clear(void) {
    tt_gen++;
    if (tt_gen == 0) {
        memset(heads, 0, HEAD_SIZE * sizeof(Head));
        if (hot) memset(hot, 0, HOT_SIZE * sizeof(Hot));
        tt_gen = 1;
    }
    pool_used = 1;
    entries_used = 0;
}

static void request_clear(S *s);

/* North-South take at least lo and at most hi tricks (of s->left) */
static void tt_store(S *s, Key *k, int leader, int lo, int hi, u64 rel, int best) {
    if (!opt_tt) return;
    u64 m = 0;
    for (int su = 0; su < 4; su++) {
        u32 all = k->all[su], r = LANE(rel, su) & all;
        int n = popc32(all);
        /* keep the top cards down to the lowest deciding one */
        int kk = !opt_partition ? n : r ? popc32(all >> __builtin_ctz(r)) : 0;
        m |= (u64)(((1u << n) - 1) & ~((1u << (n - kk)) - 1)) << (16 * su);
    }
    u64 p1 = k->p1 & m, p2 = k->p2 & m;
    int d = opt_partition ? TOP_LEVELS : 0;
    while (d > 0 && (m & k->tops[d]) != k->tops[d]) d--;
    Head *h = head_of(k->h[d]);
    u32 hidx = (u32)(h - heads);
    Hot *o = hot_claim(s, k, leader);
    spin_lock(&chain_locks[h - heads]);
    if (h->gen != tt_gen) { h->gen = tt_gen; h->first = 0; }
    Entry *e = NULL;
    /* an entry is read only under its own chain's lock: the slot's entry and
     * the probe's are looked at only if they were found in this chain */
    if (o->own && o->own_head == hidx && same_entry(entry_at(o->own), k, leader, m, p1, p2)) {
        e = entry_at(o->own); /* this position's entry, stored by an earlier search */
    } else if (k->ncand >= 0 && k->epoch == tt_clears) {
        /* the probe saw the entries that match (since the slot's mark): an
         * entry of the same cards kept is among them, if it is still where
         * it was; one the probe did not see is only duplicated */
        for (int i = 0; i < k->ncand && !e; i++)
            if (k->cand_head[i] == hidx && same_entry(k->cand[i], k, leader, m, p1, p2))
                e = k->cand[i];
    } else {
        int seen = 0;
        for (u32 b = h->first; b && seen < CHAIN_MAX && !e; b = pool[b].next)
            for (int j = (int)pool[b].n - 1; j >= 0; j--, seen++)
                if (same_entry(&pool[b].e[j], k, leader, m, p1, p2)) { e = &pool[b].e[j]; break; }
    }
    if (e) {
        if (lo > e->lo) e->lo = (uint8_t)lo;
        if (hi < e->hi) e->hi = (uint8_t)hi;
        if (best != 255) e->best = (uint8_t)best;
    } else {
        if (!h->first || pool[h->first].n == BUCKET) {
            u32 b;
            if (smp_on) {
                b = __atomic_fetch_add(&pool_used, 1, __ATOMIC_RELAXED);
                if (b >= pool_cap) {
                    /* full: this entry is not stored; every thread waits
                     * at its next node, and the table starts afresh once
                     * none is reading it (park) */
                    spin_unlock(&chain_locks[h - heads]);
                    release_slot(o);
                    request_clear(s);
                    return;
                }
            } else {
                if (pool_used >= pool_cap) {
                    /* full: start afresh (DDS does the same); the table is only a cache */
                    tt_clears++;
                    tt_clear();
                    h->gen = tt_gen;
                    h->first = 0;
                    o = hot_claim(s, k, leader);
                }
                b = pool_used++;
            }
            pool[b].next = h->first;
            pool[b].n = 0;
            h->first = b;
        }
        Bucket *front = &pool[h->first];
        e = &front->e[front->n++];
        if (smp_on) __atomic_fetch_add(&entries_used, 1, __ATOMIC_RELAXED);
        else entries_used++;
        e->lens = k->lens;
        e->leader = (uint8_t)leader;
        e->lo = (uint8_t)lo;
        e->hi = (uint8_t)hi;
        e->best = (uint8_t)best;
        e->p1 = p1;
        e->p2 = p2;
        e->m = m;
    }
    hot_merge(o, e);
    spin_unlock(&chain_locks[h - heads]);
    o->own = place_of(e);
    o->own_head = hidx;
    release_slot(o);
}

/* ---- quick tricks ---------------------------------------------------------- */

/* Ordinary play: tricks hand L surely cashes from the top, one after the
 * other, keeping the lead. Counts only cards above every other remaining card
 * of the suit; a plain suit counts no more rounds than an adversary holding
 * trumps can follow. `per` gets the count of each suit. */
static int cashes(const S *s, int L, u64 *rel, int per[4]) {
    int P = (L + 2) & 3, O1 = (L + 1) & 3, O2 = (L + 3) & 3;
    int q = 0;
    int o1t = s->trump >= 0 && LANE(s->hand[O1], s->trump);
    int o2t = s->trump >= 0 && LANE(s->hand[O2], s->trump);
    for (int su = 0; su < 4; su++) {
        per[su] = 0;
        u32 ls = LANE(s->hand[L], su);
        if (!ls) continue;
        u32 others = LANE(s->hand[P], su) | LANE(s->hand[O1], su) | LANE(s->hand[O2], su);
        int w;
        if (!others) w = popc32(ls);
        else w = popc32(ls >> (hibit32(others) + 1));
        if (!w) continue;
        if (su != s->trump) {
            if (o1t) { int n = popc32(LANE(s->hand[O1], su)); if (n < w) w = n; }
            if (o2t) { int n = popc32(LANE(s->hand[O2], su)); if (n < w) w = n; }
        }
        /* the counted cards are the suit's top w: their ranks decide */
        u32 top = ls | others;
        *rel |= (u64)top_cards(top, popc32(top), w) << (16 * su);
        per[su] = w;
        q += w;
    }
    return q;
}

/* The top cards of the suits of `per`, enough of them to make `need` tricks
 * (`first` counted first, -1 for none): only these ranks decide a cut-off. */
static int cashed_rel(const S *s, const int per[4], int first, int need, u64 *rel) {
    int q = 0;
    for (int pass = 0; pass < 2 && q < need; pass++)
        for (int su = 0; su < 4 && q < need; su++) {
            if (!per[su] || (pass == 0) != (su == first)) continue;
            u32 top = LANE(s->hand[0], su) | LANE(s->hand[1], su) | LANE(s->hand[2], su) |
                      LANE(s->hand[3], su);
            *rel |= (u64)top_cards(top, popc32(top), per[su]) << (16 * su);
            q += per[su];
        }
    return q;
}

/* Tricks the side on lead surely takes one after the other, if `need` or
 * more: the leader's own winners; or, with a suit `e` in which partner holds
 * a winner and the leader a card to lead to it, the leader's winners in the
 * other suits (no more rounds than partner can follow, so that partner keeps
 * his own) and then partner's, reached by the lead in `e`. */
static int quick_winners(const S *s, int need, u64 *rel) {
    int L = s->leader, P = (L + 2) & 3;
    int per[4], pper[4], both[4];
    u64 r = 0;
    int q = cashes(s, L, &r, per);
    if (q >= need) return cashed_rel(s, per, -1, need, rel);
    int qp = cashes(s, P, &r, pper);
    if (!qp) return 0;
    int led = 0; /* the leader's rounds partner can follow */
    for (int su = 0; su < 4; su++) {
        int f = popc32(LANE(s->hand[P], su));
        both[su] = per[su] < f ? per[su] : f;
        led += both[su];
    }
    for (int e = 0; e < 4; e++) {
        if (!pper[e] || !LANE(s->hand[L], e)) continue;
        /* per[e] is 0: partner's winner is above the leader's cards */
        if (led + qp < need) return 0;
        for (int su = 0; su < 4; su++) both[su] += pper[su];
        return cashed_rel(s, both, e, need, rel);
    }
    return 0;
}

/* Trumps of one side (0: North-South) above every trump of the other: each
 * wins the trick it falls to unless partner's master falls to the same one,
 * so the side takes at least as many tricks as one hand holds of them.
 * Returns that number if `need` or more, else 0. */
static int trump_masters(const S *s, int side, int need, u64 *rel) {
    int t = s->trump;
    u32 mine = LANE(s->hand[side], t) | LANE(s->hand[side + 2], t);
    u32 theirs = LANE(s->hand[side ^ 1], t) | LANE(s->hand[(side ^ 1) + 2], t);
    u32 masters = theirs ? mine >> (hibit32(theirs) + 1) << (hibit32(theirs) + 1) : mine;
    if (!masters) return 0;
    u32 a = masters & LANE(s->hand[side], t), b = masters & LANE(s->hand[side + 2], t);
    u32 h = popc32(a) >= popc32(b) ? a : b;
    if (popc32(h) < need) return 0;
    /* the hand's top `need` masters, and everything above them */
    u32 cut = top_cards(h, popc32(h), need);
    *rel |= (u64)(masters >> __builtin_ctz(cut) << __builtin_ctz(cut)) << (16 * t);
    return need;
}

/* Nullo: a side whose every card is above every card the other side holds in
 * its suit, on lead, wins every trick left (it leads a winner and keeps the
 * lead); a side whose every card is below, whose leader holds a suit the other
 * side holds, loses every trick (it leads under them, and they then keep the lead).
 * Returns the North-South tricks when one of these settles the position, else
 * -1; *rel gets the cards of the dominating side in the suits both hold. */
static int nullo_settled(const S *s, u64 *rel) {
    int L = s->leader;
    u64 x = s->hand[L] | s->hand[(L + 2) & 3], y = s->hand[(L + 1) & 3] | s->hand[(L + 3) & 3];
    int top = 1, bottom = 1, shared = 0;
    u64 xr = 0, yr = 0;
    for (int su = 0; su < 4 && (top || bottom); su++) {
        u32 xs = LANE(x, su), ys = LANE(y, su);
        if (!xs || !ys) continue;
        if (LANE(s->hand[L], su)) shared = 1;
        if (__builtin_ctz(xs) < hibit32(ys)) top = 0;
        if (hibit32(xs) > __builtin_ctz(ys)) bottom = 0;
        xr |= (u64)xs << (16 * su);
        yr |= (u64)ys << (16 * su);
    }
    int ns_leads = (L & 1) == 0;
    if (top) { *rel = xr; return ns_leads ? s->left : 0; }
    /* the leader alone: every card of his above all the others' of its suit */
    u64 lr = 0, others = (x ^ s->hand[L]) | y;
    int master = 1;
    for (int su = 0; su < 4 && master; su++) {
        u32 ls = LANE(s->hand[L], su), os = LANE(others, su);
        if (!ls || !os) continue;
        if (__builtin_ctz(ls) < hibit32(os)) master = 0;
        lr |= (u64)ls << (16 * su);
    }
    if (master) { *rel = lr; return ns_leads ? s->left : 0; }
    if (bottom && shared) { *rel = yr; return ns_leads ? 0 : s->left; }
    return -1;
}

/* ---- move generation and ordering --------------------------------------- */

typedef struct {
    int card;
    int score;
    int cash; /* at a nullo lead: the adversaries can duck it (our side takes the trick) */
} Move;

/* The cards that part runs of equivalent cards: every card still held, and
 * of the trick in progress its winning card only. A card of the trick that is
 * not winning it is gone once the trick is over, and the cards still to come
 * meet it only through the winner: two cards of one hand with nothing between
 * them but such cards win or lose this trick alike, and are adjacent after
 * it: the 5 and the 7 under a 6 already beaten are one choice, not two. */
static inline u64 run_space(const S *s) {
    u64 all = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    if (s->nplayed) all |= BIT(s->trick[winning_place(s, s->nplayed)]);
    return all;
}

/* Representatives of the mover's legal cards: the lowest of each run of cards
 * adjacent among the cards of run_space(). */
static int gen_moves(const S *s, int turn, Move *mv) {
    u64 h = s->hand[turn];
    u64 all = run_space(s);
    if (s->nplayed) {
        int led = s->trick[0] >> 4;
        u64 f = h & ((u64)0x1FFF << (16 * led));
        if (f) h = f;
    }
    int n = 0;
    for (int su = 0; su < 4; su++) {
        u32 hs = LANE(h, su);
        if (!hs) continue;
        for (u32 reps = run_starts(hs, LANE(all, su)); reps; reps &= reps - 1) {
            int r = __builtin_ctz(reps);
            mv[n].card = su * 16 + r;
            mv[n].score = 0;
            mv[n].cash = 0;
            n++;
        }
    }
    return n;
}

/* `slack`: at a lead, the tricks the side on lead may still take and reach
 * its goal (nullo) */
static void order_moves(const S *s, int turn, Move *mv, int n, int best, int slack) {
    int me = turn & 1;
    int nullo = s->nullo, trump = s->trump;
    if (s->nplayed == 0) {
        int P = (turn + 2) & 3, O1 = (turn + 1) & 3, O2 = (turn + 3) & 3;
        for (int i = 0; i < n; i++) {
            int c = mv[i].card, su = c >> 4, r = c & 15;
            u32 opp = LANE(s->hand[O1], su) | LANE(s->hand[O2], su);
            u32 par = LANE(s->hand[P], su);
            u32 above = ~((2u << r) - 1) & 0x1FFF;
            int sc;
            if (!nullo) {
                if (!(opp & above) && !(par & above)) {
                    sc = 60 + r; /* a winner */
                    if (trump >= 0 && su != trump &&
                        ((!LANE(s->hand[O1], su) && LANE(s->hand[O1], trump)) ||
                         (!LANE(s->hand[O2], su) && LANE(s->hand[O2], trump))))
                        sc = 5;
                } else if (par && hibit32(par) > (opp ? hibit32(opp) : -1)) {
                    sc = 40 - r; /* to partner's winner */
                } else {
                    sc = 20 - r - (su == trump ? 8 : 0);
                }
            } else {
                /* lead under everything the adversaries hold: they must win */
                u32 below = (1u << r) - 1;
                u32 o1 = LANE(s->hand[O1], su), o2 = LANE(s->hand[O2], su);
                /* the lowest card an adversary is sure to play to this suit */
                int f = -1;
                if (o1) f = __builtin_ctz(o1);
                if (o2 && __builtin_ctz(o2) > f) f = __builtin_ctz(o2);
                if (r < f && (!par || __builtin_ctz(par) < f))
                    sc = 60 + r; /* surely lost: shed the highest such card */
                else if (r < f)
                    sc = 45 + r;
                else if (!opp)
                    sc = 10 - r; /* our side surely wins it */
                else if (slack > 0 && (!o1 || (o1 & below)) && (!o2 || (o2 & below))) {
                    /* the adversaries can duck: our side takes the trick,
                     * which it can afford. Cashing a high card while the
                     * side can afford it, and keeping the lead, is often what
                     * makes the goal; as often an exit is. Which one made
                     * the last cut-off here (tricks left, seat) decides:
                     * cashes first then, the highest card of the shortest
                     * suit first */
                    mv[i].cash = 1;
                    if (s->cashed[s->left][turn])
                        sc = 70 + r - 3 * popc32(LANE(s->hand[turn], su));
                    else
                        sc = 30 - r - 2 * popc32(opp & below);
                } else
                    sc = 30 - r - 2 * popc32(opp & below);
            }
            mv[i].score = sc;
        }
    } else {
        int wi = winning_place(s, s->nplayed), w = s->trick[wi];
        int wseat = (s->leader + wi) & 3;
        int partner_wins = (wseat & 1) == me;
        int last = s->nplayed == 3;
        int led = s->trick[0] >> 4;
        for (int i = 0; i < n; i++) {
            int c = mv[i].card, su = c >> 4, r = c & 15;
            int win = beats(c, w, trump);
            int ours = win || partner_wins;
            int sc;
            if (!nullo) {
                if (partner_wins) sc = last ? 50 - r : (win ? 10 - r : 40 - r);
                else if (win) sc = 60 - r - (su != led ? 0 : 0);
                else sc = 30 - r - (su == trump ? 10 : 0);
            } else {
                if (!ours) sc = 60 + r; /* duck with the highest card that still loses */
                else if (!win) sc = 50 + r; /* under partner's card: shed a high one */
                else if (last) sc = 40 + r;
                else {
                    /* winning for now: the adversary next to play takes the
                     * trick if every card he holds of the suit is above */
                    u32 nx = LANE(s->hand[(turn + 1) & 3], led);
                    if (nx && __builtin_ctz(nx) > r) sc = 58 + r;
                    else sc = 30 - r;
                }
            }
            mv[i].score = sc;
        }
    }
    if (s->jitter)
        /* a second thread on the same search: a little noise in the order
         * makes it prove its cut-offs by other cards than the first thread,
         * and the table shares what each finds */
        for (int i = 0; i < n; i++) {
            u32 x = (s->jitter * 0x9E3779B1u) ^ ((u32)mv[i].card * 0x85EBCA6Bu) ^
                    ((u32)s->left * 0xC2B2AE35u);
            x ^= x >> 15;
            x *= 0x2C1B3C6Du;
            mv[i].score += (int)((x >> 28) & 7);
        }
    if (best >= 0)
        for (int i = 0; i < n; i++)
            if (mv[i].card == best) mv[i].score += 1000;
    for (int i = 1; i < n; i++) {
        Move m = mv[i];
        int j = i - 1;
        while (j >= 0 && mv[j].score < m.score) { mv[j + 1] = mv[j]; j--; }
        mv[j + 1] = m;
    }
}

/* ---- the search ----------------------------------------------------------- */

static int trick_winner_seat(const S *s) { return (s->leader + winning_place(s, 4)) & 3; }

/* Relative rank of card c from the top of its suit among the remaining cards. */
static int rel_of(const S *s, int c) {
    int su = c >> 4, r = c & 15;
    u32 all = LANE(s->hand[0], su) | LANE(s->hand[1], su) | LANE(s->hand[2], su) |
              LANE(s->hand[3], su);
    return su * 16 + popc32(all >> (r + 1));
}

static int card_of_rel(const S *s, int turn, int rel) {
    int su = rel >> 4, k = rel & 15;
    u32 all = LANE(s->hand[0], su) | LANE(s->hand[1], su) | LANE(s->hand[2], su) |
              LANE(s->hand[3], su);
    while (all) {
        int r = hibit32(all);
        if (k == 0) return (LANE(s->hand[turn], su) >> r & 1) ? su * 16 + r : -1;
        all ^= 1u << r;
        k--;
    }
    return -1;
}

static int search(S *s, int target, u64 *rel);

/* ---- every core ---------------------------------------------------------- *
 *
 * One solve on several threads sharing the one table. Each thread runs the
 * driver's loop: it takes a target in the window still open (North-South
 * take more than lo and at most hi), searches it, and narrows the window by
 * the bound found. The targets are taken around the likeliest value, so that
 * two threads prove its two sides at once ("at least v" and "not v + 1");
 * a thread with no target of its own searches one another thread is on,
 * ordering its moves a little differently (lazy SMP), and whichever
 * finishes first answers. A search whose target has left the window stops.
 */
typedef struct Shared {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int lo, hi;     /* the window: North-South take more than lo... at most hi */
    int last;       /* the last bound found (a bound()'s answer) */
    int center;     /* the likeliest value: targets are taken around it */
    int busy[15];   /* threads searching each target */
    int stop;       /* 1 the deadline passed, 2 a signal handler raised */
    int want_clear; /* the pool is full: every thread parks, then it is cleared */
    int parked, active;
    unsigned round; /* clears so far, for the parked threads to wake */
} Shared;

static int n_threads = 1;    /* threads a solve uses (set_threads) */
static int opt_spread = 2;   /* targets a thread looks at before sharing one */
/* fewer tricks left than this: one thread (a small search costs less than
 * starting threads) */
static int par_min_left = 8;

/* Has this thread's search lost its purpose: another thread finished, the
 * solve stopped, or the table must be cleared? */
static int abandoned(S *s) {
    Shared *sh = s->sh;
    if (__atomic_load_n(&sh->stop, __ATOMIC_RELAXED)) return 1;
    int lo = __atomic_load_n(&sh->lo, __ATOMIC_RELAXED);
    int hi = __atomic_load_n(&sh->hi, __ATOMIC_RELAXED);
    return !(lo < s->root && s->root <= hi);
}

static void request_clear(S *s) {
    if (s->sh) __atomic_store_n(&s->sh->want_clear, 1, __ATOMIC_RELAXED);
}

/* with the mutex held and every thread still running parked */
static void clear_now(Shared *sh) {
    tt_clears++;
    tt_clear();
    __atomic_store_n(&sh->want_clear, 0, __ATOMIC_RELAXED);
    sh->parked = 0;
    sh->round++;
    pthread_cond_broadcast(&sh->cv);
}

/* The target for a thread: of the first opt_spread targets in the window
 * from the center outwards (c, c + 1, c - 1, c + 2, ...), the one fewest
 * threads search, the nearest on a tie. */
static int pick_target(Shared *sh) {
    int lo = sh->lo, hi = sh->hi, c = sh->center;
    if (c <= lo) c = lo + 1;
    if (c > hi) c = hi;
    int bestt = c, seen = 0;
    for (int d = 0; seen < opt_spread && d <= 14; d++) {
        int ts[2] = {c + d, c - d};
        for (int j = 0; j < (d ? 2 : 1) && seen < opt_spread; j++) {
            int t = ts[j];
            if (t <= lo || t > hi) continue;
            seen++;
            if (sh->busy[t] < sh->busy[bestt]) bestt = t;
        }
    }
    return bestt;
}

/* The pool is full: this thread waits, holding no lock, until every thread
 * does, and the last clears the table; the searches then go on, as a single
 * thread's does after a clear. */
static void park_locked(Shared *sh) {
    while (sh->want_clear) {
        sh->parked++;
        if (sh->parked == sh->active) clear_now(sh);
        else {
            unsigned r = sh->round;
            while (sh->round == r) pthread_cond_wait(&sh->cv, &sh->mu);
        }
    }
}

static void park(Shared *sh) {
    pthread_mutex_lock(&sh->mu);
    park_locked(sh);
    pthread_mutex_unlock(&sh->mu);
}

static void drive(S *s, int id) {
    Shared *sh = s->sh;
    pthread_mutex_lock(&sh->mu);
    for (;;) {
        park_locked(sh);
        if (sh->stop || sh->lo >= sh->hi) break;
        int t = pick_target(sh);
        s->jitter = sh->busy[t] ? (u32)id : 0;
        sh->busy[t]++;
        pthread_mutex_unlock(&sh->mu);
        s->root = t;
        s->aborted = 0;
        u64 rel;
        int v = search(s, t, &rel);
        pthread_mutex_lock(&sh->mu);
        sh->busy[t]--;
        if (s->aborted == 1 || s->aborted == 2) {
            if (!sh->stop) __atomic_store_n(&sh->stop, s->aborted, __ATOMIC_RELAXED);
        } else if (!s->aborted) {
            sh->last = v;
            if (v >= t) {
                if (v > sh->lo) __atomic_store_n(&sh->lo, v, __ATOMIC_RELAXED);
                sh->center = v + 1;
            } else {
                if (v < sh->hi) __atomic_store_n(&sh->hi, v, __ATOMIC_RELAXED);
                sh->center = v;
            }
        }
    }
    sh->active--;
    if (sh->want_clear && sh->active && sh->parked == sh->active) clear_now(sh);
    pthread_cond_broadcast(&sh->cv);
    pthread_mutex_unlock(&sh->mu);
}

typedef struct {
    S s;
    int id;
    pthread_t t;
} Helper;

static void *helper_main(void *arg) {
    Helper *h = (Helper *)arg;
    drive(&h->s, h->id);
    return NULL;
}

/* The window (lo, hi] searched on every thread, from `center`; the bound
 * last found (with the window closed: lo is the value when lo == hi).
 * s->aborted is set as a one-thread search would set it. */
static int par_run(S *s, int lo, int hi, int center) {
    Shared sh;
    memset(&sh, 0, sizeof sh);
    pthread_mutex_init(&sh.mu, NULL);
    pthread_cond_init(&sh.cv, NULL);
    sh.lo = lo;
    sh.hi = hi;
    sh.center = center;
    sh.last = lo;
    int n = n_threads;
    Helper *hs = (Helper *)calloc((size_t)(n - 1), sizeof(Helper));
    sh.active = 1;
    smp_on = 1;
    int started = 0;
    s->sh = &sh;
    for (int i = 0; hs && i < n - 1; i++) {
        Helper *h = &hs[i];
        h->s = *s;
        h->s.main = 0;
        h->s.nodes = 0;
        memset(&h->s.st, 0, sizeof h->s.st);
        h->id = i + 1;
        pthread_mutex_lock(&sh.mu);
        sh.active++;
        pthread_mutex_unlock(&sh.mu);
        if (pthread_create(&h->t, NULL, helper_main, h) != 0) {
            pthread_mutex_lock(&sh.mu);
            sh.active--;
            pthread_mutex_unlock(&sh.mu);
            break;
        }
        started++;
    }
    drive(s, 0);
    for (int i = 0; i < started; i++) {
        pthread_join(hs[i].t, NULL);
        s->nodes += hs[i].s.nodes;
        add_stats(&hs[i].s.st);
    }
    free(hs);
    smp_on = 0;
    s->sh = NULL;
    s->jitter = 0;
    pthread_mutex_destroy(&sh.mu);
    pthread_cond_destroy(&sh.cv);
    s->aborted = sh.stop;
    return sh.lo >= sh.hi ? sh.lo : sh.last;
}

static int parallel(const S *s) { return n_threads > 1 && opt_tt && s->left >= par_min_left; }

/* The search runs without the interpreter's lock (GIL), and a whole-deal
 * nullo can run for an hour: Ctrl-C must not wait for it. Python runs signal
 * handlers in the main thread only, so there the search takes the lock back
 * now and then (every 65,536 nodes, some 20 ms) to let them run; a handler
 * that raises stops it. */
static unsigned long main_ident;

static void unlock(S *s) {
    s->main = PyThread_get_thread_ident() == main_ident;
    s->unlocked = PyEval_SaveThread();
}

static void relock(S *s) { PyEval_RestoreThread(s->unlocked); }

static int signalled(S *s) {
    if (!s->main) return 0;
    PyEval_RestoreThread(s->unlocked);
    int raised = PyErr_CheckSignals() < 0;
    s->unlocked = PyEval_SaveThread();
    return raised;
}

static int play_and_search(S *s, int c, int turn, int target, u64 *rel) {
    int r;
    s->hand[turn] ^= BIT(c);
    s->trick[s->nplayed++] = c;
    if (s->nplayed == 4) {
        int oldleader = s->leader;
        int wseat = trick_winner_seat(s);
        int saved[4];
        memcpy(saved, s->trick, sizeof saved); /* the next trick reuses the array */
        s->leader = wseat;
        s->nplayed = 0;
        s->left--;
        r = search(s, target - ((wseat & 1) == 0), rel) + ((wseat & 1) == 0);
        s->left++;
        s->nplayed = 4;
        s->leader = oldleader;
        memcpy(s->trick, saved, sizeof saved);
        /* the winner's rank decided the trick if it beat a card of its own suit */
        int wc = s->trick[(wseat - oldleader) & 3], same = 0;
        for (int i = 0; i < 4; i++) same += (s->trick[i] >> 4) == (wc >> 4);
        if (same > 1) *rel |= BIT(wc);
    } else {
        r = search(s, target, rel);
    }
    s->nplayed--;
    s->hand[turn] ^= BIT(c);
    return r;
}

static double monotonic(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Can North-South take `target` of the s->left tricks? Fail-soft: the answer
 * is a bound v on their tricks, v >= target meaning yes and at least v, v <
 * target no and at most v. The bounds found beyond the target are stored, so
 * the entry answers later searches at other targets. */
static int search(S *s, int target, u64 *rel) {
    *rel = 0;
    if (target <= 0) return 0;
    if (target > s->left) return s->left;
    s->nodes++;
    if (s->sh && __atomic_load_n(&s->sh->want_clear, __ATOMIC_RELAXED)) park(s->sh);
    if ((s->nodes & 0xFFF) == 0) {
        if (s->deadline > 0 && monotonic() > s->deadline) s->aborted = 1;
        if ((s->nodes & 0xFFFF) == 0 && signalled(s)) s->aborted = 2;
        if (s->sh && !s->aborted && abandoned(s)) s->aborted = 3;
    }
    if (s->aborted) return 0;
    int turn = (s->leader + s->nplayed) & 3;
    int maxer = ((turn & 1) == 0) ^ s->nullo;
    Key key;
    int best = -1;
    if (s->nplayed == 0) {
        if (s->left == 1) {
            /* the last trick: one card a hand, nothing to choose */
            int w = __builtin_ctzll(s->hand[s->leader]), ws = s->leader, same = 1;
            int led = w >> 4;
            for (int i = 1; i < 4; i++) {
                int p = (s->leader + i) & 3;
                int c = __builtin_ctzll(s->hand[p]);
                if (beats(c, w, s->trump)) { w = c; ws = p; }
                same += (c >> 4) == led;
            }
            int wsame = (w >> 4) == led ? same : 0;
            if ((w >> 4) != led) { /* a trump: compare with other trumps */
                wsame = 0;
                for (int i = 0; i < 4; i++)
                    wsame += (__builtin_ctzll(s->hand[i]) >> 4) == (w >> 4);
            }
            if (wsame > 1) *rel = BIT(w);
            return (ws & 1) == 0;
        }
        make_key(s, &key);
        int hint = -1;
        int t = tt_probe(s, &key, s->leader, target, rel, &hint);
        if (t >= 0) return t;
        if (hint >= 0) best = card_of_rel(s, turn, hint);
        int ns_leads = (s->leader & 1) == 0;
        if (s->nullo && opt_nullo_cuts) {
            u64 qrel = 0;
            int v = nullo_settled(s, &qrel);
            if (v >= 0) {
                *rel = qrel;
                tt_store(s, &key, s->leader, v, v, qrel, 255);
                return v;
            }
        } else if (!s->nullo) {
            /* North-South need `target`; East-West need the rest and one */
            int need_ns = target, need_ew = s->left - target + 1;
            u64 qrel = 0;
            int q = quick_winners(s, ns_leads ? need_ns : need_ew, &qrel);
            if (!q && s->trump >= 0)
                /* the side not on lead: its master trumps each take a trick */
                q = -trump_masters(s, ns_leads, ns_leads ? need_ew : need_ns, &qrel);
            if (q) {
                /* q > 0: the side on lead makes its need; q < 0: the other side */
                int ns_wins = (q > 0) == ns_leads;
                int got = q > 0 ? q : -q;
                *rel = qrel;
                if (ns_wins) tt_store(s, &key, s->leader, got, s->left, qrel, 255);
                else tt_store(s, &key, s->leader, 0, s->left - got, qrel, 255);
                return ns_wins ? got : s->left - got;
            }
        }
    }
    Move mv[13];
    int n = gen_moves(s, turn, mv);
    order_moves(s, turn, mv, n, best,
                s->nplayed ? 0 : (turn & 1) == 0 ? target - 1 : s->left - target);
    /* the bound so far: the maxer fails by the best of his tries, the other
     * side by the worst of its */
    int result = maxer ? 0 : s->left, cut = -1;
    u64 acc = 0, r1 = 0;
    long nodes0 = s->nodes;
    for (int i = 0; i < n; i++) {
        long before = s->nodes;
        int r = play_and_search(s, mv[i].card, turn, target, &r1);
        if (s->aborted) return 0;
        if (maxer ? r >= target : r < target) {
            result = r;
            cut = mv[i].card;
            acc = r1;
            s->st.waste[s->nplayed] += before - nodes0;
            if (s->nplayed == 0) {
                s->st.wl[s->left] += before - nodes0;
                s->cashed[s->left][turn] = mv[i].cash;
            }
            break;
        }
        if (maxer ? r > result : r < result) result = r;
        acc |= r1;
    }
    if (cut < 0) {
        /* every card was tried, a run of equivalent cards once: the run's
         * adjacency must hold wherever this result is reused */
        u64 all = run_space(s);
        u64 kept = acc;
        for (int i = 0; i < n; i++) {
            int c = mv[i].card, su = c >> 4;
            u32 k = LANE(kept, su);
            /* a run wholly above the lowest deciding card keeps its
             * adjacency where the result is reused; one wholly below is
             * interchangeable with any small card; only a run across it
             * must be kept whole */
            if (!k || __builtin_ctz(k) <= (c & 15)) continue;
            u32 as = LANE(all, su), hs = LANE(s->hand[turn], su);
            int top = c & 15;
            for (int r = top + 1; r < 13; r++) {
                if (!(as >> r & 1)) continue;
                if (!(hs >> r & 1)) break;
                top = r;
            }
            if (__builtin_ctz(k) <= top) acc |= BIT(c);
        }
    }
    /* counters for _stats(): nodes by place in the trick and by tricks left */
    s->st.nodes[s->nplayed]++;
    s->st.left[s->left]++;
    if (cut < 0) s->st.all[s->nplayed]++;
    else {
        s->st.cut[s->nplayed]++;
        s->st.first[s->nplayed] += cut == mv[0].card;
    }
    *rel = acc;
    if (s->nplayed == 0) {
        int b = cut >= 0 ? rel_of(s, cut) : 255;
        if (result >= target) tt_store(s, &key, s->leader, result, s->left, acc, b);
        else tt_store(s, &key, s->leader, 0, result, acc, b);
    }
    return result;
}

/* North-South tricks from the tricks not yet complete, exact. `guess` seeds
 * the bound search (MTD-like: step from the guess, then halve). */
static int solve_exact(S *s, int guess) {
    u64 rel;
    int lo = 0, hi = s->left;
    if (guess < 0 || guess > hi) guess = (hi + 1) / 2;
    if (parallel(s)) {
        int v = par_run(s, lo, hi, guess > 0 ? guess : 1);
        return s->aborted ? -1 : v;
    }
    /* first probe at the guess, then halve what is left */
    int last_low = 0;
    if (guess > 0) {
        int v = search(s, guess, &rel);
        if (v >= guess) lo = v; else { hi = v; last_low = 1; }
    }
    while (lo < hi && !s->aborted) {
        /* MTD(f): test the bound the last search returned (a fail-soft
         * bound is often the value itself; measured a wash against halving,
         * docs/solver.md) */
        int mid = last_low ? hi : lo + 1;
        int v = search(s, mid, &rel);
        if (v >= mid) { lo = v; last_low = 0; } else { hi = v; last_low = 1; }
    }
    return s->aborted ? -1 : lo;
}

/* ---- Python interface ---------------------------------------------------- */

/* Memory for the table, in huge pages where the system gives them: the
 * probes land anywhere in 200 MB, and with 4 kB pages nearly every one would
 * also miss the address cache (TLB). */
static void *table_memory(size_t size) {
    size_t huge = (size_t)2 << 20;
    size = (size + huge - 1) / huge * huge;
    void *p = aligned_alloc(huge, size);
#ifdef MADV_HUGEPAGE
    if (p) madvise(p, size, MADV_HUGEPAGE);
#endif
    return p;
}

/* The trump and nullo of the table's entries (trump * 2 + nullo), for
 * bound() to keep the table between questions; -100: emptied since. */
static int tt_strain = -100;

/* The table, allocated on first use and emptied for a new solve; the
 * exact-position cache (64 MB) only once a nullo is solved, since only
 * nullo uses it (see hot_on). */
static int ensure_tt(int nullo) {
    tt_strain = -100;
    if (!pool) {
        pool = (Bucket *)table_memory(POOL_SIZE * sizeof(Bucket));
        heads = (Head *)table_memory(HEAD_SIZE * sizeof(Head));
        chain_locks = (u32 *)calloc(HEAD_SIZE, sizeof(u32));
        if (heads) memset(heads, 0, HEAD_SIZE * sizeof(Head));
        if (!pool || !heads || !chain_locks) {
            free(pool); free(heads); free(chain_locks);
            pool = NULL; heads = NULL; chain_locks = NULL;
            PyErr_NoMemory();
            return -1;
        }
    }
    if (nullo && !hot) {
        hot = (Hot *)table_memory(HOT_SIZE * sizeof(Hot));
        if (!hot) {
            PyErr_NoMemory();
            return -1;
        }
        memset(hot, 0, HOT_SIZE * sizeof(Hot));
    }
    hot_on = nullo;
    tt_clear();
    return 0;
}

static inline u64 to_lanes(u64 h52) {
    u64 out = 0;
    for (int su = 0; su < 4; su++) out |= ((h52 >> (13 * su)) & 0x1FFF) << (16 * su);
    return out;
}

static inline int to_ours(int c) { return (c >> 4) * 13 + (c & 15); }

/* parse (hands, trump, nullo, leader, trick) into S; returns 0 or -1 */
static int parse_position(PyObject *args, S *s) {
    PyObject *hands, *trick;
    int trump, nullo, leader;
    if (!PyArg_ParseTuple(args, "OipiO", &hands, &trump, &nullo, &leader, &trick)) return -1;
    (void)nullo;
    memset(s, 0, sizeof(*s));
    s->trump = trump;
    s->nullo = nullo;
    s->leader = leader & 3;
    PyObject *hs = PySequence_Fast(hands, "hands must be a sequence of four ints");
    if (!hs) return -1;
    if (PySequence_Fast_GET_SIZE(hs) != 4) {
        Py_DECREF(hs);
        PyErr_SetString(PyExc_ValueError, "four hands are needed");
        return -1;
    }
    u64 seen = 0;
    int counts[4];
    for (int i = 0; i < 4; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(hs, i));
        if (PyErr_Occurred()) { Py_DECREF(hs); return -1; }
        if (v >> 52 || (seen & v)) {
            Py_DECREF(hs);
            PyErr_SetString(PyExc_ValueError, "hands must be disjoint sets of the 52 cards");
            return -1;
        }
        seen |= v;
        s->hand[i] = to_lanes(v);
        counts[i] = __builtin_popcountll(v);
    }
    Py_DECREF(hs);
    PyObject *ts = PySequence_Fast(trick, "trick must be a sequence of cards");
    if (!ts) return -1;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(ts);
    if (nt > 3) {
        Py_DECREF(ts);
        PyErr_SetString(PyExc_ValueError, "a trick in progress holds at most three cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nt; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(ts, i));
        if (PyErr_Occurred()) { Py_DECREF(ts); return -1; }
        if (c < 0 || c > 51 || (seen >> c & 1)) {
            Py_DECREF(ts);
            PyErr_SetString(PyExc_ValueError, "a card of the trick is out of range or still held");
            return -1;
        }
        seen |= (u64)1 << c;
        s->trick[i] = (int)(c / 13) * 16 + (int)(c % 13);
        counts[(s->leader + i) & 3]++;
    }
    Py_DECREF(ts);
    s->nplayed = (int)nt;
    for (int i = 1; i < 4; i++)
        if (counts[i] != counts[0]) {
            PyErr_SetString(PyExc_ValueError,
                            "the hands (with the trick in progress) must hold equal numbers of cards");
            return -1;
        }
    if (counts[0] == 0) {
        PyErr_SetString(PyExc_ValueError, "no cards left to play");
        return -1;
    }
    s->left = counts[0];
    if (trump < -1 || trump > 3 || (nullo && trump != -1)) {
        PyErr_SetString(PyExc_ValueError, "trump must be -1..3, and -1 at nullo");
        return -1;
    }
    return 0;
}

/* A position at the start of the play, `leader` to lead: parse_position's
 * checks with no trick in progress. */
static int parse_start(PyObject *hands, int trump, int nullo, int leader, S *s) {
    PyObject *empty = PyTuple_New(0);
    if (!empty) return -1;
    PyObject *a = Py_BuildValue("(OiiiO)", hands, trump, nullo, leader, empty);
    Py_DECREF(empty);
    if (!a) return -1;
    int rc = parse_position(a, s);
    Py_DECREF(a);
    return rc;
}

/* A position and an optional sixth argument, a limit in seconds (solve and
 * score: give up after it); 0 if none. */
static int parse_position_limit(PyObject *args, S *s, double *limit) {
    *limit = 0;
    if (PyTuple_GET_SIZE(args) != 6) return parse_position(args, s);
    *limit = PyFloat_AsDouble(PyTuple_GET_ITEM(args, 5));
    if (PyErr_Occurred()) return -1;
    PyObject *five = PyTuple_GetSlice(args, 0, 5);
    if (!five) return -1;
    int bad = parse_position(five, s);
    Py_DECREF(five);
    return bad;
}

/* TimeoutError: the limit passed before the search had its `what` (a
 * solve's result, a bound's answer). NULL. */
static PyObject *timed_out(const char *what, double limit, long nodes) {
    /* PyErr_Format has no %g: the message is formatted here */
    char msg[96];
    snprintf(msg, sizeof msg, "no %s within %.3g s (%ld nodes)", what, limit, nodes);
    PyErr_SetString(PyExc_TimeoutError, msg);
    return NULL;
}

static PyObject *core_solve_locked(PyObject *self, PyObject *args) {
    (void)self;
    S s;
    double limit = 0;
    if (parse_position_limit(args, &s, &limit) < 0) return NULL;
    if (ensure_tt(s.nullo) < 0) return NULL;
    if (limit > 0) s.deadline = monotonic() + limit;
    unlock(&s);
    int v = solve_exact(&s, -1);
    relock(&s);
    add_stats(&s.st);
    if (s.aborted == 2) return NULL;
    if (v < 0) return timed_out("result", limit, s.nodes);
    return Py_BuildValue("(il)", v, s.nodes);
}

static PyObject *core_score_locked(PyObject *self, PyObject *args) {
    (void)self;
    S s;
    double limit = 0;
    if (parse_position_limit(args, &s, &limit) < 0) return NULL;
    if (ensure_tt(s.nullo) < 0) return NULL;
    if (limit > 0) s.deadline = monotonic() + limit;
    int turn = (s.leader + s.nplayed) & 3;
    Move mv[13];
    int n = gen_moves(&s, turn, mv);
    int val[13];
    u64 all = run_space(&s);
    unlock(&s);
    int guess = -1;
    for (int i = 0; i < n && !s.aborted; i++) {
        int c = mv[i].card;
        s.hand[turn] ^= BIT(c);
        s.trick[s.nplayed++] = c;
        int v;
        if (s.nplayed == 4) {
            int oldleader = s.leader;
            int w = trick_winner_seat(&s);
            int pt = (w & 1) == 0;
            s.leader = w;
            s.nplayed = 0;
            s.left--;
            int saved[4];
            memcpy(saved, s.trick, sizeof saved);
            v = pt + (s.left ? solve_exact(&s, guess < 0 ? -1 : guess - pt) : 0);
            memcpy(s.trick, saved, sizeof saved);
            s.left++;
            s.nplayed = 4;
            s.leader = oldleader;
        } else {
            v = solve_exact(&s, guess);
        }
        guess = v;
        s.nplayed--;
        s.hand[turn] ^= BIT(c);
        val[i] = v;
    }
    relock(&s);
    add_stats(&s.st);
    if (s.aborted == 1) return timed_out("result", limit, s.nodes);
    if (s.aborted) return NULL;
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        /* the run of equivalent cards above the representative */
        int c = mv[i].card, su = c >> 4;
        u32 hs = LANE(s.hand[turn], su), as = LANE(all, su);
        for (int r = c & 15; r < 13; r++) {
            if (!(as >> r & 1)) continue;
            if (!(hs >> r & 1)) break;
            PyObject *k = PyLong_FromLong(to_ours(su * 16 + r));
            PyObject *v = PyLong_FromLong(val[i]);
            if (!k || !v || PyDict_SetItem(out, k, v) < 0) {
                Py_XDECREF(k); Py_XDECREF(v); Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(k);
            Py_DECREF(v);
        }
    }
    return out;
}

/* table(hands, trump, nullo) -> North-South tricks with each seat leading N E S W.
 * One table generation for the four leads: the transposition table is shared. */
static PyObject *core_table_locked(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *hands;
    int trump, nullo;
    if (!PyArg_ParseTuple(args, "Oip", &hands, &trump, &nullo)) return NULL;
    S s;
    if (parse_start(hands, trump, nullo, 0, &s) < 0) return NULL;
    if (ensure_tt(s.nullo) < 0) return NULL;
    int v[4];
    unlock(&s);
    int guess = -1;
    for (int l = 0; l < 4 && !s.aborted; l++) {
        s.leader = l;
        s.nplayed = 0;
        /* the side on lead: the previous figure for the other side's lead is a fair guess */
        v[l] = solve_exact(&s, guess);
        guess = v[l];
    }
    relock(&s);
    add_stats(&s.st);
    if (s.aborted) return NULL;
    return Py_BuildValue("((iiii)l)", v[0], v[1], v[2], v[3], s.nodes);
}

/* bound(hands, trump, nullo, leader, target, keep=False, limit=0) -> (bound, nodes): one
 * zero-window search from a trick's start, "can North-South take `target` of
 * the tricks left?", answered by a bound: >= target, they take at least that
 * many; below it, at most. `keep`: search on with the table of the previous
 * call of the same trump and nullo (its entries hold for any deal), so that
 * a caller settling a few questions about one deal pays for what they share. */
static PyObject *core_bound_locked(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *hands;
    int trump, nullo, leader, target, keep = 0;
    double limit = 0;
    if (!PyArg_ParseTuple(args, "Oipii|pd", &hands, &trump, &nullo, &leader, &target, &keep,
                          &limit))
        return NULL;
    S s;
    if (parse_start(hands, trump, nullo, leader, &s) < 0) return NULL;
    int strain = trump * 2 + nullo;
    if (!keep || strain != tt_strain || !pool) {
        if (ensure_tt(s.nullo) < 0) return NULL;
    }
    tt_strain = strain;
    if (limit > 0) s.deadline = monotonic() + limit;
    u64 rel;
    unlock(&s);
    int v = parallel(&s) && target >= 1 && target <= s.left
                ? par_run(&s, target - 1, target, target)
                : search(&s, target, &rel);
    relock(&s);
    add_stats(&s.st);
    if (s.aborted == 1) {
        /* out of time: the search stored nothing after the deadline, so the
         * table stays sound and the next question (asked with more time)
         * builds on it */
        return timed_out("answer", limit, s.nodes);
    }
    if (s.aborted) {
        tt_strain = -100; /* the next question starts afresh */
        return NULL;
    }
    return Py_BuildValue("(il)", v, s.nodes);
}

/* One call in the core at a time: the table is the module's, and a call from
 * another Python thread waits (without the interpreter's lock) for the one
 * in progress instead of clearing the table under it. */
static pthread_mutex_t core_mu = PTHREAD_MUTEX_INITIALIZER;

static void enter_core(void) {
    if (pthread_mutex_trylock(&core_mu) == 0) return;
    Py_BEGIN_ALLOW_THREADS
    pthread_mutex_lock(&core_mu);
    Py_END_ALLOW_THREADS
}

#define ONE_AT_A_TIME(name)                                                \
    static PyObject *core_##name(PyObject *self, PyObject *args) {         \
        enter_core();                                                      \
        PyObject *r = core_##name##_locked(self, args);                    \
        pthread_mutex_unlock(&core_mu);                                    \
        return r;                                                          \
    }
ONE_AT_A_TIME(solve)
ONE_AT_A_TIME(score)
ONE_AT_A_TIME(table)
ONE_AT_A_TIME(bound)

static PyObject *core_options(PyObject *self, PyObject *args) {
    (void)self;
    if (!PyArg_ParseTuple(args, "i|ii", &opt_tt, &opt_partition, &opt_nullo_cuts)) return NULL;
    Py_RETURN_NONE;
}

static PyObject *four(const long *v) { return Py_BuildValue("(llll)", v[0], v[1], v[2], v[3]); }

static PyObject *core_stats(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    PyObject *left = PyTuple_New(14), *wl = PyTuple_New(14);
    if (!left || !wl) {
        Py_XDECREF(left);
        Py_XDECREF(wl);
        return NULL;
    }
    for (int i = 0; i < 14; i++) {
        PyTuple_SET_ITEM(left, i, PyLong_FromLong(totals.left[i]));
        PyTuple_SET_ITEM(wl, i, PyLong_FromLong(totals.wl[i]));
    }
    /* "nodes", "cut", "first" (the first card tried made the cut), "all"
     * (every card tried) and "waste" (nodes searched under the cards tried
     * before the one that made a cut-off) by place in the trick; "left":
     * nodes by tricks left; "waste_lead": the leads' waste by tricks left
     * (the nodes at one count of tricks left are disjoint, so each is a part
     * of the total) */
    PyObject *r = Py_BuildValue(
        "{s:l,s:l,s:l,s:l,s:l,s:k,s:N,s:N,s:N,s:N,s:N,s:N,s:N}", "clears", tt_clears, "probes",
        totals.probes, "hot", totals.hot, "hits", totals.hits, "scanned", totals.scanned,
        "entries", (unsigned long)entries_used, "nodes", four(totals.nodes), "cut",
        four(totals.cut), "first", four(totals.first), "all", four(totals.all), "waste",
        four(totals.waste), "left", left, "waste_lead", wl);
    memset(&totals, 0, sizeof totals);
    tt_clears = 0;
    return r;
}

static int cores = 1;

static PyObject *core_set_threads(PyObject *self, PyObject *args) {
    (void)self;
    int n;
    if (!PyArg_ParseTuple(args, "i", &n)) return NULL;
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, "threads: 0 (every core) or more");
        return NULL;
    }
    int before = n_threads;
    n_threads = n ? (n > 64 ? 64 : n) : cores;
    return PyLong_FromLong(before);
}

static PyObject *core_threads(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyLong_FromLong(n_threads);
}

static PyObject *core_par_options(PyObject *self, PyObject *args) {
    (void)self;
    int cap = 0, spread = opt_spread, min_left = par_min_left;
    if (!PyArg_ParseTuple(args, "ii|i", &opt_spread, &par_min_left, &cap)) return NULL;
    if (opt_spread < 1) opt_spread = 1;
    pool_cap = cap > 16 && cap < (int)POOL_SIZE ? (u32)cap : (u32)POOL_SIZE;
    return Py_BuildValue("(ii)", spread, min_left);
}

static PyMethodDef methods[] = {
    {"_stats", core_stats, METH_NOARGS, "_stats() -> counters of the table since the last call"},
    {"set_threads", core_set_threads, METH_VARARGS,
     "set_threads(n) -> before: the threads one solve uses from now on (0: every core, the "
     "default); returns the number used until now"},
    {"threads", core_threads, METH_NOARGS, "threads() -> the threads one solve uses"},
    {"_par_options", core_par_options, METH_VARARGS,
     "_par_options(spread, min_left, pool=0) -> (spread, min_left) before: targets a thread looks at before sharing one; "
     "the fewest tricks left searched on several threads; buckets used before the table "
     "starts afresh (0: all; for tests). For measuring and testing the parallel search"},
    {"_options", core_options, METH_VARARGS, "_options(use_tt, partition=1, nullo_cuts=1): for tests of the search itself"},
    {"solve", core_solve, METH_VARARGS,
     "solve(hands, trump, nullo, leader, trick[, limit]) -> (north_south_tricks, nodes);\n"
     "TimeoutError when limit (seconds) is given and passes first"},
    {"score", core_score, METH_VARARGS,
     "score(hands, trump, nullo, leader, trick[, limit]) -> {card: north_south_tricks};\n"
     "TimeoutError when limit (seconds) is given and passes first"},
    {"bound", core_bound, METH_VARARGS,
     "bound(hands, trump, nullo, leader, target, keep=False, limit=0) -> (bound, nodes): can "
     "North-South take target of the tricks? a bound >= target: yes, at least it; below: no, at "
     "most it; TimeoutError when limit (seconds) is given and passes first"},
    {"table", core_table, METH_VARARGS,
     "table(hands, trump, nullo) -> ((NS tricks with N, E, S, W leading), nodes)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moddef = {
    PyModuleDef_HEAD_INIT, "_core",
    "Compiled double-dummy search for whist play and nullo (see auctionwhist.solver).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    /* the main thread's ident, in whichever thread the module is imported */
    PyObject *threading = PyImport_ImportModule("threading");
    if (!threading) return NULL;
    PyObject *mt = PyObject_CallMethod(threading, "main_thread", NULL);
    Py_DECREF(threading);
    if (!mt) return NULL;
    PyObject *ident = PyObject_GetAttrString(mt, "ident");
    Py_DECREF(mt);
    if (!ident) return NULL;
    main_ident = PyLong_AsUnsignedLong(ident);
    Py_DECREF(ident);
    if (PyErr_Occurred()) return NULL;
#if defined(__GNUC__) && defined(__x86_64__)
    __builtin_cpu_init();
    have_bmi2 = __builtin_cpu_supports("bmi2");
#endif
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    cores = online < 1 ? 1 : online > 64 ? 64 : (int)online;
    n_threads = cores;
    return PyModule_Create(&moddef);
}
