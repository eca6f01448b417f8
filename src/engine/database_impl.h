// The state behind a Database: its catalog (and, later, its log and checkpoints).
#pragma once

#include "kiln/kiln.h"
#include "storage/catalog.h"

namespace kiln {

class DatabaseImpl {
   public:
   Catalog catalog;
};

}  // namespace kiln
