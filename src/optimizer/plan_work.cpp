#include "optimizer/plan_work.h"

#include "storage/table.h"

namespace kiln {

double estimatedWork(const Operator& root) {
   double work = root.estimatedRows;
   if (root.kind == OperatorKind::TableScan) work += double(static_cast<const TableScan&>(root).table->rowCount());
   for (const auto& child : root.children) work += estimatedWork(*child);
   return work;
}

}  // namespace kiln
