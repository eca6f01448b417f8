#include "storage/table.h"

#include <algorithm>

namespace kiln {

Table::Table(std::string name, std::vector<std::unique_ptr<Column>> columns, std::vector<size_t> primaryKey)
   : name_(std::move(name)), columns_(std::move(columns)), primaryKey_(std::move(primaryKey)) {
   for (auto& column : columns_) column->setTableName(name_);
}

void Table::setName(std::string name) {
   name_ = std::move(name);
   for (auto& column : columns_) column->setTableName(name_);
}

void Table::setChecks(std::vector<CheckConstraint> checks) {
   std::stable_sort(checks.begin(), checks.end(), [](auto& a, auto& b) { return a.name < b.name; });
   checks_ = std::move(checks);
}

void Table::setForeignKeys(std::vector<ForeignKey> keys) {
   std::stable_sort(keys.begin(), keys.end(), [](auto& a, auto& b) { return a.name < b.name; });
   foreignKeys_ = std::move(keys);
}

void Table::addColumn(std::unique_ptr<Column> column) {
   column->setTableName(name_);
   columns_.push_back(std::move(column));
}

std::unique_ptr<Column> Table::removeColumn(size_t i) {
   std::unique_ptr<Column> column = std::move(columns_[i]);
   columns_.erase(columns_.begin() + ptrdiff_t(i));
   if (std::find(primaryKey_.begin(), primaryKey_.end(), i) != primaryKey_.end()) primaryKey_.clear();
   for (auto& k : primaryKey_)
      if (k > i) --k;
   for (auto& index : indexes_) index->shiftColumns(i + 1, -1);
   for (auto& index : secondaryIndexes_) index->shiftColumns(i + 1, -1);
   noteIndexedColumns();
   return column;
}

void Table::insertColumn(size_t i, std::unique_ptr<Column> column) {
   for (auto& k : primaryKey_)
      if (k >= i) ++k;
   for (auto& index : indexes_) index->shiftColumns(i, 1);
   for (auto& index : secondaryIndexes_) index->shiftColumns(i, 1);
   column->setTableName(name_);
   columns_.insert(columns_.begin() + ptrdiff_t(i), std::move(column));
   noteIndexedColumns();
}

std::unique_ptr<Column> Table::replaceColumn(size_t i, std::unique_ptr<Column> column) {
   column->setTableName(name_);
   std::swap(columns_[i], column);
   return column;
}

void Table::addUniqueIndex(std::string name, std::vector<size_t> columns, UniqueKind kind) {
   auto index = std::make_unique<UniqueIndex>(*this, std::move(name), std::move(columns), kind);
   for (size_t row = 0; row < rowCount_; ++row)
      if (!isDeleted(row)) index->insert(*this, row);
   indexes_.push_back(std::move(index));
   noteIndexedColumns();
}

UniqueKind Table::olderUniqueKind(const std::string& name, const std::vector<size_t>& columns) const {
   std::string constraintName = name_;
   for (size_t c : columns) constraintName += "_" + column(c).name();
   return name == constraintName + "_key" ? UniqueKind::Constraint : UniqueKind::Index;
}

void Table::recognizeOlderPrimaryKey() {
   if (primaryKey_.empty()) return;
   for (auto& index : indexes_)
      if (index->kind() == UniqueKind::PrimaryKey) return;
   for (auto& index : indexes_)
      if (index->columns() == primaryKey_) return index->setKind(UniqueKind::PrimaryKey);
}

void Table::dropUniqueIndex(const std::string& name) {
   std::erase_if(indexes_, [&](auto& index) { return index->name() == name; });
   noteIndexedColumns();
}

void Table::addSecondaryIndex(std::unique_ptr<SecondaryIndex> index) {
   for (size_t row = 0; row < rowCount_; ++row)
      if (!isDeleted(row)) index->insert(*this, row);
   secondaryIndexes_.push_back(std::move(index));
   noteIndexedColumns();
}

std::unique_ptr<SecondaryIndex> Table::dropSecondaryIndex(const std::string& name) {
   for (auto it = secondaryIndexes_.begin(); it != secondaryIndexes_.end(); ++it) {
      if ((*it)->name() != name) continue;
      std::unique_ptr<SecondaryIndex> index = std::move(*it);
      secondaryIndexes_.erase(it);
      noteIndexedColumns();
      return index;
   }
   return nullptr;
}

void Table::moveIdentitiesPast(size_t from, size_t to) {
   for (auto& column : columns_) {
      if (column->identity() == Column::Identity::None) continue;
      for (size_t row = from; row < to; ++row)
         if (!column->isNullAt(row)) column->moveIdentityPast(column->get(row).integer);
   }
}

void Table::indexRows(size_t from, size_t to) {
   for (auto& index : indexes_)
      for (size_t row = from; row < to; ++row)
         if (!isDeleted(row)) index->insert(*this, row);
   for (auto& index : secondaryIndexes_)
      for (size_t row = from; row < to; ++row)
         if (!isDeleted(row)) index->insert(*this, row);
}

void Table::updateValue(size_t column, size_t row, const void* bytes, bool isNull) {
   for (auto& index : indexes_)
      if (index->covers(column)) index->erase(*this, row);
   for (auto& index : secondaryIndexes_)
      if (index->covers(column)) index->erase(*this, row);
   columns_[column]->setRaw(row, bytes, isNull);
   for (auto& index : secondaryIndexes_)
      if (index->covers(column)) index->insert(*this, row);
   for (auto& index : indexes_)
      if (index->covers(column)) index->insert(*this, row);
}

void Table::noteIndexedColumns() {
   indexedColumns_.assign(columns_.size(), false);
   for (auto& index : indexes_)
      for (size_t c : index->columns()) indexedColumns_[c] = true;
   for (auto& index : secondaryIndexes_)
      for (size_t c : index->columns()) indexedColumns_[c] = true;
}

std::string Table::columnNames(const std::vector<size_t>& columns) const {
   std::string names;
   for (size_t i = 0; i < columns.size(); ++i) names += (i ? ", " : "") + column(columns[i]).name();
   return names;
}

std::string Table::valuesAt(const std::vector<size_t>& columns, size_t row) const {
   std::string values;
   for (size_t i = 0; i < columns.size(); ++i) values += (i ? ", " : "") + formatValue(column(columns[i]).get(row));
   return values;
}

void Table::restoreValue(size_t column, size_t row, const void* bytes, bool isNull) {
   for (auto& index : indexes_)
      if (index->covers(column)) index->erase(*this, row);
   for (auto& index : secondaryIndexes_)
      if (index->covers(column) && !isDeleted(row)) index->erase(*this, row);
   columns_[column]->restoreRaw(row, bytes, isNull);
   for (auto& index : indexes_)
      if (index->covers(column) && !isDeleted(row)) index->insertQuietly(*this, row);
   for (auto& index : secondaryIndexes_)
      if (index->covers(column) && !isDeleted(row)) index->insert(*this, row);
}

void Table::truncate(size_t rows) {
   for (size_t row = rows; row < rowCount_; ++row) {
      if (isDeleted(row)) {
         deleted_[row] = 0;
         --deletedCount_;
      } else {
         for (auto& index : indexes_) index->erase(*this, row);
         for (auto& index : secondaryIndexes_) index->erase(*this, row);
      }
   }
   rowCount_ = std::min(rowCount_, rows);
   if (!deleted_.empty()) deleted_.resize(rowCount_);
   rollbackToRowCount();
}

void Table::setDeleted(size_t row, bool deleted) {
   if (deleted_.empty()) deleted_.assign(rowCount_, 0);
   if (deleted_[row] == deleted) return;
   for (auto& index : indexes_) {
      if (deleted) index->erase(*this, row);
      else index->insertQuietly(*this, row);
   }
   for (auto& index : secondaryIndexes_) {
      if (deleted) index->erase(*this, row);
      else index->insert(*this, row);
   }
   deleted_[row] = deleted;
   deletedCount_ += deleted ? 1 : size_t(-1);
}

int Table::findColumn(std::string_view name) const {
   for (size_t i = 0; i < columns_.size(); ++i)
      if (columns_[i]->name() == name) return int(i);
   return -1;
}

}  // namespace kiln
