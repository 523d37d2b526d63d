/* SPDX-License-Identifier: GPL-3.0-or-later */
/* types.cc: C types as OpenCL C, for translate.cc and emit.cc: scalars
   by their OpenCL names, pointers as private pointers in functions (byte
   offsets in the loop body, see emit.cc), arrays as declarators, and
   structs and unions as OpenCL C structs named `s<n>' (ocl_id) with fields
   `f<position>', each defined once, after the types of its fields.

   Structs and unions cross between host and device, so they must be laid
   out alike.  OpenCL C aligns each scalar to its size, as the x86-64 ABI
   does, so a type whose fields sit elsewhere (packed, aligned) is refused
   at compile time; and each struct carries a layout check, an array type
   of negative size should sizeof or offsetof differ, that stops the
   kernel's build on a device that would lay it out otherwise.  Fields
   that cannot cross (bit-fields, pointers, flexible arrays, _Bool, whose
   size OpenCL C leaves open) are refused at their declaration.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "langhooks.h"
#include "gimple.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "stor-layout.h"

#include "opencl/emit.h"

/* The OpenCL C name of scalar TYPE, or NULL if it has none we can use
   (scanomp_device_scalar).  */
const char *
scanomp_cl_type (tree type)
{
  if (!scanomp_device_scalar (type))
    return NULL;
  if (POINTER_TYPE_P (type))
    return "long";
  /* A Fortran logical of any kind has a size of its own, and is 0 or 1:
     the unsigned integer of that size.  */
  if (TREE_CODE (type) == BOOLEAN_TYPE && lang_GNU_Fortran ())
    switch (tree_to_uhwi (TYPE_SIZE (type)))
      {
      case 8: return "uchar";
      case 16: return "ushort";
      case 32: return "uint";
      default: return "ulong";
      }
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    return "bool";
  if (INTEGRAL_TYPE_P (type))
    {
      bool u = TYPE_UNSIGNED (type);
      switch (TYPE_PRECISION (type))
        {
        case 8: return u ? "uchar" : "char";
        case 16: return u ? "ushort" : "short";
        case 32: return u ? "uint" : "int";
        default: return u ? "ulong" : "long";
        }
    }
  return TYPE_PRECISION (type) == 32 ? "float" : "double";
}

/* The position of field F among its type's fields: its OpenCL C name is
   f<position>.  */
unsigned
ocl_field_index (tree f)
{
  unsigned k = 0;
  for (tree g = TYPE_FIELDS (DECL_CONTEXT (f)); g && g != f;
       g = DECL_CHAIN (g))
    k += TREE_CODE (g) == FIELD_DECL;
  return k;
}

/* The size and alignment OpenCL C gives TYPE, each scalar aligned to its
   size, into *SIZE and *ALIGN; false where a field of a struct would then
   fall elsewhere than on the host.  */
static bool
natural_layout (tree type, HOST_WIDE_INT *size, HOST_WIDE_INT *align)
{
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      if (!natural_layout (TREE_TYPE (type), size, align))
        return false;
      *size = tree_to_shwi (TYPE_SIZE_UNIT (type));
      return true;
    }
  if (!RECORD_OR_UNION_TYPE_P (type))
    {
      *size = *align = tree_to_shwi (TYPE_SIZE_UNIT (type));
      return true;
    }
  HOST_WIDE_INT at = 0, end = 0, most = 1;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      HOST_WIDE_INT fsize, falign;
      if (TREE_CODE (f) != FIELD_DECL)
        continue;
      if (!natural_layout (TREE_TYPE (f), &fsize, &falign))
        return false;
      HOST_WIDE_INT pos = TREE_CODE (type) == UNION_TYPE
                          ? 0 : (at + falign - 1) / falign * falign;
      if (pos != int_byte_position (f))
        return false;
      at = pos + fsize;
      end = MAX (end, at);
      most = MAX (most, falign);
    }
  *size = (end + most - 1) / most * most;
  *align = most;
  return *size == tree_to_shwi (TYPE_SIZE_UNIT (type));
}

/* The OpenCL C declaration of NAME as TYPE: `int x', `float x[4][2]',
   `s12 *x'; a new string.  */
char *
ocl_declaration (emitter *e, tree type, const char *name)
{
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      tree max = TYPE_DOMAIN (type) ? TYPE_MAX_VALUE (TYPE_DOMAIN (type))
                                    : NULL_TREE;
      HOST_WIDE_INT n = max && tree_fits_shwi_p (max) ? tree_to_shwi (max) + 1
                                                      : 0;
      char *inner = xasprintf ("%s[%ld]", name, (long) n);
      char *d = ocl_declaration (e, TREE_TYPE (type), inner);
      free (inner);
      return d;
    }
  if (POINTER_TYPE_P (type) && e->local)
    {
      tree to = TREE_TYPE (type);
      char *inner = xasprintf (TREE_CODE (to) == ARRAY_TYPE ? "(*%s)" : "*%s",
                               name);
      char *d = ocl_declaration (e, VOID_TYPE_P (to) ? char_type_node : to,
                                 inner);
      free (inner);
      return d;
    }
  return xasprintf ("%s %s", ocl_type_of (e, type), name);
}

/* A name for TYPE in comments.  */
static const char *
type_name (tree type)
{
  tree n = TYPE_NAME (type);
  if (n && TREE_CODE (n) == TYPE_DECL)
    n = DECL_NAME (n);
  return n && TREE_CODE (n) == IDENTIFIER_NODE ? IDENTIFIER_POINTER (n)
                                               : "(anonymous)";
}

/* Why field F cannot cross to the device, or NULL.  */
static const char *
field_problem (tree f)
{
  tree ft = TREE_TYPE (f);
  if (DECL_BIT_FIELD_TYPE (f))
    return "is a bit-field";
  if (POINTER_TYPE_P (strip_array_types (ft)))
    return "is a pointer, which means nothing on the device";
  if (!COMPLETE_TYPE_P (ft) || integer_zerop (TYPE_SIZE_UNIT (ft)))
    return "is a flexible array member";
  if (TREE_CODE (strip_array_types (ft)) == BOOLEAN_TYPE)
    return "is a %<_Bool%>, whose size OpenCL C leaves open";
  return NULL;
}

/* Whether E's loop has an item with a user-defined operator.  */
static bool
has_user_operator (const emitter *e)
{
  for (unsigned k = 0; k < e->n; k++)
    if (e->items[k].op == SCAN_OP_USER)
      return true;
  return false;
}

/* The OpenCL C name of struct or union TYPE, defining it in E->types
   (after the types of its fields) on first use.  */
static const char *
record (emitter *e, tree written)
{
  tree type = TYPE_MAIN_VARIANT (written);
  if (char **known = e->names.get (type))
    return *known;
  char *name = xasprintf ("s%u", ocl_id (e, type));
  e->names.put (type, name);
  /* Messages name the type as written, maybe a typedef of an anonymous
     struct, and point at its declaration.  */
  tree decl = TYPE_NAME (written) && TREE_CODE (TYPE_NAME (written)) == TYPE_DECL
              ? TYPE_NAME (written) : TYPE_NAME (type);
  location_t loc = decl && TREE_CODE (decl) == TYPE_DECL
                   ? DECL_SOURCE_LOCATION (decl) : scanomp_where (e->l);
  if (!COMPLETE_TYPE_P (type) || !tree_fits_shwi_p (TYPE_SIZE_UNIT (type)))
    {
      ocl_refuse_device (e, loc, "%qT has no fixed size, and cannot be copied "
                         "to an OpenCL device", written);
      return name;
    }
  bool was_local = e->local;
  e->local = false;
  strbuf fields = { NULL, 0, 0 }, check = { NULL, 0, 0 };
  ocl_text (&fields, "%s", "");
  ocl_text (&check, "(sizeof (%s) == %ld)", name,
            (long) tree_to_shwi (TYPE_SIZE_UNIT (type)));
  unsigned k = 0;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
        continue;
      if (const char *why = field_problem (f))
        {
          char *msg = xasprintf ("field %%qD of %%qT %s; a type that goes "
                                 "to the device holds numbers, arrays and "
                                 "structs only", why);
          /* A pointer may lead a user-defined operator to memory it
             sets, which the host path, running it more than once an
             element, would set again; the body's own stores the reader
             has checked (a read of `v[i].size ()' of a vector of vectors
             is no store).  */
          if (POINTER_TYPE_P (strip_array_types (TREE_TYPE (f)))
              && has_user_operator (e))
            ocl_refuse (e, DECL_SOURCE_LOCATION (f), msg, f, written);
          else
            ocl_refuse_device (e, DECL_SOURCE_LOCATION (f), msg, f, written);
          free (msg);
          continue;
        }
      char *fname = xasprintf ("f%u", k++);
      char *d = ocl_declaration (e, TREE_TYPE (f), fname);
      ocl_text (&fields, " %s;", d);
      ocl_text (&check, " & (__builtin_offsetof (%s, %s) == %ld)", name,
                fname, (long) int_byte_position (f));
      free (d);
      free (fname);
    }
  HOST_WIDE_INT size, align;
  if (e->ok && !natural_layout (type, &size, &align))
    ocl_refuse_device (e, loc, "%qT is not laid out naturally (it is "
                       "packed or aligned), so an OpenCL device would "
                       "misread it; drop those attributes", written);
  ocl_text (&e->types, "/* %s */\ntypedef %s %s {%s } %s;\ntypedef char "
            "%s_layout[(%s) ? 1 : -1];\n", type_name (written),
            TREE_CODE (type) == UNION_TYPE ? "union" : "struct", name,
            fields.s, name, name, check.s);
  free (fields.s);
  free (check.s);
  e->local = was_local;
  return name;
}

/* The OpenCL C name of TYPE, for a cast or a declaration; a pointer is a
   private pointer in a function, a byte offset in the loop body.  */
const char *
ocl_type_of (emitter *e, tree type)
{
  if (RECORD_OR_UNION_TYPE_P (type))
    return record (e, type);
  if (POINTER_TYPE_P (type) && e->local)
    {
      tree main = build_pointer_type (TYPE_MAIN_VARIANT (TREE_TYPE (type)));
      if (char **known = e->names.get (main))
        return *known;
      char *d = ocl_declaration (e, main, "");
      e->names.put (main, d);
      return d;
    }
  const char *name = scanomp_cl_type (type);
  if (!name)
    {
      ocl_refuse_device (e, scanomp_where (e->l), "the scan computes with "
                         "type %qT, which OpenCL C lacks; use integer types, "
                         "%<float%>, %<double%>, arrays and structs", type);
      return "int";
    }
  return name;
}

