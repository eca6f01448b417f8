#include "parser/set_target.h"

#include <algorithm>
#include <string>

#include "kiln/kiln.h"

namespace kiln {

size_t assignedColumn(const PgQuery__ResTarget& target, const Table& table, const std::vector<size_t>& assignedBefore) {
   int position = target.location + 1;
   if (target.n_indirection) throw Error("0A000", "assignments to parts of a column are not supported", position);
   int column = table.findColumn(target.name);
   if (column < 0) throw Error("42703", "column \"" + std::string(target.name) + "\" of relation \"" + table.name() + "\" does not exist", position);
   if (std::find(assignedBefore.begin(), assignedBefore.end(), size_t(column)) != assignedBefore.end())
      throw Error("42601", "multiple assignments to same column \"" + std::string(target.name) + "\"", position);
   return size_t(column);
}

bool isDefault(const PgQuery__Node& value) { return value.node_case == PG_QUERY__NODE__NODE_SET_TO_DEFAULT; }

void checkAssignable(const PgQuery__ResTarget& target, const Column& column, const PgQuery__Node& value) {
   if (column.identity() == Column::Identity::Always && !isDefault(value))
      throw Error("428C9", "column \"" + std::string(target.name) + "\" can only be updated to DEFAULT", target.location + 1,
                  "Column \"" + std::string(target.name) + "\" is an identity column defined as GENERATED ALWAYS.");
}

const PgQuery__Node* assignedValue(const PgQuery__ResTarget& target) {
   if (target.val->node_case != PG_QUERY__NODE__NODE_MULTI_ASSIGN_REF) return target.val;
   const PgQuery__Node& value = *target.val;
   const PgQuery__MultiAssignRef& ref = *value.multi_assign_ref;
   const PgQuery__Node& source = *ref.source;
   // PostgreSQL's grammar leaves the sub-SELECT an EXPR_SUBLINK; its analysis makes it a MULTIEXPR one.
   if (source.node_case == PG_QUERY__NODE__NODE_SUB_LINK && source.sub_link->sub_link_type == PG_QUERY__SUB_LINK_TYPE__EXPR_SUBLINK) return &value;
   if (source.node_case != PG_QUERY__NODE__NODE_ROW_EXPR)
      throw Error("0A000", "source for a multiple-column UPDATE item must be a sub-SELECT or ROW() expression");
   const PgQuery__RowExpr& row = *source.row_expr;
   if (row.n_args != size_t(ref.ncolumns)) throw Error("42601", "number of columns does not match number of values", row.location + 1);
   return row.args[ref.colno - 1];
}

}  // namespace kiln
