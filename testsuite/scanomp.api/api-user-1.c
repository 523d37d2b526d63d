/* User-defined operators given as OpenCL C source: composition of affine
   maps (8 bytes) and the product of 2x2 matrices (16 bytes, with a double
   inside a struct for alignment), neither commutative, on every kernel
   set (the look-back publishes them in 2 and 6 words), checked exactly
   against a sequential host loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "api-check.h"

typedef struct { unsigned a, b; } affine;

/* x -> p(x) first, then q: x -> q.a * (p.a * x + p.b) + q.b.  */
static const char affine_source[] =
  "typedef struct { uint a, b; } affine;\n"
  "affine compose (affine p, affine q)\n"
  "{ affine r; r.a = p.a * q.a; r.b = q.a * p.b + q.b; return r; }\n";

static void
affine_host (void *r_, const void *p_, const void *q_)
{
  const affine *p = p_, *q = q_;
  affine r = { p->a * q->a, q->a * p->b + q->b };
  *(affine *) r_ = r;
}

typedef struct { unsigned m[2][2]; double weight; } mat;

static const char mat_source[] =
  "typedef struct { uint m[2][2]; double weight; } mat;\n"
  "mat mul (mat x, mat y)\n"
  "{\n"
  "  mat r;\n"
  "  for (int i = 0; i < 2; i++)\n"
  "    for (int j = 0; j < 2; j++)\n"
  "      r.m[i][j] = x.m[i][0] * y.m[0][j] + x.m[i][1] * y.m[1][j];\n"
  "  r.weight = x.weight > y.weight ? x.weight : y.weight;\n"
  "  return r;\n"
  "}\n";

static void
mat_host (void *r_, const void *x_, const void *y_)
{
  const mat *x = x_, *y = y_;
  mat r;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      r.m[i][j] = x->m[i][0] * y->m[0][j] + x->m[i][1] * y->m[1][j];
  r.weight = x->weight > y->weight ? x->weight : y->weight;
  *(mat *) r_ = r;
}

/* Scan N random elements with OP under PARAMS in four modes, comparing with
   a sequential loop over HOST.  */
static void
run (const scanrt_user_op *op, size_t n, const scanrt_params *params,
     void (*random_elem) (void *))
{
  size_t size = op->elem_size;
  unsigned char *in = malloc (n * size + 1), *out = malloc (n * size + 1);
  unsigned char *ref = malloc (n * size + 1);
  unsigned char seed[64], total[64], acc[64], next[64];
  CHECK (in && out && ref, "out of memory");
  for (int mode = 0; mode < 4; mode++)
    {
      int exclusive = mode & 1, in_place = mode & 2;
      for (size_t i = 0; i < n; i++)
        random_elem (in + i * size);
      random_elem (seed);
      memcpy (acc, seed, size);
      for (size_t i = 0; i < n; i++)
        {
          op->host_combine (next, acc, in + i * size);
          memcpy (ref + i * size, exclusive ? acc : next, size);
          memcpy (acc, next, size);
        }
      scanrt_params p = *params;
      p.flags = SCANRT_NO_HOST | (exclusive ? SCANRT_EXCLUSIVE : 0);
      p.seed = seed;
      p.total = total;
      int status = scanrt_scan_user (in_place ? in : out, in, n, op, &p);
      CHECK (status == SCANRT_OK, "%s n=%zu mode %d: %s", op->type_name, n,
             mode, scanrt_status_name (status));
      CHECK (!memcmp (in_place ? in : out, ref, n * size),
             "%s n=%zu mode %d variant %d: wrong result", op->type_name, n,
             mode, (int) p.variant);
      CHECK (!memcmp (total, acc, size), "%s n=%zu: wrong total",
             op->type_name, n);
    }
  free (in);
  free (out);
  free (ref);
}

static void
random_affine (void *p)
{
  affine a = { (unsigned) rnd () | 1, (unsigned) rnd () };
  memcpy (p, &a, sizeof a);
}

static void
random_mat (void *p)
{
  mat m;
  memset (&m, 0, sizeof m);
  for (int i = 0; i < 4; i++)
    m.m[i / 2][i % 2] = (unsigned) rnd ();
  m.weight = rnd_real (-1, 1);
  memcpy (p, &m, sizeof m);
}

int
main (void)
{
  static const affine affine_id = { 1, 0 };
  static const mat mat_id = { { { 1, 0 }, { 0, 1 } }, -INFINITY };
  scanrt_user_op ops[2] = {
    { affine_source, "affine", "compose", sizeof (affine), &affine_id,
      affine_host },
    { mat_source, "mat", "mul", sizeof (mat), &mat_id, mat_host },
  };
  void (*randoms[2]) (void *) = { random_affine, random_mat };
  static const size_t sizes[] = { 0, 1, 2, 1000, 65537, 1048579 };

  for (int o = 0; o < 2; o++)
    for (int v = SCANRT_VARIANT_CPU; v <= SCANRT_VARIANT_LOOKBACK; v++)
      {
        scanrt_params p = SCANRT_PARAMS_INIT;
        p.variant = v;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
          run (&ops[o], sizes[s], &p, randoms[o]);
        /* Tiny blocks: many levels, operand order at every one.  */
        p.work_group_size = 2;
        p.items = 3;
        p.chunk = 5;
        run (&ops[o], 4099, &p, randoms[o]);
      }
  puts ("user operators checked");
  return 0;
}
