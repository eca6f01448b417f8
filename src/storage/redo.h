// Redo records: what committed transactions changed, in a form recovery can apply again.
// A statement's records are made from its undo entries right after it succeeded, reading the
// state it left (the new values); a transaction's records are logged together at commit.
#pragma once

#include "storage/binary_io.h"
#include "storage/catalog.h"
#include "storage/undo_log.h"

namespace kiln {

/// Appends the redo records of undo entries [from, to).
void encodeRedo(const UndoLog& undo, size_t from, size_t to, const Catalog& catalog, BinaryWriter& out);
/// Appends the state of the sequences advanced since their last record (and marks them recorded).
void encodeSequenceStates(const Catalog& catalog, BinaryWriter& out);
/// Applies a transaction's redo records (during recovery).
void applyRedo(BinaryReader& in, Catalog& catalog);

}  // namespace kiln
