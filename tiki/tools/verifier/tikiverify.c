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
 *   tikiverify --write-certificate FILE LAYOUT_DIR [--policy 0..3]
 *              [--first x|o] [--cap POSITIONS]
 *   tikiverify --check-certificate FILE
 *
 *   A certificate (issue 33; see "certificates" below) is the winner's
 *   strategy from the opening, small enough to publish without the table.
 *   --write-certificate walks it from a complete table (the layer files are
 *   mapped, no mirror copies) and writes FILE; per-tally counts go to
 *   stderr, one JSON summary line to stdout; exit 0, 2 on an input error, 3
 *   when the walk reached --cap positions (no file written).
 *   --check-certificate reads FILE alone (no table) and replays the strategy
 *   with this program's own move generator and fruit rules: every stored
 *   action must be legal, every action of the loser is followed, every path
 *   must end in a finished game won by the claimed winner within the claimed
 *   number of plies (which also proves the graph acyclic; a cycle is also
 *   caught directly by on-stack marks).  One JSON line
 *   {"certificate": "pass"|"fail", ...}; exit 0 pass, 1 fail, 2 input error.
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

#define TIKIVERIFY_VERSION "1.2"

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

/* The whole of a regular file of lo..hi bytes (range: the bounds in words), read into
 * a new buffer; its size in *size.  Anything else stops the run naming the file. */
static uint8_t *read_whole(const char *path, off_t lo, off_t hi, const char *range, off_t *size) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) die2("%s: cannot open: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) die2("%s: not a regular file", path);
    if (st.st_size < lo || st.st_size > hi)
        die2("%s: size %lld out of range (%s)", path, (long long)st.st_size, range);
    uint8_t *buf = malloc((size_t)st.st_size);
    if (!buf) die2("out of memory");
    off_t got = 0;
    while (got < st.st_size) {
        ssize_t k = read(fd, buf + got, (size_t)(st.st_size - got));
        if (k <= 0) die2("%s: read error", path);
        got += k;
    }
    close(fd);
    *size = st.st_size;
    return buf;
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
    off_t size;
    char *buf = (char *)read_whole(path, 1, (off_t)1 << 20, "1..1 MiB", &size);
    Json j = {buf, buf + size, buf, path};
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

/* ---------------------------------------------------------- certificates */
/* A certificate (issue 33) is the winner's strategy restricted to the
 * positions reachable from the opening when the winner follows it.  The
 * strategy graph: a node is a turn node (tally, board, player on turn) or an
 * order-decision node (tally before the resolution, board after the move
 * with both influenced villages emptied, the decider, the two villages and
 * their beneficiaries).  At a node where the winner decides one action is
 * followed; at a node where the loser decides every action is.  Its
 * positions are listed in the order of a deterministic depth-first walk
 * from the opening (actions in the order of cert_gen below; a node already
 * reached is not walked again), so the file stores only, for each node where
 * the winner decides and has more than one action, the index of the
 * winner's action (one byte), in that order.  The checker replays the walk
 * with its own move generator and needs no table.
 *
 * File (all integers little-endian):
 *   0   8  magic "TIKICRT1"
 *   8   1  format version (1)
 *   9   9  the layout: village values a1 .. c3 (signed bytes, -1..2)
 *   18  1  first player (0 x, 1 o)
 *   19  1  the claimed winner (0 x, 1 o)
 *   20  2  the claim: every path of the strategy from the opening ends in a
 *          finished game won by the winner within this many plies
 *   22  1  the policy the writer used (information only)
 *   23  1  0
 *   24  8  positions: nodes of the strategy graph
 *   32  8  decisions: the bytes that follow
 *   40  .. one byte per winner decision with more than one action
 */
#define CERT_MAGIC "TIKICRT1"
#define CERT_HDR 40
#define CERT_MAX_FILE (1ull << 32)      /* 4 GiB */
#define CERT_MAX_POS (600000000ull)     /* nodes */
#define CERT_MAX_CLAIM 4096
#define MAXACT 96

enum { A_TURN = 0, A_TERM = 1, A_DEC = 2 };
typedef struct {
    uint8_t kind; /* A_TURN: a turn node (child); A_TERM: the game ended; A_DEC: an order decision */
    uint8_t who;  /* A_TURN: player on turn; A_TERM: the winner; A_DEC: the decider */
    int16_t tally;                  /* A_TURN: the tally; A_DEC: the tally before resolving */
    uint8_t n1, b1, n2, b2;         /* A_DEC: villages (n1 < n2) and beneficiaries */
    uint8_t d[NVIL];                /* the board */
} Act;

static int cert_term(int t, Act *a) {
    if (t == XWINS || t == OWINS) {
        a->kind = A_TERM;
        a->who = t == XWINS ? 0 : 1;
        return 1;
    }
    if (t < 0) die2("internal error: a resolution reached an impossible tally");
    return 0;
}

/* The actions of a node, in a fixed order.  Turn node: creates (village
 * order), moves of 1-high totems (village, then neighbour order), moves of
 * 2-high totems (village, then path order), or the forced pass.  Decision
 * node: the order resolving n1 first, then the order resolving n2 first. */
static int cert_gen(const Act *nd, Act *out) {
    int n = 0;
    if (nd->kind == A_DEC) {
        int T = nd->tally;
        for (int ord = 0; ord < 2; ord++) {
            int f = ord ? nd->n2 : nd->n1, g = ord ? nd->n1 : nd->n2;
            int bf = ord ? nd->b2 : nd->b1, bg = ord ? nd->b1 : nd->b2;
            int t = TR[T][layout[f] + 1][bf];
            if (t >= 0) t = TR[t][layout[g] + 1][bg];
            Act *a = &out[n++];
            memset(a, 0, sizeof *a);
            if (cert_term(t, a)) continue;
            a->kind = A_TURN;
            a->who = nd->who; /* the decider is on turn next (R1) */
            a->tally = (int16_t)t;
            memcpy(a->d, nd->d, NVIL);
        }
        return n;
    }
    const int p = nd->who, q = 1 - p, T = nd->tally;
    const uint8_t *d = nd->d;
    int npl = 0;
    for (int v = 0; v < NVIL; v++) npl += p ? CO[d[v]] : CX[d[v]];
    if (npl < 8)
        for (int v = 0; v < NVIL; v++)
            if (!d[v]) {
                Act *a = &out[n++];
                memset(a, 0, sizeof *a);
                a->kind = A_TURN;
                a->who = (uint8_t)q;
                a->tally = (int16_t)T;
                memcpy(a->d, d, NVIL);
                a->d[v] = PUSH[0][p];
            }
    for (int v = 0; v < NVIL; v++) {
        if (CH[d[v]] != 1 || CTOP[d[v]] != p) continue;
        for (int i = 0; i < nnb[v]; i++) {
            int m = nb[v][i];
            Act *a = &out[n++];
            memset(a, 0, sizeof *a);
            memcpy(a->d, d, NVIL);
            a->d[v] = 0;
            int nc = PUSH[d[m]][p], t = T;
            if (nc == THREE) {
                a->d[m] = 0;
                t = TR[T][layout[m] + 1][p];
                if (cert_term(t, a)) continue;
            } else
                a->d[m] = (uint8_t)nc;
            a->kind = A_TURN;
            a->who = (uint8_t)q;
            a->tally = (int16_t)t;
        }
    }
    for (int v = 0; v < NVIL; v++) {
        if (CH[d[v]] != 2 || CTOP[d[v]] != p) continue;
        int b0 = CBOT[d[v]];
        for (int i = 0; i < np2[v]; i++) {
            int m1 = p2a[v][i], m2 = p2b[v][i];
            Act *a = &out[n++];
            memset(a, 0, sizeof *a);
            memcpy(a->d, d, NVIL);
            a->d[v] = 0;
            int c1 = PUSH[d[m1]][b0], c2 = PUSH[d[m2]][p];
            int i1 = c1 == THREE, i2 = c2 == THREE;
            a->d[m1] = i1 ? 0 : (uint8_t)c1;
            a->d[m2] = i2 ? 0 : (uint8_t)c2;
            int t = T;
            if (i1 && i2) { /* TIKI-INFL-3: the order decision of q (R1) */
                a->kind = A_DEC;
                a->who = (uint8_t)q;
                a->tally = (int16_t)T;
                if (m1 < m2) {
                    a->n1 = (uint8_t)m1, a->b1 = (uint8_t)b0, a->n2 = (uint8_t)m2, a->b2 = (uint8_t)p;
                } else {
                    a->n1 = (uint8_t)m2, a->b1 = (uint8_t)p, a->n2 = (uint8_t)m1, a->b2 = (uint8_t)b0;
                }
                continue;
            }
            if (i1) t = TR[T][layout[m1] + 1][b0];
            if (i2) t = TR[T][layout[m2] + 1][p];
            if (cert_term(t, a)) continue;
            a->kind = A_TURN;
            a->who = (uint8_t)q;
            a->tally = (int16_t)t;
        }
    }
    if (n == 0) { /* TIKI-END-5 'pass' (R7) */
        Act *a = &out[n++];
        memset(a, 0, sizeof *a);
        a->kind = A_TURN;
        a->who = (uint8_t)q;
        a->tally = (int16_t)T;
        memcpy(a->d, d, NVIL);
    }
    if (n > MAXACT) die2("internal error: %d actions", n);
    return n;
}

static uint64_t cert_key(const Act *a) {
    uint64_t K = 0;
    for (int v = NVIL - 1; v >= 0; v--) K = K * 7u + a->d[v];
    uint64_t k = (1ull << 62) | ((uint64_t)(uint16_t)a->tally << 27) | (K << 1) | a->who;
    if (a->kind == A_DEC)
        k |= (1ull << 61) | ((uint64_t)a->n1 << 40) | ((uint64_t)a->b1 << 44) |
             ((uint64_t)a->n2 << 45) | ((uint64_t)a->b2 << 49);
    return k;
}

/* The visited set: open addressing; state 1 on the walk's stack, 2 done.
 * One slot of 16 bytes a position (key, height, state together: one cache
 * line read a probe, not three), in 2 MB pages where the system has them
 * (a probe is a random access into gigabytes: with 4 KB pages each would
 * also miss the TLB).  Measured on 100 million keys, 300 million probes:
 * 30 s against 84 s for three arrays in 4 KB pages. */
typedef struct {
    uint64_t key;
    uint16_t height;
    uint8_t state;
} Slot;
static Slot *hset;
static uint64_t hmask, hcount, hlimit;

static void hinit(uint64_t maxn) {
    uint64_t cap = 1024;
    while (cap < maxn + maxn / 3 + 16) cap <<= 1;
    size_t bytes = (size_t)cap * sizeof *hset, page = (size_t)2 << 20;
    bytes = (bytes + page - 1) / page * page;
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) die2("out of memory (a visited set of %llu slots)", (unsigned long long)cap);
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE); /* a hint: plain pages where refused */
#endif
    hset = p; /* zeroed: every slot empty */
    hmask = cap - 1;
    hlimit = maxn;
}
static inline uint64_t hmix(uint64_t x) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ull;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dull;
    x ^= x >> 33;
    return x;
}
/* the slot of key k; *isnew when it was inserted; UINT64_MAX when full */
static uint64_t hfind(uint64_t k, int insert, int *isnew) {
    uint64_t i = hmix(k) & hmask;
    *isnew = 0;
    for (;;) {
        if (hset[i].key == k) return i;
        if (!hset[i].key) {
            if (!insert) return UINT64_MAX;
            if (hcount >= hlimit) return UINT64_MAX - 1;
            hset[i].key = k;
            hcount++;
            *isnew = 1;
            return i;
        }
        i = (i + 1) & hmask;
    }
}

/* ---- writing: the table's values of a node for the player who decides */
static const uint16_t *cert_file(int L) {
    if (!has_file[L]) return NULL;
    return map_layer(L);
}
static uint32_t cert_tval(int t, const uint8_t *d, int p) {
    int L = tally_layer[t];
    if (L < 0) die2("a position reaches tally %d, not listed in meta.json", t);
    if (has_file[L]) return cert_file(L)[2u * rank_k(board_k(d, 0)) + (uint32_t)p];
    int M = tally_layer[tally_swap(t)];
    if (M < 0 || !has_file[M]) die2("layer %d (tally %d) is needed but neither it nor its mirror has a complete file", L, t);
    return cert_file(M)[2u * rank_k(board_k(d, 1)) + (uint32_t)(1 - p)];
}
/* the decider's key at a node */
static int cert_node_key(const Act *nd) {
    if (nd->kind != A_DEC) die2("internal error: cert_node_key");
    Act opt[2];
    int n = cert_gen(nd, opt), best = 0;
    for (int i = 0; i < n; i++) {
        int k;
        if (opt[i].kind == A_TERM)
            k = opt[i].who == nd->who ? WINB - 1 : 1;
        else
            k = key_same(cert_tval(opt[i].tally, opt[i].d, opt[i].who));
        best = UMAX(best, k);
    }
    return best;
}
/* the mover's (or the decider's) key for an action of a node */
static int cert_act_key(const Act *nd, const Act *a) {
    int me = nd->who;
    if (a->kind == A_TERM) return a->who == me ? WINB - 1 : 1;
    if (a->kind == A_DEC) return key_from_decision(cert_node_key(a));
    uint32_t w = cert_tval(a->tally, a->d, a->who);
    return a->who == me ? key_same(w) : key_flip(w); /* same side only after a decision */
}

typedef struct {
    int winner, policy, claim;
    uint8_t *dec;
    uint64_t ndec, capdec;
    uint64_t cnt[NTALLY][4]; /* [tally][winner turn, loser turn, winner order, loser order] */
    uint64_t terms, multi, nact_hist[MAXACT + 1], cand_hist[MAXACT + 1];
    double bits_choice, bits_cand;
    int capped;
    const char *err;   /* checker: why it failed */
    const uint8_t *in; /* checker: the decisions */
    uint64_t nin, pos;
    int maxdepth;
} Cert;

static void cert_emit(Cert *c, int b) {
    if (c->ndec == c->capdec) {
        c->capdec = c->capdec ? 2 * c->capdec : (1u << 20);
        c->dec = realloc(c->dec, c->capdec);
        if (!c->dec) die2("out of memory (decisions)");
    }
    c->dec[c->ndec++] = (uint8_t)b;
}

static double log2d(double x) {
    double r = 0;
    while (x >= 2) {
        x /= 2;
        r += 1;
    }
    /* log2 of 1..2 by a few terms of a series: precise enough for a measure */
    double y = (x - 1) / (x + 1), y2 = y * y, s = 0, term = y;
    for (int k = 1; k < 40; k += 2) {
        s += term / k;
        term *= y2;
    }
    return r + 2 * s / 0.69314718055994530942;
}

static void cert_count(Cert *c, const Act *nd) {
    int w = nd->who == c->winner;
    c->cnt[(uint16_t)nd->tally][(nd->kind == A_DEC ? 2 : 0) + (w ? 0 : 1)]++;
}

/* The writer's walk.  Returns the height of the node (the longest path to a
 * finished game in the strategy graph), or -1 when the visited set is full. */
static int cert_write_walk(Cert *c, const Act *nd, int depth) {
    int isnew;
    uint64_t s = hfind(cert_key(nd), 1, &isnew);
    if (s == UINT64_MAX - 1) {
        c->capped = 1;
        return -1;
    }
    if (!isnew) {
        if (hset[s].state == 1) die2("internal error: the strategy has a cycle");
        return hset[s].height;
    }
    hset[s].state = 1;
    cert_count(c, nd);
    if (hcount % 10000000u == 0)
        fprintf(stderr, "tikiverify: certificate: %llu positions, %llu decisions\n",
                (unsigned long long)hcount, (unsigned long long)c->ndec);
    if (depth > c->maxdepth) c->maxdepth = depth;
    Act acts[MAXACT];
    int n = cert_gen(nd, acts), h = 0;
    if (nd->who == c->winner) {
        int mykey;
        if (nd->kind == A_TURN) {
            uint32_t w = cert_tval(nd->tally, nd->d, nd->who);
            if (w == 0 || (w & 1)) die2("internal error: a winner's node is not won (stored %u)", w);
            mykey = WINB - (int)(w >> 1);
        } else
            mykey = cert_node_key(nd);
        if (mykey <= DRAWK) die2("internal error: a winner's decision node is not won");
        int keys[MAXACT], pick = -1, ncand = 0;
        for (int i = 0; i < n; i++) {
            keys[i] = cert_act_key(nd, &acts[i]);
            if (keys[i] == mykey) ncand++;
        }
        if (ncand == 0) die2("internal error: no action achieves the stored value");
        /* policy 0: the first shortest win.  1: a shortest win to a node
         * already done (else 0).  2: any action to a finished game, else any
         * action to a node already done (its height the least), else 1.
         * 3: as 2, but among new nodes the one with the fewest actions. */
        if (c->policy >= 2) {
            int bh = 1 << 30;
            for (int i = 0; i < n && pick < 0; i++)
                if (acts[i].kind == A_TERM && acts[i].who == c->winner) pick = i;
            if (pick < 0)
                for (int i = 0; i < n; i++) {
                    if (acts[i].kind == A_TERM) continue;
                    int e;
                    uint64_t t = hfind(cert_key(&acts[i]), 0, &e);
                    if (t < UINT64_MAX - 1 && hset[t].state == 2 && hset[t].height < bh) {
                        bh = hset[t].height;
                        pick = i;
                    }
                }
        }
        if (pick < 0 && c->policy >= 1)
            for (int i = 0; i < n && pick < 0; i++) {
                if (keys[i] != mykey || acts[i].kind == A_TERM) continue;
                int e;
                uint64_t t = hfind(cert_key(&acts[i]), 0, &e);
                if (t < UINT64_MAX - 1 && hset[t].state == 2) pick = i;
            }
        if (pick < 0 && c->policy >= 3) {
            int bn = 1 << 30;
            Act sub[MAXACT];
            for (int i = 0; i < n; i++)
                if (keys[i] == mykey) {
                    int m = acts[i].kind == A_TERM ? 0 : cert_gen(&acts[i], sub);
                    if (m < bn) {
                        bn = m;
                        pick = i;
                    }
                }
        }
        if (pick < 0)
            for (int i = 0; i < n && pick < 0; i++)
                if (keys[i] == mykey) pick = i;
        if (n > 1) {
            cert_emit(c, pick);
            c->multi++;
            c->bits_choice += log2d(n);
            c->bits_cand += log2d(ncand);
        }
        c->nact_hist[n]++;
        c->cand_hist[ncand]++;
        if (acts[pick].kind == A_TERM)
            h = 1, c->terms++;
        else {
            int k = cert_write_walk(c, &acts[pick], depth + 1);
            if (k < 0) return -1;
            h = k + 1;
        }
    } else {
        for (int i = 0; i < n; i++) {
            if (acts[i].kind == A_TERM) {
                if (acts[i].who != c->winner) die2("internal error: the loser can win at once");
                c->terms++;
                h = UMAX(h, 1);
                continue;
            }
            int k = cert_write_walk(c, &acts[i], depth + 1);
            if (k < 0) return -1;
            h = UMAX(h, k + 1);
        }
    }
    if (h > 65535) die2("internal error: height %d", h);
    hset[s].state = 2;
    hset[s].height = (uint16_t)h;
    return h;
}

static void put_le(uint8_t *b, uint64_t v, int n) {
    for (int i = 0; i < n; i++) b[i] = (uint8_t)(v >> (8 * i));
}
static uint64_t get_le(const uint8_t *b, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = (v << 8) | b[i];
    return v;
}

static void cert_setup(void) {
    init_geometry();
    for (int t = 0; t < NTALLY; t++)
        for (int val = -1; val <= 2; val++)
            for (int b = 0; b < 2; b++)
                TR[t][val + 1][b] = (int16_t)(tally_ok(t) ? resolve(t, val, b) : BADT);
}

static int write_certificate(const char *file, const char *dir, int policy, int first,
                             uint64_t cap) {
    gdir = dir;
    init_rank();
    if (N[NVIL][8][8] != NBOARDS) die2("internal error: %u boards", N[NVIL][8][8]);
    init_split();
    read_meta(dir);
    cert_setup();
    for (int L = 0; L < nlayers; L++) {
        char p[4096];
        layer_path(p, sizeof p, L, "");
        int f = exists(p);
        layer_path(p, sizeof p, L, ".done");
        has_done[L] = exists(p);
        has_file[L] = f && has_done[L];
    }
    double t0 = now();
    Act open;
    memset(&open, 0, sizeof open);
    open.kind = A_TURN;
    open.who = (uint8_t)first;
    open.tally = 448;
    uint32_t w = cert_tval(448, open.d, first);
    if (w == 0) die2("the opening is a draw: no certificate of a win");
    static Cert c;
    c.winner = (w & 1) ? 1 - first : first;
    c.policy = policy;
    hinit(cap);
    int h = cert_write_walk(&c, &open, 0);
    double dt = now() - t0;
    int layers_touched = 0;
    uint64_t tot[4] = {0, 0, 0, 0};
    for (int t = 0; t < NTALLY; t++) {
        uint64_t *k = c.cnt[t];
        if (!(k[0] | k[1] | k[2] | k[3])) continue;
        layers_touched++;
        for (int i = 0; i < 4; i++) tot[i] += k[i];
        fprintf(stderr,
                "{\"tally\": %d, \"layer\": %d, \"winner_turn\": %llu, \"loser_turn\": %llu, "
                "\"winner_order\": %llu, \"loser_order\": %llu}\n",
                t, tally_layer[t], (unsigned long long)k[0], (unsigned long long)k[1],
                (unsigned long long)k[2], (unsigned long long)k[3]);
    }
    fprintf(stderr, "{\"actions_at_winner_nodes\": [");
    for (int i = 1; i <= MAXACT; i++)
        if (c.nact_hist[i]) fprintf(stderr, "[%d, %llu], ", i, (unsigned long long)c.nact_hist[i]);
    fprintf(stderr, "[0, 0]], \"shortest_wins_at_winner_nodes\": [");
    for (int i = 1; i <= MAXACT; i++)
        if (c.cand_hist[i]) fprintf(stderr, "[%d, %llu], ", i, (unsigned long long)c.cand_hist[i]);
    fprintf(stderr, "[0, 0]]}\n");
    if (c.capped) {
        printf("{\"certificate\": \"capped\", \"policy\": %d, \"positions\": %llu, \"decisions\": %llu, "
               "\"seconds\": %.2f}\n",
               policy, (unsigned long long)hcount, (unsigned long long)c.ndec, dt);
        return 3;
    }
    int claim = h;
    if (claim < (int)(w >> 1)) die2("internal error: height %d below the stored distance %u", h, w >> 1);
    uint8_t hdr[CERT_HDR];
    memset(hdr, 0, sizeof hdr);
    memcpy(hdr, CERT_MAGIC, 8);
    hdr[8] = 1;
    for (int v = 0; v < NVIL; v++) hdr[9 + v] = (uint8_t)(int8_t)layout[v];
    hdr[18] = (uint8_t)first;
    hdr[19] = (uint8_t)c.winner;
    put_le(hdr + 20, (uint64_t)claim, 2);
    hdr[22] = (uint8_t)policy;
    put_le(hdr + 24, hcount, 8);
    put_le(hdr + 32, c.ndec, 8);
    FILE *f = fopen(file, "wb");
    if (!f) die2("%s: cannot create: %s", file, strerror(errno));
    if (fwrite(hdr, 1, CERT_HDR, f) != CERT_HDR || (c.ndec && fwrite(c.dec, 1, c.ndec, f) != c.ndec) ||
        fclose(f) != 0)
        die2("%s: write error", file);
    printf("{\"certificate\": \"written\", \"version\": \"%s\", \"file\": \"%s\", \"policy\": %d, "
           "\"layout\": [",
           TIKIVERIFY_VERSION, file, policy);
    for (int v = 0; v < NVIL; v++) printf("%s%d", v ? ", " : "", layout[v]);
    printf("], \"first\": \"%c\", \"winner\": \"%c\", \"table\": \"%s in %u\", \"claim\": \"win in %d\", "
           "\"positions\": %llu, \"winner_turn\": %llu, \"loser_turn\": %llu, \"winner_order\": %llu, "
           "\"loser_order\": %llu, \"winner_decisions\": %llu, \"stored_decisions\": %llu, "
           "\"finished_games\": %llu, \"layers_touched\": %d, \"bits_if_packed\": %.0f, "
           "\"bits_among_shortest\": %.0f, \"bytes\": %llu, \"max_depth\": %d, \"seconds\": %.2f}\n",
           first ? 'o' : 'x', c.winner ? 'o' : 'x', (w & 1) ? "loss" : "win", w >> 1, claim,
           (unsigned long long)hcount, (unsigned long long)tot[0], (unsigned long long)tot[1],
           (unsigned long long)tot[2], (unsigned long long)tot[3],
           (unsigned long long)(tot[0] + tot[2]), (unsigned long long)c.ndec,
           (unsigned long long)c.terms, layers_touched, c.bits_choice, c.bits_cand,
           (unsigned long long)(CERT_HDR + c.ndec), c.maxdepth, dt);
    return 0;
}

/* ---- checking: the same walk, the winner's actions read from the file */
static int cert_check_walk(Cert *c, const Act *nd, int depth) {
    if (c->err) return 0;
    if (depth > c->claim) {
        c->err = "a path of the strategy is longer than the claim";
        return 0;
    }
    int isnew;
    uint64_t s = hfind(cert_key(nd), 1, &isnew);
    if (s == UINT64_MAX - 1) {
        c->err = "more positions than the header says";
        return 0;
    }
    if (!isnew) {
        if (hset[s].state == 1) c->err = "the strategy has a cycle";
        return hset[s].height;
    }
    hset[s].state = 1;
    Act acts[MAXACT];
    int n = cert_gen(nd, acts), h = 0;
    if (nd->who == c->winner) {
        int pick = 0;
        if (n > 1) {
            if (c->pos >= c->nin) {
                c->err = "the decisions end too early";
                return 0;
            }
            pick = c->in[c->pos++];
            if (pick >= n) {
                c->err = "a stored action is not legal (index out of range)";
                return 0;
            }
        }
        if (acts[pick].kind == A_TERM) {
            if (acts[pick].who != c->winner) {
                c->err = "a stored action ends the game with the winner losing";
                return 0;
            }
            h = 1;
        } else
            h = cert_check_walk(c, &acts[pick], depth + 1) + 1;
    } else {
        for (int i = 0; i < n && !c->err; i++) {
            if (acts[i].kind == A_TERM) {
                if (acts[i].who != c->winner) {
                    c->err = "the loser has an action that wins the game";
                    return 0;
                }
                h = UMAX(h, 1);
                continue;
            }
            int k = cert_check_walk(c, &acts[i], depth + 1) + 1;
            h = UMAX(h, k);
        }
    }
    if (c->err) return 0;
    if (h > 65535) h = 65535;
    hset[s].state = 2;
    hset[s].height = (uint16_t)h;
    return h;
}

static int check_certificate(const char *file) {
    double t0 = now();
    off_t file_size;
    uint8_t *buf = read_whole(file, CERT_HDR, (off_t)CERT_MAX_FILE, "40 bytes .. 4 GiB", &file_size);
    if (memcmp(buf, CERT_MAGIC, 8)) die2("%s: not a Tiki certificate (magic)", file);
    if (buf[8] != 1) die2("%s: certificate format version %d, expected 1", file, buf[8]);
    for (int v = 0; v < NVIL; v++) {
        int x = (int8_t)buf[9 + v];
        if (x < -1 || x > 2) die2("%s: layout value %d out of -1..2", file, x);
        layout[v] = x;
    }
    int first = buf[18], winner = buf[19];
    int claim = (int)get_le(buf + 20, 2);
    uint64_t npos = get_le(buf + 24, 8), ndec = get_le(buf + 32, 8);
    if (first > 1 || winner > 1) die2("%s: first player or winner not 0 or 1", file);
    if (buf[23] != 0) die2("%s: reserved header byte not 0", file);
    if (claim < 1 || claim > CERT_MAX_CLAIM) die2("%s: claim %d out of 1..%d", file, claim, CERT_MAX_CLAIM);
    if (npos < 1 || npos > CERT_MAX_POS) die2("%s: positions %llu out of 1..%llu", file, (unsigned long long)npos, CERT_MAX_POS);
    if (ndec != (uint64_t)file_size - CERT_HDR) die2("%s: %llu decisions, but %lld bytes follow the header", file, (unsigned long long)ndec, (long long)(file_size - CERT_HDR));
    if (ndec > npos) die2("%s: more decisions than positions", file);
    cert_setup();
    hinit(npos);
    static Cert c;
    c.winner = winner;
    c.claim = claim;
    c.in = buf + CERT_HDR;
    c.nin = ndec;
    Act open;
    memset(&open, 0, sizeof open);
    open.kind = A_TURN;
    open.who = (uint8_t)first;
    open.tally = 448;
    int h = cert_check_walk(&c, &open, 0);
    if (!c.err && c.pos != c.nin) c.err = "decisions left over after the walk";
    if (!c.err && hcount != npos) c.err = "fewer positions than the header says";
    if (!c.err && h > claim) c.err = "the strategy's longest game exceeds the claim";
    printf("{\"certificate\": \"%s\", \"version\": \"%s\", \"layout\": [", c.err ? "fail" : "pass",
           TIKIVERIFY_VERSION);
    for (int v = 0; v < NVIL; v++) printf("%s%d", v ? ", " : "", layout[v]);
    printf("], \"first\": \"%c\", \"winner\": \"%c\", \"claim\": \"win in %d\", \"longest\": %d, "
           "\"positions\": %llu, \"decisions\": %llu, ",
           first ? 'o' : 'x', winner ? 'o' : 'x', claim, c.err ? -1 : h, (unsigned long long)hcount,
           (unsigned long long)c.pos);
    if (c.err) printf("\"reason\": \"%s\", ", c.err);
    printf("\"seconds\": %.2f}\n", now() - t0);
    fflush(stdout);
    return c.err ? 1 : 0;
}

static int cert_main(int argc, char **argv) {
    int policy = 0, first = 0;
    uint64_t cap = 200000000ull;
    const char *wfile = NULL, *dir = NULL, *cfile = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--check-certificate") && i + 1 < argc && !cfile && !wfile)
            cfile = argv[++i];
        else if (!strcmp(argv[i], "--write-certificate") && i + 2 < argc && !cfile && !wfile) {
            wfile = argv[++i];
            dir = argv[++i];
        } else if (!strcmp(argv[i], "--policy") && i + 1 < argc) {
            char *e;
            long v = strtol(argv[++i], &e, 10);
            if (*e || v < 0 || v > 3) goto bad;
            policy = (int)v;
        } else if (!strcmp(argv[i], "--first") && i + 1 < argc) {
            const char *s = argv[++i];
            if (!strcmp(s, "x"))
                first = 0;
            else if (!strcmp(s, "o"))
                first = 1;
            else
                goto bad;
        } else if (!strcmp(argv[i], "--cap") && i + 1 < argc) {
            char *e;
            unsigned long long v = strtoull(argv[++i], &e, 10);
            if (*e || v < 1 || v > CERT_MAX_POS) goto bad;
            cap = v;
        } else
            goto bad;
    }
    if (cfile) return check_certificate(cfile);
    if (wfile) return write_certificate(wfile, dir, policy, first, cap);
bad:
    fprintf(stderr, "usage: tikiverify --write-certificate FILE LAYOUT_DIR [--policy 0..3] [--first x|o] "
                    "[--cap POSITIONS]\n"
                    "       tikiverify --check-certificate FILE\n");
    return 2;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--write-certificate") || !strcmp(argv[i], "--check-certificate"))
            return cert_main(argc, argv);
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
