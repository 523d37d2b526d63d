/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* api-user-ops.h: two user-defined operators given as OpenCL C source,
   for the API tests: composition of affine maps (8 bytes) and the product
   of 2x2 matrices (24 bytes, with a double inside the struct for
   alignment), neither commutative; their host combiners, identities and
   random elements.  Include after api-check.h.  */

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

static const affine affine_id = { 1, 0 };
static const mat mat_id = { { { 1, 0 }, { 0, 1 } }, -INFINITY };

/* The two operators, and a random element of each.  */
static const scanrt_user_op user_ops[2] = {
  { affine_source, "affine", "compose", sizeof (affine), &affine_id,
    affine_host },
  { mat_source, "mat", "mul", sizeof (mat), &mat_id, mat_host },
};
static void (*const user_randoms[2]) (void *) = { random_affine, random_mat };
