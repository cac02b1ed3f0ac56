/* Layered retrograde analysis of one Tiki game (one layout, default Rules()).
 *
 * Board: 9 villages, stack code 0..6 per village (the codes of tiki.tools.solve.code:
 * 0 empty, 1 x, 2 o, 3 xx, 4 (o,x), 5 (x,o), 6 oo; bottom first), dense index
 * sum code_v * 7^v.  A position of a tally layer: (board, player on turn); working
 * index 2*board + p (dense), stored index 2*rank(board) + p (boards within 8 tikis
 * a player).  Stored value (uint16): 0 = draw (or never reached), else dist << 1 | L,
 * L = 1 when the player on turn loses, dist = plies to the end under perfect play
 * (winner hurries, loser holds out; an ORDER decision is a ply).
 *
 * The rule logic is all in tables given by Python (tallies.py, from Code itself):
 * paths per origin/height, and the tally transition of one influenced village
 * (tally, village, beneficiary) and of an ordered pair.  Results: 0..NT-1 a tally,
 * 100 + w a finished game (w = 0, 1 winner, 2 draw).
 *
 * Built by setup.py as the extension module tiki.tools.tables._retro (PyInit__retro
 * below makes it an importable, empty module) and called through ctypes
 * (tiki/tools/tables/native.py): no Python object crosses the C side.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Large tables (the working cells, the rank tables) are read at random: on Linux they
 * are asked for in 2 MB pages (transparent huge pages), which spares most TLB misses. */
static void *big_alloc(size_t bytes, int zero) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *p = NULL;
    size_t huge = (size_t)2 << 20;
    if (posix_memalign(&p, huge, (bytes + huge - 1) / huge * huge) != 0) return NULL;
    madvise(p, (bytes + huge - 1) / huge * huge, MADV_HUGEPAGE);
    if (zero) memset(p, 0, bytes);
    return p;
#else
    return zero ? calloc(bytes, 1) : malloc(bytes);
#endif
}

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(a) __builtin_prefetch(a)
#define PREFETCHW(a) __builtin_prefetch((a), 1)
#else
#define PREFETCH(a) ((void)0)
#define PREFETCHW(a) ((void)0)
#endif

#define NB 40353607u
#define OVER 100
#define NONE 0xFFFFFFFFu

static uint32_t *rank_;   /* dense board -> rank, NONE if a player has > 8 tikis */
static uint32_t *unrank_; /* rank -> dense board */
static uint32_t nvalid;
static uint32_t pow7[10];
/* The colour swap (x <-> o) of a stack code, and of three villages at once (base 343). */
static const int SWAP[7] = {0, 2, 1, 6, 5, 4, 3};
static uint32_t swap3_[343];
static int NT;
static int32_t *single_; /* [NT][9][2] */
static int32_t *pair_;   /* [NT][9][2][9][2] */
static int paths_[9][3][8][2], npaths_[9][3];

static const int H[7] = {0, 1, 1, 2, 2, 2, 2};
static const int TOP[7] = {-1, 0, 1, 0, 0, 1, 1};
static const int BOT[7] = {-1, 0, 1, 0, 1, 0, 1};
static const int NX[7] = {0, 1, 0, 2, 1, 1, 0};
static const int NO_[7] = {0, 0, 1, 0, 1, 1, 2};
/* code of stack (bottom a, top b) */
static inline int code2(int a, int b) { return 3 + a + 2 * b; }
/* minus top: code of the stack without its top tiki (height >= 1) */
static const int POP[7] = {-1, 0, 0, 1, 2, 1, 2};
/* push tiki t on a stack of height <= 1 */
static const int PUSH1[3][2] = {{1, 2}, {3, 5}, {4, 6}};

#define SINGLE(T, v, u) single_[((T) * 9 + (v)) * 2 + (u)]
#define PAIR(T, v1, u1, v2, u2) pair_[((((T) * 9 + (v1)) * 2 + (u1)) * 9 + (v2)) * 2 + (u2)]

uint32_t rt_init(int nt, const int32_t *single, const int32_t *pair, const int32_t *paths,
                 const int32_t *npaths) {
    NT = nt;
    free(single_);
    free(pair_);
    single_ = malloc(sizeof(int32_t) * nt * 18);
    memcpy(single_, single, sizeof(int32_t) * nt * 18);
    pair_ = malloc(sizeof(int32_t) * nt * 324);
    if (!single_ || !pair_) return 0;
    memcpy(pair_, pair, sizeof(int32_t) * nt * 324);
    for (int v = 0; v < 9; v++)
        for (int h = 0; h < 3; h++) {
            npaths_[v][h] = npaths[v * 3 + h];
            for (int k = 0; k < 8; k++)
                for (int j = 0; j < 2; j++) paths_[v][h][k][j] = paths[((v * 3 + h) * 8 + k) * 2 + j];
        }
    pow7[0] = 1;
    for (int i = 1; i < 10; i++) pow7[i] = pow7[i - 1] * 7;
    for (int g = 0; g < 343; g++) swap3_[g] = SWAP[g % 7] + 7 * SWAP[g / 7 % 7] + 49 * SWAP[g / 49];
    if (!rank_) {
        rank_ = big_alloc(sizeof(uint32_t) * NB, 0);
        unrank_ = big_alloc(sizeof(uint32_t) * NB, 0);
        if (!rank_ || !unrank_) {
            free(rank_);
            free(unrank_);
            rank_ = unrank_ = NULL;
            return 0;
        }
        uint32_t r = 0;
        for (uint32_t b = 0; b < NB; b++) {
            uint32_t x = b;
            int nx = 0, no = 0;
            for (int v = 0; v < 9; v++) {
                int c = x % 7;
                x /= 7;
                nx += NX[c];
                no += NO_[c];
            }
            if (nx <= 8 && no <= 8) {
                rank_[b] = r;
                unrank_[r++] = b;
            } else
                rank_[b] = NONE;
        }
        nvalid = r;
    }
    return nvalid;
}

uint32_t rt_rank(uint32_t b) { return rank_[b]; }

/* The dense board with every tiki's colour swapped (x <-> o): stack (a, b) becomes
 * (1 - a, 1 - b).  Its rank is valid exactly when b's is (8 tikis a player at most). */
static inline uint32_t swap_board(uint32_t b) {
    return swap3_[b % 343] + 343 * swap3_[b / 343 % 343] + 117649 * swap3_[b / 117649];
}
uint32_t rt_swap(uint32_t b) { return swap_board(b); }

/* The layer whose positions are those of ``src`` with the colours swapped (the mirror
 * tally: x's and o's fruits exchanged): dst[2 * rank(swap(b)) + 1 - p] = src[2 * rank(b) + p]. */
void rt_mirror(const uint16_t *src, uint16_t *dst) {
    for (uint32_t r = 0; r < nvalid; r++) {
        uint32_t m = rank_[swap_board(unrank_[r])];
        dst[2 * (size_t)m + 1] = src[2 * (size_t)r];
        dst[2 * (size_t)m] = src[2 * (size_t)r + 1];
    }
}
uint32_t rt_unrank(uint32_t r) { return unrank_[r]; }

static inline void decode(uint32_t b, int *d) {
    for (int v = 0; v < 9; v++) {
        d[v] = b % 7;
        b /= 7;
    }
}

/* One action: kind 0 no influence, 1 one village, 2 two villages (an ORDER decision by
 * the other player: r1 = village a first, r2 = village b first), 3 forced pass.
 * board = the child board (dense) with the influenced villages emptied. */
typedef struct {
    uint32_t board;
    int8_t kind, v1, v2;
    int32_t r1, r2;
} Act;

/* Every legal action of p at board d (dense b) in tally T, in Code.children's order. */
static int gen(int T, const int *d, uint32_t b, int p, Act *out) {
    int n = 0, cnt = 0;
    for (int v = 0; v < 9; v++) cnt += p ? NO_[d[v]] : NX[d[v]];
    if (cnt < 8)
        for (int v = 0; v < 9; v++)
            if (d[v] == 0) {
                out[n].board = b + (uint32_t)(1 + p) * pow7[v];
                out[n].kind = 0;
                out[n].r1 = T;
                out[n].v1 = v;
                out[n].v2 = -2;
                n++;
            }
    for (int o = 0; o < 9; o++) {
        int c = d[o];
        if (c == 0 || TOP[c] != p) continue;
        int h = H[c];
        uint32_t base = b - (uint32_t)c * pow7[o];
        for (int k = 0; k < npaths_[o][h]; k++) {
            int d1 = paths_[o][h][k][0], d2 = paths_[o][h][k][1];
            int t1 = BOT[c]; /* the first village gets the bottom tiki */
            uint32_t nb = base;
            int inf1 = 0, inf2 = 0;
            if (H[d[d1]] == 2) {
                inf1 = 1;
                nb -= (uint32_t)d[d1] * pow7[d1];
            } else
                nb += (uint32_t)(PUSH1[d[d1]][t1] - d[d1]) * pow7[d1];
            if (d2 >= 0) {
                int t2 = TOP[c];
                if (H[d[d2]] == 2) {
                    inf2 = 1;
                    nb -= (uint32_t)d[d2] * pow7[d2];
                } else
                    nb += (uint32_t)(PUSH1[d[d2]][t2] - d[d2]) * pow7[d2];
            }
            Act *a = &out[n++];
            a->board = nb;
            a->v1 = d1;
            a->v2 = d2;
            if (inf1 && inf2) {
                a->kind = 2;
                a->r1 = PAIR(T, d1, t1, d2, TOP[c]);
                a->r2 = PAIR(T, d2, TOP[c], d1, t1);
            } else if (inf1) {
                a->kind = 1;
                a->r1 = SINGLE(T, d1, t1);
            } else if (inf2) {
                a->kind = 1;
                a->r1 = SINGLE(T, d2, TOP[c]);
            } else {
                a->kind = 0;
                a->r1 = T;
            }
        }
    }
    if (n == 0) {
        out[0].board = b;
        out[0].kind = 3;
        out[0].r1 = T;
        n = 1;
    }
    return n;
}

/* For Python: the actions of (board b, player p) in tally T: kind, board, r1, r2. */
int rt_gen(int T, uint32_t b, int p, int32_t *out) {
    int d[9];
    Act a[64];
    decode(b, d);
    int n = gen(T, d, b, p, a);
    for (int i = 0; i < n; i++) {
        out[6 * i] = a[i].kind;
        out[6 * i + 1] = (int32_t)a[i].board;
        out[6 * i + 2] = a[i].r1;
        out[6 * i + 3] = a[i].kind == 2 ? a[i].r2 : a[i].r1;
        out[6 * i + 4] = a[i].kind == 3 ? -1 : a[i].v1;
        out[6 * i + 5] = a[i].kind == 3 ? -1 : a[i].v2;
    }
    return n;
}

/* The in-layer predecessors of child (board b, player q on turn) in tally T: parent
 * working index 2*board+p (p = 1-q) and edge length (2 through an in-layer ORDER). */
typedef struct {
    uint32_t idx;
    int len;
} Pre;

static int unmoves(int T, const int *c, uint32_t b, int q, Pre *out) {
    int p = 1 - q, n = 0;
    int cx = 0, co = 0, empty = 0, mytop = 0;
    for (int v = 0; v < 9; v++) {
        cx += NX[c[v]];
        co += NO_[c[v]];
        if (c[v] == 0) empty = 1;
        else if (TOP[c[v]] == p) mytop = 1;
    }
    int cp = p ? co : cx;
    /* forced pass: p at board b has no action */
    if (!(cp < 8 && empty) && !mytop) {
        out[n].idx = 2 * b + p;
        out[n++].len = 1;
    }
    /* creates */
    for (int v = 0; v < 9; v++)
        if (c[v] == 1 + p) {
            out[n].idx = 2 * (b - (uint32_t)(1 + p) * pow7[v]) + p;
            out[n++].len = 1;
        }
    /* moves: the origin is empty in the child */
    for (int o = 0; o < 9; o++) {
        if (c[o] != 0) continue;
        /* height 1: stack (p) */
        for (int k = 0; k < npaths_[o][1]; k++) {
            int d1 = paths_[o][1][k][0];
            uint32_t pb = b + (uint32_t)(1 + p) * pow7[o];
            int px = cx + (p == 0), po = co + (p == 1);
            if (c[d1] != 0) {
                if (TOP[c[d1]] != p) continue;
                uint32_t nb = pb - (uint32_t)(c[d1] - POP[c[d1]]) * pow7[d1];
                if (cx <= 8 && co <= 8) {
                    out[n].idx = 2 * nb + p;
                    out[n++].len = 1;
                }
            } else if (SINGLE(T, d1, p) == T) {
                for (int s = 3; s < 7; s++) {
                    if (px + NX[s] <= 8 && po + NO_[s] <= 8) {
                        out[n].idx = 2 * (pb + (uint32_t)s * pow7[d1]) + p;
                        out[n++].len = 1;
                    }
                }
            }
        }
        /* height 2: stack (bt, p) */
        for (int bt = 0; bt < 2; bt++) {
            int oc = code2(bt, p);
            for (int k = 0; k < npaths_[o][2]; k++) {
                int d1 = paths_[o][2][k][0], d2 = paths_[o][2][k][1];
                uint32_t pb = b + (uint32_t)oc * pow7[o];
                int opt1[4], n1 = 0, inf1 = 0;
                if (c[d1] != 0) {
                    if (TOP[c[d1]] != bt) continue;
                    opt1[n1++] = POP[c[d1]];
                } else {
                    inf1 = 1;
                    for (int s = 3; s < 7; s++) opt1[n1++] = s;
                }
                int opt2[4], n2 = 0, inf2 = 0;
                if (c[d2] != 0) {
                    if (TOP[c[d2]] != p) continue;
                    opt2[n2++] = POP[c[d2]];
                } else {
                    inf2 = 1;
                    for (int s = 3; s < 7; s++) opt2[n2++] = s;
                }
                int len = 1;
                if (inf1 && inf2) {
                    if (PAIR(T, d1, bt, d2, p) != T || PAIR(T, d2, p, d1, bt) != T) continue;
                    len = 2;
                } else if (inf1) {
                    if (SINGLE(T, d1, bt) != T) continue;
                } else if (inf2) {
                    if (SINGLE(T, d2, p) != T) continue;
                }
                /* parent counts = child - (d1, d2 in child) + origin stack + parent d1, d2 */
                int bx = cx - NX[c[d1]] - NX[c[d2]] + NX[oc];
                int bo = co - NO_[c[d1]] - NO_[c[d2]] + NO_[oc];
                uint32_t base = pb - (uint32_t)c[d1] * pow7[d1] - (uint32_t)c[d2] * pow7[d2];
                for (int i = 0; i < n1; i++)
                    for (int j = 0; j < n2; j++) {
                        int ax = bx + NX[opt1[i]] + NX[opt2[j]];
                        int ao = bo + NO_[opt1[i]] + NO_[opt2[j]];
                        if (ax > 8 || ao > 8) continue;
                        out[n].idx = 2 * (base + (uint32_t)opt1[i] * pow7[d1] + (uint32_t)opt2[j] * pow7[d2]) + p;
                        out[n++].len = len;
                    }
            }
        }
    }
    return n;
}

int rt_unmoves(int T, uint32_t b, int q, int32_t *out) {
    int c[9];
    Pre pr[512];
    decode(b, c);
    int n = unmoves(T, c, b, q, pr);
    for (int i = 0; i < n; i++) {
        out[2 * i] = (int32_t)pr[i].idx;
        out[2 * i + 1] = pr[i].len;
    }
    return n;
}

/* ---------------------------------------------------------------- the builder */

typedef struct {
    uint16_t out;
    uint8_t cnt, flag;
} Cell;
#define F_FINAL 1
#define F_PWIN 2
#define F_BLOCK 4
#define F_QLOSS 8

typedef struct {
    uint32_t *a;
    size_t n, cap;
} Vec;
static Vec *bk;
static int nbk;
static void push(int d, uint32_t x) {
    if (d >= nbk) {
        int nn = d + 64;
        bk = realloc(bk, sizeof(Vec) * nn);
        memset(bk + nbk, 0, sizeof(Vec) * (nn - nbk));
        nbk = nn;
    }
    Vec *v = &bk[d];
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 1024;
        v->a = realloc(v->a, sizeof(uint32_t) * v->cap);
    }
    v->a[v->n++] = x;
}

/* outcome encoding used inside: struct with type */
enum { O_DRAW, O_WIN, O_LOSS };
typedef struct {
    int t, d;
} Out;
/* The outcome for q on turn at (nb, q) in layer r: a finished game, or the stored value
 * of layer r; a layer marked swapped is read through its mirror (kid[r] is the mirror's
 * file): (nb, q) there is (swap(nb), 1 - q), with the same value for the one on turn. */
static inline Out dec_over_or_kid(int r, uint32_t nb, int q, uint16_t **kid, const uint8_t *swapped) {
    Out o;
    if (r >= OVER) {
        int w = r - OVER;
        o.d = 0;
        o.t = w == 2 ? O_DRAW : (w == q ? O_WIN : O_LOSS);
        return o;
    }
    uint16_t v = swapped[r] ? kid[r][2 * (size_t)rank_[swap_board(nb)] + 1 - q]
                            : kid[r][2 * (size_t)rank_[nb] + q];
    if (v == 0) {
        o.t = O_DRAW;
        o.d = 0;
    } else {
        o.t = (v & 1) ? O_LOSS : O_WIN;
        o.d = v >> 1;
    }
    return o;
}

#define LAG 8
typedef struct {
    int n, loss;
    Pre pre[512];
} Slot;
static Slot ring_[LAG];

typedef struct {
    double t_init, t_prop, t_total;
    long wins, losses, draws, positions, in_edges, known_edges, order_err, max_dist, pushes;
    long unmove_edges;
} Stats;

/* Build tally layer T.  kid[r] = stored layer r (compact) for every r reachable, or
 * with swapped[r] set the stored layer of r's mirror; out = stored layer T (2*nvalid
 * uint16).
 *
 * half = 1 for a layer that is its own mirror (x's and o's fruits equal): the position
 * (b, 1) has the value of (swap(b), 0), so only the positions with x (player 0) on turn
 * are worked on, a move to (c, 1) leading to (swap(c), 0) and an unmove from (pb, 1)
 * coming from (swap(pb), 0): the same graph folded in two, half the work.  Counts
 * (pushes apart, doubled) are those of the whole layer. */
int rt_build(int T, uint16_t **kid, const uint8_t *swapped, int half, uint16_t *out, Stats *st) {
    memset(st, 0, sizeof(*st));
    clock_t t0 = clock();
    Cell *cell = big_alloc((size_t)2 * NB * sizeof(Cell), 1);
    if (!cell) return -1;
    Act acts[64];
    int d[9];
    for (uint32_t r = 0; r < nvalid; r++) {
        uint32_t b = unrank_[r];
        decode(b, d);
        for (int p = 0; p < 2 - half; p++) {
            int n = gen(T, d, b, p, acts);
            int q = 1 - p, cnt = 0, anydraw = 0, bestwin = 1 << 30, maxloss = 0;
            for (int i = 0; i < n; i++) {
                Act *a = &acts[i];
                if (a->kind == 2) {
                    if (a->r1 == T || a->r2 == T) {
                        if (a->r1 == a->r2) {
                            cnt++;
                            continue;
                        }
                        st->order_err++;
                        continue;
                    }
                    /* the decider q picks the better order for q */
                    Out o1 = dec_over_or_kid(a->r1, a->board, q, kid, swapped);
                    Out o2 = dec_over_or_kid(a->r2, a->board, q, kid, swapped);
                    Out best;
                    if (o1.t == O_WIN || o2.t == O_WIN) {
                        best.t = O_WIN;
                        best.d = 1 << 30;
                        if (o1.t == O_WIN && o1.d < best.d) best.d = o1.d;
                        if (o2.t == O_WIN && o2.d < best.d) best.d = o2.d;
                    } else if (o1.t == O_DRAW || o2.t == O_DRAW) {
                        best.t = O_DRAW;
                        best.d = 0;
                    } else {
                        best.t = O_LOSS;
                        best.d = o1.d > o2.d ? o1.d : o2.d;
                    }
                    st->known_edges++;
                    /* p's outcome: 2 plies (the move, the order) */
                    if (best.t == O_DRAW) anydraw = 1;
                    else if (best.t == O_LOSS) { if (best.d + 2 < bestwin) bestwin = best.d + 2; }
                    else if (best.d + 2 > maxloss) maxloss = best.d + 2;
                    continue;
                }
                if (a->r1 == T) {
                    cnt++;
                    continue;
                }
                Out o = dec_over_or_kid(a->r1, a->board, q, kid, swapped);
                st->known_edges++;
                if (o.t == O_DRAW) anydraw = 1;
                else if (o.t == O_LOSS) { if (o.d + 1 < bestwin) bestwin = o.d + 1; }
                else if (o.d + 1 > maxloss) maxloss = o.d + 1;
            }
            st->in_edges += cnt;
            uint32_t idx = 2 * b + p;
            Cell *ce = &cell[idx];
            ce->cnt = cnt;
            if (bestwin < (1 << 30)) {
                ce->flag = F_PWIN;
                ce->out = bestwin;
                push(bestwin, idx);
            } else {
                ce->out = maxloss;
                if (anydraw) ce->flag = F_BLOCK;
                else if (cnt == 0) {
                    ce->flag = F_QLOSS;
                    push(maxloss, idx);
                }
            }
        }
    }
    clock_t t1 = clock();
    st->t_init = (double)(t1 - t0) / CLOCKS_PER_SEC;
    for (int k = 0; k < LAG; k++) ring_[k].n = -1;
    /* Propagation, bucket by bucket.  A position is finalized, its unmoves generated and
     * its parents' cells prefetched LAG positions before the updates to those parents
     * are applied: the cells are read at random, and the lag lets the memory fetch
     * them in parallel.  The order inside a bucket does not change any value: a parent
     * in the same bucket is decided already (its updates from this bucket, one or two
     * plies longer, change nothing), and every push goes to a later bucket. */
    for (int dd = 0; dd < nbk; dd++) {
        size_t n = bk[dd].n; /* pushes go to dd + 1 or more: this bucket does not grow */
        for (size_t i = 0; i < n + LAG; i++) {
            Slot *sl = &ring_[i % LAG];
            if (sl->n >= 0) { /* apply the updates of the position LAG before */
                int loss = sl->loss;
                for (int j = 0; j < sl->n; j++) {
                    uint32_t pidx = sl->pre[j].idx;
                    Cell *pc = &cell[pidx];
                    if (pc->flag & F_FINAL) continue;
                    int nd = dd + sl->pre[j].len;
                    if (loss) {
                        if (pc->flag & F_QLOSS) st->order_err += 1000000;
                        if (!(pc->flag & F_PWIN) || pc->out > nd) {
                            pc->flag = (pc->flag & F_BLOCK) | F_PWIN;
                            pc->out = nd;
                            push(nd, pidx);
                            st->pushes++;
                        }
                    } else {
                        if (pc->flag & (F_PWIN | F_QLOSS)) continue;
                        pc->cnt--;
                        if (pc->out < nd) pc->out = nd;
                        if (pc->cnt == 0 && !(pc->flag & F_BLOCK)) {
                            pc->flag |= F_QLOSS;
                            push(pc->out, pidx);
                            st->pushes++;
                        }
                    }
                }
                sl->n = -1;
            }
            if (i >= n) continue;
            if (i + 2 * LAG < n) PREFETCHW(&cell[bk[dd].a[i + 2 * LAG]]);
            uint32_t idx = bk[dd].a[i];
            Cell *ce = &cell[idx];
            if (ce->flag & F_FINAL) continue;
            int loss;
            if (ce->flag & F_PWIN) {
                if (ce->out != dd) continue; /* a stale, longer candidate */
                loss = 0;
            } else if (ce->flag & F_QLOSS) {
                loss = 1;
            } else
                continue;
            ce->flag = F_FINAL;
            ce->out = (uint16_t)(dd << 1 | loss);
            if (dd > st->max_dist) st->max_dist = dd;
            if (loss) st->losses++;
            else st->wins++;
            uint32_t b = idx >> 1;
            int q = idx & 1;
            decode(b, d);
            int m = unmoves(T, d, b, q, sl->pre);
            st->unmove_edges += m;
            if (half) /* the parent (pb, 1) is the position (swap(pb), 0) */
                for (int j = 0; j < m; j++) sl->pre[j].idx = 2 * swap_board(sl->pre[j].idx >> 1);
            for (int j = 0; j < m; j++) PREFETCHW(&cell[sl->pre[j].idx]);
            sl->n = m;
            sl->loss = loss;
        }
        free(bk[dd].a);
        bk[dd].a = NULL;
        bk[dd].n = bk[dd].cap = 0;
    }
    clock_t t2 = clock();
    st->t_prop = (double)(t2 - t1) / CLOCKS_PER_SEC;
    for (uint32_t r = 0; r < nvalid; r++) {
        uint32_t b = unrank_[r];
        for (int p = 0; p < 2; p++) {
            Cell *ce = &cell[half && p ? 2 * swap_board(b) : 2 * b + p];
            out[2 * (size_t)r + p] = (ce->flag & F_FINAL) ? ce->out : 0;
        }
    }
    if (half) { /* each position decided stood for two: count them in the layer */
        st->wins = st->losses = 0;
        for (size_t i = 0; i < 2 * (size_t)nvalid; i++)
            if (out[i]) {
                if (out[i] & 1) st->losses++;
                else st->wins++;
            }
        st->in_edges *= 2;
        st->known_edges *= 2;
        st->unmove_edges *= 2;
        st->pushes *= 2;
    }
    st->positions = 2 * (long)nvalid;
    st->draws = st->positions - st->wins - st->losses;
    free(cell);
    st->t_total = (double)(clock() - t0) / CLOCKS_PER_SEC;
    return 0;
}

/* Check of the unmove generator against gen, on positions [from, to) of ranks (both
 * players): every in-layer forward edge P -> C (length L) must appear in unmoves(C) as
 * often as gen gives it, and every unmove of C must be a forward edge of its parent.
 * Returns the number of mismatches; *edges counts the forward edges checked. */
long rt_check_unmoves(int T, const uint32_t *ranks, long nr, long *edges) {
    long bad = 0;
    *edges = 0;
    Act acts[64], acts2[64];
    Pre pre[512];
    int d[9], c[9], e[9];
    for (long i = 0; i < nr; i++) {
        uint32_t b = unrank_[ranks[i]];
        decode(b, d);
        for (int p = 0; p < 2; p++) {
            int n = gen(T, d, b, p, acts);
            for (int k = 0; k < n; k++) {
                Act *a = &acts[k];
                int len;
                if (a->kind == 2 && a->r1 == T && a->r2 == T) len = 2;
                else if (a->kind != 2 && a->r1 == T) len = 1;
                else continue;
                (*edges)++;
                /* forward multiplicity of (P -> C, len) */
                int fm = 0;
                for (int k2 = 0; k2 < n; k2++) {
                    Act *a2 = &acts[k2];
                    int l2 = (a2->kind == 2 && a2->r1 == T && a2->r2 == T) ? 2 : (a2->kind != 2 && a2->r1 == T) ? 1 : 0;
                    if (a2->board == a->board && l2 == len) fm++;
                }
                decode(a->board, c);
                int m = unmoves(T, c, a->board, 1 - p, pre);
                int um = 0;
                for (int j = 0; j < m; j++)
                    if (pre[j].idx == 2 * b + p && pre[j].len == len) um++;
                if (um != fm) bad++;
                /* each unmove of C is a forward edge of its parent */
                for (int j = 0; j < m; j++) {
                    uint32_t pb = pre[j].idx >> 1;
                    int pp = pre[j].idx & 1;
                    if (rank_[pb] == NONE) { bad++; continue; }
                    decode(pb, e);
                    int n2 = gen(T, e, pb, pp, acts2);
                    int ok = 0;
                    for (int k2 = 0; k2 < n2; k2++) {
                        Act *a2 = &acts2[k2];
                        int l2 = (a2->kind == 2 && a2->r1 == T && a2->r2 == T) ? 2 : (a2->kind != 2 && a2->r1 == T) ? 1 : 0;
                        if (a2->board == a->board && l2 == pre[j].len) ok = 1;
                    }
                    if (!ok) bad++;
                }
            }
        }
    }
    return bad;
}

/* Whole-layer edge totals: forward in-layer edges and unmove edges over all positions. */
void rt_edge_totals(int T, long *fwd, long *back, long *ordererr) {
    Act acts[64];
    Pre pre[512];
    int d[9];
    *fwd = *back = *ordererr = 0;
    for (uint32_t r = 0; r < nvalid; r++) {
        uint32_t b = unrank_[r];
        decode(b, d);
        for (int p = 0; p < 2; p++) {
            int n = gen(T, d, b, p, acts);
            for (int k = 0; k < n; k++) {
                Act *a = &acts[k];
                if (a->kind == 2) {
                    if (a->r1 == T && a->r2 == T) (*fwd)++;
                    else if (a->r1 == T || a->r2 == T) (*ordererr)++;
                } else if (a->r1 == T) (*fwd)++;
            }
            *back += unmoves(T, d, b, p, pre);
        }
    }
}

/* ------------------------------------------------ the (empty) Python module */

static struct PyModuleDef retro_module = {
    PyModuleDef_HEAD_INIT, "_retro",
    "The Tiki table builder (C, called through ctypes by tiki.tools.tables.native).", -1, NULL,
};

PyMODINIT_FUNC PyInit__retro(void) { return PyModule_Create(&retro_module); }
