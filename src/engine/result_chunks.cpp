#include "engine/result_chunks.h"

#include <algorithm>

namespace kiln {

ChunkedResultRows::ChunkedResultRows(ResultChunks& chunks, RowBuffer& rows, const RowLayout& layout, const std::vector<std::string>& names)
   : chunks_(chunks), rows_(rows), layout_(layout), names_(names), handOff_{std::max<size_t>(64, chunkBytes / rows.rowSize()), &take, this} {
   rows_.setHandOff(&handOff_);
}

void ChunkedResultRows::take(RowBuffer& full, void* self) {
   auto& me = *static_cast<ChunkedResultRows*>(self);
   auto chunk = std::make_shared<ResultData>();
   chunk->hasRows = true;
   chunk->names = me.names_;
   // The rows' memory moves to the chunk; the strings they point to are copied while the query,
   // whose arena holds some of them, still runs.
   chunk->takeRows(full, me.layout_);
   chunk->rows.setHandOff(nullptr);
   full.setHandOff(&me.handOff_);
   me.chunks_.rowsDelivered += chunk->rowCount();
   me.chunks_.deliver(std::move(chunk));
}

}  // namespace kiln
