/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* api.c: the public C API of scanrt.h.  A call becomes a descriptor like
   the ones the plugin generates, with the template's default hooks (one
   input and one output array), and goes where route.c sends it: scans
   larger than the device's largest buffer run as consecutive segments, each
   seeded with the total of the ones before.  What the device declines, the
   API computes on the host itself; a total alone (SCANRT_TOTAL_ONLY),
   too, folded by the OpenMP team.  A segmented scan that fails
   without a host fallback (SCANRT_NO_HOST, OMP_TARGET_OFFLOAD=MANDATORY)
   in a later segment leaves the earlier segments written.  */

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/run.h"

/* Check the arrays and the parameters of a call of FN.  */
static int
check_arrays (void *out, const void *in, size_t n, size_t size,
              const scanrt_params *params, const char *fn)
{
  if (params && params->device < SCANRT_DEFAULT_DEVICE
      && params->device != SCANRT_DEVICE_GPU
      && params->device != SCANRT_DEVICE_CPU)
    {
      scanrt_report ("%s: device %d is not a device number; pass 0 or more, "
                     "SCANRT_DEFAULT_DEVICE, SCANRT_DEVICE_GPU or "
                     "SCANRT_DEVICE_CPU", fn, params->device);
      return SCANRT_EINVAL;
    }
  if (params && (params->flags & SCANRT_TOTAL_ONLY) && !params->total)
    {
      scanrt_report ("%s: SCANRT_TOTAL_ONLY asks for the total alone; give "
                     "params->total to receive it", fn);
      return SCANRT_EINVAL;
    }
  if (n == 0)
    return SCANRT_OK;
  if (!out || !in || n > SIZE_MAX / size)
    {
      scanrt_report ("%s: %s", fn, !out || !in ? "a NULL array"
                                               : "n * element size overflows");
      return SCANRT_EINVAL;
    }
  const char *o = out, *i = in;
  if (o != i && o < i + n * size && i < o + n * size)
    {
      scanrt_report ("%s: the input and output arrays overlap without being "
                     "the same array; pass the same pointer for an in-place "
                     "scan", fn);
      return SCANRT_EINVAL;
    }
  return SCANRT_OK;
}

/* Run the scan of DESC (without its arguments) over OUT and IN where
   route.c sends it.  HOST computes what the device does not on the host
   (NULL if there is no host path), and FOLD, where only the total is
   asked for (SCANRT_TOTAL_ONLY), combines *ACC with the elements in turn
   on the host (NULL likewise), from CTX, which the descriptor's host path
   functions find past the kernel's arguments.  CARRY: a piece's exact
   sum (scanrt_scan_piece), else NULL.  */
static int
scan_arrays (struct SCANRT_desc *desc, void *out, const void *in, size_t n,
             const scanrt_params *params, const void *seed,
             struct scanrt_exact *carry,
             void (*host) (void *out, const void *in, size_t n,
                           unsigned flags, const void *seed, void *total,
                           const void *ctx),
             void (*fold) (const void *in, size_t n, void *acc,
                           const void *ctx),
             const void *ctx)
{
  SCANRT_SETTINGS_CALL;
  int total_only = params && (params->flags & SCANRT_TOTAL_ONLY);
  size_t size = desc->elem_size;
  long stride = (long) size, start = 0;
  const struct SCANRT_arg_desc kinds[4] = {
    { SCANRT_ARG_IN, 0, stride }, { SCANRT_ARG_START, sizeof start, 0 },
    { SCANRT_ARG_OUT, 0, stride }, { SCANRT_ARG_START, sizeof start, 0 },
  };
  const struct SCANRT_arg args[5] = {
    { (void *) in, n * size }, { &start, sizeof start },
    { out, n * size }, { &start, sizeof start }, { (void *) ctx, 0 }
  };
  desc->nargs = 4;
  desc->args = kinds;
  if (params && params->kernel_seconds)
    *params->kernel_seconds = -1;
  unsigned char partial[size], total[size];
  size_t done;
  struct scanrt_request r = {
    .desc = desc, .args = args, .params = params,
    .site = params && params->site ? params->site : desc->site,
    .device = params ? params->device : SCANRT_DEFAULT_DEVICE, .n = n,
    .seed = seed, .total = partial, .total_only = total_only,
    .total_optional = !(params && params->total), .repro = carry,
    .plain_in = desc->type < SCANRT_NTYPES ? in : NULL,
    .plain_out = desc->type < SCANRT_NTYPES ? out : NULL
  };
  int status = scanrt_route_call (&r, &done);
  if (status == SCANRT_HOST && done < n && total_only)
    {
      if (!fold)
        {
          scanrt_report ("%s: the total cannot be computed on the host: the "
                         "user operator has no host_combine", r.site);
          return SCANRT_ENODEV;
        }
      if (!done)
        memcpy (partial, seed, size);
      fold ((const char *) in + done * size, n - done, partial, ctx);
    }
  else if (status == SCANRT_HOST && done < n)
    {
      if (!host)
        {
          scanrt_report ("%s: the scan cannot run on the host: the user "
                         "operator has no host_combine", r.site);
          return SCANRT_ENODEV;
        }
      host ((char *) out + done * size, (const char *) in + done * size,
            n - done, desc->flags, done ? partial : seed, total, ctx);
      memcpy (partial, total, size);
    }
  else if (status < 0)
    return status;
  if (params && params->total)
    memcpy (params->total, partial, size);
  /* What most of the elements did: a failed last segment does not make
     a scan of 2^31 elements a host scan.  */
  return status == SCANRT_HOST && (done == n || n - done > n / 2)
         ? SCANRT_HOST : SCANRT_OK;
}

/* The host path of a built-in operator (host.c): the descriptor D is past
   the kernel's four arguments.  */
static void
path_reduce (const struct SCANRT_arg *args, long first, unsigned long lo,
             unsigned long hi, void *out)
{
  const struct SCANRT_desc *d = args[4].ptr;
  scanrt_identity ((scanrt_type) d->type, (scanrt_op) d->op, out);
  scanrt_host_fold ((const char *) args[0].ptr + lo * d->elem_size, hi - lo,
                    (scanrt_type) d->type, (scanrt_op) d->op, out);
}

static void
path_scan (const struct SCANRT_arg *args, long first, unsigned long lo,
           unsigned long hi, void *carry)
{
  const struct SCANRT_desc *d = args[4].ptr;
  scanrt_host_scan ((char *) args[2].ptr + lo * d->elem_size,
                    (const char *) args[0].ptr + lo * d->elem_size, hi - lo,
                    (scanrt_type) d->type, (scanrt_op) d->op, d->flags,
                    carry, carry);
}

static void
host_builtin (void *out, const void *in, size_t n, unsigned flags,
              const void *seed, void *total, const void *ctx)
{
  const struct SCANRT_desc *d = ctx;
  scanrt_host_scan (out, in, n, (scanrt_type) d->type, (scanrt_op) d->op,
                    flags, seed, total);
}

/* Fewer elements are folded by the calling thread alone.  */
#define FOLD_TEAM_CUTOFF 65536
#define FOLD_MOST_THREADS 64

/* *ACC combined with the N elements of IN of a built-in operator (the
   descriptor CTX): a block a thread of the OpenMP team, each in
   scanrt_host_total's lanes, the blocks' partials then combined in
   order.  */
static void
fold_builtin (const void *in, size_t n, void *acc, const void *ctx)
{
  const struct SCANRT_desc *d = ctx;
  scanrt_type type = (scanrt_type) d->type;
  scanrt_op op = (scanrt_op) d->op;
  size_t elem = d->elem_size;
  int team = n < FOLD_TEAM_CUTOFF ? 1 : omp_get_max_threads ();
  if (team > FOLD_MOST_THREADS)
    team = FOLD_MOST_THREADS;
  if (team <= 1)
    {
      scanrt_host_total (in, n, type, op, acc);
      return;
    }
  _Alignas (double) unsigned char parts[FOLD_MOST_THREADS][sizeof (double)];
  int ran = 1;
#pragma omp parallel num_threads (team)
  {
    int t = omp_get_thread_num (), all = omp_get_num_threads ();
    size_t lo = n / all * t + ((size_t) t < n % all ? (size_t) t : n % all);
    size_t len = n / all + ((size_t) t < n % all);
    scanrt_identity (type, op, parts[t]);
    scanrt_host_total ((const char *) in + lo * elem, len, type, op,
                       parts[t]);
    if (t == 0)
      ran = all;
  }
  for (int t = 0; t < ran; t++)
    scanrt_combine (type, op, acc, acc, parts[t]);
}

/* The kernels' source head of a built-in TYPE (T, its description) and
   OP: made once a process and kept, since formatting it cost a third of
   a microsecond a call.  NULL when out of memory.  */
static const char *
builtin_source (scanrt_type type, scanrt_op op,
                const struct scanrt_type_info *t)
{
  static const char *made[SCANRT_NTYPES][SCANRT_MAX + 1];
  const char **slot = &made[type][op];
  const char *source = __atomic_load_n (slot, __ATOMIC_ACQUIRE);
  if (source)
    return source;
  char text[512];
  snprintf (text, sizeof text,
            "#define SCANOMP_T %s\n%s%s%s"
            "#define SCANOMP_T_MIN %s\n#define SCANOMP_T_MAX %s\n"
            "#define SCANOMP_OP %d\n",
            t->cl_name, t->cl_utype ? "#define SCANOMP_UT " : "",
            t->cl_utype ? t->cl_utype : "", t->cl_utype ? "\n" : "",
            t->cl_min, t->cl_max, (int) op);
  char *copy = strdup (text);
  const char *none = NULL;
  /* Two threads may make it at once: the first kept wins.  */
  if (copy && !__atomic_compare_exchange_n (slot, &none, copy, 0,
                                            __ATOMIC_ACQ_REL,
                                            __ATOMIC_ACQUIRE))
    {
      free (copy);
      return none;
    }
  return copy;
}

/* A call of FN, scanrt_scan's or scanrt_scan_piece's (CARRY: a piece's
   exact sum, else NULL): checked, and run where route.c sends it.  */
static int
scan_builtin (void *out, const void *in, size_t n, scanrt_type type,
              scanrt_op op, const scanrt_params *params,
              struct scanrt_exact *carry, const char *fn)
{
  const struct scanrt_type_info *t = scanrt_type_info (type);
  if (params && (params->flags & SCANRT_TOTAL_ONLY) && !out)
    out = (void *) in;
  if (!t)
    {
      scanrt_report ("%s: %d is not a scanrt_type; pass one of "
                     "SCANRT_CHAR to SCANRT_DOUBLE", fn, (int) type);
      return SCANRT_EINVAL;
    }
  if (!scanrt_op_valid (type, op))
    {
      scanrt_report ("%s: %d is not a scanrt_op for this type "
                     "(&, | and ^ take integer types only)", fn, (int) op);
      return SCANRT_EINVAL;
    }
  int status = check_arrays (out, in, n, t->size, params, fn);
  if (status != SCANRT_OK)
    return status;

  const char *source = builtin_source (type, op, t);
  if (!source)
    {
      scanrt_report ("%s: out of host memory", fn);
      return SCANRT_ENOMEM;
    }
  /* The host path reduces a block while another is scanned, and
     reduces of floating-point types chain their elements as scans do.  */
  unsigned flags = params ? params->flags & SCANRT_EXCLUSIVE : 0;
  if (out == in)
    flags |= SCANRT_READS_STORED;
  if (!t->cl_utype)
    flags |= SCANRT_SERIAL_REDUCE;
  struct SCANRT_desc desc = {
    SCANRT_ABI_VERSION, fn, source, (unsigned) type, (unsigned) op,
    (unsigned) t->size, flags, 0, NULL, path_reduce, path_scan,
    scanrt_host_combiner (type, op), NULL, NULL, NULL, NULL, NULL
  };
  unsigned char identity[sizeof (double)];
  const void *seed = params && params->seed ? params->seed : identity;
  scanrt_identity (type, op, identity);
  return scan_arrays (&desc, out, in, n, params, seed, carry, host_builtin,
                      fold_builtin, &desc);
}

SCANRT_EXPORT int
scanrt_scan (void *out, const void *in, size_t n, scanrt_type type,
             scanrt_op op, const scanrt_params *params)
{
  return scan_builtin (out, in, n, type, op, params, NULL, "scanrt_scan");
}

/* A scanrt_carry is a struct scanrt_exact (base/exact.c).  */
_Static_assert (sizeof (scanrt_carry) >= sizeof (struct scanrt_exact),
                "a scanrt_carry holds an exact sum");
_Static_assert (_Alignof (scanrt_carry) >= _Alignof (struct scanrt_exact),
                "a scanrt_carry is aligned as an exact sum");

/* Whether C looks like an exact sum that scanrt_carry_init made: its
   digits in use within the digits there are.  */
static int
carry_valid (const scanrt_carry *c)
{
  const struct scanrt_exact *e = (const struct scanrt_exact *) c;
  return e->lo >= 0 && e->lo <= SCANRT_EXACT_DIGITS && e->hi >= 0
         && e->hi < SCANRT_EXACT_DIGITS;
}

SCANRT_EXPORT int
scanrt_carry_init (scanrt_carry *carry, scanrt_type type, const void *seed)
{
  if (!carry || (type != SCANRT_FLOAT && type != SCANRT_DOUBLE))
    {
      scanrt_report ("scanrt_carry_init: %s", !carry
                     ? "a NULL carry"
                     : "a reproducible scan's carry takes SCANRT_FLOAT or "
                       "SCANRT_DOUBLE");
      return SCANRT_EINVAL;
    }
  memset (carry, 0, sizeof *carry);
  struct scanrt_exact *e = (struct scanrt_exact *) carry;
  scanrt_exact_clear (e);
  double v = !seed ? 0.0
             : type == SCANRT_DOUBLE ? *(const double *) seed
                                     : *(const float *) seed;
  scanrt_exact_add (e, v);
  return SCANRT_OK;
}

SCANRT_EXPORT void
scanrt_carry_add (scanrt_carry *carry, const scanrt_carry *more)
{
  if (!carry || !more || !carry_valid (carry) || !carry_valid (more))
    {
      scanrt_report ("scanrt_carry_add: a carry that scanrt_carry_init did "
                     "not make; nothing added");
      return;
    }
  scanrt_exact_merge ((struct scanrt_exact *) carry,
                      (const struct scanrt_exact *) more);
}

SCANRT_EXPORT int
scanrt_scan_piece (void *out, const void *in, size_t n, scanrt_type type,
                   scanrt_op op, scanrt_carry *carry,
                   const scanrt_params *params)
{
  static const char fn[] = "scanrt_scan_piece";
  static const scanrt_params defaults = SCANRT_PARAMS_INIT;
  scanrt_params p = params ? *params : defaults;
  const char *wrong
    = (type != SCANRT_FLOAT && type != SCANRT_DOUBLE)
          || (op != SCANRT_ADD && op != SCANRT_SUB)
        ? "a piece is a float or double `+' or `-' scan"
      : !carry || !carry_valid (carry)
        ? "the carry is NULL or not one that scanrt_carry_init made"
      : p.seed ? "params->seed is not used: the carry holds the seed"
      : (p.flags & SCANRT_TOTAL_ONLY) && p.total
        ? "with SCANRT_TOTAL_ONLY a piece adds its totals to the carry "
          "alone: params->total is not used"
        : NULL;
  if (wrong)
    {
      scanrt_report ("%s: %s", fn, wrong);
      return SCANRT_EINVAL;
    }
  p.flags |= SCANRT_REPRODUCIBLE;
  struct scanrt_exact *e = (struct scanrt_exact *) carry;
  /* No positions: the carry's value is the last inclusive one.  */
  if (n == 0)
    {
      if (p.total)
        scanrt_exact_store (e, type, p.total);
      return SCANRT_OK;
    }
  /* check_arrays asks a total alone for a place to put it.  */
  _Alignas (double) unsigned char unused[sizeof (double)];
  if (p.flags & SCANRT_TOTAL_ONLY)
    p.total = unused;
  return scan_builtin (out, in, n, type, op, &p, e, fn);
}

SCANRT_EXPORT int
scanrt_reproducible (scanrt_type type, scanrt_op op,
                     const scanrt_params *params)
{
  if ((type != SCANRT_FLOAT && type != SCANRT_DOUBLE)
      || (op != SCANRT_ADD && op != SCANRT_SUB)
      || (params && (params->flags & SCANRT_TOTAL_ONLY)))
    return 0;
  if (params && (params->flags & SCANRT_REPRODUCIBLE))
    return 1;
  return scanrt_setting_size (SCANRT_SET_REPRODUCIBLE, 0, 0, NULL) != 0;
}

static void
host_user (void *out, const void *in, size_t n, unsigned flags,
           const void *seed, void *total, const void *ctx)
{
  scanrt_host_scan_user (out, in, n, ctx, flags, seed, total);
}

/* *ACC combined with the N elements of IN by the user's operator CTX, on
   the calling thread, in order.  */
static void
fold_user (const void *in, size_t n, void *acc, const void *ctx)
{
  const scanrt_user_op *op = ctx;
  size_t elem = op->elem_size;
  unsigned char a[elem], x[elem], next[elem];
  memcpy (a, acc, elem);
  for (size_t i = 0; i < n; i++)
    {
      memcpy (x, (const char *) in + i * elem, elem);
      op->host_combine (next, a, x);
      memcpy (a, next, elem);
    }
  memcpy (acc, a, elem);
}

/* Append SIZE bytes of P as a C initialiser list to BUF.  */
static void
append_bytes (char *buf, const void *p, size_t size)
{
  const unsigned char *b = p;
  buf += strlen (buf);
  for (size_t i = 0; i < size; i++)
    buf += sprintf (buf, "%s0x%02x", i ? ", " : "", b[i]);
}

SCANRT_EXPORT int
scanrt_scan_user (void *out, const void *in, size_t n,
                  const scanrt_user_op *op, const scanrt_params *params)
{
  if (params && (params->flags & SCANRT_TOTAL_ONLY) && !out)
    out = (void *) in;
  if (!op || !op->source || !op->type_name || !op->combine
      || !op->identity || op->elem_size == 0 || op->elem_size > 1024)
    {
      scanrt_report ("scanrt_scan_user: the operator needs source, "
                     "type_name, combine, identity and an elem_size of 1 "
                     "to 1024 bytes");
      return SCANRT_EINVAL;
    }
  int status = check_arrays (out, in, n, op->elem_size, params,
                             "scanrt_scan_user");
  if (status != SCANRT_OK)
    return status;

  /* The identity goes to the device as bytes, through a union that gives
     them the type's alignment.  */
  size_t len = strlen (op->source) + 2 * strlen (op->type_name)
               + strlen (op->combine) + 6 * op->elem_size + 512;
  char *source = malloc (len);
  if (!source)
    return SCANRT_ENOMEM;
  snprintf (source, len,
            "%s\n#define SCANOMP_T %s\n#define SCANOMP_OP 11\n"
            "#define SCANOMP_COMBINE(a, b) %s (a, b)\n"
            "__constant union { uchar b[%zu]; %s v; } scanomp_identity_u "
            "= { { ",
            op->source, op->type_name, op->combine, op->elem_size,
            op->type_name);
  append_bytes (source, op->identity, op->elem_size);
  strcat (source, " } };\n#define SCANOMP_IDENTITY scanomp_identity_u.v\n");

  struct SCANRT_desc desc = {
    SCANRT_ABI_VERSION, "scanrt_scan_user", source, SCANRT_TYPE_USER,
    SCANRT_OP_USER, (unsigned) op->elem_size,
    params ? params->flags & SCANRT_EXCLUSIVE : 0, 0, NULL, NULL, NULL, NULL,
    NULL, NULL, NULL, NULL, NULL
  };
  const void *seed = params && params->seed ? params->seed : op->identity;
  status = scan_arrays (&desc, out, in, n, params, seed, NULL,
                        op->host_combine ? host_user : NULL,
                        op->host_combine ? fold_user : NULL, op);
  free (source);
  return status;
}

SCANRT_EXPORT int
scanrt_data_enter (int device, void *ptr, size_t bytes, unsigned kind)
{
  return scanrt_place_enter (device, ptr, bytes, kind);
}

SCANRT_EXPORT int
scanrt_data_exit (int device, void *ptr, size_t bytes, unsigned kind)
{
  return scanrt_place_exit (device, ptr, bytes, kind);
}

SCANRT_EXPORT int
scanrt_data_update (int device, void *ptr, size_t bytes, unsigned kind)
{
  return scanrt_place_update (device, ptr, bytes, kind);
}

SCANRT_EXPORT int
scanrt_get_num_devices (void)
{
  return scanrt_num_devices ();
}

SCANRT_EXPORT int
scanrt_get_default_device (void)
{
  return scanrt_default_device ();
}

SCANRT_EXPORT int
scanrt_get_device_name (int device, char *buf, size_t size)
{
  if (!buf || size == 0 || device < 0 || device > scanrt_num_devices ())
    return SCANRT_EINVAL;
  snprintf (buf, size, "%s", scanrt_device_name (device));
  return SCANRT_OK;
}

SCANRT_EXPORT const char *
scanrt_version (void)
{
  return SCANRT_VERSION;
}
