/* SPDX-License-Identifier: GPL-3.0-or-later */
/* loop.h: the record every stage of the plugin passes on: a scan
   clause as the preprocessor read it (read/), and a loop as the analysis
   found it (analyze/), in the normal form the back ends (opencl/, host/)
   and the lowering (lower/) take, as GCC keeps a loop construct apart
   from each of its loops: the construct (scan_loop: its bounds, its
   accesses, for an inscan loop its phases) apart from each item it scans
   (scan_item: an array or a variable, its operator and type).  What a
   back end chooses travels apart (lower/lower.h's scan_outline), and the
   plugin's options are here because every stage reads them.

   gcc-compat.h, included here, holds what differs between the GCCs the
   plugin builds for (11 to 16).  */

#ifndef SCANOMP_LOOP_H
#define SCANOMP_LOOP_H

#include "base/gcc-compat.h"
#include "scanrt.h"
#include "scanrt-abi.h"

/* The clause's operators: libscanrt's own (scanrt.h, whose numbers the
   kernel templates' SCANOMP_OP_* codes and the runtime's descriptors
   share), and the plugin's LAST.  */
enum scan_op
{
  SCAN_OP_NONE = 0,
  SCAN_OP_ADD = SCANRT_ADD,
  SCAN_OP_SUB = SCANRT_SUB,
  SCAN_OP_MUL = SCANRT_MUL,
  SCAN_OP_AND = SCANRT_AND,
  SCAN_OP_OR = SCANRT_OR,
  SCAN_OP_XOR = SCANRT_XOR,
  SCAN_OP_LAND = SCANRT_LAND,
  SCAN_OP_LOR = SCANRT_LOR,
  SCAN_OP_MIN = SCANRT_MIN,
  SCAN_OP_MAX = SCANRT_MAX,
  SCAN_OP_USER = SCANRT_OP_USER, /* declare scan or declare reduction */
  SCAN_OP_LAST                   /* inscan: a lastprivate variable, carried
                                    as the value of the last iteration that
                                    set it (the plugin's own: never the
                                    runtime's) */
};

/* What a scan clause's loop computes (analyze/recurrence.cc): y[i] =
   y[i-1] op E, a scan of E; or, scanned as pairs whose operator the
   plugin derives, a linear recurrence y[i] = a * y[i-1] + b, the maps
   x -> a x + b composed (of a higher order, analyze/linear.cc), or a
   segmented scan y[i] = h ? R : y[i-1] op E,
   a set flag h dropping what came before.  */
enum scan_form
{
  SCAN_FORM_PLAIN = 0,
  SCAN_FORM_AFFINE,
  SCAN_FORM_SEGMENT
};

/* The highest order of a linear recurrence the plugin scans: y[i] =
   a1 y[i-1] + ... + ak y[i-k] + b, the maps of vectors of the K last
   elements composed, a pair of K*K + K values.  */
#define SCAN_MAX_ORDER 4

/* A `scan(op: list)' clause as the preprocessor saw it.  */
struct scan_clause
{
  location_t loc;            /* the `scan' token */
  location_t pragma_loc;     /* the construct's #pragma */
  enum scan_op op;
  const char *op_name;       /* the operator as written */
  unsigned nvars;
  const char **vars;         /* the list items' names */
  bool user;                 /* the operator may be user-defined: GCC
                                looks it up through a probe clause */
  bool used;                 /* matched to a loop */
};

/* The options of -fplugin-arg-scanomp-*.  */
struct scanomp_options
{
  bool verbose;
  bool inscan;               /* offload inscan reductions (default) */
  bool all_data;             /* lower data constructs in every unit, not
                                only in those with scan loops */
  bool races;                /* warn at parallel loops that compute y[i]
                                from y[i-1] (default) */
  const char *dump_dir;
};
extern struct scanomp_options scanomp_options;

/* One memory access of the loop body: BASE[offset], the offset in bytes
   being COEF * iv + REST (REST free of the iv).  */
struct scan_access
{
  tree ref;                  /* the MEM_REF or ARRAY_REF */
  gimple *stmt;
  tree base;                 /* the array or pointer decl */
  tree elem_type;
  bool store;
  bool prev;                 /* a read of y[i-1], or of an element
                                before it that a linear recurrence of
                                a higher order reads */
  int lag;                   /* of such a read: how many elements before
                                y[i], 1 for y[i-1] */
  bool after;                /* a read of y[i] after the store to it: the
                                scanned value */
  bool output;               /* a store to an array beside the clause's:
                                a store of the scan phase */
  bool part;                 /* a store to a field of the element */
  int arg;                   /* for a pointer passed to a function: the
                                argument's position (the element is read
                                through it), else -1 */
  bool scatter;              /* a store of an inscan loop's scan phase at
                                an index computed from what the loop
                                computes (`out[cnt] = x[i]'), or a read
                                of an inscan loop at an index computed
                                from what it reads (`w[idx[i]]', a
                                gather): COEF, STRIDE and REST say
                                nothing, and the kernels, which need each
                                array's extent, have such an access only
                                to an array a target's map clause gives
                                (opencl/emit.cc) */
  /* The byte offset of the element, COEF * STRIDE * i + REST for the
     loop index i: STRIDE a loop-invariant scalar the index is multiplied
     by (`x[i * ld + j]'), or NULL_TREE for 1.  */
  HOST_WIDE_INT coef;
  tree stride;
  tree rest;                 /* sizetype, or NULL_TREE when unknown */
};

/* One item a construct scans (GCC's omp_for_data_loop is the model): an
   array of a scan clause, a scan variable of an inscan loop, or a
   reduction or lastprivate variable the same kernels carry.  */
struct scan_item
{
  const char *var_name;      /* as the clause names it */
  tree var;                  /* the array's or variable's decl */
  tree type;                 /* its element type */
  enum scan_op op;
  bool in_place;             /* y[i] op= y[i-1] */
  enum scan_form form;
  unsigned order;            /* of a linear recurrence: how many elements
                                before y[i] it reads, 1 to
                                SCAN_MAX_ORDER */
  /* Of a linear recurrence or a segmented scan: the pair the kernels and
     the host path scan, a struct of the value (field 0, of TYPE) and the
     multiplier (of TYPE) or the flag (an int); of a recurrence of order
     K > 1, of the map v -> M v + c of the vectors (y[i], ..., y[i-K+1]),
     the K values of c (y[i]'s first) and the K*K of M by rows, all of
     TYPE (scanomp_pair_field numbers them so); the variable the loop's
     INPUT sets to what the iteration contributes.  */
  tree pair_type, pair;
  vec<scan_access> accesses; /* of an array: the loop's accesses to it, as
                                its own reading of the body found them
                                (analyze.cc) */
  int store;                 /* index of the y[i] store in ACCESSES */
  int recur;                 /* index of the y[i-1] load */
  tree host_var;             /* inscan: the scan variable as the host reads
                                and sets it: VAR itself, or *r when the
                                clause names a C++ reference r, which
                                the kernels see as the local VAR */
  /* A user-defined operator (op SCAN_OP_USER), as GCC lowered its
     declaration: MERGE sets OUT to OUT combined with IN; INIT sets PRIV to
     the identity (and may read ORIG).  For SCAN_OP_LAST, IN is the
     lastprivate variable and TYPE a struct of whether an iteration set it
     and its value (see scanomp_last_type).  */
  gimple_seq merge, init;
  tree out, in, priv, orig;
  gimple *update;            /* the call y[i] = f (y[i-1], E) of a scan
                                clause's loop */
  tree folded;               /* the constant GCC folded the update of a
                                clause's array to (`y[i-1] * 0'), which
                                leaves nothing to scan */
  /* A late item (scanrt-abi.h): a reduction or lastprivate variable
     that the loop may set from the scanned values (`if (s > best) best =
     s'), or a reduction beside an inscan loop's, which the host path's
     scan function finds and no kernel does; LATE_AT, where it is set
     so, or the reduction's clause.  */
  bool late;
  location_t late_at;
};

/* A construct with a scan clause or an inscan loop, as the analysis found
   it (GCC's omp_for_data is the model): the loop's header, its body's
   accesses and phases, and the items it scans, ITEMS[0 .. N), none of
   which holds anything of the others'.  */
struct scan_loop
{
  struct scan_clause *clause; /* NULL for an inscan loop */
  gimple *construct;         /* the outermost statement replaced */
  gomp_for *loop;
  tree device;               /* the target's device() expression, or NULL */
  tree if_cond;              /* the target's if() condition, or NULL */
  tree iv;                   /* the loop index: an integer the host path
                                and the kernels set at each position */
  /* A loop over a pointer (`for (p = a; p < a + n; p++)', a range-based
     `for' over an array): the pointer as written (PTR_IV), which the
     body the analysis reads computes as its first value, PTR_START, plus
     IV * PTR_UNIT bytes, IV then a variable of the plugin's own counting
     from 0.  The body reads the first value as PTR_BASE, the function's
     own pointer or array or a variable of the plugin's own that the call
     sets, plus a byte offset (analyze/inscan.cc).  Else all NULL.  */
  tree ptr_iv, ptr_base, ptr_start, ptr_unit;
  /* inscan: a nest that `collapse' makes one loop (OpenMP's
     rectangular nests): for each of its loops, outermost first, the
     loop's index, its first value, its step (1 or -1) and its trip
     count, four trees a loop (ptrdiff_t but the index).  IV is then a
     variable of the plugin's own counting the nest's positions from 0,
     from which the body the analysis reads computes each loop's index
     (analyze/inscan.cc); else empty.  */
  vec<tree> nest;
  tree final_iv;             /* the variable a lastprivate or linear
                                clause gives the index's value after the
                                loop, or NULL_TREE */
  tree lb, ub;               /* bounds, as written in the omp for */
  enum tree_code cond;       /* LT_EXPR, LE_EXPR, GT_EXPR, GE_EXPR */
  int step;                  /* +1 or -1 */
  bool outputs;              /* the loop makes stores of the scan phase:
                                some access is an output one (analyze.cc,
                                inscan.cc) */
  vec<scan_access> accesses;
  bool reads_after_store;    /* a clause's loop: some path loads an array
                                the loop does not store after a store
                                (analyze/reader.cc) */
  bool inscan;               /* an OpenMP 5.0 inscan reduction */
  bool input_stores;         /* inscan: its input phase stores to memory,
                                which the host path's reduce and scan
                                functions each store (analyze/inscan.cc);
                                no kernel does */
  bool exclusive;            /* inscan: an exclusive scan */
  bool quiet;                /* inscan: why it declines is a note, since
                                GCC runs the loop anyway */
  bool teams;                /* inscan: on a construct GCC rejects
                                inscan on (analyze/teams.cc) */
  bool crashes_gcc;          /* inscan: a simd loop inside a target
                                construct, whose lowering makes cc1
                                crash in every GCC from 11 to 16 */
  bool silent;               /* a loop race.cc reads: nothing said at all */
  gimple_seq input, output;  /* inscan: the input and scan phases; a
                                recurrence (its item's FORM): the body
                                copied to set the item's PAIR, with no
                                stores */
  /* inscan: where the initialization phase of an exclusive scan ends
     (`#pragma omp scan init_complete'), or UNKNOWN_LOCATION; INPUT then
     starts with a copy of that phase, OUTPUT with the phase itself, and
     INPUT_PHASE is the input phase alone, which the host path's scan
     function runs after OUTPUT (else INPUT_PHASE is INPUT).  */
  location_t init_end;
  gimple_seq input_phase;
  gimple_seq bounds_setup;   /* inscan: a copy of the loop's pre-body,
                                which computes its bounds (`D = v.size ()'
                                for `i < v.size ()'), for the call to run
                                before it reads them: the construct, which
                                runs the pre-body, stays as GCC's
                                fallback, after the call */
  vec<tree> privates;        /* inscan: the private and lastprivate
                                variables, which each iteration holds
                                uninitialized */
  bool output_sets_last;     /* inscan: the scan phase sets a lastprivate
                                variable (not from the scan variables) */
  gimple *output_from_prev;  /* a scan clause's store beside its arrays
                                that depends on y[i-1] (`vis[i] = a[i] >=
                                m[i-1]'), which the host path's plain
                                scan function alone runs with the prefix
                                before the element, or NULL */
  vec<tree> bases;           /* arrays, in argument order */
  vec<tree> unit_strides;    /* Fortran: the strides the analysis took
                                for 1, which the call checks (access.cc) */
  vec<tree> wide_steps;      /* conditions the call checks: that each
                                store whose step is not a constant moves
                                by at least an element an iteration, so
                                that iterations store elements of their
                                own (analyze.cc) */
  vec<tree> field_reads;     /* pairs of a variable of the plugin's own
                                and the read of a struct's field it
                                stands for in the body (`b.data', `s->p'),
                                which the call sets it to (fields.cc) */
  vec<tree> maps;            /* target map sections: base, start, bytes */
  vec<tree> scalars;         /* loop-invariant scalars read */
  unsigned n;                /* items */
  struct scan_item *items;
};

#endif /* SCANOMP_LOOP_H */
