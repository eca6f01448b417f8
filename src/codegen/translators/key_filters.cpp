#include "codegen/translators/key_filters.h"

#include "codegen/query_compiler.h"
#include "runtime/chained_hash_table.h"
#include "runtime/key_bitmap.h"

namespace kiln {

std::vector<ProbeKeyFilter> makeKeyFilters(QueryCompiler& compiler, const std::vector<const Expr*>& probeKeys, const std::vector<const Expr*>& buildKeys,
                                           const RowLayout& layout, StateField table, std::vector<std::optional<QueryState::Field>>& bitmaps) {
   // Any key may be the one that drops rows (Q9's partkey, not its suppkey): each integer key
   // column gets a bitmap, and a bitmap that holds most of its range lets every row pass.
   std::vector<ProbeKeyFilter> filters;
   bitmaps.resize(probeKeys.size());
   for (size_t i = 0; i < probeKeys.size(); ++i) {
      const Expr& key = *probeKeys[i];
      PhysicalType physical = physicalTypeOf(key.type);
      if (key.kind != ExprKind::ColumnRef || (physical != PhysicalType::Int32 && physical != PhysicalType::Int64) ||
          physicalTypeOf(buildKeys[i]->type) != physical)
         continue;
      if (!bitmaps[i]) {
         bitmaps[i] = compiler.state().declarePointer("key_bitmap");
         StateField bitmap = *bitmaps[i];
         size_t offset = layout.fields[i].offset;
         bool wide = physical == PhysicalType::Int64;
         compiler.addSetup([bitmap](QueryRuntime& rt) { rt.own(bitmap, std::make_unique<KeyBitmap>()); });
         compiler.addStep([bitmap, table, offset, wide](QueryRuntime& rt, CompiledModule&) {
            rt.get<KeyBitmap>(bitmap)->build(*rt.get<ChainedHashTable>(table), offset, wide);
         });
      }
      filters.push_back({key.iu, *bitmaps[i]});
   }
   return filters;
}

}  // namespace kiln
