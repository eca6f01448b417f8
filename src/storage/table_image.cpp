#include "storage/table_image.h"

#include "common/german_string.h"

namespace kiln {

void writeColumnDefinition(const Column& column, BinaryWriter& out) {
   out.putString(column.name());
   SqlType t = column.type();
   out.put(uint8_t(t.id));
   if (t.isArray()) out.put(uint8_t(t.element));
   out.put(t.precision);
   out.put(t.scale);
   out.put(t.length);
   // Bit 0: NOT NULL; bit 1: a DEFAULT follows; bits 2-3: the identity kind, then its counter.
   uint8_t flags = uint8_t(column.notNull()) | uint8_t(!column.defaultSql().empty()) << 1 | uint8_t(column.identity()) << 2;
   out.put(flags);
   if (!column.defaultSql().empty()) out.putString(column.defaultSql());
   if (column.identity() != Column::Identity::None) out.put(column.nextIdentity());
}

std::unique_ptr<Column> readColumnDefinition(BinaryReader& in) {
   std::string columnName = in.getString();
   SqlType t;
   t.id = TypeId(in.get<uint8_t>());
   if (t.isArray()) t.element = TypeId(in.get<uint8_t>());
   t.precision = in.get<uint8_t>();
   t.scale = in.get<uint8_t>();
   t.length = in.get<uint32_t>();
   uint8_t flags = in.get<uint8_t>();
   auto column = std::make_unique<Column>(columnName, t, (flags & 1) != 0);
   if (flags & 2) column->setDefaultSql(in.getString());
   column->setIdentity(Column::Identity((flags >> 2) & 3));
   if (column->identity() != Column::Identity::None) column->moveIdentityPast(in.get<int64_t>() - 1);
   return column;
}

// A unique index's column count carries its UniqueKind plus one in its top two bits. Images
// written before the kinds were kept have 0 there (Table::olderUniqueKind).
constexpr uint32_t kindShift = 30, columnCountMask = (1u << kindShift) - 1;

void writeTableDefinition(const Table& table, BinaryWriter& out) {
   out.putString(table.name());
   out.put(uint32_t(table.columnCount()));
   for (size_t c = 0; c < table.columnCount(); ++c) writeColumnDefinition(table.column(c), out);
   out.put(uint32_t(table.primaryKey().size()));
   for (size_t k : table.primaryKey()) out.put(uint32_t(k));
   out.put(uint32_t(table.uniqueIndexes().size()));
   for (auto& index : table.uniqueIndexes()) {
      out.putString(index->name());
      out.put(uint32_t(index->columns().size()) | (uint32_t(index->kind()) + 1) << kindShift);
      for (size_t c : index->columns()) out.put(uint32_t(c));
   }
   out.put(uint32_t(table.secondaryIndexes().size()));
   for (auto& index : table.secondaryIndexes()) {
      out.putString(index->name());
      out.put(uint8_t(index->method()));
      out.put(uint32_t(index->columns().size()));
      for (size_t c : index->columns()) out.put(uint32_t(c));
   }
}

std::unique_ptr<Table> readTableDefinition(BinaryReader& in) {
   std::string name = in.getString();
   uint32_t count = in.get<uint32_t>();
   std::vector<std::unique_ptr<Column>> columns;
   for (uint32_t c = 0; c < count; ++c) columns.push_back(readColumnDefinition(in));
   std::vector<size_t> primaryKey(in.get<uint32_t>());
   for (auto& k : primaryKey) k = in.get<uint32_t>();
   auto table = std::make_unique<Table>(name, std::move(columns), primaryKey);
   uint32_t indexes = in.get<uint32_t>();
   for (uint32_t i = 0; i < indexes; ++i) {
      std::string indexName = in.getString();
      uint32_t columnsAndKind = in.get<uint32_t>();
      std::vector<size_t> keyColumns(columnsAndKind & columnCountMask);
      for (auto& k : keyColumns) k = in.get<uint32_t>();
      uint32_t kind = columnsAndKind >> kindShift;
      table->addUniqueIndex(indexName, keyColumns, kind ? UniqueKind(kind - 1) : table->olderUniqueKind(indexName, keyColumns));
   }
   table->recognizeOlderPrimaryKey();
   uint32_t secondary = in.get<uint32_t>();
   for (uint32_t i = 0; i < secondary; ++i) {
      std::string indexName = in.getString();
      auto method = SecondaryIndex::Method(in.get<uint8_t>());
      std::vector<size_t> keyColumns(in.get<uint32_t>());
      for (auto& k : keyColumns) k = in.get<uint32_t>();
      table->addSecondaryIndex(std::make_unique<SecondaryIndex>(indexName, keyColumns, method));
   }
   return table;
}

void writeChecks(const Table& table, BinaryWriter& out) {
   out.put(uint32_t(table.checks().size()));
   for (const CheckConstraint& check : table.checks()) {
      out.putString(check.name);
      out.putString(check.sql);
   }
}

std::vector<CheckConstraint> readChecks(BinaryReader& in) {
   std::vector<CheckConstraint> checks(in.get<uint32_t>());
   for (auto& check : checks) {
      check.name = in.getString();
      check.sql = in.getString();
   }
   return checks;
}

namespace {

void writeNames(const std::vector<std::string>& names, BinaryWriter& out) {
   out.put(uint32_t(names.size()));
   for (const std::string& name : names) out.putString(name);
}

std::vector<std::string> readNames(BinaryReader& in) {
   std::vector<std::string> names(in.get<uint32_t>());
   for (auto& name : names) name = in.getString();
   return names;
}

}  // namespace

void writeForeignKeys(const Table& table, BinaryWriter& out) {
   out.put(uint32_t(table.foreignKeys().size()));
   for (const ForeignKey& key : table.foreignKeys()) {
      out.putString(key.name);
      writeNames(key.columns, out);
      out.putString(key.parent);
      writeNames(key.parentColumns, out);
      out.put(uint8_t(key.onDelete));
      out.put(uint8_t(key.onUpdate));
   }
}

std::vector<ForeignKey> readForeignKeys(BinaryReader& in) {
   std::vector<ForeignKey> keys(in.get<uint32_t>());
   for (auto& key : keys) {
      key.name = in.getString();
      key.columns = readNames(in);
      key.parent = in.getString();
      key.parentColumns = readNames(in);
      key.onDelete = ForeignKeyAction(in.get<uint8_t>());
      key.onUpdate = ForeignKeyAction(in.get<uint8_t>());
   }
   return keys;
}

void writeCell(const Column& column, size_t row, BinaryWriter& out) {
   bool isNull = column.isNullAt(row);
   out.put(uint8_t(isNull));
   if (isNull) return;
   if (heldAsBytes(column.physicalType())) {
      GermanString s;
      std::memcpy(&s, column.rawAt(row), sizeof(s));
      out.putString(s.view());
   } else {
      out.putBytes(column.rawAt(row), column.width());
   }
}

bool readCellRaw(const Column& column, BinaryReader& in, uint8_t raw[16], std::string& heapBytes) {
   std::memset(raw, 0, 16);
   if (in.get<uint8_t>()) return true;
   if (heldAsBytes(column.physicalType())) {
      heapBytes = in.getString();
      GermanString s = GermanString::make(heapBytes);
      std::memcpy(raw, &s, sizeof(s));
   } else {
      std::memcpy(raw, in.take(column.width()), column.width());
   }
   return false;
}

void appendCell(Column& column, BinaryReader& in) {
   uint8_t raw[16];
   std::string bytes;
   bool isNull = readCellRaw(column, in, raw, bytes);
   column.appendRaw(raw, isNull);
}

}  // namespace kiln
