// Checkpoints: a full image of the database (tables with deleted rows kept, so that row numbers
// in the log stay valid; views), and which log files it covers.
#pragma once

#include <string>

#include "storage/catalog.h"

namespace kiln {

/// Writes the image to `path` (through a temporary file of its own and a rename: atomic).
void writeCheckpoint(const Catalog& catalog, uint64_t coveredLogSequence, const std::string& path);
/// Loads an image into an empty catalog; returns the log sequence it covers.
uint64_t readCheckpoint(const std::string& path, Catalog& catalog);

}  // namespace kiln
