/* SPDX-License-Identifier: GPL-3.0-or-later */
/* descriptors.cc: gfortran's array descriptors in an inscan loop's body.
   An allocatable array's element is reached through its descriptor,
   read in each iteration:

     D.1 = b.data;  D.2 = b.offset;  D.3 = D.2 + (long) i;
     MEM <integer(kind=4)[0:]> [(integer(kind=4)[0:] *) D.1][D.3] = s;

   The descriptor is a struct with a pointer in it, which the kernels
   cannot hold.  In the body the kernels and the host path read (a copy:
   GCC keeps the loop as it stands), each such read of a descriptor the
   body does not set becomes a variable of the plugin's own, set to it
   where the call is made (lower/call.cc): the data pointer is then a
   plain pointer, an array's base, and the offset a plain scalar.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "langhooks.h"
#include "fold-const.h"
#include "gimplify.h"

#include "analyze/reader.h"

/* The decl holding the descriptor whose field T reads (`b.data',
   `b->dim[0].stride'), or NULL_TREE: a variable or a dummy argument (a
   pointer to the descriptor) whose struct starts with the field `data',
   as gfortran's descriptors do.  */
static tree
descriptor_of (tree t)
{
  if (TREE_CODE (t) != COMPONENT_REF)
    return NULL_TREE;
  tree d = t;
  while (TREE_CODE (d) == COMPONENT_REF
         || (TREE_CODE (d) == ARRAY_REF
             && TREE_CODE (TREE_OPERAND (d, 1)) == INTEGER_CST))
    d = TREE_OPERAND (d, 0);
  tree type = TREE_TYPE (d);
  if (TREE_CODE (d) == MEM_REF && integer_zerop (TREE_OPERAND (d, 1)))
    d = TREE_OPERAND (d, 0);
  if ((!VAR_P (d) && TREE_CODE (d) != PARM_DECL)
      || TREE_CODE (type) != RECORD_TYPE || !TYPE_FIELDS (type)
      || !DECL_NAME (TYPE_FIELDS (type))
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (TYPE_FIELDS (type))), "data"))
    return NULL_TREE;
  return d;
}

/* What the walks below share: the descriptors the body sets, the loop,
   and whether a read was found.  */
struct descriptor_walk
{
  hash_set<tree> set;
  scan_loop *l;
  bool found;
};

/* walk_tree callback: note the descriptor whose field *TP is, where the
   statement sets it, into DATA's set.  */
static tree
note_set (tree *tp, int *walk_subtrees, void *data)
{
  *walk_subtrees = 0;
  if (tree d = descriptor_of (*tp))
    ((descriptor_walk *) data)->set.add (d);
  return NULL_TREE;
}

/* walk_tree callback: note in DATA's set a dummy's descriptor pointer
   that *TP uses otherwise than to read a field (`w != 0', for an
   optional argument's `present (w)'): its fields may be read only where
   it is not null, and stay where the body reads them.  */
static tree
note_bare (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  descriptor_walk *w = (descriptor_walk *) wi->info;
  if (TYPE_P (*tp) || descriptor_of (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == PARM_DECL && POINTER_TYPE_P (TREE_TYPE (*tp))
           && TREE_CODE (TREE_TYPE (TREE_TYPE (*tp))) == RECORD_TYPE)
    w->set.add (*tp);
  return NULL_TREE;
}

/* walk_gimple_op callback: a read of a field of scalar type of a
   descriptor the body does not set becomes its variable in the loop's
   descriptor_reads, made at the first; or, without a loop, is noted as
   found.  */
static tree
hoist_read (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  descriptor_walk *w = (descriptor_walk *) wi->info;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  tree d = descriptor_of (*tp);
  tree type = TREE_TYPE (*tp);
  if (!d || w->set.contains (d)
      || (!INTEGRAL_TYPE_P (type) && !POINTER_TYPE_P (type)))
    return NULL_TREE;
  *walk_subtrees = 0;
  w->found = true;
  if (!w->l)
    return NULL_TREE;
  vec<tree> &reads = w->l->descriptor_reads;
  for (unsigned k = 0; k < reads.length (); k += 2)
    if (operand_equal_p (reads[k + 1], *tp, 0))
      {
        *tp = reads[k];
        return NULL_TREE;
      }
  /* Named after the array, as the kernels' parameters and the messages
     name its base.  */
  tree v = create_tmp_var_raw (type, NULL);
  DECL_NAME (v) = DECL_NAME (d);
  reads.safe_push (v);
  reads.safe_push (unshare_expr (*tp));
  *tp = v;
  return NULL_TREE;
}

/* Walk BODY's descriptor reads with W, after noting the descriptors it
   sets, and the dummies' it uses otherwise (note_bare).  */
static void
walk_reads (gimple_seq body, descriptor_walk *w)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = w;
  walk_gimple_seq (body, [] (gimple_stmt_iterator *g, bool *,
                             walk_stmt_info *wi) -> tree {
      gimple *s = gsi_stmt (*g);
      descriptor_walk *w = (descriptor_walk *) wi->info;
      if (tree lhs = gimple_get_lhs (s))
        walk_tree (&lhs, note_set, w, NULL);
      /* A call may set what it is given the address of.  */
      if (is_gimple_call (s))
        for (unsigned k = 0; k < gimple_call_num_args (s); k++)
          if (TREE_CODE (gimple_call_arg (s, k)) == ADDR_EXPR)
            walk_tree (gimple_call_arg_ptr (s, k), note_set, w, NULL);
      return NULL_TREE;
    }, note_bare, &wi);
  memset (&wi, 0, sizeof wi);
  wi.info = w;
  walk_gimple_seq (body, NULL, hoist_read, &wi);
}

bool
scan_descriptor_reads (gimple_seq body)
{
  if (!lang_GNU_Fortran ())
    return false;
  descriptor_walk w;
  w.l = NULL;
  w.found = false;
  walk_reads (body, &w);
  return w.found;
}

void
scan_hoist_descriptor_reads (scan_loop *l, gimple_seq body)
{
  descriptor_walk w;
  w.l = l;
  w.found = false;
  walk_reads (body, &w);
}
