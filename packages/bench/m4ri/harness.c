/*
 * M4RI comparison harness for the lightsout benchmark suite.
 *
 * Usage:
 *   harness OP FILE [REPEATS]
 *     OP = echelonize | echelonize_full | echelonize_m4ri |
 *          echelonize_m4ri_full | solve | mul (C = A A, square A)
 *   harness selfcheck FILE
 *
 * FILE layout (little-endian), written by packages/bench/src/m4ri.ts:
 *   "GF2MAT01"                         8-byte magic
 *   uint32 rows, uint32 cols, uint32 strideWords, uint32 flags
 *   rows * strideWords uint64 words     row-major, bit j of a row is bit
 *                                       (j & 63) of word (j >> 6), LSB first;
 *                                       bits at or past cols must be zero
 *   if (flags & 1): ceil(rows/64) uint64 words holding b (bit i = b_i)
 *
 * For each repeat the operation runs on a fresh copy of the matrix; only the
 * operation itself is timed (CLOCK_MONOTONIC; echelon forms also report the
 * process's CPU time, CLOCK_PROCESS_CPUTIME_ID, as "cpuMs"). One line of JSON goes to
 * stdout. Errors go to stderr with exit status 2.
 *
 * M4RI stores row i of an mzd_t at mzd_row(A, i) as A->width 64-bit words
 * (m4ri_radix == 64), column j at word j / 64, bit j % 64 (LSB first), i.e.
 * the same packing as the file, so rows are copied word by word.
 */

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <m4ri/m4ri.h>

#define FLAG_RHS 1u
#define MAX_REPEATS 100000L
#define SELFCHECK_HEAD_ROWS 4
#define SELFCHECK_BITS 200

typedef struct {
  uint32_t rows;
  uint32_t cols;
  uint32_t stride_words;
  uint32_t flags;
  mzd_t *a;   /* rows x cols */
  mzd_t *b;   /* rows x 1, or NULL when the file has no right-hand side */
} input_t;

static void die(const char *fmt, ...) {
  va_list ap;
  fputs("harness: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(2);
}

static uint32_t le32(const unsigned char *p) {
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint64_t le64(const unsigned char *p) {
  return (uint64_t)le32(p) | ((uint64_t)le32(p + 4) << 32);
}

static void read_exact(FILE *f, void *buf, size_t n, const char *path, const char *what) {
  if (n == 0) return;
  if (fread(buf, 1, n, f) != n) {
    die("%s: truncated file while reading %s", path, what);
  }
}

/* Mask of the valid bits in the last word of a row of `cols` columns. */
static uint64_t last_word_mask(uint32_t cols) {
  unsigned r = cols & 63u;
  return r == 0 ? ~(uint64_t)0 : (((uint64_t)1 << r) - 1);
}

static void read_input(const char *path, input_t *in) {
  FILE *f = fopen(path, "rb");
  if (!f) die("%s: cannot open: %s", path, strerror(errno));

  struct stat st;
  if (fstat(fileno(f), &st) != 0) die("%s: cannot stat: %s", path, strerror(errno));

  unsigned char hdr[24];
  if (fread(hdr, 1, sizeof hdr, f) != sizeof hdr) die("%s: file too short for header", path);
  if (memcmp(hdr, "GF2MAT01", 8) != 0) die("%s: bad magic (expected GF2MAT01)", path);

  in->rows = le32(hdr + 8);
  in->cols = le32(hdr + 12);
  in->stride_words = le32(hdr + 16);
  in->flags = le32(hdr + 20);

  if (in->rows == 0 || in->cols == 0) die("%s: empty matrix (%u x %u)", path, in->rows, in->cols);
  if (in->rows > (uint32_t)INT32_MAX || in->cols > (uint32_t)INT32_MAX)
    die("%s: matrix too large (%u x %u)", path, in->rows, in->cols);
  uint32_t width = (in->cols + 63u) / 64u;
  if (in->stride_words < width)
    die("%s: strideWords %u < ceil(cols/64) = %u", path, in->stride_words, width);
  if (in->flags & ~FLAG_RHS) die("%s: unknown flag bits 0x%x", path, in->flags & ~FLAG_RHS);

  uint64_t rhs_words = (in->flags & FLAG_RHS) ? ((uint64_t)in->rows + 63u) / 64u : 0;
  uint64_t expected = 24u + 8u * ((uint64_t)in->rows * in->stride_words + rhs_words);
  if ((uint64_t)st.st_size != expected)
    die("%s: wrong size: %lld bytes, expected %llu for %u x %u, strideWords %u%s", path,
        (long long)st.st_size, (unsigned long long)expected, in->rows, in->cols,
        in->stride_words, rhs_words ? " + rhs" : "");

  in->a = mzd_init((rci_t)in->rows, (rci_t)in->cols);
  if ((uint32_t)in->a->width != width) die("internal: M4RI width %d != %u", (int)in->a->width, width);

  size_t row_bytes = (size_t)in->stride_words * 8u;
  unsigned char *buf = malloc(row_bytes);
  if (!buf) die("out of memory");
  uint64_t mask = last_word_mask(in->cols);

  for (uint32_t i = 0; i < in->rows; ++i) {
    read_exact(f, buf, row_bytes, path, "matrix rows");
    word *dst = mzd_row(in->a, (rci_t)i);
    for (uint32_t w = 0; w < in->stride_words; ++w) {
      uint64_t v = le64(buf + 8u * w);
      if (w + 1 < width) {
        dst[w] = v;
      } else if (w + 1 == width) {
        if (v & ~mask) die("%s: row %u has bits set past column %u", path, i, in->cols);
        dst[w] = v;
      } else if (v != 0) {
        die("%s: row %u has non-zero stride padding (word %u)", path, i, w);
      }
    }
  }
  free(buf);

  in->b = NULL;
  if (rhs_words) {
    size_t nbytes = (size_t)rhs_words * 8u;
    unsigned char *rb = malloc(nbytes);
    if (!rb) die("out of memory");
    read_exact(f, rb, nbytes, path, "right-hand side");
    in->b = mzd_init((rci_t)in->rows, 1);
    for (uint32_t i = 0; i < in->rows; ++i) {
      uint64_t v = le64(rb + 8u * (i >> 6));
      mzd_write_bit(in->b, (rci_t)i, 0, (BIT)((v >> (i & 63u)) & 1u));
    }
    uint64_t tail = le64(rb + 8u * (rhs_words - 1));
    if (tail & ~last_word_mask(in->rows)) die("%s: right-hand side has bits set past row %u", path, in->rows);
    free(rb);
  }
  fclose(f);
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* CPU time of this process (M4RI runs on one thread here): steadier than
   the wall clock on a machine shared with other work. */
static double cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void print_array(const char *key, const double *ms, long n) {
  printf("\"%s\":[", key);
  for (long i = 0; i < n; ++i) printf(i ? ",%.4f" : "%.4f", ms[i]);
  fputc(']', stdout);
}

static void print_ms(const double *ms, long n) {
  print_array("ms", ms, n);
}

/* Bits of row `r`, columns [c0, c1), as a JSON string of '0'/'1'. */
static void print_bits(const mzd_t *m, rci_t r, rci_t c0, rci_t c1) {
  fputc('"', stdout);
  for (rci_t c = c0; c < c1; ++c) fputc(mzd_read_bit(m, r, c) ? '1' : '0', stdout);
  fputc('"', stdout);
}

static int run_selfcheck(const input_t *in) {
  const mzd_t *a = in->a;
  rci_t rows = a->nrows, cols = a->ncols;
  rci_t nb = cols < SELFCHECK_BITS ? cols : SELFCHECK_BITS;
  rci_t nh = rows < SELFCHECK_HEAD_ROWS ? rows : SELFCHECK_HEAD_ROWS;

  /* Sanity: mzd_row agrees with the rows[] table and mzd_read_bit agrees with
   * an explicit LSB-first read of the words for every bit of the head rows. */
  int layout_ok = (m4ri_radix == 64);
  for (rci_t i = 0; i < rows; ++i)
    if (mzd_row(a, i) != a->rows[i]) layout_ok = 0;
  for (rci_t i = 0; i < nh; ++i) {
    const word *row = mzd_row(a, i);
    for (rci_t j = 0; j < cols; ++j)
      if ((int)mzd_read_bit(a, i, j) != (int)((row[j / 64] >> (j % 64)) & 1u)) layout_ok = 0;
  }

  printf("{\"op\":\"selfcheck\",\"rows\":%d,\"cols\":%d,\"radix\":%d,\"width\":%d,\"rowstride\":%d,"
         "\"layoutOk\":%s,\"head\":[",
         (int)rows, (int)cols, (int)m4ri_radix, (int)a->width, (int)a->rowstride,
         layout_ok ? "true" : "false");
  for (rci_t i = 0; i < nh; ++i) {
    if (i) fputc(',', stdout);
    print_bits(a, i, 0, nb);
  }
  fputs("],\"tail\":", stdout);
  print_bits(a, rows - 1, cols - nb, cols);
  if (in->b) {
    rci_t n = rows < SELFCHECK_BITS ? rows : SELFCHECK_BITS;
    fputs(",\"rhs\":\"", stdout);
    for (rci_t i = 0; i < n; ++i) fputc(mzd_read_bit(in->b, i, 0) ? '1' : '0', stdout);
    fputc('"', stdout);
  }
  fputs("}\n", stdout);
  return 0;
}

typedef enum { OP_ECH, OP_ECH_FULL, OP_M4RI, OP_M4RI_FULL, OP_SOLVE, OP_MUL } op_t;

static int parse_op(const char *s, op_t *op) {
  static const struct { const char *name; op_t op; } ops[] = {
      {"echelonize", OP_ECH},       {"echelonize_full", OP_ECH_FULL},
      {"echelonize_m4ri", OP_M4RI}, {"echelonize_m4ri_full", OP_M4RI_FULL},
      {"solve", OP_SOLVE},          {"mul", OP_MUL},
  };
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (strcmp(s, ops[i].name) == 0) { *op = ops[i].op; return 1; }
  return 0;
}

/* Untimed check that A x == b, with x the first cols rows of X (cols x 1). */
static int verify_solution(const mzd_t *a, const mzd_t *b, const mzd_t *x) {
  rci_t rows = a->nrows, cols = a->ncols;
  mzd_t *xv = mzd_init(1, cols); /* x as a row vector, packed like A's rows */
  for (rci_t j = 0; j < cols; ++j) mzd_write_bit(xv, 0, j, mzd_read_bit(x, j, 0));
  const word *xw = mzd_row(xv, 0);
  int ok = 1;
  for (rci_t i = 0; i < rows && ok; ++i) {
    const word *r = mzd_row(a, i);
    word acc = 0;
    for (wi_t w = 0; w < a->width; ++w) acc ^= r[w] & xw[w];
    int bit = __builtin_parityll((unsigned long long)acc);
    if (bit != (int)mzd_read_bit(b, i, 0)) ok = 0;
  }
  mzd_free(xv);
  return ok;
}

static int run_solve(const input_t *in, const char *path, long repeats, double *ms) {
  if (!in->b) die("%s: op solve needs a right-hand side (flags bit 0)", path);
  /* mzd_solve_left needs ncols(A) <= nrows(B) == nrows(A) since the solution
   * is written into B; pad A (and b) with zero rows otherwise. Zero equations
   * do not change the solution set. */
  rci_t rows = in->a->nrows, cols = in->a->ncols;
  rci_t prow = rows >= cols ? rows : cols;
  mzd_t *a0 = in->a, *b0 = in->b;
  if (prow != rows) {
    a0 = mzd_init(prow, cols);
    b0 = mzd_init(prow, 1);
    for (rci_t i = 0; i < rows; ++i) {
      memcpy(mzd_row(a0, i), mzd_row(in->a, i), (size_t)in->a->width * sizeof(word));
      mzd_write_bit(b0, i, 0, mzd_read_bit(in->b, i, 0));
    }
  }
  mzd_t *a = mzd_init(prow, cols);
  mzd_t *b = mzd_init(prow, 1);
  int consistent = -1, verified = 1;
  for (long r = 0; r < repeats; ++r) {
    mzd_copy(a, a0);
    mzd_copy(b, b0);
    double t0 = now_ms();
    int rc = mzd_solve_left(a, b, 0, 1);
    ms[r] = now_ms() - t0;
    int c = (rc == 0);
    if (consistent >= 0 && c != consistent) die("inconsistent results across repeats");
    consistent = c;
    if (c && !verify_solution(in->a, in->b, b)) verified = 0;
  }
  printf("{\"op\":\"solve\",\"rows\":%u,\"cols\":%u,\"consistent\":%s", in->rows, in->cols,
         consistent ? "true" : "false");
  if (consistent) printf(",\"verified\":%s", verified ? "true" : "false");
  if (prow != rows) printf(",\"paddedRows\":%d", (int)prow);
  fputc(',', stdout);
  print_ms(ms, repeats);
  fputs("}\n", stdout);
  mzd_free(a);
  mzd_free(b);
  if (a0 != in->a) { mzd_free(a0); mzd_free(b0); }
  return 0;
}

static int run_echelonize(const input_t *in, op_t op, const char *name, long repeats, double *ms) {
  mzd_t *a = mzd_init(in->a->nrows, in->a->ncols);
  double *cpu = calloc((size_t)repeats, sizeof *cpu);
  if (!cpu) die("out of memory");
  long rank = -1;
  for (long r = 0; r < repeats; ++r) {
    mzd_copy(a, in->a);
    rci_t rk = 0;
    double c0 = cpu_ms();
    double t0 = now_ms();
    switch (op) {
      case OP_ECH: rk = mzd_echelonize(a, 0); break;
      case OP_ECH_FULL: rk = mzd_echelonize(a, 1); break;
      case OP_M4RI: rk = mzd_echelonize_m4ri(a, 0, 0); break;
      case OP_M4RI_FULL: rk = mzd_echelonize_m4ri(a, 1, 0); break;
      case OP_SOLVE:
      case OP_MUL: break;
    }
    ms[r] = now_ms() - t0;
    cpu[r] = cpu_ms() - c0;
    if (rank >= 0 && rk != rank) die("rank differs across repeats (%ld vs %d)", rank, (int)rk);
    rank = rk;
  }
  printf("{\"op\":\"%s\",\"rows\":%u,\"cols\":%u,\"rank\":%ld,", name, in->rows, in->cols, rank);
  print_ms(ms, repeats);
  fputc(',', stdout);
  print_array("cpuMs", cpu, repeats);
  fputs("}\n", stdout);
  free(cpu);
  mzd_free(a);
  return 0;
}

/* C = A A by mzd_mul (Strassen-Winograd over M4RM, M4RI's default cutoff);
 * prints the XOR of all of C's words (a checksum the caller compares). */
static int run_mul(const input_t *in, const char *path, long repeats, double *ms) {
  if (in->a->nrows != in->a->ncols) die("%s: op mul needs a square matrix", path);
  mzd_t *c = mzd_init(in->a->nrows, in->a->ncols);
  double *cpu = calloc((size_t)repeats, sizeof *cpu);
  if (!cpu) die("out of memory");
  for (long r = 0; r < repeats; ++r) {
    double c0 = cpu_ms();
    double t0 = now_ms();
    mzd_mul(c, in->a, in->a, 0);
    ms[r] = now_ms() - t0;
    cpu[r] = cpu_ms() - c0;
  }
  word sum = 0;
  for (rci_t i = 0; i < c->nrows; ++i) {
    const word *row = mzd_row(c, i);
    for (wi_t w = 0; w < c->width; ++w) sum ^= row[w];
  }
  printf("{\"op\":\"mul\",\"rows\":%u,\"cols\":%u,\"checksum\":\"%016llx\",", in->rows, in->cols,
         (unsigned long long)sum);
  print_ms(ms, repeats);
  fputc(',', stdout);
  print_array("cpuMs", cpu, repeats);
  fputs("}\n", stdout);
  free(cpu);
  mzd_free(c);
  return 0;
}

static void usage(void) {
  die("usage: harness OP FILE [REPEATS] | harness selfcheck FILE\n"
      "  OP: echelonize echelonize_full echelonize_m4ri echelonize_m4ri_full solve mul");
}

int main(int argc, char **argv) {
  if (argc < 3) usage();
  const char *opname = argv[1], *path = argv[2];

  if (strcmp(opname, "selfcheck") == 0) {
    if (argc != 3) usage();
    input_t in;
    read_input(path, &in);
    run_selfcheck(&in);
    mzd_free(in.a);
    if (in.b) mzd_free(in.b);
    return 0;
  }

  op_t op;
  if (!parse_op(opname, &op)) die("unknown op '%s'", opname);
  if (argc > 4) usage();
  long repeats = 1;
  if (argc == 4) {
    char *end = NULL;
    errno = 0;
    repeats = strtol(argv[3], &end, 10);
    if (errno || !end || *end || repeats < 1 || repeats > MAX_REPEATS)
      die("bad repeat count '%s' (1..%ld)", argv[3], MAX_REPEATS);
  }

  input_t in;
  read_input(path, &in);
  double *ms = calloc((size_t)repeats, sizeof *ms);
  if (!ms) die("out of memory");
  if (op == OP_SOLVE) run_solve(&in, path, repeats, ms);
  else if (op == OP_MUL) run_mul(&in, path, repeats, ms);
  else run_echelonize(&in, op, opname, repeats, ms);
  free(ms);
  mzd_free(in.a);
  if (in.b) mzd_free(in.b);
  return fflush(stdout) == 0 ? 0 : 2;
}
