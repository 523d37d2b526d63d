/* reader.h: what analyze.cc and update.cc share while they read a loop
   body in order (see analyze.cc).  */

#ifndef SCANOMP_READER_H
#define SCANOMP_READER_H

#include "hash-map.h"
#include "hash-set.h"

/* Reading the body in order.  */
struct reader
{
  scan_loop *l;
  location_t loc;                 /* the clause, for errors */
  hash_map<tree, tree> value;     /* latest value of each variable */
  hash_map<tree, int> block;      /* the block that assigned it */
  hash_set<tree> assigned;        /* variables the body assigns */
  /* Variables private to an iteration: those the body declares, and an
     inscan loop's scan variables.  Their fields may be assigned, and
     their addresses passed to functions.  */
  hash_set<tree> privates;
  int current_block;              /* bumped at every label */
  bool ok;
  /* Values built on a value from an earlier block (before a branch's or
     an inner loop's label), which may not reach their use unchanged: no
     address may be built on them.  */
  hash_set<tree> tainted;
  bool saw_taint;                 /* the last substitution used one */
  auto_vec<gimple *> stmts;       /* the body, flattened, in order */
  auto_vec<tree> cond_operands;   /* each GIMPLE_COND's operands' values */
};

/* reader.cc */
void scan_for_this_clause (reader *r);
void scan_reader_init (reader *r, scan_loop *l, location_t loc,
                       gimple_seq seq);
void scan_read_seq (reader *r, gimple_seq seq);
void scan_note_scalars (reader *r, gimple_seq seq);
tree scan_substitute (reader *r, tree e);
void scan_record_access (reader *r, tree ref, gimple *stmt, bool store);
tree scan_strip (tree e);
bool scan_split_pointer (tree p, tree *base, tree *off);
bool scan_is_load_of (tree e, const scan_access &a, reader *r);

/* analyze.cc */
gomp_for *scan_find_loop (gimple_seq seq, bool *other);
/* The first clause on CONSTRUCT or a construct in it, down to the loop,
   for which WANTED (clause, the index of its loop, DATA) holds, or
   NULL_TREE.  */
tree scan_find_clause (gimple *construct, tree iv,
                       bool (*wanted) (tree, tree, void *), void *data);
bool scan_read_header (scan_loop *l, location_t loc);
void scan_read_target (scan_loop *l, gimple *construct);
void scan_add_base (scan_loop *l, tree decl);
bool scan_scanned_elsewhere (scan_loop *l, tree decl);

/* udr.cc */
bool scan_check_udr_update (reader *r);

/* update.cc */
int scan_position (reader *r, gimple *s);
bool scan_check_update (reader *r, tree v);

#endif /* SCANOMP_READER_H */
