/* SPDX-License-Identifier: GPL-3.0-or-later */
/* clause.cc: the `scan(op: list)' clause, read in the preprocessor.

   GCC's OpenMP parser rejects clauses it does not know, so the clause never
   reaches it.  When the unit starts (PLUGIN_START_UNIT: the main file
   is open, nothing is lexed yet; plugin_init is too early, libcpp has no
   line map then), the plugin defines the function-like macro `scan(...)'
   with an empty expansion and marks its identifier NODE_CONDITIONAL: libcpp then asks our macro_to_expand hook,
   each time it meets `scan', whether to expand it.  The hook says yes only
   when `scan' stands in an OpenMP pragma and is followed by a parenthesis:
   it reads the clause with cpp_peek_token, records it, and the expansion
   removes it, leaving GCC a plain `parallel for'.  Everywhere else `scan'
   stays an ordinary identifier, so functions, variables and members named
   scan are untouched, and so is `#pragma omp scan inclusive(x)'.

   A chained line_change hook sees the CPP_PRAGMA token that starts each
   pragma line: its location is the location GCC gives the construct in
   GIMPLE, which is how scanomp.cc matches a loop to its clause.

   C++'s OpenMP attributes, `[[omp::directive (parallel for scan (+:
   y))]]', are no pragma lines: there `scan' is a clause where an
   operator and a colon follow its parenthesis and the attribute's `]]'
   closes what follows, on a line that names such an attribute
   (in_omp_attribute).  Its construct is found on its line, as a
   _Pragma's is.

   `#pragma omp declare scan(...)' becomes `declare reduction(...)' the same
   way, through a second macro.  A clause whose operator is user-defined,
   `scan(op: y)', becomes the probe `reduction(op: y[0:1])' instead, the
   hook giving `scan' the definition of a third macro:
   GCC then looks the operator up for y's element type, as it does for any
   reduction (and says so when there is none), and hands lower GIMPLE the
   combiner and initializer on the probe clause (see udr.cc).  The probe
   never runs: the construct it sits on is replaced.  Which identifiers
   are operators the preprocessor learns from the declarations it passes,
   `declare scan' and `declare reduction' alike: `reduction' is a fourth
   conditional macro, noted and never expanded.  Its hook also hands
   teams.cc each inscan reduction, which may have `inscan', and its
   loop's directive `inclusive' or `exclusive', expand (conditional
   macros too) where GCC rejects inscan.

   AClang's symbolic devices, `device(GPU)' and `device(CPU)', work the
   same way.  `device' is a conditional macro, never expanded, whose hook
   notes the GPU and CPU tokens inside its parentheses on a pragma line;
   `GPU' and `CPU' are macros that expand there alone, to the constants
   SCANRT_DEVICE_GPU and SCANRT_DEVICE_CPU of scanrt.h.  Everywhere else
   they stay identifiers, so a variable named GPU keeps its meaning.  The
   pass then replaces either constant in a device clause with a call that
   finds the device at run time (data.cc).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "cpplib.h"
#include "c-family/c-pragma.h"
#include "options.h"
#include "diagnostic-core.h"
#include "input.h"

#include "read/read.h"
#include "scanrt.h"

static cpp_hashnode *scan_node;
static cpp_hashnode *declare_node;
/* The definitions `scan' expands with: empty, or the probe.  */
static cpp_macro *scan_empty, *scan_probe;
/* The object-like empty definition `scan' takes where it names
   init_complete's directive.  */
static cpp_macro *scan_gone;
static cpp_hashnode *reduction_node;
/* `inscan', which expands to `default' where teams.cc says so, and
   `inclusive' and `exclusive', to nothing.  */
static cpp_hashnode *inscan_node, *inclusive_node, *exclusive_node;
/* The object-like definition `scan' takes where it names the directive
   of a loop teams.cc rewrites: `flush'.  */
static cpp_macro *scan_teams;
static cpp_hashnode *device_node, *gpu_node, *cpu_node;
/* Where the GPU and CPU tokens noted in device clauses stand.  */
static vec<location_t> named_devices;
static cpp_hashnode *(*chained_macro_to_expand) (cpp_reader *,
                                                 const cpp_token *);
static void (*chained_line_change) (cpp_reader *, const cpp_token *, int);

/* The last pragma line's CPP_PRAGMA token.  */
static location_t pragma_loc = UNKNOWN_LOCATION;
static int pragma_kind;

static vec<scan_clause *> clauses;
/* Whether the input was preprocessed (-fpreprocessed).  */
static bool was_preprocessed;
/* Operators declared with `#pragma omp declare scan' or `declare
   reduction': identifiers and symbols.  */
static vec<const char *> declared;
/* Whether an `inscan' reduction was seen.  */
static bool inscan_seen;

static const struct
{
  enum cpp_ttype token;
  enum scan_op op;
  const char *spelling;
} operator_tokens[] = {
  { CPP_PLUS, SCAN_OP_ADD, "+" },
  { CPP_MINUS, SCAN_OP_SUB, "-" },
  { CPP_MULT, SCAN_OP_MUL, "*" },
  { CPP_AND, SCAN_OP_AND, "&" },
  { CPP_OR, SCAN_OP_OR, "|" },
  { CPP_XOR, SCAN_OP_XOR, "^" },
  { CPP_AND_AND, SCAN_OP_LAND, "&&" },
  { CPP_OR_OR, SCAN_OP_LOR, "||" },
};

const char *
scanomp_op_spelling (enum scan_op op)
{
  for (unsigned i = 0; i < ARRAY_SIZE (operator_tokens); i++)
    if (operator_tokens[i].op == op)
      return operator_tokens[i].spelling;
  return op == SCAN_OP_MIN ? "min" : op == SCAN_OP_MAX ? "max" : "?";
}

/* Whether the tokens from INDEX on end in a pragma line's end rather than
   in a statement or block: `scan(' then is a clause.  */
static bool
on_pragma_line (cpp_reader *pfile, int index)
{
  int depth = 0;
  for (int n = 0; n < 100000; n++)
    {
      const cpp_token *t = scanomp_peek (pfile, &index);
      switch (t->type)
        {
        case CPP_PRAGMA_EOL:
          return true;
        case CPP_EOF:
          return false;
        case CPP_OPEN_PAREN:
        case CPP_OPEN_SQUARE:
          depth++;
          break;
        case CPP_CLOSE_PAREN:
        case CPP_CLOSE_SQUARE:
          depth--;
          break;
        case CPP_SEMICOLON:
        case CPP_OPEN_BRACE:
        case CPP_CLOSE_BRACE:
          if (depth <= 0)
            return false;
          break;
        default:
          break;
        }
    }
  return false;
}

/* Whether TOK's source line, up to TOK, names an OpenMP attribute of
   C++: `omp' and then `directive' or `sequence' (`[[omp::directive
   (...)]]', `[[using omp: sequence (...)]]').  */
static bool
line_names_omp_attribute (const cpp_token *tok)
{
  expanded_location x = expand_location (tok->src_loc);
  if (!x.file || x.column < 1)
    return false;
  char_span line = scanomp_source_line (x.file, x.line);
  if (!line || (size_t) x.column > line.length ())
    return false;
  char *before = xstrndup (line.get_buffer (), x.column - 1);
  const char *omp = strstr (before, "omp");
  bool named = omp && (strstr (omp, "directive") || strstr (omp, "sequence"));
  free (before);
  return named;
}

/* Whether `scan', TOK, whose parenthesis is the next token, stands in
   an OpenMP attribute of C++, `[[omp::directive (parallel for scan (+:
   y))]]', as a clause: an operator (or `inscan') and a colon or comma
   follow the parenthesis, where a call in a clause's expression, `if
   (scan (n) > 0)', has its arguments; the tokens after it close a
   parenthesis they do not open and then the attribute's `]]', before
   any `;' or brace; and its line names such an attribute.  */
static bool
in_omp_attribute (cpp_reader *pfile, const cpp_token *tok)
{
  int index = 1;
  const cpp_token *op = scanomp_peek (pfile, &index);
  bool is_op = op->type == CPP_NAME;
  for (unsigned i = 0; i < ARRAY_SIZE (operator_tokens); i++)
    is_op |= op->type == operator_tokens[i].token;
  const cpp_token *after = scanomp_peek (pfile, &index);
  if (!is_op || (after->type != CPP_COLON && after->type != CPP_COMMA))
    return false;
  index = 0;
  int depth = 0;
  for (int n = 0; n < 10000; n++)
    {
      const cpp_token *t = scanomp_peek (pfile, &index);
      switch (t->type)
        {
        case CPP_OPEN_PAREN:
        case CPP_OPEN_SQUARE:
          depth++;
          break;
        case CPP_CLOSE_PAREN:
          depth--;
          break;
        case CPP_CLOSE_SQUARE:
          if (depth < 0)
            return (scanomp_peek (pfile, &index)->type == CPP_CLOSE_SQUARE
                    && line_names_omp_attribute (tok));
          depth--;
          break;
        case CPP_SEMICOLON:
        case CPP_OPEN_BRACE:
        case CPP_CLOSE_BRACE:
        case CPP_PRAGMA:
        case CPP_PRAGMA_EOL:
        case CPP_EOF:
          return false;
        default:
          break;
        }
    }
  return false;
}

/* Whether only blanks and WORDS, a list ending in NULL (the nearest
   first, then `pragma' and `#'), come before TOK on its source line.  In
   preprocessed input (-save-temps) the columns are those of the .i file,
   where GCC wrote the pragma from column 1 with one blank between words:
   TOK is then at column COLUMN (13 after `#pragma omp').  */
static bool
follows_words (const cpp_token *tok, const char *const *words,
               int column)
{
  expanded_location x = expand_location (tok->src_loc);
  if (was_preprocessed && x.column == column)
    return true;
  if (!x.file || x.column < 1)
    return false;
  char_span line = scanomp_source_line (x.file, x.line);
  if (!line || (size_t) x.column > line.length ())
    return false;
  size_t end = x.column - 1;
  for (; *words; words++)
    {
      size_t len = strlen (*words);
      while (end > 0 && ISBLANK (line[end - 1]))
        end--;
      if (end < len || strncmp (line.get_buffer () + end - len, *words, len))
        return false;
      end -= len;
    }
  while (end > 0 && ISBLANK (line[end - 1]))
    end--;
  return end == 0;
}

/* Whether TOK is the name of an OpenMP directive, as `scan' is in a bare
   `#pragma omp scan' (a typo GCC reports): libcpp is then still reading
   the directive's name, at the end of its line, and any peek past the
   name would take the line's end from it.  */
static bool
names_omp_directive (const cpp_token *tok)
{
  static const char *const words[] = { "omp", "pragma", "#", NULL };
  return follows_words (tok, words, 13);
}

/* Whether TOK follows `declare': `#pragma omp declare TOK'.  */
static bool
follows_declare (const cpp_token *tok)
{
  static const char *const words[] = { "declare", "omp", "pragma", "#",
                                       NULL };
  return follows_words (tok, words, 21);
}

static bool
is_declared (const char *name)
{
  for (const char *d : declared)
    if (!strcmp (d, name))
      return true;
  return false;
}

/* The first list item's name of the clause whose operator is at INDEX
   (the token after it), or `y' where none is written.  */
static const char *
first_item (cpp_reader *pfile, int index)
{
  bool past_colon = false;
  for (int n = 0; n < 8; n++)
    {
      const cpp_token *t = scanomp_peek (pfile, &index);
      if (t->type == CPP_CLOSE_PAREN || t->type == CPP_PRAGMA_EOL
          || t->type == CPP_EOF)
        break;
      if (t->type == CPP_COLON)
        past_colon = true;
      else if (past_colon && t->type == CPP_NAME)
        return (const char *) NODE_NAME (t->val.node.node);
    }
  return "y";
}

/* Report `inscan' written as the operator of a `scan' clause at LOC,
   ITEM its first list item: the two spellings it mixes.  */
static void
report_inscan_operator (location_t loc, const char *item)
{
  error_at (loc, "%<inscan%> is a modifier of the %<reduction%> clause, "
            "not a %<scan%> operator; write %<reduction(inscan, +: %s)%> "
            "with %<#pragma omp scan%> in the loop, or %<scan(+: %s)%> "
            "for an array the loop computes as %<%s[i] = %s[i-1] + ...%>",
            item, item, item, item);
}

/* Read `( op : name, ... )' from INDEX, the open parenthesis, into a new
   clause at LOC, and return it; NULL after an error, which is reported at
   the token at fault.  */
static scan_clause *
read_clause (cpp_reader *pfile, int index, location_t loc)
{
  scan_clause *c = XCNEW (scan_clause);
  c->loc = loc;
  c->pragma_loc = pragma_loc;
  scanomp_peek (pfile, &index); /* ( */
  const cpp_token *t = scanomp_peek (pfile, &index);
  for (unsigned i = 0; i < ARRAY_SIZE (operator_tokens); i++)
    if (t->type == operator_tokens[i].token)
      {
        c->op = operator_tokens[i].op;
        c->op_name = operator_tokens[i].spelling;
      }
  if (t->type == CPP_NAME)
    {
      const char *name = (const char *) NODE_NAME (t->val.node.node);
      c->op_name = xstrdup (name);
      if (!strcmp (name, "min"))
        c->op = SCAN_OP_MIN;
      else if (!strcmp (name, "max"))
        c->op = SCAN_OP_MAX;
      else if (is_declared (name))
        {
          /* A user-defined operator: GCC looks it up (see the probe in
             macro_to_expand).  */
          c->op = SCAN_OP_USER;
          c->user = true;
        }
      else if (!strcmp (name, "inscan"))
        {
          /* `scan(inscan: y)' or `scan(inscan, +: y)': the reduction's
             modifier, written in our clause.  */
          const char *item = first_item (pfile, index);
          report_inscan_operator (t->src_loc, item);
          return NULL;
        }
      else
        {
          error_at (t->src_loc, "unknown %<scan%> operator %qs; declare it "
                    "first with %<#pragma omp declare scan(%s : type : "
                    "...)%>, or use one of %<+%>, %<-%>, %<*%>, %<&%>, "
                    "%<|%>, %<^%>, %<&&%>, %<||%>, %<min%> or %<max%>", name,
                    name);
          return NULL;
        }
    }
  else if (c->op != SCAN_OP_NONE)
    /* A symbol declared for a user type, as `*' for a matrix.  */
    c->user = is_declared (c->op_name);
  else
    {
      error_at (t->src_loc, "expected a %<scan%> operator, as in "
                "%<scan(+: y)%>");
      return NULL;
    }

  t = scanomp_peek (pfile, &index);
  if (t->type != CPP_COLON)
    {
      error_at (t->src_loc, "expected %<:%> after the %<scan%> operator, as "
                "in %<scan(%s: y)%>", c->op_name);
      return NULL;
    }
  auto_vec<const char *> vars;
  for (;;)
    {
      t = scanomp_peek (pfile, &index);
      if (t->type != CPP_NAME)
        {
          error_at (t->src_loc, "expected the name of an array in the "
                    "%<scan%> clause, as in %<scan(%s: y)%>", c->op_name);
          return NULL;
        }
      vars.safe_push (xstrdup ((const char *) NODE_NAME (t->val.node.node)));
      t = scanomp_peek (pfile, &index);
      if (t->type == CPP_CLOSE_PAREN)
        break;
      if (t->type != CPP_COMMA)
        {
          error_at (t->src_loc, "%<scan%> list items are array names: write "
                    "%<scan(%s: y)%>, not an array section or expression",
                    c->op_name);
          return NULL;
        }
    }
  if (c->op == SCAN_OP_NONE)
    return NULL;
  /* The probe takes one array.  A symbol declared for some type is still
     the built-in operator over several arrays of numbers.  */
  if (c->user && vars.length () > 1 && c->op != SCAN_OP_USER)
    c->user = false;
  else if (c->user && vars.length () > 1)
    {
      error_at (loc, "a %<scan%> clause with a user-defined operator scans "
                "one array; scan an array of structs instead");
      return NULL;
    }
  c->nvars = vars.length ();
  c->vars = XNEWVEC (const char *, c->nvars);
  for (unsigned i = 0; i < c->nvars; i++)
    c->vars[i] = vars[i];

  /* The construct's kind is known on #pragma lines; for _Pragma the
     GIMPLE pass tells.  */
  switch (pragma_kind)
    {
    case PRAGMA_NONE:
    case PRAGMA_OMP_PARALLEL:
    case PRAGMA_OMP_FOR:
    case PRAGMA_OMP_TARGET:
    case PRAGMA_OMP_TEAMS:
    case PRAGMA_OMP_DISTRIBUTE:
      clauses.safe_push (c);
      return c;
    default:
      error_at (loc, "the %<scan%> clause belongs on a loop: put it on "
                "%<#pragma omp parallel for%>, %<target parallel for%> or "
                "%<target teams distribute parallel for%>");
      return NULL;
    }
}

/* What follows `scan' (or `reduction') on a pragma line, from its
   parenthesis on.  */
struct scan_shape
{
  /* Colons inside its parentheses: one in a clause, `scan(op : y)', two
     or more in a declaration, `scan(id : type : combiner)', whose
     combiner may hold `?:'.  That tells them apart in a _Pragma, whose
     kind the line_change hook does not see; the clauses after them, as
     `reduction(+: s)', do not count.  */
  int colons;
  /* Whether `initializer' follows the parentheses.  */
  bool initializer;
};

static scan_shape
read_shape (cpp_reader *pfile)
{
  scan_shape shape = { 0, false };
  int index = 0, depth = 0;
  bool closed = false;
  for (const cpp_token *t = scanomp_peek (pfile, &index);
       t->type != CPP_PRAGMA_EOL && t->type != CPP_EOF;
       t = scanomp_peek (pfile, &index))
    if (t->type == CPP_OPEN_PAREN)
      depth++;
    else if (t->type == CPP_CLOSE_PAREN)
      closed |= --depth == 0;
    else if (t->type == CPP_COLON && depth == 1 && !closed)
      shape.colons++;
    else if (t->type == CPP_NAME && depth == 0
             && !strcmp ((const char *) NODE_NAME (t->val.node.node),
                         "initializer"))
      shape.initializer = true;
  return shape;
}

/* Record the operator of `declare scan(id : type : combiner)' or
   `declare reduction(...)', whose parenthesis is the next token.  */
static void
record_declared (cpp_reader *pfile)
{
  int index = 1;
  const cpp_token *id = scanomp_peek (pfile, &index);
  if (id->type == CPP_NAME)
    declared.safe_push (xstrdup ((const char *)
                                 NODE_NAME (id->val.node.node)));
  for (unsigned i = 0; i < ARRAY_SIZE (operator_tokens); i++)
    if (id->type == operator_tokens[i].token)
      declared.safe_push (operator_tokens[i].spelling);
}

/* Read `declare scan(id : type : combiner) initializer(...)', whose
   parenthesis is the next token, and insist on the initializer: the
   scan's identity, which zero would silently get wrong for an operator
   like a product.  */
static void
read_declare_scan (cpp_reader *pfile, const scan_shape &shape,
                   location_t loc)
{
  record_declared (pfile);
  if (!shape.initializer)
    error_at (loc, "%<#pragma omp declare scan%> needs an %<initializer%> "
              "clause that gives the identity of the operator, as in "
              "%<initializer(omp_priv = ...)%>");
}

/* Note the GPU and CPU tokens of `device(...)', whose parenthesis is the
   next token, when it is a clause on a pragma line.  */
static void
note_named_devices (cpp_reader *pfile)
{
  int index = 0;
  if (scanomp_peek (pfile, &index)->type != CPP_OPEN_PAREN
      || !(pragma_kind == PRAGMA_OMP_TARGET
           || (pragma_kind == PRAGMA_NONE && on_pragma_line (pfile, 0))))
    return;
  for (int depth = 1; depth > 0;)
    {
      const cpp_token *t = scanomp_peek (pfile, &index);
      if (t->type == CPP_PRAGMA_EOL || t->type == CPP_EOF)
        break;
      depth += (t->type == CPP_OPEN_PAREN) - (t->type == CPP_CLOSE_PAREN);
      if (t->type == CPP_NAME
          && (t->val.node.node == gpu_node || t->val.node.node == cpu_node))
        named_devices.safe_push (t->src_loc);
    }
}

/* Whether TOK, a GPU or CPU token, was noted in a device clause; it is
   then taken off the list.  */
static bool
take_named_device (const cpp_token *tok)
{
  for (unsigned i = 0; i < named_devices.length (); i++)
    if (named_devices[i] == tok->src_loc)
      {
        named_devices.unordered_remove (i);
        return true;
      }
  return false;
}

/* libcpp asks this whether to expand a conditional macro at TOK.  */
static cpp_hashnode *
macro_to_expand (cpp_reader *pfile, const cpp_token *tok)
{
  cpp_hashnode *node = tok->val.node.node;
  if (node == reduction_node)
    {
      /* Never expanded: only a declaration's operator is noted, and
         whether the unit has an inscan reduction.  */
      int index = 0;
      if (scanomp_peek (pfile, &index)->type == CPP_OPEN_PAREN)
        {
          const cpp_token *t = scanomp_peek (pfile, &index);
          if (t->type == CPP_NAME && t->val.node.node == inscan_node
              && scanomp_peek (pfile, &index)->type == CPP_COMMA)
            {
              inscan_seen = true;
              scanomp_teams_reduction (pfile, index, t, pragma_kind,
                                       pragma_loc);
            }
        }
      index = 0;
      if ((pragma_kind == PRAGMA_OMP_DECLARE || pragma_kind == PRAGMA_NONE)
          && scanomp_peek (pfile, &index)->type == CPP_OPEN_PAREN
          && on_pragma_line (pfile, 0) && read_shape (pfile).colons >= 2)
        record_declared (pfile);
      return NULL;
    }
  if (node == device_node)
    {
      note_named_devices (pfile);
      return NULL;
    }
  if (node == gpu_node || node == cpu_node)
    return take_named_device (tok) ? node : NULL;
  if (node == inscan_node || node == inclusive_node
      || node == exclusive_node)
    return scanomp_teams_expands (pfile, tok) ? node : NULL;
  if (node != scan_node)
    return chained_macro_to_expand ? chained_macro_to_expand (pfile, tok)
                                   : node;
  if (names_omp_directive (tok))
    {
      /* libcpp peeked one token past `scan' before asking us.  At the end
         of a bare `#pragma omp scan', that read the line's end as the
         directive's end of file, which the parser would take for the end
         of the whole input.  Make it padding: the parser skips it and
         reads the pragma's end of line, and goes on as without the
         plugin.  (libcpp makes that end of line in a token slot whose
         location it does not set, as it does for any function-like
         macro named as an OpenMP directive: GCC's error about the
         missing clause lands a line early up to GCC 13, from GCC 14 at
         the start of the line after.)  */
      cpp_token *next = const_cast<cpp_token *> (cpp_peek_token (pfile, 0));
      if (next->type == CPP_EOF)
        {
          next->type = CPP_PADDING;
          next->val.source = NULL;
        }
      /* `#pragma omp scan init_complete' loses its `scan', and so its
         line (init.cc).  */
      else if (scanomp_read_scan_directive (pfile, tok))
        {
          scan_node->value.macro = scan_gone;
          return scan_node;
        }
      /* The directive of a loop whose construct GCC rejects inscan on
         becomes a flush (teams.cc).  */
      else if (scanomp_teams_directive (pfile, tok))
        {
          scan_node->value.macro = scan_teams;
          return scan_node;
        }
      return NULL;
    }
  /* Look for the parenthesis first, and deeper only then: peeking far
     while libcpp reads `#pragma omp scan inclusive (x)' upsets it.  */
  int index = 0;
  if (scanomp_peek (pfile, &index)->type == CPP_OPEN_PAREN
      && pragma_kind == PRAGMA_NONE && !on_pragma_line (pfile, 0)
      && in_omp_attribute (pfile, tok))
    {
      /* The clause in an attribute, whose construct the pass finds on
         its line, as a _Pragma's.  */
      scan_clause *c = read_clause (pfile, 0, tok->src_loc);
      scan_node->value.macro = c && c->user ? scan_probe : scan_empty;
      return scan_node;
    }
  index = 0;
  if (scanomp_peek (pfile, &index)->type != CPP_OPEN_PAREN
      || !on_pragma_line (pfile, 0))
    /* `#pragma omp declare scan' without its parenthesis: GCC says what
       `declare reduction' then lacks, rather than that `scan' is no
       `declare' directive.  */
    return (pragma_kind == PRAGMA_OMP_DECLARE && follows_declare (tok)
            ? declare_node : NULL);
  scan_shape shape = read_shape (pfile);
  if (pragma_kind == PRAGMA_OMP_DECLARE
      || (pragma_kind == PRAGMA_NONE && shape.colons >= 2))
    {
      read_declare_scan (pfile, shape, tok->src_loc);
      return declare_node;
    }
  scan_clause *c = read_clause (pfile, 0, tok->src_loc);
  /* GCC names the macro in its messages about the probe: it is `scan'
     either way.  */
  scan_node->value.macro = c && c->user ? scan_probe : scan_empty;
  return scan_node;
}

static void
line_change (cpp_reader *pfile, const cpp_token *tok, int parsing_args)
{
  if (chained_line_change)
    chained_line_change (pfile, tok, parsing_args);
  /* A line that is not a pragma forgets the last one: a _Pragma later on
     it does not come through here, and its kind stays unknown.  */
  if (tok->type == CPP_PRAGMA)
    {
      pragma_loc = tok->src_loc;
      pragma_kind = tok->val.pragma;
      scanomp_read_pragma (pragma_kind);
    }
  else
    {
      pragma_loc = UNKNOWN_LOCATION;
      pragma_kind = PRAGMA_NONE;
    }
}

/* Define the object-like macro DEF, `NAME=EXPANSION', and make it
   conditional: our hook then decides each time whether it expands.  */
static cpp_hashnode *
conditional_macro (const char *def)
{
  cpp_define (parse_in, def);
  cpp_hashnode *node = cpp_lookup (parse_in, (const unsigned char *) def,
                                   strchr (def, '=') - def);
  node->flags |= NODE_CONDITIONAL;
  return node;
}

/* PLUGIN_START_UNIT: define the clause's macros and hook libcpp.
   -E never gets here, and so keeps the clause verbatim.  */
static void
start_parse_unit (void *gcc_data, void *user_data)
{
  (void) gcc_data;
  cpp_define (parse_in, "scan(...)=");
  cpp_define (parse_in, "__scanomp_declare_scan=reduction");
  cpp_define (parse_in, "__scanomp_udr(...)=reduction(__VA_ARGS__[0:1])");
  /* Each definition `scan' takes turns with has a macro of its own to
     keep it: GCC's garbage collector, which runs after each function,
     sees a definition only through a macro that holds it, and would free
     the empty one while `scan' holds the probe.  */
  cpp_define (parse_in, "__scanomp_empty(...)=");
  cpp_define (parse_in, "__scanomp_gone=");
  cpp_define (parse_in, "__scanomp_teams=flush");
  /* Back to preprocessed mode (see scanomp_clause_init), before GCC
     would define the built-in macros that the file already has.  */
  if (was_preprocessed)
    cpp_get_options (parse_in)->preprocessed = 1;
  scan_node = cpp_lookup (parse_in, (const unsigned char *) "scan", 4);
  declare_node = cpp_lookup (parse_in,
                             (const unsigned char *) "__scanomp_declare_scan",
                             strlen ("__scanomp_declare_scan"));
  scan_empty = cpp_lookup (parse_in, (const unsigned char *) "__scanomp_empty",
                          strlen ("__scanomp_empty"))->value.macro;
  scan_node->value.macro = scan_empty;
  scan_gone = cpp_lookup (parse_in, (const unsigned char *) "__scanomp_gone",
                          strlen ("__scanomp_gone"))->value.macro;
  scan_probe = cpp_lookup (parse_in, (const unsigned char *) "__scanomp_udr",
                           strlen ("__scanomp_udr"))->value.macro;
  scan_teams = cpp_lookup (parse_in,
                           (const unsigned char *) "__scanomp_teams",
                           strlen ("__scanomp_teams"))->value.macro;
  /* The probe's own tokens are spelled nowhere: GCC then places what it
     says of them (no such operator for the type) at the clause, where the
     macro was expanded, rather than at line 0.  */
  for (unsigned k = 0; k < scan_probe->count; k++)
    scan_probe->exp.tokens[k].src_loc = BUILTINS_LOCATION;
  scan_node->flags |= NODE_CONDITIONAL;
  reduction_node = conditional_macro ("reduction=reduction");
  inscan_node = conditional_macro ("inscan=default");
  inclusive_node = conditional_macro ("inclusive=");
  exclusive_node = conditional_macro ("exclusive=");
  device_node = conditional_macro ("device=device");
  char def[64];
  snprintf (def, sizeof def, "GPU=(%d)", SCANRT_DEVICE_GPU);
  gpu_node = conditional_macro (def);
  snprintf (def, sizeof def, "CPU=(%d)", SCANRT_DEVICE_CPU);
  cpu_node = conditional_macro (def);

  cpp_callbacks *cb = cpp_get_callbacks (parse_in);
  chained_macro_to_expand = cb->macro_to_expand;
  cb->macro_to_expand = macro_to_expand;
  chained_line_change = cb->line_change;
  cb->line_change = line_change;
  scanomp_init_phases_start ((const char *) user_data);
}

/* parse_in, the C family's preprocessor, is defined in cc1 and cc1plus
   only; -specs=scanomp.specs loads the plugin into every compiler the
   driver runs, f951 among them.  A weak reference lets the plugin load
   there too, and see that it has nothing to do.  */
#pragma weak parse_in

bool
scanomp_clause_init (const char *plugin_name)
{
  if (&parse_in == NULL)
    return false;
  /* Preprocessed input (-save-temps, or a .i file) keeps the clause
     verbatim, for us to read now.  In preprocessed mode libcpp reads the
     first line marker ahead when it opens the file, and our #define at
     the start of the unit would take those tokens for its own.  So the
     file is opened as ordinary source (its line markers are valid there),
     and preprocessed mode comes back once the macros are defined.  Our
     macros may go unused: no warning.  */
  cpp_options *opts = cpp_get_options (parse_in);
  was_preprocessed = opts->preprocessed;
  opts->preprocessed = 0;
  cpp_warn_unused_macros = 0;
  opts->warn_unused_macros = 0;
  register_callback (plugin_name, PLUGIN_START_UNIT, start_parse_unit,
                     const_cast<char *> (plugin_name));
  return true;
}

/* Whether clause C belongs to the construct at LOC: the pragma's own
   location, or for _Pragma (whose kind and location the preprocessor does
   not see) the line the clause was written on.  */
static bool
matches (scan_clause *c, location_t loc)
{
  if (c->pragma_loc != UNKNOWN_LOCATION)
    return c->pragma_loc == loc;
  return scanomp_same_line (c->loc, loc);
}

/* The clause of the construct at LOC, or NULL: the clause of its
   #pragma line, which every instance of a C++ template shares, or the
   first not yet used of those _Pragma wrote on its line.  Several
   _Pragma clauses from one macro expansion share a line; they are taken
   in order, and analyze.cc checks each against its loop.  */
scan_clause *
scanomp_find_clause (location_t loc)
{
  if (loc != UNKNOWN_LOCATION)
    for (scan_clause *c : clauses)
      if (c->pragma_loc != UNKNOWN_LOCATION ? c->pragma_loc == loc
          : !c->used && matches (c, loc))
        return c;
  return NULL;
}

/* Whether the unit has a scan loop: a scan clause or an inscan
   reduction.  */
bool
scanomp_unit_has_scans (void)
{
  return !clauses.is_empty () || (inscan_seen && scanomp_options.inscan);
}

/* Whether any clause, used or not, matches the construct at LOC.  */
bool
scanomp_clause_seen (location_t loc)
{
  if (loc != UNKNOWN_LOCATION)
    for (scan_clause *c : clauses)
      if (matches (c, loc))
        return true;
  return false;
}
