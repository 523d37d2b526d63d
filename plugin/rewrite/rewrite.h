/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rewrite.h: a loop body made readable before the analysis reads it, by
   rewriting its GIMPLE into what it computes: calls replaced by their
   callees' statements (inline.cc), fields of structs the body does not
   set read once, before it (fields.cc), values read through the
   temporaries, copies and struct copies that lead to them (forward.cc),
   what the sanitizers add read past (sanitizer.cc), a pointer or a
   class iterator a loop steps read as its first value and an index
   (index.cc); and, where the
   analysis has found them, an if/else's stores of y[i] made one
   (stores.cc).  Nothing here knows the analysis: it takes a body, and
   what to change in it, and gives one back (the analysis, analyze/, says
   which body and when; the translation to OpenCL C, opencl/, reads past
   sanitizers the same way).  */

#ifndef SCANOMP_REWRITE_H
#define SCANOMP_REWRITE_H

#include "hash-set.h"

#include "base/util.h"

/* inline.cc: whether *SEQ, a loop's body, calls a function whose body is
   straight-line code, other than those in KEEP (the functions of the
   construct's user-defined operators, whose calls the analysis looks
   for); with CHANGE, replace each such call by what it computes, in a
   scope of the new variables' own around *SEQ.  */
bool scan_inline_calls (gimple_seq *seq, hash_set<tree> &keep, bool change);

/* Into OUT, the statements FN's body runs along the path its known
   conditions take, ending in its return; the function whose parameters
   they name (FN, or what FN is an alias of), or NULL_TREE where there is
   no such path.  */
tree scan_read_callee (tree fn, vec<gimple *> *out);
/* Whether FN's body stores to its own variables alone, and calls only
   functions that do so in turn (or math built-ins): a call of it writes
   no memory of the caller's.  */
bool scan_callee_keeps_to_itself (tree fn);
/* bitwise.cc: why the kernels cannot copy KLASS, a class, bit by bit
   and leave its destructor unrun, with *FN the member that shows it
   where there is one; or NULL.  */
const char *scan_bitwise_problem (tree klass, tree *fn);
/* Whether *SEQ calls a copy or the destructor of a class copied bit by
   bit; with CHANGE, make each an assignment of the whole object, or
   nothing.  */
bool scan_bitwise_copies (gimple_seq *seq, bool change);
/* The stores that default constructor CTOR makes to OBJ, constants to
   each of its fields, or NULL where it makes others.  */
gimple_seq scan_constructed (tree ctor, tree obj);
/* fields.cc: whether BODY reads a field of a struct that it does not set
   (a Fortran array's descriptor, `s->p'), or chooses between two
   addresses (std::max's): what scan_hoist_field_reads reads.  */
bool scan_field_reads (gimple_seq body);
/* Make each such read in *BODY a variable of L's field_reads, set before
   the loop.  */
void scan_hoist_field_reads (struct scan_loop *l, gimple_seq *body);
/* Make each difference in *BODY of two pointers that are one variable
   it does not set, each moved by bytes it computes (`p - a', where a
   loop's pointer p is `a' moved by the index), the difference of the
   bytes, in temporaries of a scope of their own around *BODY.  Whether
   there was one.  */
bool scan_fold_same_base (gimple_seq *body);

/* forward.cc */
/* Make each dereference in S of an address, `MEM[&x]', what it
   addresses.  */
void scan_fold_derefs (gimple *s);
/* T less its members and constant subscripts: `s' for `s.p[2].q', `*s'
   for `s->p'.  */
tree scan_struct_ref_of (tree t);
/* The variable a store to T, or the address T, sets: T less its
   members, subscripts and dereferences; or NULL_TREE.  */
tree scan_set_root (tree t);
/* One round of reading *BODY, which assigns the variables SET holds,
   through its temporaries (see forward.cc's head); new variables go on
   LOCALS.  Whether it changed anything.  */
bool scan_forward_round (gimple_seq *body, hash_set<tree> &set,
                         vec<tree> *locals);
/* Whether *BODY assigns a temporary (GCC's, or inline.cc's) that it
   never reads (the address `x[i]' gives where `x[i] || 1' is folded);
   with CHANGE, drop such assignments, and those the dropped ones alone
   read.  */
bool scan_drop_unread (gimple_seq *body, bool change);
/* Declare LOCALS in a scope of their own around *BODY.  */
void scan_declare_around (gimple_seq *body, const vec<tree> &locals);

/* index.cc: replace each read of P, the pointer a loop steps, in *BODY
   by BASE + OFFSET + (sizetype) INDEX * UNIT, INDEX the plugin's integer
   index, UNIT the element's size and OFFSET bytes (a constant or a
   variable, or NULL_TREE for none), set in temporaries of a scope of
   their own around *BODY just before the statement.  False where the
   body sets P.  */
bool scan_index_pointer (gimple_seq *body, tree p, tree base, tree offset,
                         tree index, tree unit);

/* index.cc: where *BODY, a loop body whose phases are in PHASES, starts
   by moving a class iterator that GCC carries from one iteration to the
   next by INDEX less the last index, which the loop's pre-body PRE sets
   to 0, make the iterator a local of the body set each iteration to
   *BEGIN, a new variable of its type, then moved by INDEX; return the
   iterator.  Else NULL_TREE.  */
tree scan_index_iterator (gimple_seq *body, gimple_seq phases,
                          gimple_seq pre, tree index, tree *begin);

/* stores.cc: make STORES, the stores of item IT's y[i] in the branches of
   an if/else of L's loop that join at label JOIN, one store after JOIN,
   of a variable each branch sets.  */
void scan_join_stores (struct scan_loop *l, const struct scan_item *it,
                       const vec<gimple *> &stores, gimple *join);

/* sanitizer.cc */
/* Whether S is a sanitizer's check (-fsanitize=...), which the kernels
   leave out: a call, setting nothing, of an internal UBSAN_, ASAN_ or
   TSAN_ function or of a __builtin___ubsan_, _asan_ or _tsan_ one.  */
bool scanomp_sanitizer_call (const gimple *s);
/* Whether SEQ, a try's cleanup, only ends the lifetimes of variables (as
   GCC's around a loop whose body holds a compound literal, or a
   sanitizer's), or nothing (those fields.cc dropped).  */
bool scanomp_only_clobbers (gimple_seq seq);
/* Whether SEQ reads a call's result through a temporary that UBSan
   adds; with CHANGE, read the result directly.  */
bool scan_read_through_temporaries (gimple_seq seq, bool change);

#endif /* SCANOMP_REWRITE_H */
