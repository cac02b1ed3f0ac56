/*
 * tikiverify.c -- an independent verifier of Tiki's retrograde tables.
 *
 * What it is
 *   A second, self-contained implementation of the rules of Tiki (default
 *   rules only: no shaman, no turn cap, movable='top', allow_turns=True,
 *   short_payout='remaining', minus_one_empty='reserve', end_check='village',
 *   tie_loop='again', no_move='pass') that checks, cell by cell, a table built
 *   by another program.  For every position of a checked layer it generates
 *   the legal actions with its own move generator, resolves influenced
 *   villages with its own fruit rules, reads the stored values of the
 *   children and checks that the stored value of the position is exactly the
 *   value its children imply (shortest win, longest loss, draw otherwise).
 *
 *   It was written from two documents alone: specs/tiki.md (the rules,
 *   clause by clause) and docs/tiki-table-format.md (the file format).  No
 *   code of the table builder or of the tiki package was read.
 *
 * Compile
 *   cc -O2 -Wall -Wextra -o tikiverify tikiverify.c
 *
 * Run
 *   tikiverify [--mirrors] [--layers A,B,...] LAYOUT_DIR
 *
 *   LAYOUT_DIR holds meta.json and layer_NN.u16 files.  By default every
 *   layer that has a complete .u16 file is checked; --layers checks only the
 *   listed layers (a listed layer without a file is read through its
 *   mirror); --mirrors also checks every mirror layer (no file, a .done
 *   marker), read through its mirror's file.  Output: one JSON line per
 *   checked layer, then a verdict line (stdout); diagnostics on stderr.
 *   Exit status 0: consistent, 1: some cell is inconsistent, 2: usage or
 *   input error (including a layer that a checked position's action leads
 *   to and that can be read neither from its own file nor from its
 *   mirror's).
 *
 * How it works
 *   The boards are walked in increasing order (the rank is the walk's
 *   counter; a table-driven ranking of the children, checked against that
 *   counter at every board).  Layer files are mapped read-only (mmap); a
 *   mirror layer that is needed is copied once into memory with the colours
 *   swapped (109 MB each), so that every read is a plain index.  Before any
 *   checking, every layer reachable in one action from a checked layer is
 *   opened, so that a missing one stops the run at once.  Memory: the mapped
 *   files plus the mirror copies (about 7 GB resident for a whole layout).
 *   Single-threaded; about 13-15 CPU seconds per layer on the machine it was
 *   written on.
 *
 *   Checking every cell locally is a complete check: if every stored value
 *   equals the value its children's stored values imply, then (by induction
 *   on the distance) every stored win and loss is the true game value with
 *   the true distance, and every stored draw is a true draw.
 *
 * Readings of the documents (where they leave something open)
 *   R1  A ply is a turn (create, move, forced pass) or an order decision
 *       (TIKI-INFL-3).  When a move influences two villages, the position
 *       after the move is an order-decision node of the player not on turn;
 *       it is one ply from the mover's position, and each of its two options
 *       (one per order; they are counted even when they lead to the same
 *       result) is one ply further: either the game ends during the
 *       resolution (after the first or the second village), a finished game
 *       one ply after the decision, or the turn passes and the position
 *       (board, player not on turn) of the resulting tally is reached one ply
 *       after the decision.  The decider is also the player on turn in that
 *       position, so its value is taken without a change of side.
 *   R2  The decision is a ply even when only one order can be told apart
 *       (the spec: "If two villages are influenced, the player who is not on
 *       turn chooses"): there is no special case for identical options.
 *   R3  A game that ends during a turn (a single influenced village that
 *       ends it) ends at that turn's ply: win or loss in 1 for the mover.
 *       A finished game is scored by the rules (TIKI-END-1..4); with the
 *       default rules it is never drawn.
 *   R4  The end check after each village, in the order of the spec: a player
 *       with 4 or more fruits wins; in tie-break mode, different counts end
 *       the game (more fruits wins); an empty reserve ends the game (more
 *       fruits wins) unless the counts are level, in which case one spoiled
 *       fruit returns to the reserve and tie-break mode is on (again, for
 *       tie_loop='again').
 *   R5  A -1 village takes a fruit from its beneficiary if they hold one,
 *       else one fruit of the reserve spoils (the reserve is never empty at
 *       that moment with end_check='village'; if it were, nothing spoils).
 *       A +1/+2 village pays min(value, reserve).
 *   R6  The beneficiary of a village is the owner of its top tiki after the
 *       move.  In a 2-step move the first village entered receives the old
 *       bottom tiki and the second the old top tiki (TIKI-MOVE-6); the
 *       starting village is left empty.
 *   R7  A forced pass (no create and no move) is one ply to (same board,
 *       other player) in the same tally.
 *   R8  A layer's .u16 file counts as present only when its .done marker
 *       exists too (the format doc: ".done: the layer is complete"); a file
 *       without its marker is reported on stderr and treated as absent
 *       (then read through its mirror if that has a file).
 *   R9  The opening is reported if the layer of tally 448 was read in this
 *       run (checked, or mapped as a child's layer); else null.
 *   R10 A stored value 1 (loss in 0) is malformed (format doc: a non-zero
 *       value has distance >= 1); it can never equal an implied value
 *       either, so it counts as one error of its cell.
 *   R11 An implied distance above 32767 cannot be stored; such a cell is an
 *       error whatever its stored value.
 *   R12 --layers with --mirrors: the listed layers plus every mirror layer.
 *   R13 meta.json: "positions" must be 54651602 exactly (the format fixes
 *       the boards); the layout's values must each be in -1..2 (the tile
 *       multiset is not checked: the rules of play do not depend on it);
 *       every listed tally must be a tally (fields summing to 7) of an
 *       unfinished game (nobody with 4 fruits, reserve not empty, level
 *       counts in tie-break mode), each listed once, at most 256; other keys
 *       are allowed if their values are strings, integers or integer lists.
 *   R14 A child whose tally is not in meta.json's list is an error of the
 *       table, reported at each position that has such a child.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TIKIVERIFY_VERSION "1.0"

#define NVIL 9
#define NBOARDS 27325801u          /* boards with at most 8 tikis of each colour */
#define NPOS (2u * NBOARDS)         /* positions of a layer */
#define NTALLY 8192
#define MAXLAYERS 256
#define MAXERRS 10

#if defined(__GNUC__) || defined(__clang__)
#define CTZ(m) __builtin_ctz(m)
#else
static int CTZ(uint32_t m) {
    int i = 0;
    while (!(m & 1u)) {
        m >>= 1;
        i++;
    }
    return i;
}
#endif

/* ---------------------------------------------------------------- stacks */
/* code: 0 empty, 1 x, 2 o, 3 x on x, 4 x on o (bottom o), 5 o on x
 * (bottom x), 6 o on o.  Player 0 is x, 1 is o. */
static const uint8_t CX[7] = {0, 1, 0, 2, 1, 1, 0};
static const uint8_t CO[7] = {0, 0, 1, 0, 1, 1, 2};
static const uint8_t CH[7] = {0, 1, 1, 2, 2, 2, 2};
static const int8_t CTOP[7] = {-1, 0, 1, 0, 0, 1, 1};
static const int8_t CBOT[7] = {-1, 0, 1, 0, 1, 0, 1};
#define THREE 7 /* a stack that reached 3 tikis: influenced */
static const uint8_t PUSH[7][2] = {{1, 2}, {3, 5}, {4, 6}, {THREE, THREE},
                                   {THREE, THREE}, {THREE, THREE}, {THREE, THREE}};
static const uint8_t CSWAP[7] = {0, 2, 1, 6, 5, 4, 3};
static const char *VNAME[NVIL] = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"};

/* ------------------------------------------------------------- geometry */
static int nnb[NVIL], nb[NVIL][4];
static int np2[NVIL], p2a[NVIL][8], p2b[NVIL][8]; /* 2-step paths */

static void init_geometry(void) {
    for (int v = 0; v < NVIL; v++) {
        int r = v / 3, f = v % 3;
        nnb[v] = 0;
        if (f > 0) nb[v][nnb[v]++] = v - 1;
        if (f < 2) nb[v][nnb[v]++] = v + 1;
        if (r > 0) nb[v][nnb[v]++] = v - 3;
        if (r < 2) nb[v][nnb[v]++] = v + 3;
    }
    for (int v = 0; v < NVIL; v++) {
        np2[v] = 0;
        for (int i = 0; i < nnb[v]; i++) {
            int a = nb[v][i];
            for (int j = 0; j < nnb[a]; j++) {
                int b = nb[a][j];
                if (b == v) continue; /* TIKI-MOVE-4: no reversal */
                p2a[v][np2[v]] = a;
                p2b[v][np2[v]] = b;
                np2[v]++;
            }
        }
    }
}

/* ------------------------------------------------------------------ rank */
/* N[k][a][b]: boards on villages 0..k-1 with at most a x and b o tikis.
 * RP[v][c][a][b]: boards that agree above v, have a code < c at v, with a, b
 * tikis left for villages 0..v.  rank = sum over v of RP[v][d_v][a_v][b_v]. */
static uint32_t N[NVIL + 1][9][9];
static uint32_t RP[NVIL][7][9][9];

static void init_rank(void) {
    for (int a = 0; a < 9; a++)
        for (int b = 0; b < 9; b++) N[0][a][b] = 1;
    for (int k = 0; k < NVIL; k++)
        for (int a = 0; a < 9; a++)
            for (int b = 0; b < 9; b++) {
                uint32_t s = 0;
                for (int c = 0; c < 7; c++)
                    if (CX[c] <= a && CO[c] <= b) s += N[k][a - CX[c]][b - CO[c]];
                N[k + 1][a][b] = s;
            }
    for (int v = 0; v < NVIL; v++)
        for (int a = 0; a < 9; a++)
            for (int b = 0; b < 9; b++) {
                uint32_t s = 0;
                for (int c = 0; c < 7; c++) {
                    RP[v][c][a][b] = s;
                    if (CX[c] <= a && CO[c] <= b) s += N[v][a - CX[c]][b - CO[c]];
                }
            }
}

/* Split ranking, for speed.  A board is also numbered in a mixed radix:
 * K = (h << 12) | l, with h the base-7 number of villages 4..8 and l that
 * of villages 0..3 (village v weighs W[v]); then
 * rank = HRO[h].r + LOWT[HRO[h].off + l], where .off selects the row of the
 * tikis of each colour left for villages 0..3.  The rank is checked against
 * the board counter of every walk over the boards. */
#define P74 2401u
#define P75 16807u
typedef struct {
    uint32_t r, off;
} HighPart;
static HighPart HRO[P75];
static uint32_t *LOWT;
static uint32_t POW7[NVIL], W[NVIL];

static void die2(const char *fmt, ...);

static void init_split(void) {
    POW7[0] = 1;
    for (int v = 1; v < NVIL; v++) POW7[v] = POW7[v - 1] * 7u;
    for (int v = 0; v < NVIL; v++) W[v] = v < 4 ? POW7[v] : POW7[v - 4] << 12;
    for (uint32_t h = 0; h < P75; h++) {
        uint32_t r = 0;
        int a = 8, b = 8, ok = 1;
        for (int v = NVIL - 1; v >= 4; v--) {
            int c = (int)((h / POW7[v - 4]) % 7u);
            if (CX[c] > a || CO[c] > b) {
                ok = 0;
                break;
            }
            r += RP[v][c][a][b];
            a -= CX[c];
            b -= CO[c];
        }
        HRO[h].r = ok ? r : 0;
        HRO[h].off = ok ? (uint32_t)(a * 9 + b) * P74 : 0;
    }
    LOWT = malloc(sizeof(uint32_t) * 81u * P74);
    if (!LOWT) die2("out of memory");
    for (int ab = 0; ab < 81; ab++)
        for (uint32_t l = 0; l < P74; l++) {
            uint32_t r = 0;
            int a = ab / 9, b = ab % 9, ok = 1;
            for (int v = 3; v >= 0; v--) {
                int c = (int)((l / POW7[v]) % 7u);
                if (CX[c] > a || CO[c] > b) {
                    ok = 0;
                    break;
                }
                r += RP[v][c][a][b];
                a -= CX[c];
                b -= CO[c];
            }
            LOWT[(uint32_t)ab * P74 + l] = ok ? r : 0;
        }
}

/* rank of the (valid) board numbered K in the mixed radix */
static inline uint32_t rank_k(uint32_t K) {
    const HighPart *hp = &HRO[K >> 12];
    return hp->r + LOWT[hp->off + (K & 4095u)];
}

/* The walk over the boards in increasing order: digits d (village 0 least
 * significant) and the tikis of each colour.  Returns 0 after the last
 * board. */
typedef struct {
    uint8_t d[NVIL];
    int cnt[2];
} Walk;

static int walk_next(Walk *w) {
    for (int v = 0; v < NVIL; v++) {
        int c = w->d[v];
        w->cnt[0] -= CX[c];
        w->cnt[1] -= CO[c];
        if (c < 6) {
            w->d[v] = (uint8_t)(c + 1);
            w->cnt[0] += CX[c + 1];
            w->cnt[1] += CO[c + 1];
            return 1;
        }
        w->d[v] = 0;
    }
    return 0;
}

/* the number K of board d (or of its colour-swapped board) */
static inline uint32_t board_k(const uint8_t *d, int swapped) {
    uint32_t K = 0;
    for (int v = 0; v < NVIL; v++) K += (uint32_t)(swapped ? CSWAP[d[v]] : d[v]) * W[v];
    return K;
}

/* --------------------------------------------------------------- tallies */
#define T_X(t) ((t) & 7)
#define T_O(t) (((t) >> 3) & 7)
#define T_R(t) (((t) >> 6) & 7)
#define T_S(t) (((t) >> 9) & 7)
#define T_TB(t) (((t) >> 12) & 1)
#define XWINS (-1)
#define OWINS (-2)
#define BADT (-3)

static int tally_swap(int t) { return (t & ~63) | (T_X(t) << 3) | T_O(t); }

static int tally_ok(int t) {
    return t >= 0 && t < NTALLY && T_X(t) + T_O(t) + T_R(t) + T_S(t) == 7;
}
static int tally_unfinished(int t) {
    return tally_ok(t) && T_X(t) < 4 && T_O(t) < 4 && T_R(t) > 0 &&
           (!T_TB(t) || T_X(t) == T_O(t));
}

/* Resolve one influenced village of value val for beneficiary ben, then the
 * end check (TIKI-INFL-4..8, TIKI-END-1..4; R4, R5).  Returns the new tally,
 * or XWINS / OWINS when the game ends. */
static int resolve(int t, int val, int ben) {
    int f[2] = {T_X(t), T_O(t)}, R = T_R(t), S = T_S(t), tb = T_TB(t);
    if (val > 0) { /* TIKI-INFL-4, TIKI-INFL-5 'remaining' */
        int g = val < R ? val : R;
        f[ben] += g;
        R -= g;
    } else if (val < 0) { /* TIKI-INFL-7 'reserve' */
        if (f[ben] > 0) {
            f[ben]--;
            S++;
        } else if (R > 0) {
            R--;
            S++;
        }
    } /* 0: TIKI-INFL-6, nothing */
    /* TIKI-END-1: four fruits */
    if (f[0] >= 4) return XWINS;
    if (f[1] >= 4) return OWINS;
    /* TIKI-END-3: a tie-break decided */
    if (tb && f[0] != f[1]) return f[0] > f[1] ? XWINS : OWINS;
    /* TIKI-END-2: the reserve runs out; TIKI-END-3/4 on a tie */
    if (R == 0) {
        if (f[0] != f[1]) return f[0] > f[1] ? XWINS : OWINS;
        if (S == 0) return BADT; /* cannot happen: level counts hold an even number
                                    of the 7 fruits (spec note on TIKI-END-3) */
        S--;
        R = 1;
        tb = 1;
    }
    return f[0] | (f[1] << 3) | (R << 6) | (S << 9) | (tb << 12);
}

static int16_t TR[NTALLY][4][2]; /* [tally][value+1][beneficiary] */

/* ------------------------------------------------------------ the table */
static int layout[NVIL];
static int nlayers;
static int ltally[MAXLAYERS];
static int tally_layer[NTALLY]; /* -1 when not listed */
static int has_file[MAXLAYERS], has_done[MAXLAYERS];
static const uint16_t *lmap[MAXLAYERS];  /* the files, mapped */
static const uint16_t *mirr[MAXLAYERS];  /* a file's values with colours swapped */
static const char *gdir;

/* Where the values of a tally are read. */
enum { S_UNKNOWN = 0, S_OK, S_UNLISTED, S_MISSING };
typedef struct {
    int state;
    int layer;                /* layer of the tally */
    int srclayer;             /* layer whose file holds the values */
    int swap;                 /* 1: read through the mirror */
    const uint16_t *vals;     /* the values, indexed as in a file of this tally */
} Src;
static Src src[NTALLY];

static void die2(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "tikiverify: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void layer_path(char *buf, size_t n, int L, const char *suffix) {
    snprintf(buf, n, "%s/layer_%02d.u16%s", gdir, L, suffix);
}

static const uint16_t *map_layer(int L) {
    if (lmap[L]) return lmap[L];
    char path[4096];
    layer_path(path, sizeof path, L, "");
    int fd = open(path, O_RDONLY);
    if (fd < 0) die2("%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) die2("%s: cannot stat: %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode)) die2("%s: not a regular file", path);
    if ((uint64_t)st.st_size != (uint64_t)NPOS * 2u)
        die2("%s: size %lld bytes, expected positions*2 = %llu", path, (long long)st.st_size,
             (unsigned long long)NPOS * 2u);
    int flags = MAP_SHARED;
#ifdef MAP_POPULATE
    flags |= MAP_POPULATE;
#endif
    void *p = mmap(NULL, (size_t)NPOS * 2u, PROT_READ, flags, fd, 0);
    if (p == MAP_FAILED) die2("%s: mmap failed: %s", path, strerror(errno));
    close(fd);
    lmap[L] = (const uint16_t *)p;
    return lmap[L];
}

/* The values of layer M's file with the colours swapped: position (board,
 * player) of the mirror layer is (swapped board, 1 - player) of M.  Made once
 * in memory so that the checking loop reads every layer alike. */
static const uint16_t *mirrored(int M) {
    if (mirr[M]) return mirr[M];
    const uint16_t *f = map_layer(M);
    double t0 = now();
    uint16_t *out = malloc((size_t)NPOS * 2u);
    if (!out) die2("out of memory (mirror of layer %d)", M);
    Walk w;
    memset(&w, 0, sizeof w);
    uint32_t r = 0;
    do {
        if (w.cnt[0] <= 8 && w.cnt[1] <= 8) {
            if (rank_k(board_k(w.d, 0)) != r) die2("internal error: rank of board %u", r);
            uint32_t rs = rank_k(board_k(w.d, 1));
            out[2u * r] = f[2u * rs + 1u];
            out[2u * r + 1u] = f[2u * rs];
            r++;
        }
    } while (walk_next(&w));
    if (r != NBOARDS) die2("internal error: %u boards walked", r);
    mirr[M] = out;
    fprintf(stderr, "tikiverify: layer %d's file read with colours swapped (%.1f s)\n", M,
            now() - t0);
    return out;
}

/* The source of tally t's values: its own file, or its mirror's. */
static Src *get_src(int t) {
    Src *s = &src[t];
    if (s->state != S_UNKNOWN) return s;
    int L = tally_layer[t];
    s->layer = L;
    if (L < 0) {
        s->state = S_UNLISTED;
        return s;
    }
    if (has_file[L]) {
        s->swap = 0;
        s->srclayer = L;
    } else {
        int M = tally_layer[tally_swap(t)];
        if (M < 0 || !has_file[M]) {
            s->state = S_MISSING;
            return s;
        }
        s->swap = 1;
        s->srclayer = M;
    }
    s->state = S_OK;
    return s;
}

/* Tally t must be readable (if it is listed): map it, or stop (exit 2). */
static void require_src(int t) {
    Src *s = get_src(t);
    if (s->state == S_UNLISTED) return;
    if (s->state == S_MISSING) {
        int M = tally_layer[tally_swap(t)];
        if (M >= 0 && M != s->layer)
            die2("%s: layer %d (tally %d) is needed but has no complete file, nor has its mirror, "
                 "layer %d (tally %d)",
                 gdir, s->layer, t, M, tally_swap(t));
        die2("%s: layer %d (tally %d) is needed but has no complete file (and no mirror layer "
             "with one)",
             gdir, s->layer, t);
    }
    if (!s->vals) s->vals = s->swap ? mirrored(s->srclayer) : map_layer(s->srclayer);
}

/* --------------------------------------------------------------- values */
/* A key orders outcomes for the player it belongs to (higher is better):
 * loss in d -> d (1..32768), draw -> DRAWK, win in d -> WINB - d. */
#define DRAWK 0x10000
#define WINB 0x20000

/* key for the parent from a child's stored value (the child is the other
 * player's to move): a child lost in d is a win in d+1, and so on. */
static inline int key_flip(uint32_t w) {
    if (w == 0) return DRAWK;
    int d = (int)(w >> 1) + 1;
    return (w & 1) ? WINB - d : d;
}
/* key for the decider of an order decision from the stored value of the
 * position it leads to (the decider is on turn there): one ply more. */
static inline int key_same(uint32_t w) {
    if (w == 0) return DRAWK;
    int d = (int)(w >> 1) + 1;
    return (w & 1) ? d : WINB - d;
}
/* key for the mover from the decision node's key (the decider's) */
static inline int key_from_decision(int k) {
    if (k == DRAWK) return DRAWK;
    if (k > DRAWK) return (WINB - k) + 1; /* decider wins in e: mover loses in e+1 */
    return WINB - (k + 1);                /* decider loses in e: mover wins in e+1 */
}
/* the value to store for a key; > 65535 when not representable */
static uint32_t key_to_w(int k) {
    if (k == DRAWK) return 0;
    if (k > DRAWK) return (uint32_t)(WINB - k) << 1;
    return ((uint32_t)k << 1) | 1u;
}
static void fmt_w(char *buf, size_t n, uint32_t w) {
    if (w == 0)
        snprintf(buf, n, "draw");
    else
        snprintf(buf, n, "%s in %u", (w & 1) ? "loss" : "win", w >> 1);
}

/* ------------------------------------------ outcomes of influenced villages */
/* For the layer being checked (tally T) and a mover p, what an action leads
 * to, found once per layer:
 *   Out1: no influenced village (the same tally) or one: the values of the
 *         tally reached and a table from the stored value w of (new board,
 *         other player) to the mover's key; when the game ends in the
 *         mover's ply (R3), a constant table (win in 1 / loss in 1);
 *   Out2: two influenced villages, the order decision of the other player q
 *         (R1): per order, the values of the tally reached and a table from
 *         w to q's key one ply later (KS1), or a constant table when the game
 *         ends during that order's resolution; the mover's key is then
 *         key_from_decision(q's best). */
typedef struct {
    const uint16_t *vals;
    const int32_t *kt;
    int bad;   /* the tally reached is not listed in meta.json */
    int tally; /* (that tally) */
} Out1;
typedef struct {
    const uint16_t *vals[2];
    const int32_t *kt[2];
    int bad, tally;
} Out2;

static int32_t *KF;   /* w of the other player -> mover's key (key_flip) */
static int32_t *KS1;  /* w of the decider -> decider's key, one ply more */
static int32_t *KWIN1, *KLOSS1; /* constant: win in 1, loss in 1 */

static void init_keys(void) {
    KF = malloc(sizeof(int32_t) * 65536u);
    KS1 = malloc(sizeof(int32_t) * 65536u);
    KWIN1 = malloc(sizeof(int32_t) * 65536u);
    KLOSS1 = malloc(sizeof(int32_t) * 65536u);
    if (!KF || !KS1 || !KWIN1 || !KLOSS1) die2("out of memory");
    for (uint32_t w = 0; w < 65536u; w++) {
        KF[w] = key_flip(w);
        KS1[w] = key_same(w);
        KWIN1[w] = WINB - 1;
        KLOSS1[w] = 1;
    }
}

static Out1 PLAIN;                      /* no village influenced */
static Out1 SGLP[NVIL][2][2];           /* one: [village][beneficiary][mover] */
static Out2 DBL[NVIL][NVIL][2][2];      /* two: [first entered][second][ben. of first][mover] */
static const Out1 *SEL1[NVIL][4][2][2]; /* 1-step: [from][path][mover][influenced] */
static const Out1 *SEL2[NVIL][8][2][2][4]; /* 2-step: [from][path][bottom][mover][which] */
static const Out2 *DBLP[NVIL][8][2][2];    /* 2-step, both influenced */

static int cur_layer, cur_tally;
static const uint16_t *cur_vals;

/* Every tally an action of layer T's positions can reach (and T itself), fn
 * called on each non-terminal one: one influenced village (any village, any
 * beneficiary), or two adjacent villages in either order (any
 * beneficiaries). */
static void reachable_tallies(int T, void (*fn)(int)) {
    fn(T);
    for (int v = 0; v < NVIL; v++)
        for (int b = 0; b < 2; b++) {
            int t1 = TR[T][layout[v] + 1][b];
            if (t1 < 0) continue;
            fn(t1);
            for (int j = 0; j < nnb[v]; j++) {
                int u = nb[v][j];
                for (int b2 = 0; b2 < 2; b2++) {
                    int t2 = TR[t1][layout[u] + 1][b2];
                    if (t2 >= 0) fn(t2);
                }
            }
        }
}

/* the values of tally t for an outcome; *bad when t is not listed */
static const uint16_t *out_vals(int t, int *bad) {
    Src *s = get_src(t);
    if (s->state == S_UNLISTED) {
        *bad = 1;
        return cur_vals; /* read but not used */
    }
    require_src(t);
    return s->vals;
}

static void prepare_layer(int L) {
    int T = ltally[L];
    cur_layer = L;
    cur_tally = T;
    require_src(T);
    cur_vals = src[T].vals;
    memset(&PLAIN, 0, sizeof PLAIN);
    PLAIN.vals = cur_vals;
    PLAIN.kt = KF;
    PLAIN.tally = T;
    for (int n = 0; n < NVIL; n++)
        for (int b = 0; b < 2; b++)
            for (int p = 0; p < 2; p++) {
                Out1 *o = &SGLP[n][b][p];
                memset(o, 0, sizeof *o);
                int t = TR[T][layout[n] + 1][b];
                o->tally = t;
                if (t < 0) { /* R3: the game ends in the mover's ply */
                    o->vals = cur_vals;
                    o->kt = t == (p ? OWINS : XWINS) ? KWIN1 : KLOSS1;
                } else {
                    o->vals = out_vals(t, &o->bad);
                    o->kt = KF;
                }
            }
    for (int n1 = 0; n1 < NVIL; n1++)
        for (int j = 0; j < nnb[n1]; j++) {
            int n2 = nb[n1][j];
            for (int b1 = 0; b1 < 2; b1++)
                for (int p = 0; p < 2; p++) {
                    Out2 *o = &DBL[n1][n2][b1][p];
                    memset(o, 0, sizeof *o);
                    int q = 1 - p; /* the decider (R1) */
                    for (int ord = 0; ord < 2; ord++) {
                        int f = ord ? n2 : n1, g = ord ? n1 : n2;
                        int bf = ord ? p : b1, bg = ord ? b1 : p;
                        int t = TR[T][layout[f] + 1][bf];
                        if (t >= 0) t = TR[t][layout[g] + 1][bg];
                        if (t < 0) { /* the game ends at the decision's ply */
                            o->vals[ord] = cur_vals;
                            o->kt[ord] = t == (q ? OWINS : XWINS) ? KWIN1 : KLOSS1;
                        } else {
                            int bad = 0;
                            o->vals[ord] = out_vals(t, &bad);
                            o->kt[ord] = KS1;
                            if (bad) {
                                o->bad = 1;
                                o->tally = t;
                            }
                        }
                    }
                }
        }
    for (int v = 0; v < NVIL; v++)
        for (int p = 0; p < 2; p++) {
            for (int i = 0; i < nnb[v]; i++) {
                int n = nb[v][i];
                SEL1[v][i][p][0] = &PLAIN;
                SEL1[v][i][p][1] = &SGLP[n][p][p]; /* the beneficiary is the mover */
            }
            for (int i = 0; i < np2[v]; i++)
                for (int b0 = 0; b0 < 2; b0++) {
                    int n1 = p2a[v][i], n2 = p2b[v][i];
                    SEL2[v][i][b0][p][0] = &PLAIN;
                    SEL2[v][i][b0][p][1] = &SGLP[n1][b0][p]; /* first village: old bottom */
                    SEL2[v][i][b0][p][2] = &SGLP[n2][p][p];  /* second village: old top */
                    SEL2[v][i][b0][p][3] = NULL;
                    DBLP[v][i][b0][p] = &DBL[n1][n2][b0][p];
                }
        }
}

/* ---------------------------------------------------------------- errors */
static char *errs[MAXERRS];
static int nerrs_kept;

static void keep_error(const char *s) {
    if (nerrs_kept < MAXERRS) errs[nerrs_kept++] = strdup(s);
    fprintf(stderr, "tikiverify: error: %s\n", s);
}

static void describe_pos(char *buf, size_t n, int L, uint32_t idx, const uint8_t *d, int p) {
    snprintf(buf, n, "layer %d, index %u (board %d,%d,%d,%d,%d,%d,%d,%d,%d, %c on turn)", L, idx,
             d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], p ? 'o' : 'x');
}

/* The unlisted tally met by the current position, if any (for its message). */
static int unl_tally;
static char unl_move[32];

static void note_unlisted(int t, int from, int a, int b) {
    if (unl_tally >= 0) return;
    unl_tally = t;
    if (b < 0)
        snprintf(unl_move, sizeof unl_move, "%s-%s", VNAME[from], VNAME[a]);
    else
        snprintf(unl_move, sizeof unl_move, "%s-%s-%s", VNAME[from], VNAME[a], VNAME[b]);
}

#define UMAX(x, y) ((x) > (y) ? (x) : (y))

/* What one board offers, for both players. */
typedef struct {
    uint32_t K;              /* its number in the mixed radix */
    uint32_t empty;          /* empty villages */
    uint32_t mine1[2];       /* 1-high totems topped by x / o */
    uint32_t mine2[2];       /* 2-high totems topped by x / o */
    uint32_t infm;           /* 2-high villages: entering one influences it */
    uint32_t DEL[2][NVIL];   /* K's change when a tiki of x / o enters a village
                                (an influenced village is emptied) */
} BoardInfo;

/* Implied value of (board, p) for the layer prepared; -1 if an action
 * reaches an unlisted tally.  npl: p's tikis on the board. */
static inline int64_t implied(const uint8_t *d, const BoardInfo *bi, int p, int npl) {
    int best = 0, bad = 0;
    const int q = 1 - p;
    const uint16_t *cv = cur_vals + q;
    const uint32_t *DP = bi->DEL[p];
    const uint32_t K = bi->K, infm = bi->infm;
    /* TIKI-CREATE-1..3: a tiki in supply, an empty village */
    int can_create = npl < 8 && bi->empty;
    if (can_create)
        for (uint32_t m = bi->empty; m; m &= m - 1) {
            int v = CTZ(m);
            int k = KF[cv[2u * rank_k(K + DP[v])]];
            best = UMAX(best, k);
        }
    /* TIKI-MOVE-1..6: a totem topped by p, moved as a whole, its height in
     * steps, no reversal, dropping its bottom tiki in each village entered;
     * then TIKI-INFL-1..8 and TIKI-END-1..4 through the Out tables */
    for (uint32_t m = bi->mine1[p]; m; m &= m - 1) {
        int v = CTZ(m);
        uint32_t Kv = K - (uint32_t)d[v] * W[v];
        for (int i = 0; i < nnb[v]; i++) {
            int n = nb[v][i];
            const Out1 *oi = SEL1[v][i][p][(infm >> n) & 1u];
            uint32_t idx = 2u * rank_k(Kv + DP[n]) + (uint32_t)q;
            int k = oi->kt[oi->vals[idx]];
            if (oi->bad) {
                note_unlisted(oi->tally, v, n, -1);
                bad = 1;
            }
            best = UMAX(best, k);
        }
    }
    for (uint32_t m = bi->mine2[p]; m; m &= m - 1) {
        int v = CTZ(m);
        int c = d[v], b0 = CBOT[c];
        uint32_t Kv = K - (uint32_t)c * W[v];
        const uint32_t *DB = bi->DEL[b0];
        for (int i = 0; i < np2[v]; i++) {
            int n1 = p2a[v][i], n2 = p2b[v][i];
            uint32_t kind = ((infm >> n1) & 1u) | (((infm >> n2) & 1u) << 1);
            uint32_t idx = 2u * rank_k(Kv + DB[n1] + DP[n2]) + (uint32_t)q;
            int k;
            if (kind != 3) {
                const Out1 *oi = SEL2[v][i][b0][p][kind];
                k = oi->kt[oi->vals[idx]];
                if (oi->bad) {
                    note_unlisted(oi->tally, v, n1, n2);
                    bad = 1;
                }
            } else { /* the order decision (TIKI-INFL-3, R1) */
                const Out2 *od = DBLP[v][i][b0][p];
                int ka = od->kt[0][od->vals[0][idx]];
                int kb = od->kt[1][od->vals[1][idx]];
                k = key_from_decision(UMAX(ka, kb));
                if (od->bad) {
                    note_unlisted(od->tally, v, n1, n2);
                    bad = 1;
                }
            }
            best = UMAX(best, k);
        }
    }
    if (bad) return -1;
    if (!can_create && !(bi->mine1[p] | bi->mine2[p])) /* TIKI-END-5 'pass' (R7) */
        best = KF[cv[2u * rank_k(K)]];
    return key_to_w(best);
}

/* ----------------------------------------------------- checking a layer */
typedef struct {
    uint64_t positions, wins, losses, draws, errors;
} Stats;

static uint64_t total_errors;

static void check_layer(int L, Stats *st) {
    prepare_layer(L);
    memset(st, 0, sizeof *st);
    const uint16_t *self = cur_vals;
    uint64_t printed = 0;
    Walk wk;
    memset(&wk, 0, sizeof wk);
    uint32_t r = 0;
    BoardInfo bi;
    double t0 = now(), tlast = t0;
    do {
        if (wk.cnt[0] > 8 || wk.cnt[1] > 8) continue;
        const uint8_t *d = wk.d;
        bi.K = board_k(d, 0);
        if (rank_k(bi.K) != r) die2("internal error: rank of board %u", r);
        bi.empty = bi.infm = 0;
        bi.mine1[0] = bi.mine1[1] = bi.mine2[0] = bi.mine2[1] = 0;
        for (int v = 0; v < NVIL; v++) {
            int c = d[v];
            if (!c)
                bi.empty |= 1u << v;
            else if (CH[c] == 1)
                bi.mine1[CTOP[c]] |= 1u << v;
            else {
                bi.mine2[CTOP[c]] |= 1u << v;
                bi.infm |= 1u << v;
            }
            for (int t = 0; t < 2; t++) {
                int nc = PUSH[c][t];
                bi.DEL[t][v] = (uint32_t)((nc == THREE ? 0 : nc) - c) * W[v];
            }
        }
        for (int p = 0; p < 2; p++) {
            uint32_t idx = 2u * r + (uint32_t)p;
            uint32_t w = self[idx];
            if (w == 0)
                st->draws++;
            else if (w & 1)
                st->losses++;
            else
                st->wins++;
            unl_tally = -1;
            int64_t imp = implied(d, &bi, p, wk.cnt[p]);
            if (imp >= 0 && (uint32_t)imp == w) continue;
            st->errors++;
            total_errors++;
            if (nerrs_kept >= MAXERRS && printed >= 20) continue;
            char pos[160], msg[512], ws[40], is[40];
            describe_pos(pos, sizeof pos, L, idx, d, p);
            fmt_w(ws, sizeof ws, w);
            if (imp < 0) {
                int t = unl_tally;
                snprintf(msg, sizeof msg,
                         "%s: stored %s, but the move %s reaches tally %d (x %d, o %d, reserve %d, "
                         "spoiled %d, tie-break %d), not listed in meta.json",
                         pos, ws, unl_move, t, T_X(t), T_O(t), T_R(t), T_S(t), T_TB(t));
            } else {
                if (imp > 65535)
                    snprintf(is, sizeof is, "a distance too long to store");
                else
                    fmt_w(is, sizeof is, (uint32_t)imp);
                snprintf(msg, sizeof msg, "%s: stored %s%s, children imply %s", pos, ws,
                         w == 1 ? " (malformed: distance 0)" : "", is);
            }
            printed++;
            keep_error(msg);
        }
        r++;
        if ((r & 0xFFFFF) == 0) {
            double t = now();
            if (t - tlast > 10) {
                fprintf(stderr, "tikiverify: layer %d: %.0f%% (%.0f s)\n", L, 100.0 * r / NBOARDS,
                        t - t0);
                tlast = t;
            }
        }
    } while (walk_next(&wk));
    if (r != NBOARDS) die2("internal error: %u boards walked, expected %u", r, NBOARDS);
    st->positions = 2ull * r;
}

/* ------------------------------------------------------------ meta.json */
typedef struct {
    const char *s, *e, *b, *path;
} Json;

static void jfail(Json *j, const char *what) {
    die2("%s: malformed JSON at byte %ld: %s", j->path, (long)(j->s - j->b), what);
}
static void jws(Json *j) {
    while (j->s < j->e && (*j->s == ' ' || *j->s == '\t' || *j->s == '\n' || *j->s == '\r')) j->s++;
}
static int jpeek(Json *j) {
    jws(j);
    return j->s < j->e ? (unsigned char)*j->s : -1;
}
static void jexpect(Json *j, char c) {
    if (jpeek(j) != (unsigned char)c) {
        char m[40];
        snprintf(m, sizeof m, "expected '%c'", c);
        jfail(j, m);
    }
    j->s++;
}
/* a string without escapes (meta.json needs none); copied into buf */
static void jstring(Json *j, char *buf, size_t n) {
    jexpect(j, '"');
    size_t k = 0;
    while (j->s < j->e && *j->s != '"') {
        unsigned char c = (unsigned char)*j->s;
        if (c == '\\' || c < 0x20) jfail(j, "escape or control character in a string");
        if (k + 1 < n) buf[k++] = (char)c;
        j->s++;
    }
    if (j->s >= j->e) jfail(j, "unterminated string");
    j->s++;
    buf[k] = 0;
}
static long long jint(Json *j) {
    jws(j);
    int neg = 0, nd = 0;
    long long v = 0;
    if (j->s < j->e && *j->s == '-') {
        neg = 1;
        j->s++;
    }
    while (j->s < j->e && *j->s >= '0' && *j->s <= '9') {
        if (++nd > 15) jfail(j, "integer too long");
        v = v * 10 + (*j->s - '0');
        j->s++;
    }
    if (nd == 0) jfail(j, "expected an integer");
    if (j->s < j->e && (*j->s == '.' || *j->s == 'e' || *j->s == 'E'))
        jfail(j, "expected an integer, not a fraction");
    return neg ? -v : v;
}
static int jintlist(Json *j, long long *out, int maxn, const char *name) {
    int n = 0;
    jexpect(j, '[');
    if (jpeek(j) == ']') {
        j->s++;
        return 0;
    }
    for (;;) {
        long long v = jint(j);
        if (n >= maxn) {
            char m[96];
            snprintf(m, sizeof m, "\"%s\" has more than %d entries", name, maxn - 1);
            jfail(j, m);
        }
        out[n++] = v;
        int c = jpeek(j);
        if (c == ',') {
            j->s++;
            continue;
        }
        if (c == ']') {
            j->s++;
            return n;
        }
        jfail(j, "expected ',' or ']'");
    }
}
static void jskip_value(Json *j) {
    int c = jpeek(j);
    char tmp[256];
    long long lst[1024];
    if (c == '"')
        jstring(j, tmp, sizeof tmp);
    else if (c == '[')
        jintlist(j, lst, 1024, "a list");
    else if (c == '-' || (c >= '0' && c <= '9'))
        jint(j);
    else
        jfail(j, "unsupported value (a flat object of strings, integers and integer lists)");
}

static void read_meta(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/meta.json", dir);
    int fd = open(path, O_RDONLY);
    if (fd < 0) die2("%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) die2("%s: not a regular file", path);
    if (st.st_size <= 0 || st.st_size > (1 << 20)) die2("%s: size %lld out of range (1..1 MiB)", path, (long long)st.st_size);
    char *buf = malloc((size_t)st.st_size);
    if (!buf) die2("out of memory");
    ssize_t got = 0;
    while (got < st.st_size) {
        ssize_t k = read(fd, buf + got, (size_t)(st.st_size - got));
        if (k <= 0) die2("%s: read error", path);
        got += k;
    }
    close(fd);
    Json j = {buf, buf + st.st_size, buf, path};
    int seen_format = 0, seen_layout = 0, seen_positions = 0, seen_tallies = 0;
    long long lay[16], tal[MAXLAYERS + 1];
    int nlay = 0, ntal = 0;
    long long positions = 0;
    jexpect(&j, '{');
    if (jpeek(&j) == '}') jfail(&j, "empty object");
    for (;;) {
        char key[64];
        jstring(&j, key, sizeof key);
        jexpect(&j, ':');
        if (!strcmp(key, "format")) {
            char f[64];
            if (seen_format++) jfail(&j, "duplicate key format");
            jstring(&j, f, sizeof f);
            if (strcmp(f, "tiki-retro-u16-v1"))
                die2("%s: format is \"%s\", expected \"tiki-retro-u16-v1\"", path, f);
        } else if (!strcmp(key, "layout")) {
            if (seen_layout++) jfail(&j, "duplicate key layout");
            nlay = jintlist(&j, lay, 10, "layout");
        } else if (!strcmp(key, "positions")) {
            if (seen_positions++) jfail(&j, "duplicate key positions");
            positions = jint(&j);
        } else if (!strcmp(key, "tallies")) {
            if (seen_tallies++) jfail(&j, "duplicate key tallies");
            ntal = jintlist(&j, tal, MAXLAYERS + 1, "tallies");
        } else {
            jskip_value(&j);
        }
        int c = jpeek(&j);
        if (c == ',') {
            j.s++;
            continue;
        }
        if (c == '}') {
            j.s++;
            break;
        }
        jfail(&j, "expected ',' or '}'");
    }
    if (jpeek(&j) != -1) jfail(&j, "trailing characters after the object");
    free(buf);
    if (!seen_format) die2("%s: no \"format\"", path);
    if (!seen_layout) die2("%s: no \"layout\"", path);
    if (!seen_positions) die2("%s: no \"positions\"", path);
    if (!seen_tallies) die2("%s: no \"tallies\"", path);
    if (nlay != NVIL) die2("%s: layout has %d values, expected 9", path, nlay);
    for (int v = 0; v < NVIL; v++) {
        if (lay[v] < -1 || lay[v] > 2) die2("%s: layout value %lld out of -1..2", path, lay[v]);
        layout[v] = (int)lay[v];
    }
    if (positions != (long long)NPOS)
        die2("%s: positions is %lld, expected %u (2 x 27325801 boards)", path, positions, NPOS);
    if (ntal < 1 || ntal > MAXLAYERS) die2("%s: %d tallies, expected 1..%d", path, ntal, MAXLAYERS);
    nlayers = ntal;
    for (int t = 0; t < NTALLY; t++) tally_layer[t] = -1;
    for (int L = 0; L < ntal; L++) {
        if (tal[L] < 0 || tal[L] >= NTALLY || !tally_ok((int)tal[L]))
            die2("%s: tallies[%d] = %lld is not a tally (13 bits, fruits summing to 7)", path, L,
                 tal[L]);
        if (!tally_unfinished((int)tal[L]))
            die2("%s: tallies[%d] = %lld is the tally of a finished game", path, L, tal[L]);
        if (tally_layer[tal[L]] >= 0)
            die2("%s: tally %lld listed twice (layers %d and %d)", path, tal[L],
                 tally_layer[tal[L]], L);
        ltally[L] = (int)tal[L];
        tally_layer[tal[L]] = L;
    }
}

/* ------------------------------------------------------------------ main */
static void usage(void) {
    fprintf(stderr, "usage: tikiverify [--mirrors] [--layers A,B,...] LAYOUT_DIR\n");
    exit(2);
}

static int exists(const char *p) {
    struct stat st;
    return stat(p, &st) == 0;
}

static void need(int t) { require_src(t); }

int main(int argc, char **argv) {
    int mirrors = 0;
    const char *layers_arg = NULL, *dir = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--mirrors"))
            mirrors = 1;
        else if (!strcmp(argv[i], "--layers")) {
            if (++i >= argc || layers_arg) usage();
            layers_arg = argv[i];
        } else if (!strncmp(argv[i], "--layers=", 9)) {
            if (layers_arg) usage();
            layers_arg = argv[i] + 9;
        } else if (!strcmp(argv[i], "--version")) {
            printf("tikiverify %s\n", TIKIVERIFY_VERSION);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1])
            usage();
        else {
            if (dir) usage();
            dir = argv[i];
        }
    }
    if (!dir) usage();
    gdir = dir;
    init_geometry();
    init_rank();
    if (N[NVIL][8][8] != NBOARDS) die2("internal error: %u boards", N[NVIL][8][8]);
    init_split();
    init_keys();
    read_meta(dir);
    for (int t = 0; t < NTALLY; t++)
        for (int val = -1; val <= 2; val++)
            for (int b = 0; b < 2; b++)
                TR[t][val + 1][b] = (int16_t)(tally_ok(t) ? resolve(t, val, b) : BADT);

    /* which layers have complete files (R8) */
    for (int L = 0; L < nlayers; L++) {
        char p[4096];
        layer_path(p, sizeof p, L, "");
        int f = exists(p);
        layer_path(p, sizeof p, L, ".done");
        has_done[L] = exists(p);
        if (f && !has_done[L])
            fprintf(stderr,
                    "tikiverify: note: %s/layer_%02d.u16 has no .done marker: treated as absent\n",
                    dir, L);
        has_file[L] = f && has_done[L];
    }

    /* the layers to check */
    int check[MAXLAYERS], ncheck = 0;
    int want[MAXLAYERS] = {0};
    if (layers_arg) {
        const char *s = layers_arg;
        if (!*s) usage();
        while (*s) {
            char *end;
            errno = 0;
            long v = strtol(s, &end, 10);
            if (end == s || errno || v < 0 || v >= nlayers || !(*s >= '0' && *s <= '9')) {
                fprintf(stderr, "tikiverify: --layers: bad layer number in \"%s\" (layers are 0..%d)\n",
                        layers_arg, nlayers - 1);
                exit(2);
            }
            want[v] = 1;
            s = end;
            if (*s == ',' && s[1])
                s++;
            else if (*s) {
                fprintf(stderr, "tikiverify: --layers: expected A,B,... in \"%s\"\n", layers_arg);
                exit(2);
            }
        }
    }
    for (int L = 0; L < nlayers; L++)
        if (layers_arg ? (want[L] || (mirrors && !has_file[L] && has_done[L]))
                       : (has_file[L] || (mirrors && has_done[L])))
            check[ncheck++] = L;
    if (ncheck == 0) die2("%s: no layer to check (no complete layer_NN.u16 file)", dir);

    /* Every layer a checked position's action can lead to must be readable
     * (else exit 2 now).  Unlisted tallies are errors of the table, reported
     * at the positions that reach them. */
    for (int i = 0; i < ncheck; i++) reachable_tallies(ltally[check[i]], need);

    uint64_t total_positions = 0;
    double tall = now();
    for (int i = 0; i < ncheck; i++) {
        int L = check[i];
        Stats st;
        double t0 = now();
        check_layer(L, &st);
        double dt = now() - t0;
        total_positions += st.positions;
        printf("{\"layer\": %d, \"tally\": %d, \"positions\": %llu, \"wins\": %llu, \"losses\": %llu, "
               "\"draws\": %llu, \"errors\": %llu, \"seconds\": %.2f}\n",
               L, ltally[L], (unsigned long long)st.positions, (unsigned long long)st.wins,
               (unsigned long long)st.losses, (unsigned long long)st.draws,
               (unsigned long long)st.errors, dt);
        fflush(stdout);
    }
    fprintf(stderr, "tikiverify: %d layers checked in %.1f s\n", ncheck, now() - tall);

    /* the opening (R9): index 0 (x first) and 1 (o first) of tally 448 */
    char ox[16] = "null", oo[16] = "null";
    if (src[448].state == S_OK && src[448].vals) {
        snprintf(ox, sizeof ox, "%u", (unsigned)src[448].vals[0]);
        snprintf(oo, sizeof oo, "%u", (unsigned)src[448].vals[1]);
    }
    printf("{\"verdict\": \"%s\", \"version\": \"%s\", \"layout\": [", total_errors ? "fail" : "pass",
           TIKIVERIFY_VERSION);
    for (int v = 0; v < NVIL; v++) printf("%s%d", v ? ", " : "", layout[v]);
    printf("], \"layers\": [");
    for (int i = 0; i < ncheck; i++) printf("%s%d", i ? ", " : "", check[i]);
    printf("], \"positions\": %llu, \"errors\": %llu, \"opening\": {\"x\": %s, \"o\": %s}, "
           "\"first_errors\": [",
           (unsigned long long)total_positions, (unsigned long long)total_errors, ox, oo);
    for (int i = 0; i < nerrs_kept; i++) {
        printf("%s\"", i ? ", " : "");
        for (const char *c = errs[i]; *c; c++) {
            if (*c == '"' || *c == '\\') putchar('\\');
            putchar(*c);
        }
        putchar('"');
    }
    printf("]}\n");
    fflush(stdout);
    return total_errors ? 1 : 0;
}
