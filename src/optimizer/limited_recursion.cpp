#include "optimizer/limited_recursion.h"

#include <algorithm>

namespace kiln {

void limitRecursions(Operator& op) {
   if (op.kind == OperatorKind::Limit) {
      const auto& limit = static_cast<const Limit&>(op);
      // Maps keep every row, in order; any other operator may need rows beyond the limit's.
      Operator* below = op.children[0].get();
      while (below->kind == OperatorKind::Map) below = below->children[0].get();
      if (below->kind == OperatorKind::RecursiveUnion && limit.limit != std::numeric_limits<uint64_t>::max()) {
         auto& recursive = static_cast<RecursiveUnion&>(*below);
         uint64_t read = limit.limit + limit.offset < limit.limit ? std::numeric_limits<uint64_t>::max() : limit.limit + limit.offset;
         recursive.rowsRead = std::min(recursive.rowsRead, read);
      }
   }
   for (auto& child : op.children) limitRecursions(*child);
}

}  // namespace kiln
