/* SPDX-License-Identifier: GPL-3.0-or-later */
/* util.cc: what the plugin's stages share and none of them owns: where a
   loop's messages go, an expression as a GIMPLE value, and the record
   types the lowered code and the host path build.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimplify.h"
#include "stringpool.h"
#include "stor-layout.h"

#include "scanomp.h"

location_t
scanomp_where (const scan_loop *l)
{
  return l->clause ? l->clause->loc : gimple_location (l->construct);
}

tree
scanomp_value (tree e, gimple_seq *seq)
{
  if (is_gimple_val (e))
    return unshare_expr (e);
  tree v = create_tmp_var (TREE_TYPE (e), "scan_value");
  gimplify_assign (v, unshare_expr (e), seq);
  return v;
}

tree
scanomp_record (const char *name, unsigned n, const tree *types,
                const char *const *names, tree *fields)
{
  tree rec = make_node (RECORD_TYPE);
  tree chain = NULL_TREE;
  for (unsigned i = n; i-- > 0;)
    {
      fields[i] = build_decl (BUILTINS_LOCATION, FIELD_DECL,
                              get_identifier (names[i]), types[i]);
      DECL_CONTEXT (fields[i]) = rec;
      DECL_CHAIN (fields[i]) = chain;
      chain = fields[i];
    }
  TYPE_FIELDS (rec) = chain;
  TYPE_NAME (rec) = get_identifier (name);
  layout_type (rec);
  return rec;
}

tree
scanomp_last_type (tree type)
{
  tree types[2] = { integer_type_node, type }, fields[2];
  static const char *const names[2] = { "set", "value" };
  return scanomp_record ("scanomp_last", 2, types, names, fields);
}

