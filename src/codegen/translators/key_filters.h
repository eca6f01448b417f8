// Sideways key filters: bitmaps of the integer keys a hash table holds, which the scan that
// probes it tests whole blocks of rows against before the rows enter the pipeline (see
// runtime/key_bitmap.h). Only for joins where a probing row without a partner has no effect.
#pragma once

#include <optional>
#include <vector>

#include "codegen/translator.h"
#include "common/row_layout.h"

namespace kiln {

/// A filter per integer key: `probeKeys[i]` has a partner only if it is among the values of
/// `buildKeys[i]`, stored at `layout.fields[i]` of the entries of the ChainedHashTable `table`
/// points to. `bitmaps` keeps each key's bitmap field (a scan may ask again).
std::vector<ProbeKeyFilter> makeKeyFilters(QueryCompiler& compiler, const std::vector<const Expr*>& probeKeys, const std::vector<const Expr*>& buildKeys,
                                           const RowLayout& layout, StateField table, std::vector<std::optional<QueryState::Field>>& bitmaps);

}  // namespace kiln
