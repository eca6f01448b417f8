// Applying the rows an INSERT, UPDATE or DELETE plan yields to a table (undo logged), and
// INSERT ... ON CONFLICT's choice of what each proposed row does.
#pragma once

#include <span>
#include <vector>

#include "common/row_layout.h"
#include "parser/statement.h"
#include "storage/undo_log.h"

namespace kiln {

/// Appends `rows` (fields 0.. hold the value of each table column) and indexes them; 23505 and
/// nothing appended when a key is taken.
void appendRows(UndoLog& undo, Table& table, std::span<char* const> rows, const RowLayout& layout);

/// The row id a statement's row holds in `field`.
int64_t rowIdAt(const char* row, const RowLayout::Field& field);

/// 23514 for the first of `rows` for which a CHECK constraint (fields checks.firstColumn..) is
/// false; NULL passes.
void enforceChecks(const Table& table, const Checks& checks, std::span<char* const> rows, const RowLayout& layout);

/// Stores the new values of `columns` (fields firstField..) into the rows whose ids are in field
/// rowIdField; 23502 (or 23514 for a CHECK in `checks`) and nothing changed when a row would
/// break a constraint.
void updateRows(UndoLog& undo, Table& table, const std::vector<size_t>& columns, std::span<char* const> rows, const RowLayout& layout, size_t firstField,
                size_t rowIdField, const Checks& checks = {});

/// Writes the values of field `valueField` into `column` at the row ids in field rowIdField (the
/// column stands apart from its table: ALTER COLUMN TYPE's new one).
void storeIntoColumn(Column& column, std::span<char* const> rows, const RowLayout& layout, size_t valueField, size_t rowIdField);

/// Marks the rows whose ids are in field rowIdField deleted.
void deleteRows(UndoLog& undo, Table& table, std::span<char* const> rows, const RowLayout& layout, size_t rowIdField);

/// The first of the rows with each row id (field rowIdField), in their order: UPDATE ... FROM and
/// DELETE ... USING change a row once, however many rows of the other tables it joins with.
std::vector<char*> firstPerRowId(std::span<char* const> rows, const RowLayout& layout, size_t rowIdField);

/// What the proposed rows of INSERT ... ON CONFLICT do, each keeping its order.
struct ConflictOutcome {
   std::vector<char*> inserted;
   std::vector<char*> updated;   // DO UPDATE: rows whose WHERE holds
   std::vector<char*> returned;  // the inserted and updated ones, in the statement's order
};

/// Sorts the proposed rows: DO NOTHING skips a row whose key an arbiter holds or an earlier row
/// proposed; DO UPDATE updates the row holding the key, and refuses (21000) to touch a row twice.
ConflictOutcome resolveConflicts(const Table& table, const OnConflict& onConflict, std::span<char* const> rows, const RowLayout& layout);

}  // namespace kiln
