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

}  // namespace kiln
