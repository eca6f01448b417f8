// The binary form of tables, shared by the redo log and checkpoints: a table's definition, and
// its values cell by cell.
#pragma once

#include <memory>

#include "storage/binary_io.h"
#include "storage/table.h"

namespace kiln {

/// A column's name, type, NOT NULL, DEFAULT and identity (as in a table's definition).
void writeColumnDefinition(const Column& column, BinaryWriter& out);
std::unique_ptr<Column> readColumnDefinition(BinaryReader& in);
void writeTableDefinition(const Table& table, BinaryWriter& out);
std::unique_ptr<Table> readTableDefinition(BinaryReader& in);

/// A table's CHECK constraints (count, then name and SQL text of each).
void writeChecks(const Table& table, BinaryWriter& out);
std::vector<CheckConstraint> readChecks(BinaryReader& in);

/// A table's FOREIGN KEY constraints (count, then each one's name, columns, parent and actions).
void writeForeignKeys(const Table& table, BinaryWriter& out);
std::vector<ForeignKey> readForeignKeys(BinaryReader& in);

/// One value of `column` at `row` (NULL flag, then its bytes; strings by length and bytes).
void writeCell(const Column& column, size_t row, BinaryWriter& out);
/// Reads a value written by writeCell and appends it to `column`.
void appendCell(Column& column, BinaryReader& in);
/// Reads a value written by writeCell as raw bytes (a string's bytes stay in `heapBytes`).
bool readCellRaw(const Column& column, BinaryReader& in, uint8_t raw[16], std::string& heapBytes);

}  // namespace kiln
